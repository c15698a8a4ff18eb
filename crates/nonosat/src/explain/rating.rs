//! A difficulty rating read off a solution path: a class, and a score within the class.
//!
//! The class is the weakest kind of reasoning that finishes the puzzle, decided in this order:
//!
//! | class | when | score |
//! |---|---|---|
//! | `not unique` | the SAT solver finds two solutions | cells where the two differ |
//! | `no solution` | the SAT solver finds none | 0 |
//! | `unrated` | the SAT check ran out of time | 0 |
//! | `trivial` | line steps solve it and every support is empty (each line from its clue alone) | number of steps |
//! | `line-solvable` | line steps solve it | depth + s / (L + 1) |
//! | `needs probing` | line steps and contradiction probes solve it | probes + p / (cells + 1) |
//! | `needs search` | unique, but lines and probes stall | cells still open |
//!
//! `depth` is the longest chain of dependent steps (see [`PathShape`](super::PathShape)), `s` the
//! largest support of any step, `L` the longer side: a line-solvable puzzle scores between its depth
//! and its depth plus one, and the fraction orders puzzles of equal depth by their hardest step.
//! `probes` is the number of probe steps and `p` the largest support of a probe.
//!
//! When the path runs out of its time budget, the class comes from where it stopped: line
//! propagation, then probing ([`probe`](fn@crate::logic::probe), without supports) decide whether
//! lines or probes would finish; the score is the path's so far, a lower bound, and "needs search"
//! counts the cells that probing leaves open. A colour puzzle's path cut short is `line-solvable`
//! when propagation finishes it and no probe was needed, else `unrated`.

use std::time::Instant;

use super::lines::{LineLogic, open_cells};
use super::nonogram::{ExplainOptions, ExplanationOf, Stop, explain};
use super::path::StepKind;
use crate::deadline::Deadline;
use crate::model::Grid;
use crate::solve::{self, CheckError, Options, Solvable, Verdict};

/// How a puzzle can be solved, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// Every line can be solved from its clue alone.
    Trivial,
    /// Line logic solves it.
    LineSolvable,
    /// Line logic with contradiction probes solves it.
    NeedsProbing,
    /// Unique, but only search (guessing) finishes it.
    NeedsSearch,
    /// More than one solution.
    NotUnique,
    /// No solution.
    NoSolution,
    /// A time limit ran out first.
    Unrated,
}

impl Class {
    /// The name used in output: `trivial`, `line-solvable`, `needs probing`, `needs search`,
    /// `not unique`, `no solution`, `unrated`.
    pub fn name(self) -> &'static str {
        match self {
            Class::Trivial => "trivial",
            Class::LineSolvable => "line-solvable",
            Class::NeedsProbing => "needs probing",
            Class::NeedsSearch => "needs search",
            Class::NotUnique => "not unique",
            Class::NoSolution => "no solution",
            Class::Unrated => "unrated",
        }
    }
}

/// A puzzle's difficulty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The class.
    pub class: Class,
    /// The score within the class (see the module documentation).
    pub score: f64,
    /// The SAT solver's verdict on the puzzle.
    pub verdict: Verdict,
}

/// Rates `puzzle` from its solution path from an empty grid (`explanation`) and an exact SAT check
/// bounded by `options`. Out of time, the class comes from where the path stopped
/// ([`LineLogic::cut_short`]).
///
/// # Errors
/// When the puzzle is too large to encode, or a solved path or a SAT answer fails the puzzle's
/// independent check ([`Kind::check`](crate::logic::kind::Kind::check)).
pub fn rate<P: LineLogic + Solvable>(
    puzzle: &P,
    explanation: &ExplanationOf<P>,
    options: &Options,
) -> Result<Rating, CheckError> {
    let report = solve::check(puzzle, options)?;
    let verify = |grid: &Grid<P::Known>| {
        assert!(
            grid.cells().iter().all(|&cell| P::is_fixed(cell)),
            "a solved path knows every cell"
        );
        let picture = grid.map(|&cell| P::value_of(cell));
        puzzle.check(&picture).map_err(Into::into)
    };
    let unfinished = |grid: &Grid<P::Known>, probes| puzzle.cut_short(grid, probes);
    let verdict = (report.verdict, report.differing_cells().len());
    rate_path::<P>(verdict, explanation, verify, unfinished)
}

/// The solution path of `puzzle` from an empty grid and its rating, both by `deadline`: the path
/// gets half of the time at most, the check that decides the class the rest (with line steps only
/// when `lines_only`). The path's `elapsed` is the time of both.
///
/// # Errors
/// As [`rate`].
pub fn explain_and_rate<P: LineLogic + Solvable>(
    puzzle: &P,
    deadline: Deadline,
    lines_only: bool,
) -> Result<(ExplanationOf<P>, Rating), CheckError> {
    let started = Instant::now();
    let start = Grid::filled(puzzle.width(), puzzle.height(), puzzle.open());
    let options = ExplainOptions::default()
        .with_deadline(Some(deadline.share(0.5)))
        .with_lines_only(lines_only);
    let mut explanation = explain(puzzle, &start, &options);
    let checked = Options::default().with_deadline(Some(deadline));
    let rating = rate(puzzle, &explanation, &checked)?;
    explanation.elapsed = started.elapsed();
    Ok((explanation, rating))
}

impl Class {
    /// This class for a path cut short, with the score of "needs search" (`open` cells still
    /// open); the other classes take the path's score.
    pub(super) fn with_open(self, open: usize) -> (Class, Option<f64>) {
        (self, (self == Class::NeedsSearch).then_some(open as f64))
    }
}

/// The rating of a path given the SAT check's `(verdict, cells where two solutions differ)`:
/// `verify` checks a solved grid against the clues, `unfinished` gives the class of a path cut
/// short (from its grid and its number of probes) and its score when not the path's own.
fn rate_path<P: LineLogic>(
    (verdict, differing): (Verdict, usize),
    explanation: &ExplanationOf<P>,
    verify: impl FnOnce(&Grid<P::Known>) -> Result<(), CheckError>,
    unfinished: impl FnOnce(&Grid<P::Known>, usize) -> (Class, Option<f64>),
) -> Result<Rating, CheckError> {
    let rating = |class, score| Rating {
        class,
        score,
        verdict,
    };
    match verdict {
        Verdict::Multiple => return Ok(rating(Class::NotUnique, differing as f64)),
        Verdict::None => return Ok(rating(Class::NoSolution, 0.0)),
        Verdict::Timeout | Verdict::Solved => return Ok(rating(Class::Unrated, 0.0)),
        Verdict::Unique => {}
    }
    let grid = &explanation.grid;
    let steps = &explanation.steps;
    let largest = |kind| {
        steps
            .iter()
            .filter(|step| step.kind == kind)
            .map(|step| step.support.len())
            .max()
    };
    let probes = steps.iter().filter(|s| s.kind == StepKind::Probe).count();
    let probing_score = probes as f64
        + largest(StepKind::Probe).unwrap_or(0) as f64 / (grid.cells().len() + 1) as f64;
    let side = grid.width().max(grid.height()) as f64;
    let line_score =
        explanation.shape.depth as f64 + largest(StepKind::Line).unwrap_or(0) as f64 / (side + 1.0);
    let score_of = |class| match class {
        Class::NeedsProbing => probing_score,
        _ => line_score,
    };
    Ok(match explanation.stop {
        Stop::Solved => {
            verify(grid)?;
            if probes > 0 {
                rating(Class::NeedsProbing, probing_score)
            } else if largest(StepKind::Line).unwrap_or(0) == 0 {
                rating(Class::Trivial, steps.len() as f64)
            } else {
                rating(Class::LineSolvable, line_score)
            }
        }
        Stop::Stalled => rating(Class::NeedsSearch, open_cells::<P>(grid) as f64),
        Stop::OutOfTime => {
            // The score from the path so far, a lower bound.
            let (class, score) = unfinished(grid, probes);
            rating(class, score.unwrap_or_else(|| score_of(class)))
        }
        Stop::Contradiction(_) => rating(Class::Unrated, 0.0),
    })
}
