//! `compare`: the propagation-only methods on every puzzle of a file, beside the exact answer.

use std::time::Duration;

use nonosat::deadline::Deadline;
use nonosat::methods::compare::{self, Comparison, Method, Outcome};
use nonosat::report::{ComparisonRecord, render_comparison};
use nonosat::solve::{Options, Verdict};

use super::args::CompareArgs;
use super::check::write_verdict_counts;
use super::error::CliError;
use super::output::{check_failed, each_puzzle, json_line, read_input, shown_name};
use super::status::Status;

/// `compare`: every method on every puzzle of the file, beside the exact answer.
pub(super) fn compare_all(args: &CompareArgs) -> Result<Status, CliError> {
    let entries = read_input(&args.input, "compare")?;
    let methods = if args.methods.is_empty() {
        Method::ALL.to_vec()
    } else {
        args.methods.clone()
    };
    let file = shown_name(&args.input.file);
    let json = args.input.json;
    let many = entries.len() > 1;
    let mut totals = ComparisonTotals::new(&methods);
    let mut printer = each_puzzle(
        json,
        &file,
        &entries,
        0..entries.len(),
        |printer, index, entry, heading| {
            let options = Options::default().with_deadline(args.timeout.map(Deadline::after));
            let comparison = compare::compare(&entry.puzzle, &methods, &options)
                .map_err(|error| check_failed(&file, index, heading, error))?;
            totals.add(&comparison);
            let text = if json {
                let record =
                    ComparisonRecord::new(&file, index, &entry.label, &entry.puzzle, &comparison);
                json_line(&record)
            } else if many {
                format!(
                    "{heading}: {}\n",
                    comparison_line(&entry.puzzle, &comparison)
                )
            } else {
                render_comparison(heading, &entry.puzzle, &comparison)
            };
            printer.text(&text);
            Ok(Status::of(comparison.exact.verdict))
        },
    );
    if many && !json && !printer.closed {
        printer.text(&totals.to_string());
    }
    Ok(printer.status)
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
