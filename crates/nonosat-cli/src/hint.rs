//! `hint`: the next easiest step from a partly solved grid, and the known cells that are wrong;
//! black and white or colour.

use nonosat::Puzzle;
use nonosat::deadline::Deadline;
use nonosat::explain::{NextStep, next_colour_step, next_step};
use nonosat::formats::{ColourEntry, Puzzles, state};
use nonosat::logic::colour::given_grid;
use nonosat::model::{Cell, Grid, Pos};
use nonosat::report::{HintRecord, render_colour_hint, render_hint};
use nonosat::solve::{CheckError, Options, Report, Verdict, check};

use super::args::HintArgs;
use super::error::CliError;
use super::output::{
    check_failed, emit, heading, json_line, pick_entry, read_any_input, shown_name,
};
use super::status::Status;

/// `hint`: one puzzle and a partly solved grid of it.
pub(super) fn hint(args: &HintArgs) -> Result<Status, CliError> {
    let entries = match read_any_input(&args.input)? {
        Puzzles::BlackAndWhite(entries) => entries,
        Puzzles::Colour(entries) => return colour_hint(args, &entries),
    };
    let file = shown_name(&args.input.file);
    let index = pick_entry(&file, entries.len(), args.index)?;
    let entry = &entries[index];
    let puzzle = &entry.puzzle;
    let grid = state::read(&args.state, puzzle)
        .map_err(|error| CliError::new(&shown_name(&args.state), error))?;
    let heading = heading(&file, entry);
    // One limit: the check behind the wrong cells gets half at most, the next step the rest.
    let deadline = Deadline::after(args.timeout.limit);
    let options = Options::default().with_deadline(Some(deadline.share(0.5)));
    let report =
        check(puzzle, &options).map_err(|error| check_failed(&file, index, &heading, error))?;
    let (mistakes, complete) = disagreeing(&report, |pos| grid[pos].known());
    let next = next_step(puzzle, &grid, Some(deadline));
    let text = if args.input.json {
        json_line(&HintRecord::new(&file, &next, &mistakes).with_mistakes_complete(complete))
    } else {
        render_hint(&heading, puzzle, &next, (&mistakes, complete))
    };
    emit(&text);
    Ok(status(&next, complete))
}

/// `hint` on a colour puzzle: the partly solved grid has the colours' letters (docs/explain.md).
fn colour_hint(args: &HintArgs, entries: &[ColourEntry]) -> Result<Status, CliError> {
    let file = shown_name(&args.input.file);
    let index = pick_entry(&file, entries.len(), args.index)?;
    let entry = &entries[index];
    let puzzle = &entry.puzzle;
    let given = state::read_colour(&args.state, puzzle)
        .map_err(|error| CliError::new(&shown_name(&args.state), error))?;
    let heading = heading(&file, entry);
    let deadline = Deadline::after(args.timeout.limit);
    let options = Options::default().with_deadline(Some(deadline.share(0.5)));
    let report =
        check(puzzle, &options).map_err(|error| check_failed(&file, index, &heading, error))?;
    let (mistakes, complete) = disagreeing(&report, |pos| given[pos]);
    let next = next_colour_step(puzzle, &given_grid(puzzle, &given), Some(deadline));
    let text = if args.input.json {
        let record = HintRecord::colour(&file, puzzle.palette(), &next, &mistakes);
        json_line(&record.with_mistakes_complete(complete))
    } else {
        render_colour_hint(&heading, puzzle, &next, (&mistakes, complete))
    };
    emit(&text);
    Ok(status(&next, complete))
}

/// The exit status of a hint: a time-out when the next step or the check behind the wrong cells
/// (`mistakes_complete` false) ran out of time, else done.
fn status<V>(next: &NextStep<V>, mistakes_complete: bool) -> Status {
    match next {
        NextStep::OutOfTime => Status::Timeout,
        _ if !mistakes_complete => Status::Timeout,
        _ => Status::Done,
    }
}

/// The cells whose value `known` gives and that disagree with the unique solution `report`
/// found (none when the puzzle is not unique), and whether that is the whole answer: false when
/// the check ran out of time.
fn disagreeing<S: Copy + Eq, M>(
    report: &Report<S, M>,
    known: impl Fn(Pos) -> Option<S>,
) -> (Vec<Pos>, bool) {
    let cells = match (report.verdict, report.solutions.first()) {
        (Verdict::Unique, Some(solution)) => solution
            .positions()
            .filter(|&pos| known(pos).is_some_and(|value| value != solution[pos]))
            .collect(),
        _ => Vec::new(),
    };
    (cells, report.verdict != Verdict::Timeout)
}

/// The known cells of `grid` that disagree with the unique solution of `puzzle`, and whether that
/// is the whole answer: none, and false, when the check does not finish by `deadline`; none when
/// the puzzle is not unique. `serve` shares it.
pub(super) fn mistakes(
    puzzle: &Puzzle,
    grid: &Grid<Cell>,
    deadline: Deadline,
) -> Result<(Vec<Pos>, bool), CheckError> {
    let report = check(puzzle, &Options::default().with_deadline(Some(deadline)))?;
    Ok(disagreeing(&report, |pos| grid[pos].known()))
}
