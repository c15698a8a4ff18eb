//! `compare`: the propagation-only methods on every puzzle of a file, beside the exact answer.

use std::time::Duration;

use nonosat::deadline::Deadline;
use nonosat::methods::compare::{self, Comparison, Method, Outcome};
use nonosat::report::{ComparisonRecord, render_comparison};
use nonosat::solve::{Options, Verdict};

use super::args::CompareArgs;
use super::check::write_verdict_counts;
use super::output::{check_failed, emit, heading, json_line, read_input, shown_name};
use super::status::Status;

/// `compare`: every method on every puzzle of the file, beside the exact answer.
pub(super) fn compare_all(args: &CompareArgs) -> Status {
    let entries = match read_input(&args.input) {
        Ok(entries) => entries,
        Err(status) => return status,
    };
    let methods = if args.methods.is_empty() {
        Method::ALL.to_vec()
    } else {
        args.methods.clone()
    };
    let file = shown_name(&args.input.file);
    let many = entries.len() > 1;
    let mut totals = ComparisonTotals::new(&methods);
    let mut status = Status::Done;
    for (index, entry) in entries.iter().enumerate() {
        let heading = heading(&file, entry);
        let comparison = match compare::compare(
            &entry.puzzle,
            &methods,
            &Options::default().with_deadline(args.timeout.map(Deadline::after)),
        ) {
            Ok(comparison) => comparison,
            Err(error) => {
                status = status.and(check_failed(
                    args.input.json,
                    &file,
                    index,
                    &heading,
                    &error,
                ));
                continue;
            }
        };
        status = status.and(Status::of(comparison.exact.verdict));
        totals.add(&comparison);
        let text = if args.input.json {
            json_line(&ComparisonRecord::new(
                &file,
                index,
                &entry.label,
                &entry.puzzle,
                &comparison,
            ))
        } else if many {
            format!(
                "{heading}: {}\n",
                comparison_line(&entry.puzzle, &comparison)
            )
        } else {
            render_comparison(&heading, &entry.puzzle, &comparison)
        };
        if !emit(&text) {
            return status;
        }
    }
    if many && !args.input.json {
        emit(&totals.to_string());
    }
    status
}

/// A comparison in one line, for files of many puzzles.
fn comparison_line(puzzle: &nonosat::Puzzle, comparison: &Comparison) -> String {
    let cells = puzzle.cell_count() as f64;
    let runs: Vec<String> = comparison
        .runs
        .iter()
        .map(|run| {
            format!(
                "{} {:.0}% {}",
                run.method,
                100.0 * run.fixed as f64 / cells,
                run.outcome.name()
            )
        })
        .collect();
    format!("{}; exact {}", runs.join(", "), comparison.exact.verdict)
}

/// Per-method counts over the puzzles of a file.
struct ComparisonTotals {
    methods: Vec<Method>,
    solved: Vec<usize>,
    time: Vec<Duration>,
    verdicts: Vec<Verdict>,
    exact_time: Duration,
}

impl ComparisonTotals {
    fn new(methods: &[Method]) -> Self {
        ComparisonTotals {
            methods: methods.to_vec(),
            solved: vec![0; methods.len()],
            time: vec![Duration::ZERO; methods.len()],
            verdicts: Vec::new(),
            exact_time: Duration::ZERO,
        }
    }

    fn add(&mut self, comparison: &Comparison) {
        for (i, run) in comparison.runs.iter().enumerate() {
            self.solved[i] += usize::from(run.outcome == Outcome::Solved);
            self.time[i] += run.elapsed;
        }
        self.verdicts.push(comparison.exact.verdict);
        self.exact_time += comparison.exact.elapsed;
    }
}

impl std::fmt::Display for ComparisonTotals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let puzzles = self.verdicts.len();
        writeln!(f, "\n{puzzles} puzzles:")?;
        for (i, method) in self.methods.iter().enumerate() {
            let ms = self.time[i].as_secs_f64() * 1000.0;
            writeln!(
                f,
                "  {:<14} solves {:>5} of {puzzles}, {ms:.1} ms in all",
                method.name(),
                self.solved[i]
            )?;
        }
        write!(f, "  exact (SAT):")?;
        write_verdict_counts(f, &self.verdicts)?;
        writeln!(
            f,
            " {:.1} ms in all",
            self.exact_time.as_secs_f64() * 1000.0
        )
    }
}
