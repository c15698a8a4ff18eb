//! varisat behind the interface of [`crate::sat`]: the only file that names it.
//!
//! varisat has no interrupt or time limit. A deadline is met through its proof output instead: when
//! a deadline is set, the solver writes a proof (in varisat's own format, which unlike DRAT allows
//! assumptions and clauses added between solves) into a writer that fails once the deadline has
//! passed, and varisat stops solving at the first failed write. The proof costs 3-10% of solving
//! time, and only when a deadline is set. The proof is buffered in 8 KiB
//! chunks, a few hundred conflicts each, so the solver stops within milliseconds of the deadline, and
//! nothing keeps running after the answer.

use std::io::{self, Write};
use std::time::Instant;

use varisat::solver::SolverError;
use varisat::{ExtendFormula, ProofFormat};

use crate::cnf::{ClauseSink, Lit, Var};

/// The deadline passed before the solver finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimedOut;

/// A satisfying assignment, read from the solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// `values[v - 1]` is the value of variable `v`.
    values: Vec<bool>,
}

impl Model {
    /// The signed DIMACS literals of variables `1..=vars`, true ones positive.
    pub fn literals(&self, vars: u32) -> Vec<i64> {
        (1..=vars)
            .map(|v| {
                if self.value(Var::from_dimacs(v)) {
                    v as i64
                } else {
                    -(v as i64)
                }
            })
            .collect()
    }

    /// The value of `var` (false for a variable the solver never saw).
    pub fn value(&self, var: Var) -> bool {
        self.values
            .get(var.dimacs() as usize - 1)
            .copied()
            .unwrap_or(false)
    }
}

/// An incremental SAT solver.
pub struct Solver {
    inner: varisat::Solver<'static>,
    /// Reused for each clause handed to varisat.
    buffer: Vec<varisat::Lit>,
}

impl Solver {
    /// A solver that gives up at `deadline`, if one is given.
    pub fn new(deadline: Option<Instant>) -> Self {
        let mut inner = varisat::Solver::new();
        if let Some(deadline) = deadline {
            // varisat's own format, because DRAT cannot record assumptions or added clauses.
            inner.write_proof(DeadlineWriter { deadline }, ProofFormat::Varisat);
        }
        Solver {
            inner,
            buffer: Vec::new(),
        }
    }

    /// Solves the clauses added so far: a model, `None` if they are unsatisfiable, or a time-out.
    ///
    /// After a time-out the solver must not be used again.
    pub fn solve(&mut self) -> Result<Option<Model>, TimedOut> {
        let outcome = self.inner.solve();
        self.outcome(outcome)
    }

    /// Solves the clauses added so far with every literal of `assumptions` taken as true for this
    /// call only.
    pub fn solve_assuming(&mut self, assumptions: &[Lit]) -> Result<Option<Model>, TimedOut> {
        let assumptions: Vec<_> = assumptions.iter().map(|&lit| to_varisat(lit)).collect();
        self.inner.assume(&assumptions);
        let outcome = self.inner.solve();
        let outcome = self.outcome(outcome);
        self.inner.assume(&[]);
        outcome
    }

    /// The answer of a finished `solve`; the model is read before anything can discard it.
    fn outcome(&self, solved: Result<bool, SolverError>) -> Result<Option<Model>, TimedOut> {
        match solved {
            Ok(true) => Ok(Some(self.read_model())),
            Ok(false) => Ok(None),
            Err(SolverError::ProofIoError { cause }) if cause.kind() == io::ErrorKind::TimedOut => {
                Err(TimedOut)
            }
            Err(error) => {
                unreachable!("varisat failed with no interrupt or proof checker set: {error}")
            }
        }
    }

    fn read_model(&self) -> Model {
        read_model(&self.inner)
    }
}

/// The model of a solver whose last solve was satisfiable.
fn read_model(solver: &varisat::Solver) -> Model {
    let model = solver.model().unwrap_or_default();
    let mut values = vec![false; model.iter().map(|lit| lit.index() + 1).max().unwrap_or(0)];
    for lit in model {
        values[lit.index()] = lit.is_positive();
    }
    Model { values }
}

impl ClauseSink for Solver {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.buffer.clear();
        self.buffer.extend(lits.iter().map(|&lit| to_varisat(lit)));
        self.inner.add_clause(&self.buffer);
    }
}

fn to_varisat(lit: Lit) -> varisat::Lit {
    varisat::Lit::from_dimacs(lit.dimacs() as isize)
}

/// Discards proof bytes, and fails once the deadline has passed.
struct DeadlineWriter {
    deadline: Instant,
}

impl Write for DeadlineWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if Instant::now() >= self.deadline {
            return Err(io::Error::new(io::ErrorKind::TimedOut, "deadline passed"));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Solves `clauses` once, from a fresh solver, writing a DRAT proof (text) into `proof`: a model
/// when they are satisfiable, `None` when the proof refutes them.
///
/// varisat's DRAT output needs the whole formula before any solve, no assumptions and no clause
/// added afterwards, hence a solver of its own. It names variables by varisat's "global" numbers;
/// these are the DIMACS numbers of `clauses`, because a fresh solver maps each new variable to the
/// same number when it can (the tests check proofs against the DIMACS text with an independent
/// checker).
pub fn solve_with_drat_proof(clauses: &[Vec<Lit>], proof: impl Write) -> io::Result<Option<Model>> {
    let mut solver = varisat::Solver::new();
    solver.write_proof(proof, ProofFormat::Drat);
    let mut buffer = Vec::new();
    for clause in clauses {
        buffer.clear();
        buffer.extend(clause.iter().map(|&lit| to_varisat(lit)));
        solver.add_clause(&buffer);
    }
    let satisfiable = solver.solve().map_err(proof_error)?;
    let model = satisfiable.then(|| read_model(&solver));
    solver.close_proof().map_err(proof_error)?;
    Ok(model)
}

fn proof_error(error: SolverError) -> io::Error {
    match error {
        SolverError::ProofIoError { cause } => cause,
        other => io::Error::other(other.to_string()),
    }
}
