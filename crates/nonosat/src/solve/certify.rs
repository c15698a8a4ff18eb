//! Certified verdicts: a DRAT proof that a puzzle has no solution other than the one found (or no
//! solution at all), a model as the certificate of a second solution, and [`checker`], an
//! independent checker for both.
//!
//! The formula certified stands on the clues alone: the encoding of every line without the unit
//! clauses that line propagation derives, plus the clause that blocks the solution found. A
//! publisher can regenerate it (`nonosat cnf`, then the blocking clause) and check the proof with
//! `nonosat verify-proof` or any DRAT checker, such as drat-trim.

use std::io::{self, Write};

use crate::cnf::{self, ClauseSink, Cnf, Encoding, Lit, TooLarge};
use crate::deadline::{Deadline, NoDeadline};
use crate::model::{Cell, Grid, Mismatch, Puzzle};
use crate::sat::{ProofOutcome, SatBackend, Solver};
use crate::solve::verified_picture;

/// Why a certificate could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CertifyError {
    /// The encoding is too large.
    #[error(transparent)]
    TooLarge(TooLarge),
    /// Writing the formula or the proof failed.
    #[error("cannot write the proof: {0}")]
    Io(#[from] io::Error),
    /// The deadline passed before the proof was complete.
    #[error("the time limit passed before the proof was complete")]
    TimedOut,
    /// The solver's model broke a clue: a bug in nonosat.
    #[error("internal error: the certifying solve's answer failed verification ({0})")]
    Unverified(#[source] Mismatch),
}

/// The formula "a solution of `puzzle` other than `blocked` exists": the encoding of the clues
/// with no cell fixed, plus, when `blocked` is given, the clause "some black cell of `blocked` is
/// white" (every solution has as many black cells, so this excludes `blocked` and nothing else).
pub fn other_solution_formula(
    puzzle: &Puzzle,
    blocked: Option<&Grid<bool>>,
) -> Result<(Encoding, Cnf), TooLarge> {
    let mut cnf = Cnf::new();
    let open = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    let encoding = cnf::encode(puzzle, &open, &mut cnf)?;
    if let Some(blocked) = blocked {
        cnf.add_clause(&encoding.blocking_clause(blocked));
    }
    Ok((encoding, cnf))
}

/// Writes [`other_solution_formula`] in DIMACS to `formula_out`, and solves it once with DRAT
/// output from `backend` into `proof_out`, giving up at `deadline`. `Ok(None)`: the proof refutes the formula, so `blocked` is the only
/// solution (or, without `blocked`, there is none). `Ok(Some(other))`: the formula has a model, a
/// different solution, and what was written to `proof_out` proves nothing.
pub fn prove_no_other(
    puzzle: &Puzzle,
    blocked: Option<&Grid<bool>>,
    formula_out: &mut impl Write,
    proof_out: &mut impl Write,
    backend: SatBackend,
    deadline: Option<Deadline>,
) -> Result<Option<Grid<bool>>, CertifyError> {
    let (encoding, cnf) = write_formula(puzzle, blocked, formula_out)?;
    let outcome = backend.solve_with_drat_proof(cnf.clauses(), &mut *proof_out, deadline)?;
    proof_out.flush()?;
    match outcome {
        ProofOutcome::Refuted => Ok(None),
        ProofOutcome::Satisfiable(model) => verified_picture(puzzle, &encoding, &model)
            .map(Some)
            .map_err(CertifyError::Unverified),
        ProofOutcome::Interrupted => Err(CertifyError::TimedOut),
    }
}

/// Writes [`other_solution_formula`] in DIMACS to `formula_out`, and to `model_out` a model of
/// it built from `other`, a solution different from `blocked`, as SAT-competition `s SATISFIABLE`
/// and `v` lines: the certificate that `blocked` is not the only solution.
///
/// # Panics
/// If `other` is `blocked`.
pub fn write_other_solution(
    puzzle: &Puzzle,
    blocked: &Grid<bool>,
    other: &Grid<bool>,
    formula_out: &mut impl Write,
    model_out: &mut impl Write,
) -> Result<(), CertifyError> {
    assert_ne!(other, blocked, "the certificate needs a second solution");
    puzzle.check(other).map_err(CertifyError::Unverified)?;
    let (encoding, cnf) = write_formula(puzzle, Some(blocked), formula_out)?;
    // The auxiliaries are functions of the cells: fixing the cells determines the model.
    let mut solver = Solver::new(NoDeadline);
    for clause in cnf.clauses() {
        solver.add_clause(clause);
    }
    let cells: Vec<Lit> = other
        .positions()
        .map(|pos| {
            let black = encoding.cell_var(pos).positive();
            if other[pos] { black } else { !black }
        })
        .collect();
    let Ok(Some(model)) = solver.solve_assuming(&cells) else {
        unreachable!("a verified solution other than the blocked one satisfies the formula");
    };
    writeln!(model_out, "s SATISFIABLE")?;
    for chunk in model.literals(encoding.vars).chunks(20) {
        let line: Vec<String> = chunk.iter().map(i64::to_string).collect();
        writeln!(model_out, "v {}", line.join(" "))?;
    }
    writeln!(model_out, "v 0")?;
    model_out.flush()?;
    Ok(())
}

fn write_formula(
    puzzle: &Puzzle,
    blocked: Option<&Grid<bool>>,
    formula_out: &mut impl Write,
) -> Result<(Encoding, Cnf), CertifyError> {
    let (encoding, cnf) =
        other_solution_formula(puzzle, blocked).map_err(CertifyError::TooLarge)?;
    if blocked.is_some() {
        writeln!(
            formula_out,
            "c the last clause blocks the solution found: \"a second solution exists\""
        )?;
    }
    cnf::write_dimacs(formula_out, puzzle, &encoding, &cnf)?;
    formula_out.flush()?;
    Ok((encoding, cnf))
}
