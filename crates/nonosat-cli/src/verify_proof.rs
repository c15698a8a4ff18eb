//! `verify-proof`: check a certificate against a DIMACS formula with the independent checker.

use std::path::Path;

use drat_check::{self, Dimacs};
use nonosat::report::{ProofVerdict, VerifyRecord, render_verification};

use super::args::VerifyProofArgs;
use super::error::CliError;
use super::output::{emit, json_line, shown_name};
use super::status::Status;

/// The largest formula or proof read, in bytes.
const MAX_FILE_BYTES: u64 = 1 << 30;

/// `verify-proof CNF PROOF`: 0 when a refutation checks, 1 when a model checks, 6 when the
/// certificate is rejected, 2 when a file cannot be read.
pub(super) fn verify_proof(args: &VerifyProofArgs) -> Result<Status, CliError> {
    let fail = |path: &Path, failure: ReadFailure| CliError::new(&shown_name(path), failure);
    let formula = read(&args.formula)
        .and_then(|text| {
            drat_check::parse_dimacs(&text)
                .map_err(|error| ReadFailure::Syntax(shown_name(&args.formula), error))
        })
        .map_err(|failure| fail(&args.formula, failure))?;
    let proof = read(&args.proof).map_err(|failure| fail(&args.proof, failure))?;
    let outcome = if is_model(&proof) {
        check_model(&formula, &proof)
    } else {
        match drat_check::parse_drat(&proof) {
            Ok(steps) => match drat_check::check_refutation(&formula, &steps) {
                Ok(done) if done.rup + done.rat + done.counting == 0 => Outcome::Refuted(
                    "unit propagation on the formula alone derives the empty clause".to_owned(),
                ),
                Ok(done) if done.counting > 0 => Outcome::Refuted(format!(
                    "{} counting steps over the clues of the formula's \"c nonogram\" lines, \
                     then {} lemmas by RUP, {} by RAT, {} deletions",
                    done.counting, done.rup, done.rat, done.deletions
                )),
                Ok(done) => Outcome::Refuted(format!(
                    "{} lemmas by RUP, {} by RAT, {} deletions",
                    done.rup, done.rat, done.deletions
                )),
                Err(rejection) => Outcome::Rejected(rejection.to_string()),
            },
            Err(error) => Outcome::Rejected(format!("{}:{error}", shown_name(&args.proof))),
        }
    };
    let (status, verdict, detail) = match &outcome {
        Outcome::Refuted(detail) => (Status::Done, ProofVerdict::Unsatisfiable, detail),
        Outcome::Model(detail) => (Status::Multiple, ProofVerdict::Satisfiable, detail),
        Outcome::Rejected(detail) => (Status::Rejected, ProofVerdict::Rejected, detail),
    };
    let (formula, proof) = (shown_name(&args.formula), shown_name(&args.proof));
    let record = VerifyRecord::new(&formula, &proof, verdict, detail);
    let text = if args.json {
        json_line(&record)
    } else {
        render_verification(&record)
    };
    emit(&text);
    Ok(status)
}

enum Outcome {
    Refuted(String),
    Model(String),
    Rejected(String),
}

/// Whether the certificate is a model: its first line that is not a comment is `s ...`.
fn is_model(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('c'))
        .is_some_and(|line| line.starts_with("s "))
}

/// Reads `s SATISFIABLE` and the `v` lines, and checks the model against every clause.
fn check_model(formula: &Dimacs, text: &str) -> Outcome {
    let mut literals = Vec::new();
    for (number, line) in text
        .lines()
        .enumerate()
        .map(|(n, line)| (n + 1, line.trim()))
    {
        if line.is_empty() || line.starts_with('c') {
            continue;
        }
        if let Some(status) = line.strip_prefix("s ") {
            if status.trim() != "SATISFIABLE" {
                return Outcome::Rejected(format!("line {number}: the status is not SATISFIABLE"));
            }
            continue;
        }
        let Some(values) = line.strip_prefix("v ") else {
            return Outcome::Rejected(format!("line {number}: expected a \"v\" line"));
        };
        for token in values.split_whitespace() {
            match token.parse::<i32>() {
                Ok(lit) => literals.push(lit),
                Err(_) => {
                    return Outcome::Rejected(format!(
                        "line {number}: \"{token}\" is not a literal"
                    ));
                }
            }
        }
    }
    match drat_check::check_model(formula, &literals) {
        Ok(()) => Outcome::Model(format!(
            "the model satisfies all {} clauses",
            formula.clauses.len()
        )),
        Err(error) => Outcome::Rejected(error.to_string()),
    }
}

/// Why a formula or certificate file could not be read.
#[derive(Debug, thiserror::Error)]
enum ReadFailure {
    /// The operating system could not read it.
    #[error("cannot read {0}: {1}")]
    Io(String, #[source] std::io::Error),
    /// It is larger than [`MAX_FILE_BYTES`].
    #[error("{0} is {1} bytes; the limit is {MAX_FILE_BYTES}")]
    TooLarge(String, u64),
    /// It is not text.
    #[error(
        "{0} is not text: binary DRAT is not supported; write text DRAT (drat-trim and nonosat \
         read it; CaDiCaL writes it with --no-binary)"
    )]
    Binary(String),
    /// The formula is not DIMACS.
    #[error("{0}:{1}")]
    Syntax(String, #[source] drat_check::SyntaxError),
}

fn read(path: &Path) -> Result<String, ReadFailure> {
    let name = shown_name(path);
    let size = std::fs::metadata(path)
        .map_err(|error| ReadFailure::Io(name.clone(), error))?
        .len();
    if size > MAX_FILE_BYTES {
        return Err(ReadFailure::TooLarge(name, size));
    }
    std::fs::read_to_string(path).map_err(|error| match error.kind() {
        std::io::ErrorKind::InvalidData => ReadFailure::Binary(name),
        _ => ReadFailure::Io(name, error),
    })
}
