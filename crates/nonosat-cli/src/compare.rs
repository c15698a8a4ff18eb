//! `compare`: the propagation-only methods on every puzzle of a file, beside the exact answer. A
//! colour puzzle takes the methods with colour forms (line, probing); the others are refused by
//! name, or, when no method is named, left out with a note.

use std::time::Duration;

use nonosat::deadline::Deadline;
use nonosat::formats::Puzzles;
use nonosat::methods::compare::{self, Comparison, Method, Outcome};
use nonosat::report::{ComparisonRecord, render_comparison};
use nonosat::solve::{CheckError, Options, Verdict};

use super::args::CompareArgs;
use super::check::write_verdict_counts;
use super::error::{CliError, Usage};
use super::output::{
    Labelled, check_failed, each_puzzle, emit, json_line, read_any_input, shown_name,
};
use super::status::Status;

/// `compare`: every method on every puzzle of the file, beside the exact answer.
pub(super) fn compare_all(args: &CompareArgs) -> Result<Status, CliError> {
    let methods = if args.methods.is_empty() {
        Method::ALL.to_vec()
    } else {
        args.methods.clone()
    };
    let file = shown_name(&args.input.file);
    match read_any_input(&args.input)? {
        Puzzles::BlackAndWhite(entries) => Ok(compare_each(
            args,
            &methods,
            &entries,
            |entry| (entry.puzzle.width(), entry.puzzle.height()),
            |entry, options| compare::compare(&entry.puzzle, &methods, options),
            |index, entry, comparison| {
                ComparisonRecord::new(&file, index, &entry.label, &entry.puzzle, comparison)
            },
        )),
        Puzzles::Colour(entries) => {
            let only_bw: Vec<&str> = methods
                .iter()
                .filter(|method| !method.takes_colour())
                .map(|method| method.name())
                .collect();
            if !args.methods.is_empty() && !only_bw.is_empty() {
                let message = format!(
                    "{}: black-and-white only, and {file} is in colour (colour puzzles: line, probing)",
                    only_bw.join(", ")
                );
                return Err(CliError::new(&file, Usage::Refused(message)));
            }
            if !args.input.json && !only_bw.is_empty() {
                emit(&format!(
                    "{file} is in colour: line and probing only ({} are black-and-white only)\n",
                    only_bw.join(", ")
                ));
            }
            let methods: Vec<Method> = methods.into_iter().filter(|m| m.takes_colour()).collect();
            Ok(compare_each(
                args,
                &methods,
                &entries,
                |entry| (entry.puzzle.width(), entry.puzzle.height()),
                |entry, options| compare::compare_colour(&entry.puzzle, &methods, options),
                |index, entry, comparison| {
                    ComparisonRecord::new(&file, index, &entry.label, &entry.puzzle, comparison)
                },
            ))
        }
    }
}

/// Runs `methods` (by `run`) on every entry, printing each comparison (its JSON by `record`) and,
/// for several puzzles, the totals.
fn compare_each<E: Labelled, S, M>(
    args: &CompareArgs,
    methods: &[Method],
    entries: &[E],
    size: impl Fn(&E) -> (usize, usize),
    run: impl Fn(&E, &Options) -> Result<Comparison<S, M>, CheckError>,
    record: impl Fn(usize, &E, &Comparison<S, M>) -> ComparisonRecord,
) -> Status {
    let file = shown_name(&args.input.file);
    let json = args.input.json;
    let many = entries.len() > 1;
    let mut totals = ComparisonTotals::new(methods);
    let mut printer = each_puzzle(
        json,
        &file,
        entries,
        0..entries.len(),
        |printer, index, entry, heading| {
            let options = Options::default().with_deadline(args.timeout.limit.map(Deadline::after));
            let comparison =
                run(entry, &options).map_err(|error| check_failed(&file, index, heading, error))?;
            totals.add(&comparison);
            let (width, height) = size(entry);
            let text = if json {
                json_line(&record(index, entry, &comparison))
            } else if many {
                format!(
                    "{heading}: {}\n",
                    comparison_line(width * height, &comparison)
                )
            } else {
                render_comparison(heading, (width, height), &comparison)
            };
            printer.text(&text);
            Ok(Status::of(comparison.exact.verdict))
        },
    );
    if many && !json && !printer.closed {
        printer.text(&totals.to_string());
    }
    printer.status
}

/// A comparison in one line, for files of many puzzles.
fn comparison_line<S, M>(cells: usize, comparison: &Comparison<S, M>) -> String {
    let cells = cells as f64;
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

    fn add<S, M>(&mut self, comparison: &Comparison<S, M>) {
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
