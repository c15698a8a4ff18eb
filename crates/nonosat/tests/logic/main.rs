//! Line logic: the complete line solvers (black-and-white and colour) against every short line,
//! colour propagation over grids, the search's board, and probing.

#[path = "../brute/mod.rs"]
mod brute;
#[path = "../common/mod.rs"]
mod common;

mod board;
mod colour_board;
mod colour_grids;
mod colour_line;
mod counting;
mod line_solver;
mod probing;
