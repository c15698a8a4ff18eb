//! `nonosat.CheckResult`: what a check or solve found, with solutions and masks as numpy arrays,
//! the CLI's JSON record, and a picture for notebooks.

use nonosat::model::{ColourPuzzle, Grid, Pos, Puzzle};
use nonosat::report::{CheckRecord, draw_puzzle};
use nonosat::solve::{ColourReport, Report, SolutionCount, Verdict};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::grids::{array, mask};
use crate::records::to_python;

/// The puzzle searched and the library's report, of either kind.
enum Outcome {
    BlackAndWhite(Puzzle, Report),
    Colour(ColourPuzzle, ColourReport),
}

/// What every report says whatever the kind of its cells.
struct Summary {
    verdict: Verdict,
    count: SolutionCount,
    ambiguous: Option<Vec<Pos>>,
    ambiguous_complete: bool,
    undecided: Vec<Pos>,
    differing: Vec<Pos>,
    line_solvable: bool,
    line_refuted: bool,
    fixed_by_propagation: usize,
    elapsed: f64,
    size: (usize, usize),
}

impl Summary {
    fn of<S: PartialEq, M>(report: &Report<S, M>, size: (usize, usize)) -> Self {
        Summary {
            verdict: report.verdict,
            count: report.count(),
            ambiguous: report.ambiguous.clone(),
            ambiguous_complete: report.ambiguous_complete,
            undecided: report.undecided.clone(),
            differing: report.differing_cells(),
            line_solvable: report.line_solvable,
            line_refuted: report.line_refuted,
            fixed_by_propagation: report.fixed_by_propagation,
            elapsed: report.elapsed.as_secs_f64(),
            size,
        }
    }
}

/// The outcome of `Puzzle.check()` or `Puzzle.solve()`.
#[pyclass(module = "nonosat", frozen)]
pub(crate) struct CheckResult {
    outcome: Outcome,
    summary: Summary,
}

impl CheckResult {
    /// The result of a search of the black-and-white `puzzle`.
    pub(crate) fn black_and_white(puzzle: Puzzle, report: Report) -> Self {
        let summary = Summary::of(&report, (puzzle.width(), puzzle.height()));
        CheckResult {
            outcome: Outcome::BlackAndWhite(puzzle, report),
            summary,
        }
    }

    /// The result of a search of the colour `puzzle`.
    pub(crate) fn colour(puzzle: ColourPuzzle, report: ColourReport) -> Self {
        let summary = Summary::of(&report, (puzzle.width(), puzzle.height()));
        CheckResult {
            outcome: Outcome::Colour(puzzle, report),
            summary,
        }
    }

    /// How many solutions, and whether that is all of them.
    pub(crate) fn count(&self) -> (usize, bool) {
        match self.summary.count {
            SolutionCount::Exactly(n) => (n, true),
            SolutionCount::AtLeast(n) => (n, false),
        }
    }
}

/// The grids `solutions` as a list of numpy arrays.
fn arrays<'py, T: numpy::Element + Clone>(
    py: Python<'py>,
    solutions: &[Grid<T>],
) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, solutions.iter().map(|grid| array(py, grid)))
}

#[pymethods]
impl CheckResult {
    /// `unique`, `multiple`, `solved` (from `solve`), `none` or `timeout`.
    #[getter]
    fn verdict(&self) -> &'static str {
        self.summary.verdict.name()
    }

    /// The solutions found, each a numpy array (bools, or colour indices in colour): none, one,
    /// or up to `max_solutions`.
    #[getter]
    fn solutions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        match &self.outcome {
            Outcome::BlackAndWhite(_, report) => arrays(py, &report.solutions),
            Outcome::Colour(_, report) => arrays(py, &report.solutions),
        }
    }

    /// A mask of every cell that differs between some two solutions, when the check looked for
    /// them and reached its verdict (all false for a unique puzzle); None otherwise.
    #[getter]
    fn ambiguous<'py>(&self, py: Python<'py>) -> Option<Bound<'py, numpy::PyArray2<bool>>> {
        let cells = self.summary.ambiguous.as_ref()?;
        Some(mask(py, self.summary.size, cells))
    }

    /// Whether `ambiguous` holds every ambiguous cell (false when the timeout cut it short).
    #[getter]
    fn ambiguous_complete(&self) -> bool {
        self.summary.ambiguous_complete
    }

    /// A mask of the open cells neither shown ambiguous nor proved to take the same value in
    /// every solution when the timeout cut the search for ambiguous cells short (all false
    /// otherwise).
    #[getter]
    fn undecided<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray2<bool>> {
        mask(py, self.summary.size, &self.summary.undecided)
    }

    /// A mask of the cells where the first two solutions differ.
    #[getter]
    fn differing<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray2<bool>> {
        mask(py, self.summary.size, &self.summary.differing)
    }

    /// Whether line logic alone fixes every cell.
    #[getter]
    fn line_solvable(&self) -> bool {
        self.summary.line_solvable
    }

    /// Whether line logic alone proves that there is no solution.
    #[getter]
    fn line_refuted(&self) -> bool {
        self.summary.line_refuted
    }

    /// Cells fixed by line logic before any search.
    #[getter]
    fn fixed_by_propagation(&self) -> usize {
        self.summary.fixed_by_propagation
    }

    /// Whether `solutions` holds every solution.
    #[getter]
    fn exhausted(&self) -> bool {
        self.count().1
    }

    /// Seconds the search took.
    #[getter]
    fn elapsed(&self) -> f64 {
        self.summary.elapsed
    }

    /// The CLI's `check --json` record of this result (docs/json.md), as a dict.
    #[pyo3(signature = (file="", index=0, label=""))]
    fn record<'py>(
        &self,
        py: Python<'py>,
        file: &str,
        index: usize,
        label: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let record = match &self.outcome {
            Outcome::BlackAndWhite(puzzle, report) => {
                CheckRecord::new(file, index, label, puzzle, report)
            }
            Outcome::Colour(puzzle, report) => CheckRecord::new(file, index, label, puzzle, report),
        };
        to_python(py, &record)
    }

    /// The puzzle with its solutions drawn, the cells where two differ marked, for notebooks.
    fn _repr_svg_(&self) -> String {
        let (width, height) = self.summary.size;
        let caption = format!("{width}x{height}: {}", self.summary.verdict);
        match &self.outcome {
            Outcome::BlackAndWhite(puzzle, report) => {
                draw_puzzle(puzzle, &report.solutions, &caption).to_svg()
            }
            Outcome::Colour(puzzle, report) => {
                draw_puzzle(puzzle, &report.solutions, &caption).to_svg()
            }
        }
    }

    fn __repr__(&self) -> String {
        let (width, height) = self.summary.size;
        format!(
            "<nonosat.CheckResult {width}x{height} {}, {:.1} ms>",
            self.summary.verdict,
            self.summary.elapsed * 1000.0
        )
    }
}
