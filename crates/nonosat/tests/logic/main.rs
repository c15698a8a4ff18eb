//! Line logic: the complete line solver against every short line, and probing.

#[path = "../brute/mod.rs"]
mod brute;

mod line_solver;
mod probing;
