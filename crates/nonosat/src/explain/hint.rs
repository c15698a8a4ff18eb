//! A hint for a partly solved grid: its next easiest step ([`next_step`]) and the known cells
//! that disagree with the unique solution, black and white or colour alike.

use super::lines::LineLogic;
use super::nonogram::{NextStep, next_step};
use crate::deadline::Deadline;
use crate::model::{Grid, Pos};
use crate::solve::{self, CheckError, Options, ReportOf, Solvable, Verdict};

/// What a hint finds: the next step, the known cells that are wrong, and whether that list is
/// complete (false when the check behind it ran out of time); `V` is what a step records of a
/// cell (see [`LineLogic`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Hint<V> {
    /// The next easiest step.
    pub next: NextStep<V>,
    /// The known cells that disagree with the unique solution.
    pub mistakes: Vec<Pos>,
    /// Whether `mistakes` is the whole answer.
    pub complete: bool,
}

/// The hint of `puzzle` from `given`, a partly solved grid (each cell its value, `None` when
/// unknown, as [`formats::state`](crate::formats::state) reads it), by `deadline`: the check
/// behind the wrong cells gets half of the time at most, the next step the rest.
///
/// # Errors
/// When the puzzle is too large to encode, or a SAT answer fails the puzzle's independent check.
pub fn hint<P: LineLogic + Solvable>(
    puzzle: &P,
    given: &Grid<Option<P::Value>>,
    deadline: Deadline,
) -> Result<Hint<P::StepValue>, CheckError> {
    let options = Options::default().with_deadline(Some(deadline.share(0.5)));
    let report = solve::check(puzzle, &options)?;
    let (mistakes, complete) = disagreeing::<P>(&report, given);
    let known = given.map(|cell| cell.map_or_else(|| puzzle.open(), P::only));
    Ok(Hint {
        next: next_step(puzzle, &known, Some(deadline)),
        mistakes,
        complete,
    })
}

/// The cells `given` knows that disagree with the unique solution `report` found (none when the
/// puzzle is not unique), and whether that is the whole answer: false when the check ran out of
/// time.
fn disagreeing<P: Solvable>(
    report: &ReportOf<P>,
    given: &Grid<Option<P::Value>>,
) -> (Vec<Pos>, bool) {
    let cells = match (report.verdict, report.solutions.first()) {
        (Verdict::Unique, Some(solution)) => solution
            .positions()
            .filter(|&pos| given[pos].is_some_and(|value| value != solution[pos]))
            .collect(),
        _ => Vec::new(),
    };
    (cells, report.verdict != Verdict::Timeout)
}
