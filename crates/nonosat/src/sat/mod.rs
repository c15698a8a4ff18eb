//! The SAT layer, the only part of nonosat that talks to a SAT solver: a small [`Backend`] interface
//! with one file per backend, and [`Solver`], which runs the chosen backend under a
//! [`Limit`](crate::deadline::Limit) so that a solve without a deadline cannot time out in its type.

mod varisat;

use std::io::{self, Write};

pub use self::varisat::Varisat;
use crate::cnf::{ClauseSink, Lit, Var};
use crate::deadline::{Deadline, Limit};

/// The backend every search uses.
pub type DefaultBackend = Varisat;

/// A satisfying assignment, read from a solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// `values[v - 1]` is the value of variable `v`.
    values: Vec<bool>,
}

impl Model {
    /// The model that gives variable `v` the value `values[v - 1]`.
    pub fn from_values(values: Vec<bool>) -> Self {
        Model { values }
    }

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

/// What one solve of a backend ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The clauses and assumptions are satisfiable; the model was read before anything could
    /// discard it.
    Satisfiable(Model),
    /// They are not.
    Unsatisfiable,
    /// The deadline given to [`Backend::new`] passed first; the backend must not be used again.
    Interrupted,
}

/// An incremental SAT solver.
pub trait Backend: ClauseSink {
    /// A solver without clauses that gives up at `deadline`, if one is given, and only then.
    fn new(deadline: Option<Deadline>) -> Self;

    /// Solves the clauses added so far with every literal of `assumptions` true for this call only.
    fn solve(&mut self, assumptions: &[Lit]) -> Outcome;

    /// Solves `clauses` once, from a fresh solver, writing a DRAT refutation (text) into `proof`:
    /// a model when they are satisfiable, `None` when the proof refutes them. Variables in the
    /// proof are the DIMACS numbers of `clauses`.
    fn solve_with_drat_proof(
        clauses: &[Vec<Lit>],
        proof: &mut dyn Write,
    ) -> io::Result<Option<Model>>;
}

/// A backend under a limit: `solve` returns `Result<_, L::Exceeded>`, which is
/// [`TimedOut`](crate::deadline::TimedOut) under a deadline and `Infallible` without one.
pub struct Solver<L: Limit, B: Backend = DefaultBackend> {
    backend: B,
    limit: L,
}

impl<L: Limit> Solver<L> {
    /// A solver of the [`DefaultBackend`] without clauses, which gives up when `limit` says so.
    pub fn new(limit: L) -> Self {
        Solver::with_backend(limit)
    }
}

impl<L: Limit, B: Backend> Solver<L, B> {
    /// A solver of the backend `B` without clauses, which gives up when `limit` says so.
    pub fn with_backend(limit: L) -> Self {
        Solver {
            backend: B::new(limit.deadline()),
            limit,
        }
    }

    /// Solves the clauses added so far: a model, or `None` if they are unsatisfiable.
    ///
    /// After a time-out the solver must not be used again.
    pub fn solve(&mut self) -> Result<Option<Model>, L::Exceeded> {
        self.solve_assuming(&[])
    }

    /// Solves the clauses added so far with every literal of `assumptions` taken as true for this
    /// call only.
    pub fn solve_assuming(&mut self, assumptions: &[Lit]) -> Result<Option<Model>, L::Exceeded> {
        match self.backend.solve(assumptions) {
            Outcome::Satisfiable(model) => Ok(Some(model)),
            Outcome::Unsatisfiable => Ok(None),
            Outcome::Interrupted => Err(self.limit.exceeded()),
        }
    }
}

impl<L: Limit, B: Backend> ClauseSink for Solver<L, B> {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.backend.add_clause(lits);
    }
}

/// Solves `clauses` once with the default backend, writing a DRAT proof into `proof`
/// ([`Backend::solve_with_drat_proof`]).
pub fn solve_with_drat_proof(
    clauses: &[Vec<Lit>],
    mut proof: impl Write,
) -> io::Result<Option<Model>> {
    DefaultBackend::solve_with_drat_proof(clauses, &mut proof)
}
