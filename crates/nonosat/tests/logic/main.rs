//! Line logic: the complete line solver against every short line, and probing.

#[path = "../brute/mod.rs"]
mod brute;

mod colour_line;
mod line_solver;
mod probing;
