//! `nonosat.Puzzle`: a black-and-white or colour puzzle, made from clues or a picture or read from a
//! file, and everything the library does with one.

use nonosat::deadline::Deadline;
use nonosat::explain::explain_and_rate;
use nonosat::formats::{self, Format};
use nonosat::methods::compare::{self, Method};
use nonosat::model::{Block, Clue, Colour, ColourClue, ColourPuzzle, Palette, Puzzle};
use nonosat::report::{
    ColourRecord, ComparisonRecord, ExplainRecord, FixRecord, ShownSteps, draw_puzzle,
};
use nonosat::solve::repair::FixOptions;
use nonosat::solve::{self, Options, Solvable, Strategy};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::errors::{PuzzleError, raised};
use crate::grids::{array, picture};
use crate::interrupt;
use crate::records::to_python;
use crate::result::CheckResult;

/// A puzzle of either kind.
#[derive(Clone, Debug)]
pub(crate) enum Kind {
    /// Black and white.
    BlackAndWhite(Puzzle),
    /// Two colours or more.
    Colour(ColourPuzzle),
}

/// A nonogram: its clues, and the designer's picture when it came from one. Black and white, or
/// colour (`is_colour`). Immutable.
#[pyclass(name = "Puzzle", module = "nonosat", frozen)]
pub(crate) struct PyPuzzle {
    pub(crate) kind: Kind,
}

/// The colours a picture of integers gets when none are named: black, then these.
const DEFAULT_COLOURS: [(&str, [u8; 3]); 8] = [
    ("black", [0, 0, 0]),
    ("red", [220, 40, 40]),
    ("green", [40, 160, 60]),
    ("blue", [40, 80, 220]),
    ("yellow", [230, 200, 40]),
    ("purple", [140, 60, 170]),
    ("orange", [240, 140, 30]),
    ("cyan", [40, 190, 200]),
];

impl PyPuzzle {
    /// The width and height.
    pub(crate) fn size(&self) -> (usize, usize) {
        match &self.kind {
            Kind::BlackAndWhite(puzzle) => (puzzle.width(), puzzle.height()),
            Kind::Colour(puzzle) => (puzzle.width(), puzzle.height()),
        }
    }

    /// Options for a check of this puzzle under `deadline`.
    fn options(backend: Option<&str>) -> PyResult<Options> {
        let options = Options::default();
        let Some(name) = backend else {
            return Ok(options);
        };
        let choices = Strategy::all();
        let choice = choices
            .iter()
            .find(|choice| choice.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = choices.iter().map(|choice| choice.name()).collect();
                PyValueError::new_err(format!(
                    "no search named \"{name}\": choose one of {}",
                    names.join(", ")
                ))
            })?;
        Ok(options.with_strategy(*choice))
    }

    /// Checks (or only solves, when not `prove_unique`) under `options` and a timeout.
    fn search(
        &self,
        py: Python<'_>,
        options: Options,
        timeout: Option<f64>,
        prove_unique: bool,
    ) -> PyResult<CheckResult> {
        let outcome = interrupt::run(py, timeout, |deadline| {
            let options = options.with_deadline(Some(deadline));
            match &self.kind {
                Kind::BlackAndWhite(puzzle) => {
                    let report = if prove_unique {
                        solve::check(puzzle, &options)
                    } else {
                        solve::solve(puzzle, &options)
                    };
                    report.map(|report| CheckResult::black_and_white(puzzle.clone(), report))
                }
                Kind::Colour(puzzle) => {
                    let report = if prove_unique {
                        solve::check(puzzle, &options)
                    } else {
                        solve::solve(puzzle, &options)
                    };
                    report.map(|report| CheckResult::colour(puzzle.clone(), report))
                }
            }
        })?;
        raised(outcome)
    }

    /// The puzzle's picture with `caption`, in SVG.
    fn svg(&self, caption: &str) -> String {
        match &self.kind {
            Kind::BlackAndWhite(puzzle) => draw_puzzle(puzzle, &[], caption).to_svg(),
            Kind::Colour(puzzle) => draw_puzzle(puzzle, &[], caption).to_svg(),
        }
    }
}

/// A colour table for a picture with colours 1 to `most`: `names` (name and `#rrggbb`) when given,
/// else [`DEFAULT_COLOURS`] and greys past them; the background is white.
fn palette(most: u8, names: Option<Vec<(String, String)>>) -> PyResult<Palette> {
    let colours = match names {
        Some(names) => {
            if names.len() < usize::from(most) {
                return Err(PyValueError::new_err(format!(
                    "the grid uses colours 1 to {most} but only {} are named",
                    names.len()
                )));
            }
            names
                .iter()
                .map(|(name, hex)| {
                    let rgb = formats::hex_rgb(hex).ok_or_else(|| {
                        PyValueError::new_err(format!(
                            "colour \"{name}\": \"{hex}\" is not a colour like #ff0000"
                        ))
                    })?;
                    Ok(Colour::new(name, rgb))
                })
                .collect::<PyResult<Vec<_>>>()?
        }
        None => (1..=most)
            .map(|index| match DEFAULT_COLOURS.get(usize::from(index) - 1) {
                Some(&(name, rgb)) => Colour::new(name, rgb),
                None => Colour::new(&format!("grey{index}"), [8 * index; 3]),
            })
            .collect(),
    };
    raised(Palette::new(Colour::new("white", [255; 3]), colours))
}

/// Clues as numbers, checked: `kind` names the lines in errors (`row`, `column`).
fn clues(lines: Vec<Vec<i64>>, kind: &str) -> PyResult<Vec<Clue>> {
    lines
        .into_iter()
        .enumerate()
        .map(|(i, numbers)| {
            let numbers = numbers
                .iter()
                .map(|&n| usize::try_from(n))
                .collect::<Result<Vec<usize>, _>>()
                .map_err(|_| {
                    PuzzleError::new_err(format!(
                        "{kind} {}: clue numbers count cells and cannot be negative",
                        i + 1
                    ))
                })?;
            Clue::from_numbers(&numbers).map_err(|_| {
                PuzzleError::new_err(format!(
                    "{kind} {}: a block of 0 cells inside a clue (a lone 0 is an empty line)",
                    i + 1
                ))
            })
        })
        .collect()
}

/// Colour clues as `(length, colour)` pairs, checked against `palette`: `kind` names the lines in
/// errors.
fn colour_clues(
    lines: Vec<Vec<(i64, i64)>>,
    kind: &str,
    palette: &Palette,
) -> PyResult<Vec<ColourClue>> {
    lines
        .into_iter()
        .enumerate()
        .map(|(i, pairs)| {
            let blocks = pairs
                .iter()
                .map(|&(length, colour)| {
                    let line = i + 1;
                    let Some(len) = usize::try_from(length).ok().filter(|&len| len > 0) else {
                        return Err(PuzzleError::new_err(format!(
                            "{kind} {line}: a block's length must be 1 or more, not {length}"
                        )));
                    };
                    let named = palette.len();
                    let Some(colour) = u8::try_from(colour)
                        .ok()
                        .filter(|&index| index > 0 && usize::from(index) <= named)
                    else {
                        return Err(PuzzleError::new_err(format!(
                            "{kind} {line}: colour {colour} is not one of the {named} named (1 to {named})"
                        )));
                    };
                    Ok(Block { len, colour })
                })
                .collect::<PyResult<Vec<Block>>>()?;
            Ok(ColourClue::new(blocks))
        })
        .collect()
}

/// The method named `name`, or why there is none.
fn method(name: &str) -> PyResult<Method> {
    Method::ALL
        .into_iter()
        .find(|method| method.name() == name)
        .ok_or_else(|| {
            let names: Vec<&str> = Method::ALL.iter().map(|method| method.name()).collect();
            PyValueError::new_err(format!(
                "no method named \"{name}\": choose among {}",
                names.join(", ")
            ))
        })
}

/// The `explain --json` record of `puzzle` by `deadline` (`lines_only`: line steps only).
fn explained<P: ShownSteps + Solvable>(
    puzzle: &P,
    deadline: Deadline,
    lines_only: bool,
) -> Result<ExplainRecord, solve::CheckError> {
    let (path, rating) = explain_and_rate(puzzle, deadline, lines_only)?;
    Ok(ExplainRecord::new("", 0, "", puzzle, &path, &rating))
}

/// The format named `name`, or why there is none.
pub(crate) fn format(name: &str) -> PyResult<Format> {
    Format::ALL
        .into_iter()
        .find(|format| format.name() == name)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "no format named \"{name}\": choose among {}",
                Format::names()
            ))
        })
}

#[pymethods]
impl PyPuzzle {
    /// A puzzle from its row clues (top to bottom) and column clues (left to right). Black and
    /// white: each clue a list of block lengths (`[]` or `[0]` for an empty line). Colour, when
    /// `colours` names the colours (`[(name, "#rrggbb"), ...]`, colour 1 first): each clue a list
    /// of `(length, colour)` pairs.
    #[new]
    #[pyo3(signature = (rows, columns, colours=None))]
    fn new(
        rows: &Bound<'_, PyAny>,
        columns: &Bound<'_, PyAny>,
        colours: Option<Vec<(String, String)>>,
    ) -> PyResult<Self> {
        let kind = match colours {
            None => Kind::BlackAndWhite(raised(Puzzle::new(
                clues(rows.extract()?, "row")?,
                clues(columns.extract()?, "column")?,
            ))?),
            Some(names) => {
                let palette = palette(u8::try_from(names.len()).unwrap_or(u8::MAX), Some(names))?;
                let (rows, columns) = (
                    colour_clues(rows.extract()?, "row", &palette)?,
                    colour_clues(columns.extract()?, "column", &palette)?,
                );
                Kind::Colour(raised(ColourPuzzle::new(rows, columns, palette))?)
            }
        };
        Ok(PyPuzzle { kind })
    }

    /// The puzzle whose intended answer is `grid`: a 2-D numpy array (or nested lists) of bools,
    /// or of integers 0 (empty) to 31 (a colour), or a list of strings of `#` and `.`. A grid with
    /// more than one colour makes a colour puzzle, its colours `colours` (a list of `(name,
    /// "#rrggbb")`, colour 1 first) or black, red, green, blue, ... The grid becomes the goal.
    #[staticmethod]
    #[pyo3(signature = (grid, colours=None))]
    fn from_grid(
        grid: &Bound<'_, PyAny>,
        colours: Option<Vec<(String, String)>>,
    ) -> PyResult<Self> {
        let cells = picture(grid)?;
        let most = cells.cells().iter().copied().max().unwrap_or(0);
        let kind = if most <= 1 && colours.as_ref().is_none_or(|names| names.len() <= 1) {
            Kind::BlackAndWhite(raised(Puzzle::from_picture(&cells.map(|&cell| cell == 1)))?)
        } else {
            let palette = palette(most, colours)?;
            Kind::Colour(raised(ColourPuzzle::from_picture(&cells, palette))?)
        };
        Ok(PyPuzzle { kind })
    }

    /// Number of columns.
    #[getter]
    fn width(&self) -> usize {
        self.size().0
    }

    /// Number of rows.
    #[getter]
    fn height(&self) -> usize {
        self.size().1
    }

    /// Whether the puzzle has more than one colour.
    #[getter]
    fn is_colour(&self) -> bool {
        matches!(self.kind, Kind::Colour(_))
    }

    /// The row clues: lists of block lengths, or of `(length, colour index)` in colour.
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.lines(py, true)
    }

    /// The column clues, as [`rows`](Self::rows).
    #[getter]
    fn columns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.lines(py, false)
    }

    /// The colour table, the background first: dicts of `char`, `name` and `rgb` (as in the CLI's
    /// JSON); for black and white, white and black.
    #[getter]
    fn colours<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let table = match &self.kind {
            Kind::BlackAndWhite(_) => ColourRecord::table(&Palette::black_and_white()),
            Kind::Colour(puzzle) => ColourRecord::table(puzzle.palette()),
        };
        to_python(py, &table)
    }

    /// The puzzle's title, when its file gives one.
    #[getter]
    fn title(&self) -> Option<String> {
        match &self.kind {
            Kind::BlackAndWhite(puzzle) => puzzle.meta.title.clone(),
            Kind::Colour(puzzle) => puzzle.meta.title.clone(),
        }
    }

    /// The designer's picture (bools, or colour indices), when the puzzle carries one.
    #[getter]
    fn goal<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyAny>> {
        match &self.kind {
            Kind::BlackAndWhite(puzzle) => puzzle.goal().map(|goal| array(py, goal).into_any()),
            Kind::Colour(puzzle) => puzzle.goal().map(|goal| array(py, goal).into_any()),
        }
    }

    /// Decides whether the puzzle has no solution, exactly one, or several (the CLI's `check`):
    /// up to `max_solutions` solutions, and every ambiguous cell when `ambiguous`. `timeout` in
    /// seconds (None: none); `backend` a search name (`race`, the default, `auto`, `probing`,
    /// `lines`, `varisat`, `cadical`). The GIL is released meanwhile; Ctrl-C stops it.
    #[pyo3(signature = (timeout=None, ambiguous=true, max_solutions=2, backend=None))]
    fn check(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        ambiguous: bool,
        max_solutions: usize,
        backend: Option<&str>,
    ) -> PyResult<CheckResult> {
        let options = PyPuzzle::options(backend)?
            .with_ambiguous_cells(ambiguous)
            .with_max_solutions(max_solutions.max(2));
        self.search(py, options, timeout, true)
    }

    /// Finds one solution without asking whether there are others (the CLI's `solve`).
    #[pyo3(signature = (timeout=None, backend=None))]
    fn solve(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        backend: Option<&str>,
    ) -> PyResult<CheckResult> {
        self.search(py, PyPuzzle::options(backend)?, timeout, false)
    }

    /// The number of solutions, up to `limit`: `(count, exact)`, where `exact` is false when the
    /// search stopped at `limit + 1` solutions (then "more than `limit`") or at the timeout.
    #[pyo3(signature = (limit=10, timeout=None))]
    fn count(&self, py: Python<'_>, limit: usize, timeout: Option<f64>) -> PyResult<(usize, bool)> {
        let options = Options::default().with_max_solutions(limit.max(1) + 1);
        let result = self.search(py, options, timeout, true)?;
        Ok(result.count())
    }

    /// The solution path from an empty grid and its rating (the CLI's `explain --json` record: a
    /// dict whose `steps` are one dict each), within `timeout` seconds (half for the path; the
    /// CLI's default).
    #[pyo3(signature = (timeout=60.0, lines_only=false))]
    fn explain<'py>(
        &self,
        py: Python<'py>,
        timeout: f64,
        lines_only: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let record = interrupt::run(py, Some(timeout), |deadline| match &self.kind {
            Kind::BlackAndWhite(puzzle) => explained(puzzle, deadline, lines_only),
            Kind::Colour(puzzle) => explained(puzzle, deadline, lines_only),
        })?;
        to_python(py, &raised(record)?)
    }

    /// The seed papers' propagation-only methods side by side with the exact verdict: one dict per
    /// method (`method`, `fixed`, `outcome`, `passes`, `line_calls`, ..., and `exact_verdict`),
    /// ready for `pandas.DataFrame`. `methods`: names, all by default (colour: line, probing).
    #[pyo3(signature = (methods=None, timeout=None))]
    fn compare<'py>(
        &self,
        py: Python<'py>,
        methods: Option<Vec<String>>,
        timeout: Option<f64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let methods = match methods {
            Some(names) => names
                .iter()
                .map(|name| method(name))
                .collect::<PyResult<Vec<_>>>()?,
            None if self.is_colour() => Method::ALL
                .into_iter()
                .filter(|m| m.takes_colour())
                .collect(),
            None => Method::ALL.to_vec(),
        };
        if let Some(refused) = methods
            .iter()
            .find(|m| self.is_colour() && !m.takes_colour())
        {
            return Err(PyValueError::new_err(format!(
                "{refused}: black-and-white only, and this puzzle is in colour (colour puzzles: line, probing)"
            )));
        }
        let record = interrupt::run(py, timeout, |deadline| {
            let options = Options::default().with_deadline(Some(deadline));
            match &self.kind {
                Kind::BlackAndWhite(puzzle) => compare::compare(puzzle, &methods, &options)
                    .map(|comparison| ComparisonRecord::new("", 0, "", puzzle, &comparison)),
                Kind::Colour(puzzle) => compare::compare_colour(puzzle, &methods, &options)
                    .map(|comparison| ComparisonRecord::new("", 0, "", puzzle, &comparison)),
            }
        })?;
        let record = raised(record)?;
        let rows = pyo3::types::PyList::empty(py);
        for run in to_python(py, &record.methods)?.try_iter()? {
            let run = run?;
            run.set_item("exact_verdict", record.exact.verdict.name())?;
            run.set_item("exact_time_ms", record.exact.time_ms)?;
            rows.append(run)?;
        }
        Ok(rows.into_any())
    }

    /// The CLI's `fix` for a design (a puzzle made from a picture, or read with its goal): the
    /// verdict of its clues and, when it is not unique, up to `edits` pixel edits and the fewest
    /// given cells that make it so, as the `fix --json` record (a dict). `pairs` also tries
    /// edits of two cells.
    #[pyo3(signature = (timeout=None, edits=5, pairs=false))]
    fn fix<'py>(
        &self,
        py: Python<'py>,
        timeout: Option<f64>,
        edits: usize,
        pairs: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let no_design = || {
            PyValueError::new_err(
                "fix repairs a design: make the puzzle with Puzzle.from_grid, or read one with its goal",
            )
        };
        let record = interrupt::run(py, timeout, |deadline| {
            let options = FixOptions::default()
                .with_deadline(Some(deadline))
                .with_edits(edits)
                .with_pairs(pairs);
            match &self.kind {
                Kind::BlackAndWhite(puzzle) => puzzle.goal().map(|design| {
                    solve::fix(puzzle, design, &options)
                        .map(|fixes| FixRecord::new("", puzzle, design, &fixes))
                }),
                Kind::Colour(puzzle) => puzzle.goal().map(|design| {
                    solve::fix(puzzle, design, &options)
                        .map(|fixes| FixRecord::new("", puzzle, design, &fixes))
                }),
            }
        })?;
        to_python(py, &raised(record.ok_or_else(no_design)?)?)
    }

    /// The puzzle written in the format `format` (a name such as `non`, `json`, `jsonl`, `xml`,
    /// `picture`): text, or bytes for `png`.
    fn convert<'py>(&self, py: Python<'py>, format: &str) -> PyResult<Bound<'py, PyAny>> {
        let format = self::format(format)?;
        let bytes = match &self.kind {
            Kind::BlackAndWhite(puzzle) => formats::write_bytes(puzzle, format),
            Kind::Colour(puzzle) => formats::write_bytes(puzzle, format),
        };
        let bytes = raised(bytes)?;
        if format == Format::Png {
            return Ok(PyBytes::new(py, &bytes).into_any());
        }
        let text =
            String::from_utf8(bytes).map_err(|error| PyValueError::new_err(error.to_string()))?;
        Ok(text.into_pyobject(py)?.into_any())
    }

    /// The blank puzzle's picture, for notebooks.
    fn _repr_svg_(&self) -> String {
        let (width, height) = self.size();
        let caption = match self.title() {
            Some(title) => format!("{title}: {width}x{height}"),
            None => format!("{width}x{height}"),
        };
        self.svg(&caption)
    }

    fn __repr__(&self) -> String {
        let (width, height) = self.size();
        let kind = if self.is_colour() { " colour" } else { "" };
        match self.title() {
            Some(title) => format!("<nonosat.Puzzle {title:?}: {width}x{height}{kind}>"),
            None => format!("<nonosat.Puzzle {width}x{height}{kind}>"),
        }
    }
}

impl PyPuzzle {
    /// The clues of the rows (`rows`) or the columns as Python lists.
    fn lines<'py>(&self, py: Python<'py>, rows: bool) -> PyResult<Bound<'py, PyAny>> {
        match &self.kind {
            Kind::BlackAndWhite(puzzle) => {
                let lines = if rows {
                    puzzle.rows()
                } else {
                    puzzle.columns()
                };
                let lines: Vec<Vec<usize>> =
                    lines.iter().map(|clue| clue.blocks().to_vec()).collect();
                Ok(lines.into_pyobject(py)?.into_any())
            }
            Kind::Colour(puzzle) => {
                let lines = if rows {
                    puzzle.rows()
                } else {
                    puzzle.columns()
                };
                let lines: Vec<Vec<(usize, u8)>> = lines
                    .iter()
                    .map(|clue| clue.blocks().iter().map(|b| (b.len, b.colour)).collect())
                    .collect();
                Ok(lines.into_pyobject(py)?.into_any())
            }
        }
    }
}
