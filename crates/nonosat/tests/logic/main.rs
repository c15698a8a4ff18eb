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

/// The sizes of round `round` of a board test with lines longer than a word: wide, tall, and both
/// just past 64 cells, by turns; `spread` varies the long side.
fn past_a_word(round: usize, spread: usize) -> (usize, usize) {
    match round % 3 {
        0 => (62 + round % spread, 3 + round % 5),
        1 => (3 + round % 5, 62 + round % spread),
        _ => (63 + round % 3, 64 + round % 3),
    }
}
