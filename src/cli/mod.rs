//! The `nonosat` command: parse arguments, run the library over each puzzle, print, pick an exit code.

mod args;
mod status;

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use nonosat::compare::{self, Comparison, Method, Outcome};
use nonosat::encode::{self, Cnf};
use nonosat::formats::{self, Entry, Format};
use nonosat::line::DpLineSolver;
use nonosat::model::{Cell, Grid};
use nonosat::propagate::propagate;
use nonosat::report::{
    CheckRecord, ComparisonRecord, ErrorRecord, SCHEMA_VERSION, render_check, render_comparison,
};
use nonosat::unique::{self, CheckError, Options, Report, Verdict};

use args::{Cli, CluesArgs, CnfArgs, Command, CompareArgs, InputArgs, SolveArgs};
use status::Status;

/// Runs the command line of this process.
pub fn run() -> ExitCode {
    let status = match Cli::parse().command {
        Command::Solve(args) => solve_all(&args, false),
        Command::Check(args) => solve_all(&args, true),
        Command::Clues(args) => clues(&args),
        Command::Cnf(args) => cnf(&args),
        Command::Compare(args) => compare_all(&args),
    };
    status.exit_code()
}

/// The file name as shown in output: `-` stays `-`.
fn shown_name(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Reads the puzzles of the input, or prints why not.
fn read_input(input: &InputArgs) -> Result<Vec<Entry>, Status> {
    formats::read_path(&input.file, input.format).map_err(|error| {
        print_error(
            input.json,
            &shown_name(&input.file),
            None,
            &error.to_string(),
        );
        Status::BadInput
    })
}

/// Prints an error: a JSON record on standard output with `--json`, else a line on standard error.
fn print_error(json: bool, file: &str, index: Option<usize>, message: &str) {
    if json {
        let record = ErrorRecord {
            schema_version: SCHEMA_VERSION,
            file: file.into(),
            index,
            error: message.into(),
        };
        emit(&json_line(&record));
    } else {
        eprintln!("nonosat: {message}");
    }
}

fn json_line(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("records serialise") + "\n"
}

/// Writes to standard output; false when the reader has gone (a closed pipe), so that the caller
/// can stop quietly.
fn emit(text: &str) -> bool {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_ok()
}

/// How a puzzle is named in output: the file, then its label within the file if it has one.
fn heading(file: &str, entry: &Entry) -> String {
    [file, entry.label.as_str()].join(" ").trim_end().to_owned()
}

/// Prints why the puzzle at `index` could not be checked, and the status that gives.
fn check_failed(json: bool, file: &str, index: usize, heading: &str, error: &CheckError) -> Status {
    print_error(json, file, Some(index), &format!("{heading}: {error}"));
    match error {
        CheckError::Unverified(_) => Status::Internal,
        _ => Status::BadInput,
    }
}

/// `solve` and `check`: every puzzle of the file, one result each.
fn solve_all(args: &SolveArgs, prove_unique: bool) -> Status {
    let entries = match read_input(&args.input).and_then(|entries| with_goal(args, entries)) {
        Ok(entries) => entries,
        Err(status) => return status,
    };
    let file = shown_name(&args.input.file);
    let options = Options {
        timeout: args.timeout,
    };
    let one_line_each = prove_unique && entries.len() > 1 && !args.input.json;
    let mut summary = Summary::default();
    let mut status = Status::Done;
    for (index, entry) in entries.iter().enumerate() {
        let heading = heading(&file, entry);
        let result = if prove_unique {
            unique::check
        } else {
            unique::solve
        }(&entry.puzzle, &options);
        let report = match result {
            Ok(report) => report,
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
        status = status.and(Status::of(report.verdict));
        summary.add(&heading, &report);
        let text = if args.input.json {
            json_line(&CheckRecord::new(
                &file,
                index,
                &entry.label,
                &entry.puzzle,
                &report,
            ))
        } else if one_line_each {
            format!("{heading}: {}\n", one_line(&entry.puzzle, &report))
        } else {
            render_check(&heading, &entry.puzzle, &report) + "\n"
        };
        if !emit(&text) {
            return status; // the reader has gone: the results so far decide the exit code
        }
    }
    if entries.len() > 1 && !args.input.json {
        emit(&summary.to_string());
    }
    status
}

/// The entries with the `--goal` picture attached, or the entries as they are without one.
fn with_goal(args: &SolveArgs, mut entries: Vec<Entry>) -> Result<Vec<Entry>, Status> {
    let Some(path) = &args.goal else {
        return Ok(entries);
    };
    let json = args.input.json;
    let fail = |message: String| {
        print_error(
            json,
            &shown_name(path),
            None,
            &format!("--goal {}: {message}", shown_name(path)),
        );
        Status::BadInput
    };
    let pictures = formats::read_path(path, None).map_err(|error| {
        print_error(json, &shown_name(path), None, &error.to_string());
        Status::BadInput
    })?;
    let goal = match pictures.as_slice() {
        [entry] => entry.puzzle.goal().cloned(),
        _ => None,
    };
    let Some(goal) = goal else {
        return Err(fail("not a single picture".to_owned()));
    };
    let [entry] = entries.as_mut_slice() else {
        let file = shown_name(&args.input.file);
        return Err(fail(format!(
            "needs a FILE of one puzzle, and {file} holds {}",
            entries.len()
        )));
    };
    entry.puzzle = entry
        .puzzle
        .clone()
        .with_goal(goal)
        .map_err(|error| fail(error.to_string()))?;
    Ok(entries)
}

/// A puzzle's result in one line, for files of many puzzles.
fn one_line(puzzle: &nonosat::Puzzle, report: &Report) -> String {
    let how = if report.line_solvable {
        "line-solvable"
    } else {
        "needs search"
    };
    format!(
        "{}, {how} ({}/{} cells by propagation), {:.1} ms",
        report.verdict,
        report.fixed_by_propagation,
        puzzle.cell_count(),
        report.elapsed.as_secs_f64() * 1000.0
    )
}

/// Counts over the puzzles of a file.
#[derive(Default)]
struct Summary {
    verdicts: Vec<Verdict>,
    line_solvable: usize,
    total_ms: f64,
    slowest: Option<(String, f64)>,
}

impl Summary {
    fn add(&mut self, heading: &str, report: &Report) {
        let ms = report.elapsed.as_secs_f64() * 1000.0;
        self.verdicts.push(report.verdict);
        self.line_solvable += usize::from(report.line_solvable);
        self.total_ms += ms;
        if self
            .slowest
            .as_ref()
            .is_none_or(|(_, slowest)| ms > *slowest)
        {
            self.slowest = Some((heading.to_owned(), ms));
        }
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "\n{} puzzles:", self.verdicts.len())?;
        write_verdict_counts(f, &self.verdicts)?;
        write!(
            f,
            " {} line-solvable; {:.1} ms in all",
            self.line_solvable, self.total_ms
        )?;
        if let Some((heading, ms)) = &self.slowest {
            write!(f, ", slowest {heading} ({ms:.1} ms)")?;
        }
        writeln!(f)
    }
}

/// Writes " 3 unique, 1 multiple," and so on, for each verdict that occurs, in a fixed order.
fn write_verdict_counts(f: &mut std::fmt::Formatter<'_>, verdicts: &[Verdict]) -> std::fmt::Result {
    let order = [
        Verdict::Unique,
        Verdict::Multiple,
        Verdict::Solved,
        Verdict::None,
        Verdict::Timeout,
    ];
    for verdict in order {
        let count = verdicts.iter().filter(|&&v| v == verdict).count();
        if count > 0 {
            write!(f, " {count} {verdict},")?;
        }
    }
    Ok(())
}

/// `clues`: the puzzles of a picture (or any puzzle file), written in another format.
fn clues(args: &CluesArgs) -> Status {
    let entries = match read_input(&args.input) {
        Ok(entries) => entries,
        Err(status) => return status,
    };
    let format = if args.input.json {
        Format::JsonLines
    } else {
        args.to
    };
    let puzzles: Vec<_> = entries.into_iter().map(|entry| entry.puzzle).collect();
    let written = match puzzles.as_slice() {
        [one] => formats::write(one, format),
        many => formats::write_all(many, format),
    };
    match written {
        Ok(text) => write_output(args.output.as_deref(), &text, args.input.json),
        Err(error) => {
            let file = shown_name(&args.input.file);
            print_error(args.input.json, &file, None, &format!("{file}: {error}"));
            Status::BadInput
        }
    }
}

/// Writes `text` to the file `output`, or to standard output.
fn write_output(output: Option<&Path>, text: &str, json: bool) -> Status {
    match output {
        None => {
            emit(text);
            Status::Done
        }
        Some(path) => match std::fs::write(path, text) {
            Ok(()) => Status::Done,
            Err(error) => {
                let message = format!("cannot write {}: {error}", path.display());
                print_error(json, &shown_name(path), None, &message);
                Status::BadInput
            }
        },
    }
}

/// `cnf`: one puzzle's encoding in DIMACS (or as JSON).
fn cnf(args: &CnfArgs) -> Status {
    let file = shown_name(&args.input.file);
    let entries = match read_input(&args.input) {
        Ok(entries) => entries,
        Err(status) => return status,
    };
    let index = match (args.index, entries.len()) {
        (Some(index), count) if index >= count => {
            let message = format!("{file} holds {count} puzzles; --index {index} is out of range");
            print_error(args.input.json, &file, None, &message);
            return Status::BadInput;
        }
        (Some(index), _) => index,
        (None, 1) => 0,
        (None, count) => {
            let message =
                format!("{file} holds {count} puzzles; choose one with --index (0-based)");
            print_error(args.input.json, &file, None, &message);
            return Status::BadInput;
        }
    };
    let puzzle = &entries[index].puzzle;
    let mut known = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    if args.propagate && propagate(puzzle, &mut known, &mut DpLineSolver::new()).is_err() {
        // A contradiction: the plain encoding, which is unsatisfiable, says so to any solver.
        known = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    }
    let mut formula = Cnf::new();
    let encoding = match encode::encode(puzzle, &known, &mut formula) {
        Ok(encoding) => encoding,
        Err(error) => {
            print_error(
                args.input.json,
                &file,
                Some(index),
                &format!("{file}: {error}"),
            );
            return Status::BadInput;
        }
    };
    let text = if args.input.json {
        let clauses: Vec<Vec<i64>> = formula
            .clauses()
            .iter()
            .map(|c| c.iter().map(|lit| lit.dimacs()).collect())
            .collect();
        json_line(&serde_json::json!({
            "schema_version": SCHEMA_VERSION,
            "file": file,
            "index": index,
            "width": puzzle.width(),
            "height": puzzle.height(),
            "variables": encoding.vars,
            "cell_variable": "row * width + column + 1 (0-based row and column)",
            "clauses": clauses,
        }))
    } else {
        let mut bytes = Vec::new();
        encode::write_dimacs(&mut bytes, puzzle, &encoding, &formula).expect("writing to memory");
        String::from_utf8(bytes).expect("DIMACS is ASCII")
    };
    write_output(args.output.as_deref(), &text, args.input.json)
}

/// `compare`: every method on every puzzle of the file, beside the exact answer.
fn compare_all(args: &CompareArgs) -> Status {
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
    let options = Options {
        timeout: args.timeout,
    };
    let many = entries.len() > 1;
    let mut totals = ComparisonTotals::new(&methods);
    let mut status = Status::Done;
    for (index, entry) in entries.iter().enumerate() {
        let heading = heading(&file, entry);
        let comparison = match compare::compare(&entry.puzzle, &methods, &options) {
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
