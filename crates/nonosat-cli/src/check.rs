//! `solve` and `check`: every puzzle of a file, one verdict each, and a summary.

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use nonosat::Puzzle;
use nonosat::deadline::Deadline;
use nonosat::formats::{self, Entry};
use nonosat::report::draw_puzzle;
use nonosat::report::{CertificateRecord, CheckRecord, render_check};
use nonosat::solve::certify;
use nonosat::solve::{self, Options, Report, Verdict};

use super::args::SolveArgs;
use super::output::{check_failed, emit, heading, json_line, print_error, read_input, shown_name};
use super::status::Status;

/// `solve` and `check`: every puzzle of the file, one result each.
pub(super) fn solve_all(args: &SolveArgs, prove_unique: bool) -> Status {
    let entries = match read_input(&args.input).and_then(|entries| with_goal(args, entries)) {
        Ok(entries) => entries,
        Err(status) => return status,
    };
    let file = shown_name(&args.input.file);
    if args.proof.is_some() && (entries.len() != 1 || !prove_unique) {
        let message = format!(
            "--proof needs `check` and a FILE of one puzzle, and {file} holds {}",
            entries.len()
        );
        print_error(args.input.json, &file, None, &message);
        return Status::BadInput;
    }
    let options = Options::default()
        .with_max_solutions(args.max_solutions.map_or(2, |k| k as usize))
        .with_ambiguous_cells(prove_unique && !args.no_ambiguous);
    let one_line_each = prove_unique && entries.len() > 1 && !args.input.json;
    let mut summary = Summary::default();
    let mut status = Status::Done;
    for (index, entry) in entries.iter().enumerate() {
        let heading = heading(&file, entry);
        let result = if prove_unique {
            solve::check
        } else {
            solve::solve
        }(
            &entry.puzzle,
            &options
                .clone()
                .with_deadline(args.timeout.map(Deadline::after)),
        );
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
        if args.pictures.wanted() {
            let caption = caption(&heading, &report);
            let drawing = draw_puzzle(&entry.puzzle, &report.solutions, &caption);
            let written = args
                .pictures
                .write(args.input.json, index, entries.len(), &drawing);
            status = status.and(written);
        }
        summary.add(&heading, &report);
        let certificate = match &args.proof {
            Some(path) => match certify(path, &entry.puzzle, &report) {
                Ok(note) => Some(note),
                Err(message) => {
                    print_error(args.input.json, &file, Some(index), &message);
                    return status.and(Status::Internal);
                }
            },
            None => None,
        };
        let record = || {
            let mut record = CheckRecord::new(&file, index, &entry.label, &entry.puzzle, &report);
            record.certificate = certificate.clone();
            record
        };
        let text = if args.input.json {
            json_line(&record())
        } else if one_line_each {
            format!("{heading}: {}\n", one_line(&record()))
        } else {
            let note = certificate.map_or(String::new(), |c| c.describe());
            render_check(&heading, &entry.puzzle, &report) + &note + "\n"
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

/// Writes the certificate of `report` for `check --proof PROOF`: the formula "a solution other
/// than the first exists" to PROOF.cnf, and to PROOF a DRAT refutation of it (unique, or no
/// solution) or a model of it (multiple).
fn certify(path: &Path, puzzle: &Puzzle, report: &Report) -> Result<CertificateRecord, String> {
    let formula_path = PathBuf::from(format!("{}.cnf", path.display()));
    let create = |path: &Path| {
        File::create(path)
            .map(BufWriter::new)
            .map_err(|error| format!("cannot write {}: {error}", path.display()))
    };
    let kind = match (report.verdict, report.solutions.as_slice()) {
        (Verdict::Unique | Verdict::None, solutions) => {
            let (mut formula, mut proof) = (create(&formula_path)?, create(path)?);
            match certify::prove_no_other(puzzle, solutions.first(), &mut formula, &mut proof) {
                Ok(None) => "drat",
                Ok(Some(_)) => {
                    return Err(
                        "internal error: the certifying solve found another solution \
                                after the check found none; please report it"
                            .to_owned(),
                    );
                }
                Err(error) => return Err(error.to_string()),
            }
        }
        (Verdict::Multiple, [first, second, ..]) => {
            let (mut formula, mut model) = (create(&formula_path)?, create(path)?);
            certify::write_other_solution(puzzle, first, second, &mut formula, &mut model)
                .map_err(|error| error.to_string())?;
            "model"
        }
        (verdict, _) => return Err(format!("no certificate for the verdict {verdict}")),
    };
    Ok(CertificateRecord {
        kind: kind.to_owned(),
        formula: formula_path.display().to_string(),
        certificate: path.display().to_string(),
    })
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
    let options = formats::ReadOptions::default().with_threshold(args.input.threshold);
    let pictures = formats::read_path_with(path, None, &options).map_err(|error| {
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

/// The line above a drawn puzzle: its name and verdict.
fn caption(heading: &str, report: &Report) -> String {
    let verdict = match report.verdict {
        Verdict::Unique if report.line_solvable => "unique, line-solvable".to_owned(),
        Verdict::Unique => "unique, needs search".to_owned(),
        Verdict::Multiple => format!(
            "not unique: two solutions, {} cells differ",
            report.differing_cells().len()
        ),
        Verdict::Solved => "solved".to_owned(),
        Verdict::None => "no solution".to_owned(),
        Verdict::Timeout => "timed out".to_owned(),
    };
    format!("{heading}: {verdict}")
}

/// A puzzle's result in one line, for files of many puzzles and for batches.
pub(super) fn one_line(record: &CheckRecord) -> String {
    let how = if record.line_solvable {
        "line-solvable"
    } else {
        "needs search"
    };
    let verdict = match &record.ambiguous {
        Some(cells) if record.verdict == Verdict::Multiple => {
            format!("multiple ({} ambiguous cells)", cells.len())
        }
        _ => record.verdict.to_string(),
    };
    format!(
        "{verdict}, {how} ({}/{} cells by propagation), {:.1} ms",
        record.fixed_by_propagation, record.cells, record.time_ms
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
pub(super) fn write_verdict_counts(
    f: &mut std::fmt::Formatter<'_>,
    verdicts: &[Verdict],
) -> std::fmt::Result {
    for verdict in Verdict::ALL {
        let count = verdicts.iter().filter(|&&v| v == verdict).count();
        if count > 0 {
            write!(f, " {count} {verdict},")?;
        }
    }
    Ok(())
}
