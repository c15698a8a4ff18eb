//! varisat behind [`Backend`]: the only file that names it.
//!
//! varisat has no interrupt or time limit. A deadline or a stop signal is met through its proof
//! output instead: when either is set, the solver writes a proof (in varisat's own format, which
//! unlike DRAT allows assumptions and clauses added between solves) into a writer that fails once
//! the interrupt is due, and varisat stops solving at the first failed write. The proof costs 3-10%
//! of solving time, and only when an interrupt is set. The proof is buffered in 8 KiB chunks, a few
//! hundred conflicts each, so the solver stops within milliseconds; its thread then frees it and
//! ends (`threaded.rs`).

use std::io::{self, Write};

use varisat::solver::SolverError;
use varisat::{ExtendFormula, ProofFormat};

use super::threaded::Engine;
use super::{Backend, BackendRow, Interrupt, Model, Outcome, ProofOutcome};
use crate::cnf::{ClauseSink, Lit};
use crate::deadline::Deadline;

/// varisat's row of the backend table: it has no preferred phases.
pub(super) const ROW: BackendRow = BackendRow {
    name: "varisat",
    takes_preferences: false,
    engine: |interrupt| Box::new(Varisat::new(interrupt)),
    solve_with_drat_proof,
};

/// varisat 0.2, incremental.
pub struct Varisat {
    inner: varisat::Solver<'static>,
    /// Reused for each clause handed to varisat.
    buffer: Vec<varisat::Lit>,
}

impl Varisat {
    /// A solver without clauses that gives up when `interrupt` says so.
    pub fn new(interrupt: Interrupt) -> Self {
        let mut inner = varisat::Solver::new();
        if interrupt.is_set() {
            // varisat's own format, because DRAT cannot record assumptions or added clauses.
            let writer = InterruptWriter {
                interrupt,
                inner: io::sink(),
            };
            inner.write_proof(writer, ProofFormat::Varisat);
        }
        Varisat {
            inner,
            buffer: Vec::new(),
        }
    }
}

impl Engine for Varisat {}

impl Backend for Varisat {
    fn solve(&mut self, assumptions: &[Lit]) -> Outcome {
        if assumptions.is_empty() {
            let solved = self.inner.solve();
            return outcome(&self.inner, solved);
        }
        let assumptions: Vec<_> = assumptions.iter().map(|&lit| to_varisat(lit)).collect();
        self.inner.assume(&assumptions);
        let solved = self.inner.solve();
        let outcome = outcome(&self.inner, solved);
        self.inner.assume(&[]);
        outcome
    }
}

/// varisat's DRAT output needs the whole formula before any solve, no assumptions and no clause
/// added afterwards, hence a solver of its own. It names variables by varisat's "global"
/// numbers; these are the DIMACS numbers of `clauses`, because a fresh solver maps each new
/// variable to the same number when it can (the tests check proofs against the DIMACS text with
/// an independent checker). The deadline is kept as with searches: the proof's writer fails once it
/// has passed.
pub(super) fn solve_with_drat_proof(
    clauses: &[Vec<Lit>],
    proof: &mut dyn Write,
    deadline: Option<Deadline>,
) -> io::Result<ProofOutcome> {
    let mut solver = varisat::Solver::new();
    let interrupt = Interrupt::at(deadline);
    solver.write_proof(
        InterruptWriter {
            interrupt,
            inner: proof,
        },
        ProofFormat::Drat,
    );
    let mut buffer = Vec::new();
    for clause in clauses {
        buffer.clear();
        buffer.extend(clause.iter().map(|&lit| to_varisat(lit)));
        solver.add_clause(&buffer);
    }
    let interrupted = |error: &SolverError| matches!(error, SolverError::ProofIoError { cause } if cause.kind() == io::ErrorKind::TimedOut);
    let outcome = match solver.solve() {
        Ok(true) => ProofOutcome::Satisfiable(read_model(&solver)),
        Ok(false) => ProofOutcome::Refuted,
        Err(error) if interrupted(&error) => return Ok(ProofOutcome::Interrupted),
        Err(error) => return Err(proof_error(error)),
    };
    // The last buffered part of the proof is written here, also under the deadline.
    match solver.close_proof() {
        Ok(()) => Ok(outcome),
        Err(error) if interrupted(&error) => Ok(ProofOutcome::Interrupted),
        Err(error) => Err(proof_error(error)),
    }
}

impl ClauseSink for Varisat {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.buffer.clear();
        self.buffer.extend(lits.iter().map(|&lit| to_varisat(lit)));
        self.inner.add_clause(&self.buffer);
    }
}

/// The outcome of a finished `solve`; the model is read before anything can discard it.
fn outcome(solver: &varisat::Solver, solved: Result<bool, SolverError>) -> Outcome {
    match solved {
        Ok(true) => Outcome::Satisfiable(read_model(solver)),
        Ok(false) => Outcome::Unsatisfiable,
        Err(SolverError::ProofIoError { cause }) if cause.kind() == io::ErrorKind::TimedOut => {
            Outcome::Interrupted
        }
        Err(error) => {
            unreachable!("varisat failed with no interrupt or proof checker set: {error}")
        }
    }
}

/// The model of a solver whose last solve was satisfiable.
fn read_model(solver: &varisat::Solver) -> Model {
    let model = solver.model().unwrap_or_default();
    let mut values = vec![false; model.iter().map(|lit| lit.index() + 1).max().unwrap_or(0)];
    for lit in model {
        values[lit.index()] = lit.is_positive();
    }
    Model::from_values(values)
}

fn to_varisat(lit: Lit) -> varisat::Lit {
    varisat::Lit::from_dimacs(lit.dimacs() as isize)
}

/// The work a byte of varisat's proof counts ([`WorkClock`](super::WorkClock)): varisat writes
/// its proof as it searches, about a byte every this many nanoseconds (docs/performance.md).
const WORK_PER_PROOF_BYTE: u64 = 60;

/// Passes proof bytes on to `inner`, counts them as work on the interrupt's clock, and fails once
/// the interrupt is due.
struct InterruptWriter<W> {
    interrupt: Interrupt,
    inner: W,
}

impl<W: Write> Write for InterruptWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.interrupt.is_due() {
            return Err(io::Error::new(io::ErrorKind::TimedOut, "interrupted"));
        }
        let written = self.inner.write(buf)?;
        if let Some(clock) = &self.interrupt.work {
            clock.add(written as u64 * WORK_PER_PROOF_BYTE);
        }
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

fn proof_error(error: SolverError) -> io::Error {
    match error {
        SolverError::ProofIoError { cause } => cause,
        other => io::Error::other(other.to_string()),
    }
}
