//! `count`: the number of solutions of every puzzle of a file, exact up to a cap.

use nonosat::deadline::Deadline;
use nonosat::report::CountRecord;
use nonosat::solve::{self, Options, SolutionCount};

use super::args::CountArgs;
use super::output::{check_failed, emit, heading, json_line, read_input, shown_name};
use super::status::Status;

/// `count`: one line (or JSON record) per puzzle.
pub(super) fn count_all(args: &CountArgs) -> Status {
    let entries = match read_input(&args.input) {
        Ok(entries) => entries,
        Err(status) => return status,
    };
    let file = shown_name(&args.input.file);
    let cap = args.cap as usize;
    let options = Options::default().with_max_solutions(cap + 1);
    let mut status = Status::Done;
    for (index, entry) in entries.iter().enumerate() {
        let heading = heading(&file, entry);
        let report = match solve::check(
            &entry.puzzle,
            &options
                .clone()
                .with_deadline(args.timeout.map(Deadline::after)),
        ) {
            Ok(report) => report,
            Err(error) => {
                let failed = check_failed(args.input.json, &file, index, &heading, &error);
                status = status.and(failed);
                continue;
            }
        };
        status = status.and(Status::of(report.verdict));
        let text = if args.input.json {
            json_line(&CountRecord::new(
                &file,
                index,
                &entry.label,
                &entry.puzzle,
                &report,
            ))
        } else {
            let count = match report.count() {
                SolutionCount::Exactly(1) => "exactly 1 solution".to_owned(),
                SolutionCount::Exactly(n) => format!("exactly {n} solutions"),
                SolutionCount::AtLeast(n) if n > cap => {
                    format!(
                        "more than {cap} solution{}",
                        if cap == 1 { "" } else { "s" }
                    )
                }
                SolutionCount::AtLeast(0) => "timed out before finding a solution".to_owned(),
                SolutionCount::AtLeast(n) => format!("at least {n} found before the time-out"),
            };
            format!(
                "{heading}: {count}, {:.1} ms\n",
                report.elapsed.as_secs_f64() * 1000.0
            )
        };
        if !emit(&text) {
            return status;
        }
    }
    status
}
