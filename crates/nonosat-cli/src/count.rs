//! `count`: the number of solutions of every puzzle of a file, exact up to a cap.

use nonosat::deadline::Deadline;
use nonosat::formats::{Entry, Puzzles};
use nonosat::report::CountRecord;
use nonosat::solve::{self, Options, Report, SolutionCount, Solvable};
use nonosat::words::counted;

use super::args::CountArgs;
use super::error::CliError;
use super::output::{check_failed, each_puzzle, json_line, read_any_input, shown_name};
use super::status::Status;

/// `count`: one line (or JSON record) per puzzle, black-and-white or colour.
pub(super) fn count_all(args: &CountArgs) -> Result<Status, CliError> {
    match read_any_input(&args.input)? {
        Puzzles::BlackAndWhite(entries) => count_each(args, &entries),
        Puzzles::Colour(entries) => count_each(args, &entries),
    }
}

/// `count` on the puzzles `entries` of one file.
fn count_each<P: Solvable>(args: &CountArgs, entries: &[Entry<P>]) -> Result<Status, CliError> {
    let file = shown_name(&args.input.file);
    let json = args.input.json;
    let cap = args.cap as usize;
    let printer = each_puzzle(
        json,
        &file,
        entries,
        0..entries.len(),
        |printer, index, entry, heading| {
            let puzzle = &entry.puzzle;
            let options = Options::default()
                .with_max_solutions(cap + 1)
                .with_deadline(args.timeout.limit.map(Deadline::after));
            let report = solve::check(puzzle, &options)
                .map_err(|error| check_failed(&file, index, heading, error))?;
            let text = if json {
                json_line(&CountRecord::new(
                    &file,
                    index,
                    &entry.label,
                    puzzle,
                    &report,
                ))
            } else {
                count_text(heading, cap, &report)
            };
            printer.text(&text);
            Ok(Status::of(report.verdict))
        },
    );
    Ok(printer.status)
}

/// The line `count` prints for a puzzle: how many solutions, exactly or at least, and the time.
pub(super) fn count_text<S, M>(heading: &str, cap: usize, report: &Report<S, M>) -> String {
    let count = match report.count() {
        SolutionCount::Exactly(n) => format!("exactly {}", counted(n, "solution", "solutions")),
        SolutionCount::AtLeast(n) if n > cap => {
            format!("more than {}", counted(cap, "solution", "solutions"))
        }
        SolutionCount::AtLeast(0) => "timed out before finding a solution".to_owned(),
        SolutionCount::AtLeast(n) => format!("at least {n} found before the time-out"),
    };
    format!(
        "{heading}: {count}, {:.1} ms\n",
        report.elapsed.as_secs_f64() * 1000.0
    )
}
