//! The JSON records printed with `--json`, one object per puzzle; `docs/json.md` is their contract.

use serde::{Deserialize, Serialize};

use super::kind::{HintValue, Shown};
use crate::logic::kind::Kind;
use crate::methods::compare::{Comparison, Method, Outcome};
use crate::model::{Grid, Palette, Pos};
use crate::solve::{GoalReport, RepairsOf, ReportOf, SolutionCount, Verdict};

/// Version of the JSON records; raised whenever a field changes meaning or disappears. Version 2:
/// records of colour puzzles, with a `colors` table and solution rows of colour characters.
pub const SCHEMA_VERSION: u32 = 2;

/// The fields that open every record about one puzzle: which puzzle of which file, and its size.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PuzzleHeader {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The file the puzzle came from (`-` for standard input).
    pub file: String,
    /// 0-based position of the puzzle within its file.
    pub index: usize,
    /// The puzzle's name within its file (`$17`, `#3`), empty when the file holds one puzzle.
    pub label: String,
    /// Number of columns.
    pub width: usize,
    /// Number of rows.
    pub height: usize,
}

impl PuzzleHeader {
    /// The header of the puzzle at `index` of `file`, named `label` there.
    pub fn new<P: Kind>(file: &str, index: usize, label: &str, puzzle: &P) -> Self {
        PuzzleHeader {
            schema_version: SCHEMA_VERSION,
            file: file.to_owned(),
            index,
            label: label.to_owned(),
            width: puzzle.width(),
            height: puzzle.height(),
        }
    }
}

/// The result of `solve` or `check` for one puzzle. It reads back from its JSON, so that a batch
/// can take the records of its child processes.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CheckRecord {
    /// Which puzzle this is, and its size.
    #[serde(flatten)]
    pub header: PuzzleHeader,
    /// The puzzle's title, when the file gives one.
    pub title: Option<String>,
    /// `unique`, `multiple`, `solved` (from `solve`), `none` or `timeout`.
    pub verdict: Verdict,
    /// Solutions found, each a list of row strings: `#` (black) and `.` (white), or in a colour
    /// puzzle one character of [`CheckRecord::colors`] a cell.
    pub solutions: Vec<Vec<String>>,
    /// `[row, column]` (0-based) of the cells where the two solutions differ.
    pub differing_cells: Vec<[usize; 2]>,
    /// `[row, column]` (0-based) of every cell that differs between some two solutions, when
    /// `check` looked for them and reached a verdict; else null. When the time limit cut that
    /// search short, the cells found so far.
    pub ambiguous: Option<Vec<[usize; 2]>>,
    /// Whether `ambiguous` holds every ambiguous cell (false when it is null, or the time limit cut
    /// the search short).
    #[serde(default)]
    pub ambiguous_complete: bool,
    /// `[row, column]` (0-based) of the open cells neither shown ambiguous nor proved to take the
    /// same value in every solution when the time limit cut the search for ambiguous cells short;
    /// empty otherwise.
    #[serde(default)]
    pub undecided: Vec<[usize; 2]>,
    /// Whether line propagation alone fixes every cell.
    pub line_solvable: bool,
    /// Whether line propagation alone proves that there is no solution.
    #[serde(default)]
    pub line_refuted: bool,
    /// Cells fixed by line propagation.
    pub fixed_by_propagation: usize,
    /// Cells fixed after line propagation by counting across lines, before any search.
    #[serde(default)]
    pub fixed_by_counting: usize,
    /// Number of cells.
    pub cells: usize,
    /// Wall-clock time in milliseconds.
    pub time_ms: f64,
    /// How the file's goal picture fares; absent when the file has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goal: Option<GoalRecord>,
    /// The files `check --proof` wrote; absent without `--proof`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<CertificateRecord>,
    /// A colour puzzle's colour table, the background first; absent for black and white.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colors: Option<Vec<ColourRecord>>,
}

/// One colour of a colour puzzle's table, as records name it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColourRecord {
    /// The character that stands for the colour in solution rows: `.` for the background, then
    /// the colour's letter in the puzzle file (`y` for yellow in acorn.g), or `a`, `b`, ... in the
    /// table's order (skipping the file's own) for colours the file gives none.
    pub char: char,
    /// The colour's name in the puzzle file.
    pub name: String,
    /// The colour as `#rrggbb`.
    pub rgb: String,
}

impl ColourRecord {
    /// The table of `palette`, the background first.
    pub fn table(palette: &Palette) -> Vec<ColourRecord> {
        (0..=palette.len())
            .map(|index| {
                let index = u8::try_from(index).expect("at most 31 colours");
                let colour = palette.colour(index);
                ColourRecord {
                    char: palette.letter(index),
                    name: colour.name.clone(),
                    rgb: colour.hex(),
                }
            })
            .collect()
    }
}

/// The certificate `check --proof` wrote for one puzzle.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CertificateRecord {
    /// `drat` (a refutation: unique, or no solution), `counting` (a refutation that starts with
    /// counting steps) or `model` (a second solution).
    pub kind: String,
    /// The DIMACS file of the formula "a solution other than the first exists".
    pub formula: String,
    /// The file of the proof or model.
    pub certificate: String,
}

impl CertificateRecord {
    /// One line for the terminal.
    pub fn describe(&self) -> String {
        let what = match self.kind.as_str() {
            "drat" => "a DRAT refutation",
            "counting" => "a refutation by counting steps and DRAT",
            _ => "a model (the second solution)",
        };
        format!(
            "certificate: {what} in {} of the formula in {}; check it with \
             `nonosat verify-proof {} {}`\n",
            self.certificate, self.formula, self.formula, self.certificate
        )
    }
}

/// The result of `count` for one puzzle.
#[derive(Clone, Debug, Serialize)]
pub struct CountRecord {
    /// Which puzzle this is, and its size.
    #[serde(flatten)]
    pub header: PuzzleHeader,
    /// Solutions found.
    pub solutions: usize,
    /// True when `solutions` is the exact number; false when it is a lower bound (the cap or the
    /// time limit was reached).
    pub exact: bool,
    /// The verdict, as in [`CheckRecord::verdict`].
    pub verdict: Verdict,
    /// Wall-clock time in milliseconds.
    pub time_ms: f64,
}

impl CountRecord {
    /// The record of `report`, a check run to count, for the puzzle at `index` of `file`.
    pub fn new<P: Kind>(
        file: &str,
        index: usize,
        label: &str,
        puzzle: &P,
        report: &ReportOf<P>,
    ) -> Self {
        let header = PuzzleHeader::new(file, index, label, puzzle);
        let (solutions, exact) = match report.count() {
            SolutionCount::Exactly(count) => (count, true),
            SolutionCount::AtLeast(count) => (count, false),
        };
        CountRecord {
            header,
            solutions,
            exact,
            verdict: report.verdict,
            time_ms: report.elapsed.as_secs_f64() * 1000.0,
        }
    }
}

/// The result of `fix` for a design.
#[derive(Clone, Debug, Serialize)]
pub struct FixRecord {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The file the design came from.
    pub file: String,
    /// Number of columns.
    pub width: usize,
    /// Number of rows.
    pub height: usize,
    /// The verdict of the design as it is, as in [`CheckRecord::verdict`].
    pub verdict: Verdict,
    /// `[row, column]` (0-based) of every ambiguous cell of the design (those found before the
    /// time limit when `ambiguous_complete` is false).
    pub ambiguous: Vec<[usize; 2]>,
    /// Whether `ambiguous` holds every ambiguous cell; repairs are proposed only then.
    pub ambiguous_complete: bool,
    /// `[row, column]` (0-based) of the open cells the time limit left undecided, as in
    /// [`CheckRecord::undecided`].
    pub undecided: Vec<[usize; 2]>,
    /// The fewest hint cells; null when the design is unique (or the check timed out).
    pub hints: Option<HintsRecord>,
    /// Edits that make the puzzle unique, each re-checked.
    pub edits: Vec<EditRecord>,
    /// Whether the time limit stopped the search for edits before it had tried every candidate:
    /// an empty `edits` then means "none found in time", not "none of those tried works".
    pub edits_cut_short: bool,
    /// What `--apply` wrote and how the result checks; null without `--apply`.
    pub applied: Option<AppliedRecord>,
    /// Wall-clock time in milliseconds.
    pub time_ms: f64,
    /// A colour design's colour table, the background first; absent for black and white.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colors: Option<Vec<ColourRecord>>,
}

/// A repair applied by `fix --apply`, the file it was written to, and the check of the result.
#[derive(Clone, Debug, Serialize)]
pub struct AppliedRecord {
    /// `hints`, or the 1-based number of the edit.
    pub repair: String,
    /// The file written.
    pub output: String,
    /// The verdict of what was written, read back from the file: the repaired design's, or for
    /// hints whether they leave one solution (`unique`, `multiple`, or `timeout`).
    pub verdict: Verdict,
}

/// Hint cells that make a design unique.
#[derive(Clone, Debug, Serialize)]
pub struct HintsRecord {
    /// `[row, column, value]` of each hint: its place (0-based) and the colour to give, `true`
    /// (black) or `false` (white), or in a colour design the colour's name.
    pub cells: Vec<(usize, usize, HintValue)>,
    /// True when no smaller set of hints works; false for the best set found in the budget.
    pub proved_minimal: bool,
    /// True when the hints were proved to make the puzzle unique; false when the time limit
    /// passed first and they are only a start.
    pub sufficient: bool,
    /// Other solutions the search met.
    pub alternatives: usize,
}

/// One edit of the design.
#[derive(Clone, Debug, Serialize)]
pub struct EditRecord {
    /// `[row, column]` (0-based) of the cells whose colour changes.
    pub flip: Vec<[usize; 2]>,
    /// The edited picture, rows of `#` and `.` (in colour, of the characters of `colors`).
    pub picture: Vec<String>,
}

impl FixRecord {
    /// The record of `repairs` for `design`, a picture of the kind of `puzzle` read from `file`:
    /// hints give `true` (black) or `false`, or in colour the colours' names; pictures are rows
    /// of `#` and `.`, or of the colours' letters with the colour table in `colors`.
    pub fn new<P: Shown>(
        file: &str,
        puzzle: &P,
        design: &Grid<P::Value>,
        repairs: &RepairsOf<P>,
    ) -> Self {
        let pair = |pos: &Pos| [pos.row, pos.col];
        FixRecord {
            schema_version: SCHEMA_VERSION,
            file: file.to_owned(),
            width: design.width(),
            height: design.height(),
            verdict: repairs.check.verdict,
            ambiguous: repairs.check.ambiguous.iter().flatten().map(pair).collect(),
            ambiguous_complete: repairs.check.ambiguous_complete,
            undecided: repairs.check.undecided.iter().map(pair).collect(),
            hints: repairs.hints.as_ref().map(|hints| HintsRecord {
                cells: hints
                    .cells
                    .iter()
                    .map(|&pos| (pos.row, pos.col, puzzle.hint_value(design[pos])))
                    .collect(),
                proved_minimal: hints.proved_minimal,
                sufficient: hints.sufficient,
                alternatives: hints.alternatives,
            }),
            edits: repairs
                .edits
                .iter()
                .map(|edit| EditRecord {
                    flip: edit.flipped.iter().map(pair).collect(),
                    picture: puzzle.rows(&edit.picture),
                })
                .collect(),
            edits_cut_short: repairs.edits_cut_short,
            applied: None,
            time_ms: repairs.elapsed.as_secs_f64() * 1000.0,
            colors: puzzle.palette().map(ColourRecord::table),
        }
    }
}

/// Whether the goal picture satisfies the clues.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GoalRecord {
    /// True when the goal satisfies every clue.
    pub is_solution: bool,
    /// When it does not: the first line it breaks, as `row 3` or `column 7` (1-based).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub broken_line: Option<String>,
}

/// A puzzle or file that could not be handled.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ErrorRecord {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The file concerned.
    pub file: String,
    /// 0-based position of the puzzle within its file, when the error concerns one puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// What went wrong, with its place.
    pub error: String,
}

impl CheckRecord {
    /// The record of `report` for the puzzle at `index` of `file`: solution rows of `#` and `.`,
    /// or of a colour puzzle's letters with its colour table in `colors`.
    pub fn new<P: Shown>(
        file: &str,
        index: usize,
        label: &str,
        puzzle: &P,
        report: &ReportOf<P>,
    ) -> Self {
        let header = PuzzleHeader::new(file, index, label, puzzle);
        let pair = |p: &Pos| [p.row, p.col];
        CheckRecord {
            cells: header.width * header.height,
            header,
            title: puzzle.meta().title.clone(),
            verdict: report.verdict,
            solutions: report
                .solutions
                .iter()
                .map(|grid| puzzle.rows(grid))
                .collect(),
            differing_cells: report.differing_cells().iter().map(pair).collect(),
            ambiguous: report
                .ambiguous
                .as_ref()
                .map(|cells| cells.iter().map(pair).collect()),
            ambiguous_complete: report.ambiguous_complete,
            undecided: report.undecided.iter().map(pair).collect(),
            line_solvable: report.line_solvable,
            line_refuted: report.line_refuted,
            fixed_by_propagation: report.fixed_by_propagation,
            fixed_by_counting: report.fixed_by_counting,
            time_ms: report.elapsed.as_secs_f64() * 1000.0,
            goal: report.goal.as_ref().map(|goal| match goal {
                GoalReport::Solves => GoalRecord {
                    is_solution: true,
                    broken_line: None,
                },
                GoalReport::Breaks(mismatch) => GoalRecord {
                    is_solution: false,
                    broken_line: Some(P::broken_line(mismatch).to_string()),
                },
            }),
            certificate: None,
            colors: puzzle.palette().map(ColourRecord::table),
        }
    }
}

/// The result of `compare` for one puzzle.
#[derive(Clone, Debug, Serialize)]
pub struct ComparisonRecord {
    /// Which puzzle this is, and its size.
    #[serde(flatten)]
    pub header: PuzzleHeader,
    /// Number of cells.
    pub cells: usize,
    /// One entry per method, in the order asked for.
    pub methods: Vec<MethodRecord>,
    /// The SAT pipeline's answer.
    pub exact: ExactRecord,
    /// A colour puzzle's colour table, the background first; absent for black and white.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colors: Option<Vec<ColourRecord>>,
}

/// What one method achieved.
#[derive(Clone, Debug, Serialize)]
pub struct MethodRecord {
    /// The method's name.
    pub method: Method,
    /// Cells fixed at the method's fixpoint.
    pub fixed: usize,
    /// `solved`, `stalled`, `contradiction` or `out of time`.
    pub outcome: Outcome,
    /// Passes over the line queue, or probing rounds.
    pub passes: usize,
    /// Line-solver calls.
    pub line_calls: usize,
    /// Line calls a capped method answered by leaving the line alone.
    pub lines_skipped: usize,
    /// The open lines its cap kept it from examining at the end, as `row 3` or `column 7`.
    pub unexamined_lines: Vec<String>,
    /// Wall-clock milliseconds.
    pub time_ms: f64,
}

/// The exact verdict next to the methods.
#[derive(Clone, Debug, Serialize)]
pub struct ExactRecord {
    /// As in [`CheckRecord::verdict`].
    pub verdict: Verdict,
    /// Wall-clock milliseconds.
    pub time_ms: f64,
}

impl ComparisonRecord {
    /// The record of `comparison` for the puzzle at `index` of `file`, with a colour puzzle's
    /// colour table.
    pub fn new<P: Shown>(
        file: &str,
        index: usize,
        label: &str,
        puzzle: &P,
        comparison: &Comparison<P::Value, P::Mismatch>,
    ) -> Self {
        let header = PuzzleHeader::new(file, index, label, puzzle);
        let methods = comparison
            .runs
            .iter()
            .map(|run| MethodRecord {
                method: run.method,
                fixed: run.fixed,
                outcome: run.outcome,
                passes: run.passes,
                line_calls: run.line_calls,
                lines_skipped: run.lines_skipped,
                unexamined_lines: run.unexamined.iter().map(ToString::to_string).collect(),
                time_ms: run.elapsed.as_secs_f64() * 1000.0,
            })
            .collect();
        ComparisonRecord {
            cells: header.width * header.height,
            header,
            methods,
            exact: ExactRecord {
                verdict: comparison.exact.verdict,
                time_ms: comparison.exact.elapsed.as_secs_f64() * 1000.0,
            },
            colors: puzzle.palette().map(ColourRecord::table),
        }
    }
}
