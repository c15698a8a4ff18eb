//! Line logic: the complete line solver, propagation over the grid to a fixpoint, and probing.
//!
//! [`LineSolver`] is one line's deduction: given a clue and a partly known line, fix the cells that
//! must follow. [`DpLineSolver`] is the complete one (Kikuchi's Theorem 2.2, by dynamic
//! programming), and [`bits::BitLineSolver`] the same on lines of one word (up to 128 cells),
//! bit-parallel; the seed papers' methods in [`crate::methods`] are others.
//! [`propagate`](fn@propagate) runs any of them over a queue of dirty lines; [`probe`](fn@probe)
//! tries open cells both ways on top of it; a [`board::Board`] propagates in place with an undo
//! trail, for search, over either kind of puzzle ([`kind`]: the black-and-white line engine,
//! bit-parallel with a line cache, and the colour one). [`colour`] holds the colour line solver
//! (bit-parallel in [`colour_bits`] up to 128 cells) and its propagation, apart from the
//! black-and-white hot loops; [`colour_probe`] probes colour grids on top of it.

pub mod belief;
pub mod bits;
pub mod board;
pub mod colour;
pub mod colour_belief;
pub mod colour_bits;
pub mod colour_probe;
pub mod count;
mod dp;
pub mod kind;
mod memo;
pub mod probe;
pub mod propagate;
pub mod word;

pub use dp::{Contradiction, DpLineSolver};
pub use probe::{NoSolution, probe};
pub use propagate::{Stuck, propagate, propagate_lines};

use crate::model::{Cell, Clue};

/// A method that deduces cells of one line from its clue and known cells.
///
/// A sound solver never fixes a cell against an arrangement of the clue; a complete one fixes every
/// cell that all arrangements agree on, and reports a contradiction exactly when there is none.
pub trait LineSolver {
    /// The line with the cells this method can fix filled in, or a contradiction.
    fn solve_line(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction>;

    /// Whether this solver has stopped working (as at a deadline) and leaves every line as it is
    /// from now on, so that a loop over many probes can end at once. Never, by default.
    fn has_stopped(&self) -> bool {
        false
    }
}

impl LineSolver for DpLineSolver {
    fn solve_line(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
        self.solve(clue, line)
    }
}
