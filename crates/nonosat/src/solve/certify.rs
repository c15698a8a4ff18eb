//! Certified verdicts: a DRAT proof that a puzzle has no solution other than the one found (or no
//! solution at all), a model as the certificate of a second solution, and the checker of
//! the `drat-check` crate, independent of this one, for both.
//!
//! The formula certified stands on the clues alone: the encoding of every line without the unit
//! clauses that line propagation derives, plus the clause that blocks the solution found. A
//! publisher can regenerate it (`nonosat cnf`, then the blocking clause) and check the proof with
//! `nonosat verify-proof` or any DRAT checker, such as drat-trim.
//!
//! When counting across lines fixes cells of a black-and-white puzzle from its clues alone, the
//! proof starts with those steps (`k` lines, [`Counting`]), which the checker verifies by counting
//! itself, and the formula declares the clues they rest on; the SAT solve then starts from the
//! cells they fixed. That is how the n-Dom family, which clause learning alone refutes slowly, is
//! certified in milliseconds (docs/ambiguity.md, "Certificates with counting steps").
//!
//! Black-and-white and colour puzzles alike ([`Certified`]): a colour puzzle's formula is its
//! colour encoding, and its blocking clause says "some cell takes a colour other than the one it
//! has in the solution found".

mod counting;

use std::borrow::Cow;
use std::io::{self, Write};

pub use counting::Counting;

use crate::cnf::{
    self, ClauseSink, Cnf, ColourEncoding, Encodable, Encoding, FreshVars, Lit, TooLarge,
};
use crate::deadline::{Deadline, NoDeadline};
use crate::logic::kind::Kind;
use crate::model::{ColourMismatch, ColourPuzzle, Grid, Mismatch, Pos, Puzzle};
use crate::sat::{Model, ProofOutcome, SatBackend, Solver};
use crate::solve::colour::colour_picture;
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
    /// The solver's model broke a colour clue: a bug in nonosat.
    #[error("internal error: the certifying solve's answer failed verification ({0})")]
    UnverifiedColour(#[source] ColourMismatch),
}

/// A puzzle whose verdict can be certified: what [`prove`] and [`write_other_solution`] need of
/// black-and-white and colour puzzles beyond their [`Kind`] and their [`Encodable`] formula.
pub trait Certified: Kind + Encodable<Known = <Self as Kind>::Known> {
    /// The clause "the cells are not `solution`" over the cell variables of `encoding`.
    fn blocking_clause(encoding: &Self::Encoding, solution: &Grid<Self::Value>) -> Vec<Lit>;

    /// The grid a model of `encoding` describes, once it has passed the puzzle's own check.
    fn verified(
        &self,
        encoding: &Self::Encoding,
        model: &Model,
    ) -> Result<Grid<Self::Value>, CertifyError>;

    /// The error of a grid that breaks a clue.
    fn unverified(mismatch: Self::Mismatch) -> CertifyError;

    /// The literal "the cell at `pos` has `value`".
    fn cell_is(encoding: &Self::Encoding, pos: Pos, value: Self::Value) -> Lit;

    /// What counting across lines fixes from the clues alone, if anything.
    fn counting(&self, encoding: &Self::Encoding) -> Option<Counting>;
}

impl Certified for Puzzle {
    fn blocking_clause(encoding: &Encoding, solution: &Grid<bool>) -> Vec<Lit> {
        encoding.blocking_clause(solution)
    }

    fn verified(&self, encoding: &Encoding, model: &Model) -> Result<Grid<bool>, CertifyError> {
        verified_picture(self, encoding, model).map_err(CertifyError::Unverified)
    }

    fn unverified(mismatch: Mismatch) -> CertifyError {
        CertifyError::Unverified(mismatch)
    }

    fn cell_is(encoding: &Encoding, pos: Pos, black: bool) -> Lit {
        let var = encoding.cell_var(pos).positive();
        if black { var } else { !var }
    }

    fn counting(&self, encoding: &Encoding) -> Option<Counting> {
        Counting::of(self, encoding)
    }
}

/// A colour puzzle's blocking clause says "some cell takes a colour other than the one it has in
/// the solution found".
impl Certified for ColourPuzzle {
    fn blocking_clause(encoding: &ColourEncoding, solution: &Grid<u8>) -> Vec<Lit> {
        encoding.blocking_clause(solution)
    }

    fn verified(&self, encoding: &ColourEncoding, model: &Model) -> Result<Grid<u8>, CertifyError> {
        let picture = colour_picture(self, encoding, model);
        Kind::check(self, &picture).map_err(Self::unverified)?;
        Ok(picture)
    }

    fn unverified(mismatch: ColourMismatch) -> CertifyError {
        CertifyError::UnverifiedColour(mismatch)
    }

    fn cell_is(encoding: &ColourEncoding, pos: Pos, colour: u8) -> Lit {
        encoding.cell_var(pos, colour).positive()
    }

    /// Counting across lines is for black-and-white puzzles only.
    fn counting(&self, _: &ColourEncoding) -> Option<Counting> {
        None
    }
}

/// The formula "a solution of `puzzle` other than `blocked` exists": the encoding of the clues
/// with every cell open, plus, when `blocked` is given, its blocking clause (every solution has
/// as many black, or coloured, cells, so this excludes `blocked` and nothing else).
pub fn other_solution_formula<P: Certified>(
    puzzle: &P,
    blocked: Option<&Grid<P::Value>>,
) -> Result<(P::Encoding, Cnf), TooLarge> {
    let mut cnf = Cnf::new();
    let open = Grid::filled(puzzle.width(), puzzle.height(), puzzle.open());
    let encoding = cnf::encode(puzzle, &open, &mut cnf)?;
    if let Some(blocked) = blocked {
        cnf.add_clause(&P::blocking_clause(&encoding, blocked));
    }
    Ok((encoding, cnf))
}

/// What [`prove`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof<V> {
    /// A solution other than the one blocked: the formula has a model, and what was written as
    /// the proof proves nothing. `None`: the proof refutes the formula.
    pub other: Option<Grid<V>>,
    /// Counting steps the proof starts with (0: plain DRAT).
    pub counting_steps: usize,
}

/// Writes [`other_solution_formula`] in DIMACS to `formula_out`, and proves it unsatisfiable into
/// `proof_out`: the steps of counting across lines, if counting fixes cells from the clues alone,
/// then one solve with DRAT output from `backend`, giving up at `deadline`.
pub fn prove<P: Certified>(
    puzzle: &P,
    blocked: Option<&Grid<P::Value>>,
    formula_out: &mut impl Write,
    proof_out: &mut impl Write,
    backend: SatBackend,
    deadline: Option<Deadline>,
) -> Result<Proof<P::Value>, CertifyError> {
    let (encoding, cnf) =
        other_solution_formula(puzzle, blocked).map_err(CertifyError::TooLarge)?;
    let counting = puzzle.counting(&encoding);
    if let Some(counting) = &counting {
        counting.write_clues(formula_out)?;
    }
    write_formula(puzzle, blocked, &encoding, &cnf, formula_out)?;
    let mut clauses = Cow::Borrowed(cnf.clauses());
    let counting_steps = counting.as_ref().map_or(0, Counting::step_count);
    if let Some(counting) = &counting {
        counting.write_steps(proof_out)?;
        if counting.refutes() {
            // The last step derived the empty clause.
            proof_out.flush()?;
            return Ok(Proof {
                other: None,
                counting_steps,
            });
        }
        clauses
            .to_mut()
            .extend(counting.units().map(|unit| vec![unit]));
    }
    let outcome = backend.solve_with_drat_proof(&clauses, &mut *proof_out, deadline)?;
    proof_out.flush()?;
    let other = match outcome {
        ProofOutcome::Refuted => None,
        ProofOutcome::Satisfiable(model) => Some(puzzle.verified(&encoding, &model)?),
        ProofOutcome::Interrupted => return Err(CertifyError::TimedOut),
    };
    Ok(Proof {
        other,
        counting_steps,
    })
}

/// Writes [`other_solution_formula`] in DIMACS to `formula_out`, and to `model_out` a model of
/// it built from `other`, a solution different from `blocked`, as SAT-competition `s SATISFIABLE`
/// and `v` lines: the certificate that `blocked` is not the only solution.
///
/// # Panics
/// If `other` is `blocked`.
pub fn write_other_solution<P: Certified>(
    puzzle: &P,
    blocked: &Grid<P::Value>,
    other: &Grid<P::Value>,
    formula_out: &mut impl Write,
    model_out: &mut impl Write,
) -> Result<(), CertifyError> {
    assert!(other != blocked, "the certificate needs a second solution");
    Kind::check(puzzle, other).map_err(P::unverified)?;
    let (encoding, cnf) =
        other_solution_formula(puzzle, Some(blocked)).map_err(CertifyError::TooLarge)?;
    write_formula(puzzle, Some(blocked), &encoding, &cnf, formula_out)?;
    // The auxiliaries are functions of the cells: fixing the cells determines the model.
    let mut solver = Solver::new(NoDeadline);
    for clause in cnf.clauses() {
        solver.add_clause(clause);
    }
    let cells: Vec<Lit> = other
        .positions()
        .map(|pos| P::cell_is(&encoding, pos, other[pos]))
        .collect();
    let Ok(Some(model)) = solver.solve_assuming(&cells) else {
        unreachable!("a verified solution other than the blocked one satisfies the formula");
    };
    writeln!(model_out, "s SATISFIABLE")?;
    for chunk in model.literals(encoding.vars()).chunks(20) {
        let line: Vec<String> = chunk.iter().map(i64::to_string).collect();
        writeln!(model_out, "v {}", line.join(" "))?;
    }
    writeln!(model_out, "v 0")?;
    model_out.flush()?;
    Ok(())
}

/// Writes the formula `cnf` of `encoding` in DIMACS.
fn write_formula<P: Certified>(
    puzzle: &P,
    blocked: Option<&Grid<P::Value>>,
    encoding: &P::Encoding,
    cnf: &Cnf,
    formula_out: &mut impl Write,
) -> Result<(), CertifyError> {
    if blocked.is_some() {
        writeln!(
            formula_out,
            "c the last clause blocks the solution found: \"a second solution exists\""
        )?;
    }
    cnf::write_dimacs(formula_out, puzzle, encoding, cnf)?;
    formula_out.flush()?;
    Ok(())
}
