//! Solving and uniqueness: verdicts, ambiguous cells, repairs and certificates against brute
//! force and the independent proof checker.

#[path = "../brute/mod.rs"]
mod brute;
#[path = "../common/mod.rs"]
mod common;

mod ambiguity;
mod colour;
mod colour_fix;
mod fix;
mod proof;
mod propagation;
mod uniqueness;
