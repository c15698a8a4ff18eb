//! `hint`: the next easiest step from a partly solved grid, and the known cells that are wrong;
//! black and white or colour, through one generic driver over the library's kinds
//! (`explain::hint`, `ShownSteps`, `formats::state`), as `serve` calls them too.

use nonosat::deadline::Deadline;
use nonosat::explain::{NextStep, hint as hint_of};
use nonosat::formats::{Entry, Puzzles, read_path_text, state};
use nonosat::logic::kind::Kind;
use nonosat::report::{HintRecord, ShownSteps, render_hint};
use nonosat::solve::Solvable;

use super::args::HintArgs;
use super::error::CliError;
use super::output::{
    check_failed, emit, heading, json_line, pick_entry, read_any_input, shown_name,
};
use super::status::Status;

/// `hint`: one puzzle and a partly solved grid of it.
pub(super) fn hint(args: &HintArgs) -> Result<Status, CliError> {
    match read_any_input(&args.input)? {
        Puzzles::BlackAndWhite(entries) => hint_entries(args, &entries),
        Puzzles::Colour(entries) => hint_entries(args, &entries),
    }
}

/// `hint` on the puzzle `--index` picks of `entries`.
fn hint_entries<P>(args: &HintArgs, entries: &[Entry<P>]) -> Result<Status, CliError>
where
    P: ShownSteps + Solvable + state::Partial<<P as Kind>::Value>,
{
    let file = shown_name(&args.input.file);
    let index = pick_entry(&file, entries.len(), args.index)?;
    let entry = &entries[index];
    let puzzle = &entry.puzzle;
    let source = shown_name(&args.state);
    let given = read_path_text(&args.state)
        .and_then(|text| state::parse(&text, &args.state.to_string_lossy(), puzzle))
        .map_err(|error| CliError::new(&source, error))?;
    let heading = heading(&file, entry);
    let hint = hint_of(puzzle, &given, Deadline::after(args.timeout.limit))
        .map_err(|error| check_failed(&file, index, &heading, error))?;
    let text = if args.input.json {
        let record = HintRecord::new(&file, puzzle, &hint.next, &hint.mistakes);
        json_line(&record.with_mistakes_complete(hint.complete))
    } else {
        render_hint(
            &heading,
            puzzle,
            &hint.next,
            (&hint.mistakes, hint.complete),
        )
    };
    emit(&text);
    Ok(status(&hint.next, hint.complete))
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
