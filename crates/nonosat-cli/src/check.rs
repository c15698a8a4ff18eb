//! `solve` and `check`: every puzzle of a file, black and white or colour, one verdict each, and a
//! summary.

use std::path::Path;
use std::sync::Mutex;

use nonosat::deadline::Deadline;
use nonosat::formats::{Entry, Puzzles};
use nonosat::report::{
    CertificateRecord, CheckRecord, Shown, draw_puzzle, render_check_detail, render_verdict,
};
use nonosat::solve::certify::{self, Certified, CertifyError};
use nonosat::solve::{self, Options, Report, ReportOf, Solvable, Verdict};
use nonosat::words::counted;

use super::args::{InputArgs, SolveArgs, UniquenessArgs};
use super::atomic::AtomicFile;
use super::error::{CliError, Usage};
use super::goal;
use super::output::{check_failed, each_puzzle, emit, json_line, read_any_input, shown_name};
use super::pictures::title;
use super::status::Status;

/// `solve` and `check`: every puzzle of the file, one result each.
pub(super) fn solve_all(
    args: &SolveArgs,
    uniqueness: &UniquenessArgs,
    prove_unique: bool,
) -> Result<Status, CliError> {
    match read_any_input(&args.input)? {
        Puzzles::BlackAndWhite(entries) => {
            let attach = goal::black_and_white;
            let entries = goal::with_goal(uniqueness, &args.input, entries, attach)?;
            check_all(args, uniqueness, &entries, prove_unique)
        }
        Puzzles::Colour(entries) => {
            let entries = goal::with_goal(uniqueness, &args.input, entries, goal::colour)?;
            check_all(args, uniqueness, &entries, prove_unique)
        }
    }
}

/// A kind of puzzle that `solve` and `check` take, black and white or colour: the library's
/// search, records, views and certificates of it.
pub(super) trait Checkable: Solvable + Shown + Certified {}

impl<P: Solvable + Shown + Certified> Checkable for P {}

/// `solve` and `check` on the puzzles of a file: one result each, and a summary.
fn check_all<P: Checkable>(
    args: &SolveArgs,
    uniqueness: &UniquenessArgs,
    entries: &[Entry<P>],
    prove_unique: bool,
) -> Result<Status, CliError> {
    let file = shown_name(&args.input.file);
    proof_fits(uniqueness, &args.input, entries.len())?;
    // The library's search (the race) unless `--backend` names another.
    let options = Options::default()
        .with_max_solutions(uniqueness.max_solutions.map_or(2, |k| k as usize))
        .with_ambiguous_cells(prove_unique && !uniqueness.no_ambiguous);
    let options = match args.backend {
        Some(choice) => options.with_strategy(choice),
        None => options,
    };
    let json = args.input.json;
    let one_line_each = prove_unique && entries.len() > 1 && !json;
    let mut summary = Summary::default();
    let mut printer = each_puzzle(
        json,
        &file,
        entries,
        0..entries.len(),
        |printer, index, entry, heading| {
            let puzzle = &entry.puzzle;
            let options = options
                .clone()
                .with_deadline(args.timeout.limit.map(Deadline::after));
            // Human output of one puzzle at a time shows the verdict before the detail.
            let shown_early = Mutex::new(None);
            let show_verdict = |report: &ReportOf<P>| {
                if wants_detail(report, &options) && !json && !one_line_each {
                    let verdict = render_verdict(heading, puzzle, report);
                    emit(&verdict);
                    *shown_early.lock().expect("no panic while held") = Some(verdict);
                }
            };
            let report = if prove_unique {
                solve::check_verdict_first(puzzle, &options, &show_verdict)
            } else {
                solve::solve(puzzle, &options)
            };
            let report = report.map_err(|error| check_failed(&file, index, heading, error))?;
            let shown_early = shown_early.into_inner().expect("no panic while held");
            summary.add(heading, &report);
            let (certificate, failure) =
                certificate_of(uniqueness, puzzle, &report, &options, index);
            let record = || {
                let mut record = CheckRecord::new(&file, index, &entry.label, puzzle, &report);
                record.certificate = certificate.clone();
                record
            };
            let text = if json {
                json_line(&record())
            } else if one_line_each {
                format!("{heading}: {}\n", one_line(&record()))
            } else {
                let note = certificate.as_ref().map_or(String::new(), |c| c.describe());
                let verdict = render_verdict(heading, puzzle, &report);
                let verdict = match shown_early {
                    None => verdict,
                    Some(early) if early == verdict => String::new(),
                    // More solutions were found after the verdict was shown.
                    Some(_) => verdict
                        .lines()
                        .skip(1)
                        .map(|line| format!("{line}\n"))
                        .collect(),
                };
                verdict + &render_check_detail(puzzle, &report) + &note + "\n"
            };
            printer.text(&text);
            if args.pictures.wanted() {
                let caption = caption(
                    &title(&args.input.file, &entry.label, puzzle.meta()),
                    &report,
                );
                let drawing = draw_puzzle(puzzle, &report.solutions, &caption);
                for failure in args.pictures.write(index, entries.len(), &drawing) {
                    printer.aside(&failure);
                }
            }
            if let Some(failure) = failure {
                printer.error(&failure);
            }
            Ok(Status::of(report.verdict))
        },
    );
    if entries.len() > 1 && !json && !printer.closed {
        printer.text(&summary.to_string());
    }
    Ok(printer.status)
}

/// Refuses `--proof` unless the file holds one puzzle.
pub(super) fn proof_fits(
    uniqueness: &UniquenessArgs,
    input: &InputArgs,
    count: usize,
) -> Result<(), CliError> {
    if uniqueness.proof.is_some() && count != 1 {
        let file = shown_name(&input.file);
        let message = format!("--proof needs a FILE of one puzzle, and {file} holds {count}");
        return Err(CliError::new(&file, Usage::Refused(message)));
    }
    Ok(())
}

/// The certificate `--proof` asks for, if it does, and the failure to make it, which is reported
/// after the verdict, never instead.
pub(super) fn certificate_of<P: Certified, M>(
    uniqueness: &UniquenessArgs,
    puzzle: &P,
    report: &Report<P::Value, M>,
    options: &Options,
    index: usize,
) -> (Option<CertificateRecord>, Option<CliError>) {
    match &uniqueness.proof {
        Some(path) => match certify(path, puzzle, report, options) {
            Ok(certificate) => (certificate, None),
            Err(error) => (None, Some(error.at(index))),
        },
        None => (None, None),
    }
}

/// Why a certificate could not be written.
#[derive(Debug, thiserror::Error)]
enum ProofFailure {
    /// The library could not certify the verdict.
    #[error(transparent)]
    Certify(#[from] CertifyError),
    /// The certifying solve contradicts the check.
    #[error(
        "internal error: the certifying solve found another solution after the check found none; \
         please report it"
    )]
    AnotherSolution,
}

/// Writes the certificate of `report` for `check --proof PROOF`: the formula "a solution other
/// than the first exists" to PROOF.cnf, and to PROOF a DRAT refutation of it (unique, or no
/// solution) or a model of it (multiple). A check that timed out has nothing to certify (`None`).
/// A certifying solve that outlasts the time limit exits as a timeout (4), a file that cannot be
/// written as bad usage (2), a solve that contradicts the check as an internal error (5).
fn certify<P: Certified, M>(
    path: &Path,
    puzzle: &P,
    report: &Report<P::Value, M>,
    options: &Options,
) -> Result<Option<CertificateRecord>, CliError> {
    let formula_path = UniquenessArgs::formula_path(path);
    let create =
        |path: &Path| AtomicFile::create(path).map_err(|error| CliError::write(path, error));
    // The certificate is renamed into place after its formula, each whole; a failure before leaves
    // neither, and whatever was there before.
    let commit =
        |file: AtomicFile, path: &Path| file.commit().map_err(|error| CliError::write(path, error));
    let failed = |failure: ProofFailure| {
        let status = match failure {
            ProofFailure::Certify(CertifyError::TimedOut) => Status::Timeout,
            ProofFailure::Certify(CertifyError::Io(_) | CertifyError::TooLarge(_)) => {
                Status::BadInput
            }
            _ => Status::Internal,
        };
        CliError::new(&path.to_string_lossy(), failure).with_status(status)
    };
    let kind = match (report.verdict, report.solutions.as_slice()) {
        (Verdict::Unique | Verdict::None, solutions) => {
            let (mut formula, mut proof) = (create(&formula_path)?, create(path)?);
            let (blocked, backend) = (solutions.first(), options.backend_for(puzzle.cell_count()));
            let proved = certify::prove(
                puzzle,
                blocked,
                &mut formula,
                &mut proof,
                backend,
                options.deadline,
            );
            let counting_steps = match proved {
                Ok(certify::Proof {
                    other: None,
                    counting_steps,
                }) => counting_steps,
                // Dropped, the half-written files are removed.
                Ok(_) => return Err(failed(ProofFailure::AnotherSolution)),
                Err(error) => return Err(failed(error.into())),
            };
            commit(formula, &formula_path)?;
            commit(proof, path)?;
            // With counting steps, the proof is DRAT extended by them (docs/ambiguity.md).
            if counting_steps > 0 {
                "counting"
            } else {
                "drat"
            }
        }
        (Verdict::Multiple, [first, second, ..]) => {
            let (mut formula, mut model) = (create(&formula_path)?, create(path)?);
            certify::write_other_solution(puzzle, first, second, &mut formula, &mut model)
                .map_err(|error| failed(error.into()))?;
            commit(formula, &formula_path)?;
            commit(model, path)?;
            "model"
        }
        _ => return Ok(None),
    };
    Ok(Some(CertificateRecord {
        kind: kind.to_owned(),
        formula: formula_path.display().to_string(),
        certificate: path.display().to_string(),
    }))
}

/// The line above a drawn puzzle: its title and verdict (`serve` draws the same).
pub(super) fn caption<S: PartialEq, M>(title: &str, report: &Report<S, M>) -> String {
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
    format!("{title}: {verdict}")
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
            // A search the time limit cut short found some of them.
            let at_least = if record.ambiguous_complete {
                ""
            } else {
                "at least "
            };
            let cells = counted(cells.len(), "ambiguous cell", "ambiguous cells");
            let undecided = match record.undecided.len() {
                0 => String::new(),
                n => format!(", {n} undecided"),
            };
            format!("multiple ({at_least}{cells}{undecided})")
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
pub(super) struct Summary {
    verdicts: Vec<Verdict>,
    line_solvable: usize,
    total_ms: f64,
    slowest: Option<(String, f64)>,
}

impl Summary {
    pub(super) fn add<S, M>(&mut self, heading: &str, report: &Report<S, M>) {
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

/// Whether `options` ask for more than the verdict of `report`: more solutions, or every ambiguous
/// cell, of a puzzle with several.
fn wants_detail<S, M>(report: &Report<S, M>, options: &Options) -> bool {
    report.verdict == Verdict::Multiple
        && (options.ambiguous_cells || options.max_solutions > report.solutions.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record of a 2x2 puzzle of two solutions with `ambiguous` cells found, all or some.
    fn record(ambiguous: usize, complete: bool) -> CheckRecord {
        let cells: Vec<_> = [[0, 0], [0, 1], [1, 0], [1, 1]][..ambiguous].to_vec();
        let json = serde_json::json!({
            "schema_version": 2, "file": "p.non", "index": 0, "label": "", "width": 2, "height": 2,
            "title": null, "verdict": "multiple", "solutions": [["#.", ".#"], [".#", "#."]],
            "differing_cells": cells, "ambiguous": cells, "ambiguous_complete": complete,
            "line_solvable": false, "fixed_by_propagation": 0, "cells": 4, "time_ms": 1.0
        });
        serde_json::from_value(json).expect("a check record")
    }

    #[test]
    fn a_count_of_ambiguous_cells_cut_short_reads_at_least() {
        let line = |ambiguous, complete| one_line(&record(ambiguous, complete));
        assert!(line(4, true).starts_with("multiple (4 ambiguous cells), "));
        assert!(line(1, true).starts_with("multiple (1 ambiguous cell), "));
        assert!(line(2, false).starts_with("multiple (at least 2 ambiguous cells), "));
        let mut cut_short = record(2, false);
        cut_short.undecided = vec![[1, 0], [1, 1]];
        let line = one_line(&cut_short);
        assert!(line.starts_with("multiple (at least 2 ambiguous cells, 2 undecided), "));
    }
}
