//! `hint`: the next easiest step from a partly solved grid, and the known cells that are wrong.

use nonosat::Puzzle;
use nonosat::deadline::Deadline;
use nonosat::explain::{NextStep, next_step};
use nonosat::formats::state;
use nonosat::model::{Cell, Grid, Pos};
use nonosat::report::{HintRecord, render_hint};
use nonosat::solve::{CheckError, Options, Verdict, check};

use super::args::HintArgs;
use super::error::CliError;
use super::output::{check_failed, emit, heading, json_line, pick_entry, read_input, shown_name};
use super::status::Status;

/// `hint`: one puzzle and a partly solved grid of it.
pub(super) fn hint(args: &HintArgs) -> Result<Status, CliError> {
    let entries = read_input(&args.input, "hint")?;
    let file = shown_name(&args.input.file);
    let index = pick_entry(&file, entries.len(), args.index)?;
    let entry = &entries[index];
    let puzzle = &entry.puzzle;
    let grid = state::read(&args.state, puzzle)
        .map_err(|error| CliError::new(&shown_name(&args.state), error))?;
    let heading = heading(&file, entry);
    // One limit: the check behind the wrong cells gets half at most, the next step the rest.
    let deadline = Deadline::after(args.timeout);
    let mistakes = mistakes(puzzle, &grid, deadline.share(0.5))
        .map_err(|error| check_failed(&file, index, &heading, error))?;
    let next = next_step(puzzle, &grid, Some(deadline));
    let text = if args.input.json {
        json_line(&HintRecord::new(&file, &next, &mistakes))
    } else {
        render_hint(&heading, puzzle, &next, &mistakes)
    };
    emit(&text);
    Ok(match next {
        NextStep::OutOfTime => Status::Timeout,
        _ => Status::Done,
    })
}

/// The known cells of `grid` that disagree with the unique solution of `puzzle`; none when the
/// puzzle is not unique or its check does not finish by `deadline`. `serve` shares it.
pub(super) fn mistakes(
    puzzle: &Puzzle,
    grid: &Grid<Cell>,
    deadline: Deadline,
) -> Result<Vec<Pos>, CheckError> {
    let report = check(puzzle, &Options::default().with_deadline(Some(deadline)))?;
    Ok(match (report.verdict, report.solutions.first()) {
        (Verdict::Unique, Some(solution)) => grid
            .positions()
            .filter(|&pos| {
                grid[pos]
                    .known()
                    .is_some_and(|black| black != solution[pos])
            })
            .collect(),
        _ => Vec::new(),
    })
}
