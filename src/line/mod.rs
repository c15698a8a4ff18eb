//! Single-line solvers: given a clue and a partly known line, fix the cells that must follow.

mod dp;
pub mod kikuchi;
pub mod koike;
pub mod myillust;

pub use dp::{Contradiction, DpLineSolver};

use crate::model::{Cell, Clue};

/// A method that deduces cells of one line from its clue and known cells.
///
/// A sound solver never fixes a cell against an arrangement of the clue; a complete one fixes every
/// cell that all arrangements agree on, and reports a contradiction exactly when there is none.
pub trait LineSolver {
    /// The line with the cells this method can fix filled in, or a contradiction.
    fn solve_line(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction>;
}

impl LineSolver for DpLineSolver {
    fn solve_line(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
        self.solve(clue, line)
    }
}
