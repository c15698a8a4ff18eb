//! `hint`: the next easiest step from a partly solved grid, and the known cells that are wrong.

use nonosat::deadline::Deadline;
use nonosat::explain::next_step;
use nonosat::formats::state;
use nonosat::model::Pos;
use nonosat::report::{HintRecord, render_hint};
use nonosat::solve::{Options, Verdict, check};

use super::args::HintArgs;
use super::output::shown_name;
use super::output::{check_failed, emit, heading, json_line, pick_entry, print_error, read_input};
use super::status::Status;

/// How long the SAT check behind the list of wrong cells may take.
const CHECK_SECONDS: u64 = 10;

/// `hint`: one puzzle and a partly solved grid of it.
pub(super) fn hint(args: &HintArgs) -> Status {
    let json = args.input.json;
    let entries = match read_input(&args.input) {
        Ok(entries) => entries,
        Err(status) => return status,
    };
    let file = shown_name(&args.input.file);
    let index = match pick_entry(json, &file, entries.len(), args.index) {
        Ok(index) => index,
        Err(status) => return status,
    };
    let entry = &entries[index];
    let puzzle = &entry.puzzle;
    let grid = match state::read(&args.state, puzzle) {
        Ok(grid) => grid,
        Err(error) => {
            print_error(json, &shown_name(&args.state), None, &error.to_string());
            return Status::BadInput;
        }
    };
    let heading = heading(&file, entry);
    let options = Options::default().with_deadline(Some(Deadline::after(
        std::time::Duration::from_secs(CHECK_SECONDS),
    )));
    let report = match check(puzzle, &options) {
        Ok(report) => report,
        Err(error) => return check_failed(json, &file, index, &heading, &error),
    };
    let mistakes: Vec<Pos> = match (report.verdict, report.solutions.first()) {
        (Verdict::Unique, Some(solution)) => grid
            .positions()
            .filter(|&pos| {
                grid[pos]
                    .known()
                    .is_some_and(|black| black != solution[pos])
            })
            .collect(),
        _ => Vec::new(),
    };
    let next = next_step(puzzle, &grid);
    let text = if json {
        json_line(&HintRecord::new(&file, &next, &mistakes))
    } else {
        render_hint(&heading, puzzle, &next, &mistakes)
    };
    emit(&text);
    Status::Done
}
