//! The SAT layer: the only part of nonosat that talks to a SAT solver.

mod varisat;

pub use self::varisat::{Model, Solver, TimedOut, solve_with_drat_proof};
