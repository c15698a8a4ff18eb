//! From a puzzle to its verdict: line propagation, the CNF in a SAT solver, a blocking clause for
//! uniqueness, and what builds on that search: every ambiguous cell, enumeration, repairs of a
//! design, and certificates.
//!
//! - `kind` holds the entry points [`check()`], [`solve()`], [`fix()`] and [`hints_settle()`],
//!   generic over the kinds of puzzle ([`Solvable`]: black and white, colour);
//! - [`check`](mod@check) holds the one driver of check and solve, their options and reports;
//! - `search` keeps a puzzle's formula in a solver and finds solutions, each verified by
//!   [`Puzzle::check`](crate::Puzzle::check);
//! - `dfs` looks for solutions by depth-first search with probing, for [`Strategy::Probing`],
//!   and `nogoods` keeps what its runs proved across its restarts;
//! - `race` runs two searches on two threads, the answer that took less work winning
//!   (`sat::WorkClock` counts it), `handover` passes the root's fixpoint from the first racer to
//!   the second, and `turns` lets the second racer's searches take turns on one core;
//! - `ambiguity` finds every cell on which two solutions differ, for any `searcher::Searcher`;
//! - [`colour`](mod@colour) checks and solves colour puzzles, through the same driver, on a
//!   colour board and the colour encoding;
//! - [`repair`] proposes hints and pixel edits for a design that is not unique, and `regions` one
//!   edit per ambiguous region when no single edit will do, for either kind of puzzle through
//!   `searcher::SolveKind` (`design` holds the edits and errors they give back);
//! - [`certify`] writes DRAT refutations and models that an independent checker can verify.

mod ambiguity;
pub mod certify;
pub mod check;
pub mod colour;
mod decimate;
mod design;
mod dfs;
mod guess;
mod handover;
mod kind;
mod neighbourhood;
mod nogoods;
mod race;
mod regions;
pub mod repair;
mod search;
mod turns;
pub(crate) use search::propagated;
mod searcher;

pub use check::{
    CheckError, GoalReport, Options, Report, SolutionCount, Strategy, Verdict, VerdictKnown,
};
pub use colour::ColourReport;
pub use kind::{
    RepairsOf, ReportOf, Solvable, check, check_verdict_first, fix, hints_settle, solve,
};
pub(crate) use search::verified_picture;
