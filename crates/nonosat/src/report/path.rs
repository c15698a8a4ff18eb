//! Solution paths and hints for people: JSON records and terminal text, written once over
//! [`ShownSteps`] (what a kind says of the cells of a step: black and white, or the colours
//! left).

use std::fmt::Write;

use serde::Serialize;

use super::kind::Shown;
use super::{PuzzleHeader, SCHEMA_VERSION};
use crate::explain::nonogram::NextStep;
use crate::explain::{Class, ExplanationOf, LineLogic, Rating, Step, StepKind, Stop};
use crate::logic::colour::Colours;
use crate::model::{ColourPuzzle, LineId, Pos, Puzzle};
use crate::solve::Verdict;

/// What the records and texts of a path or a hint need of a kind of puzzle: how a step's value
/// of a cell is written. Sealed: [`Puzzle`] (cells black or white: `black`, `#` and `.`) and
/// [`ColourPuzzle`] (the colours left, by their names and letters).
pub trait ShownSteps: Shown + LineLogic + sealed::Sealed {
    /// A step's value of a cell, as a record gives it.
    fn cell_value(&self, value: Self::StepValue) -> CellValue;

    /// A step's value of a cell after its `r3c4`: `#` or `.`; `=a` (fixed to one colour) or
    /// `=a|b` (narrowed to these colours), `.` the background.
    fn cell_text(&self, value: Self::StepValue) -> String;

    /// The clue of `line` as a text names it.
    fn clue_text(&self, line: LineId) -> String;

    /// What a probe tried in a cell a step leaves with `value`: `were black`.
    fn probed(value: Self::StepValue) -> &'static str;
}

mod sealed {
    /// Only the library's kinds of puzzle show steps.
    pub trait Sealed {}
    impl Sealed for crate::model::Puzzle {}
    impl Sealed for crate::model::ColourPuzzle {}
}

impl ShownSteps for Puzzle {
    fn cell_value(&self, black: bool) -> CellValue {
        CellValue::Black { black }
    }

    fn cell_text(&self, black: bool) -> String {
        if black { "#" } else { "." }.to_owned()
    }

    fn clue_text(&self, line: LineId) -> String {
        self.clue(line).to_string()
    }

    fn probed(black: bool) -> &'static str {
        if black { "were white" } else { "were black" }
    }
}

impl ShownSteps for ColourPuzzle {
    fn cell_value(&self, colours: Colours) -> CellValue {
        let palette = self.palette();
        CellValue::Colours {
            colors: colour_indices(colours)
                .map(|index| palette.colour(index).name.clone())
                .collect(),
        }
    }

    fn cell_text(&self, colours: Colours) -> String {
        let palette = self.palette();
        let chars: Vec<String> = colour_indices(colours)
            .map(|index| palette.letter(index).to_string())
            .collect();
        format!("={}", chars.join("|"))
    }

    fn clue_text(&self, line: LineId) -> String {
        self.clue(line).text(self.palette())
    }

    fn probed(_: Colours) -> &'static str {
        "took another colour"
    }
}

/// The `explain` result for one puzzle.
#[derive(Clone, Debug, Serialize)]
pub struct ExplainRecord {
    /// Which puzzle this is, and its size.
    #[serde(flatten)]
    pub header: PuzzleHeader,
    /// `trivial`, `line-solvable`, `needs probing`, `needs search`, `not unique`, `no solution` or
    /// `unrated`.
    pub class: Class,
    /// The score within the class (docs/explain.md).
    pub score: f64,
    /// The SAT solver's verdict: `unique`, `multiple`, `none` or `timeout`.
    pub verdict: Verdict,
    /// Why the path ends: `solved`, `stalled`, `contradiction` or `out of time`.
    pub stop: Stop,
    /// Cells the path fixes.
    pub cells_fixed: usize,
    /// Number of cells.
    pub cells: usize,
    /// The longest chain of dependent steps.
    pub depth: usize,
    /// The most steps at one depth.
    pub widest_layer: usize,
    /// The depth of the (first) widest layer.
    pub widest_layer_depth: usize,
    /// 0-based index in `steps` of the step with the largest support; absent when there are none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hardest_step: Option<usize>,
    /// The steps in order.
    pub steps: Vec<StepRecord>,
    /// Wall-clock time of the path and the rating, in milliseconds.
    pub time_ms: f64,
}

/// One deduction step.
#[derive(Clone, Debug, Serialize)]
pub struct StepRecord {
    /// `line` or `probe`.
    pub kind: StepKind,
    /// The lines used, as `row 3` or `column 7` (1-based); for a probe, the line it made
    /// impossible comes last.
    pub lines: Vec<String>,
    /// The cells fixed.
    pub cells: Vec<CellRecord>,
    /// A minimal set of known cells that forces them.
    pub support: Vec<CellRecord>,
    /// 0-based indices of the steps that fixed a support cell (`explain` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depends_on: Option<Vec<usize>>,
    /// 1 for a step resting on no earlier step, else one more than its deepest dependency
    /// (`explain` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<usize>,
}

/// A cell and its colour; row and column are 0-based.
#[derive(Clone, Debug, Serialize)]
pub struct CellRecord {
    /// Row, 0 at the top.
    pub row: usize,
    /// Column, 0 at the left.
    pub column: usize,
    /// Its colour: `black` (true or false), or in a colour puzzle `colors`.
    #[serde(flatten)]
    pub value: CellValue,
}

/// What a step says of a cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum CellValue {
    /// Black (`true`) or white, in a black-and-white puzzle.
    Black {
        /// Whether it is black.
        black: bool,
    },
    /// In a colour puzzle, the names of the colours the cell may take: one when the cell is
    /// fixed.
    Colours {
        /// The colours' names, in the table's order (the background's first).
        colors: Vec<String>,
    },
}

/// The `hint` result.
#[derive(Clone, Debug, Serialize)]
pub struct HintRecord {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The puzzle file.
    pub file: String,
    /// `step`, `solved`, `contradiction` or `no logical step`.
    pub outcome: &'static str,
    /// The next step, for `step`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<StepRecord>,
    /// The line that cannot be completed, for `contradiction`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contradiction_line: Option<String>,
    /// `[row, column]` (0-based) of known cells that disagree with the unique solution.
    pub mistakes: Vec<[usize; 2]>,
    /// Whether `mistakes` is the whole answer: false when the time limit passed before the check
    /// behind it, so that an empty list means "none found in time", not "none".
    pub mistakes_complete: bool,
}

impl ExplainRecord {
    /// The record of a path and its rating.
    pub fn new<P: ShownSteps>(
        file: &str,
        index: usize,
        label: &str,
        puzzle: &P,
        explanation: &ExplanationOf<P>,
        rating: &Rating,
    ) -> Self {
        let shape = &explanation.shape;
        let steps = explanation
            .steps
            .iter()
            .enumerate()
            .map(|(i, step)| {
                let mut record = StepRecord::new(puzzle, step);
                record.depends_on = Some(shape.depends_on[i].clone());
                record.depth = Some(shape.depths[i]);
                record
            })
            .collect();
        ExplainRecord {
            header: PuzzleHeader::new(file, index, label, puzzle),
            class: rating.class,
            score: (rating.score * 1000.0).round() / 1000.0,
            verdict: rating.verdict,
            stop: explanation.stop,
            cells_fixed: cells_fixed::<P>(explanation),
            cells: explanation.grid.cells().len(),
            depth: shape.depth,
            widest_layer: shape.widest_layer,
            widest_layer_depth: shape.widest_layer_depth,
            hardest_step: shape.hardest_step,
            steps,
            time_ms: explanation.elapsed.as_secs_f64() * 1000.0,
        }
    }
}

/// The cells a path leaves with one value.
fn cells_fixed<P: ShownSteps>(explanation: &ExplanationOf<P>) -> usize {
    let cells = explanation.grid.cells();
    cells.iter().filter(|&&cell| P::is_fixed(cell)).count()
}

impl StepRecord {
    /// The record of one step of `puzzle`, without its place in the graph.
    pub fn new<P: ShownSteps>(puzzle: &P, step: &Step<P::StepValue>) -> Self {
        let cells = |cells: &[(Pos, P::StepValue)]| {
            cells
                .iter()
                .map(|&(pos, value)| CellRecord {
                    row: pos.row,
                    column: pos.col,
                    value: puzzle.cell_value(value),
                })
                .collect()
        };
        StepRecord {
            kind: step.kind,
            lines: step.lines.iter().map(ToString::to_string).collect(),
            cells: cells(&step.fixed),
            support: cells(&step.support),
            depends_on: None,
            depth: None,
        }
    }
}

impl HintRecord {
    /// The record of a hint of `puzzle`.
    pub fn new<P: ShownSteps>(
        file: &str,
        puzzle: &P,
        next: &NextStep<P::StepValue>,
        mistakes: &[Pos],
    ) -> Self {
        let (outcome, step, line) = match next {
            NextStep::Step(step) => ("step", Some(StepRecord::new(puzzle, step)), None),
            NextStep::Solved => ("solved", None, None),
            NextStep::Contradiction(line) => ("contradiction", None, Some(line.to_string())),
            NextStep::NoLogicalStep => ("no logical step", None, None),
            NextStep::OutOfTime => ("out of time", None, None),
        };
        HintRecord {
            schema_version: SCHEMA_VERSION,
            file: file.into(),
            outcome,
            step,
            contradiction_line: line,
            mistakes: mistakes.iter().map(|p| [p.row, p.col]).collect(),
            mistakes_complete: true,
        }
    }

    /// The record with `mistakes_complete` as given: false when the check behind the mistakes ran
    /// out of time.
    pub fn with_mistakes_complete(mut self, complete: bool) -> Self {
        self.mistakes_complete = complete;
        self
    }
}

/// Cells of `puzzle` as `r3c4#`: 1-based row and column, then the value as
/// [`ShownSteps::cell_text`] writes it (`#` black, `.` white; `=a|b` the colours left).
pub fn cells_text<P: ShownSteps>(puzzle: &P, cells: &[(Pos, P::StepValue)]) -> String {
    let words: Vec<String> = cells
        .iter()
        .map(|&(pos, value)| {
            let value = puzzle.cell_text(value);
            format!("r{}c{}{value}", pos.row + 1, pos.col + 1)
        })
        .collect();
    words.join(" ")
}

/// The colour indices in a set of colours, ascending.
fn colour_indices(colours: Colours) -> impl Iterator<Item = u8> {
    (0..32u8).filter(move |&index| colours & (1 << index) != 0)
}

/// One step of `puzzle` in words: what it fixes, from what, and why.
pub fn describe_step<P: ShownSteps>(puzzle: &P, step: &Step<P::StepValue>) -> String {
    let cells_text = |cells: &[(Pos, P::StepValue)]| cells_text(puzzle, cells);
    let support = if step.support.is_empty() {
        "the clues alone".to_owned()
    } else {
        cells_text(&step.support)
    };
    match step.kind {
        StepKind::Line => {
            let line = step.lines[0];
            format!(
                "{line} (clue {}) fixes {} from {support}",
                puzzle.clue_text(line),
                cells_text(&step.fixed)
            )
        }
        StepKind::Probe => {
            let (pos, value) = step.fixed[0];
            let other = P::probed(value);
            let (last, via) = step.lines.split_last().expect("a probe reads a line");
            let via: Vec<String> = via.iter().map(ToString::to_string).collect();
            let chain = if via.is_empty() {
                String::new()
            } else {
                format!(" after {}", via.join(", "))
            };
            format!(
                "probe: if r{}c{} {other}, {last} would be impossible{chain}; so {} from \
                 {support}",
                pos.row + 1,
                pos.col + 1,
                cells_text(&step.fixed)
            )
        }
    }
}

/// A path of `puzzle` and its rating for the terminal: the rating, the graph's measures, then
/// every step.
pub fn render_explanation<P: ShownSteps>(
    heading: &str,
    puzzle: &P,
    explanation: &ExplanationOf<P>,
    rating: &Rating,
) -> String {
    let (width, height) = (puzzle.width(), puzzle.height());
    let known = cells_fixed::<P>(explanation);
    let describe = |step| describe_step(puzzle, step);
    let shape = &explanation.shape;
    let mut out = String::new();
    let _ = writeln!(out, "{heading}: {width}x{height} puzzle");
    let _ = writeln!(
        out,
        "difficulty: {}, score {:.2} (SAT: {})",
        rating.class.name(),
        rating.score,
        rating.verdict
    );
    let stop = match explanation.stop {
        Stop::Contradiction(line) => format!("contradiction in {line}"),
        other => other.name().to_owned(),
    };
    let _ = writeln!(
        out,
        "path: {} steps fix {} of {} cells, {stop} in {:.1} ms; depth {}, widest layer {} steps \
         (depth {})",
        explanation.steps.len(),
        known,
        width * height,
        explanation.elapsed.as_secs_f64() * 1000.0,
        shape.depth,
        shape.widest_layer,
        shape.widest_layer_depth
    );
    if let Some(hardest) = shape.hardest_step {
        let step = &explanation.steps[hardest];
        let _ = writeln!(
            out,
            "hardest step: {} (support of {} cells, depth {}): {}",
            hardest + 1,
            step.support.len(),
            shape.depths[hardest],
            describe(step)
        );
    }
    let digits = explanation.steps.len().to_string().len();
    for (i, step) in explanation.steps.iter().enumerate() {
        let after: Vec<String> = shape.depends_on[i]
            .iter()
            .map(|d| (d + 1).to_string())
            .collect();
        let after = if after.is_empty() {
            String::new()
        } else {
            format!(", after {}", after.join(" "))
        };
        let _ = writeln!(
            out,
            "{:>digits$}. [depth {}{after}] {}",
            i + 1,
            shape.depths[i],
            describe(step)
        );
    }
    out
}

/// A hint for `puzzle` for the terminal; `complete` is false when the check behind `mistakes` ran
/// out of time.
pub fn render_hint<P: ShownSteps>(
    heading: &str,
    puzzle: &P,
    next: &NextStep<P::StepValue>,
    (mistakes, complete): (&[Pos], bool),
) -> String {
    let mut out = String::new();
    if !complete {
        let _ = writeln!(
            out,
            "{heading}: the time limit passed before the known cells were checked against the \
             solution: some may be wrong (give a longer --timeout)"
        );
    }
    if !mistakes.is_empty() {
        let cells: Vec<String> = mistakes
            .iter()
            .map(|p| format!("r{}c{}", p.row + 1, p.col + 1))
            .collect();
        let _ = writeln!(
            out,
            "{heading}: these known cells disagree with the solution: {}",
            cells.join(" ")
        );
    }
    let _ = match next {
        NextStep::Step(step) => writeln!(out, "{heading}: next: {}", describe_step(puzzle, step)),
        NextStep::Solved => writeln!(out, "{heading}: every cell is known"),
        NextStep::Contradiction(line) => writeln!(
            out,
            "{heading}: {line} cannot be completed from the known cells: one of them is wrong"
        ),
        NextStep::NoLogicalStep => writeln!(
            out,
            "{heading}: no line and no probe fixes another cell: a guess is needed"
        ),
        NextStep::OutOfTime => writeln!(
            out,
            "{heading}: no line fixes another cell, and the time limit passed before every probe \
             was tried (give a longer --timeout)"
        ),
    };
    out
}
