//! Probing: try each open cell both ways under line propagation, and keep what that proves.
//!
//! If one colour leads to a contradiction, the cell has the other colour (and everything that colour
//! implies). If both colours propagate, every cell that comes out the same either way is fixed too.
//! Rounds repeat until a whole round fixes nothing (Wu et al. 2013 call this fully probing). Each
//! deduction holds in every solution, so probing is sound; it is still incomplete. A line solver
//! that has stopped ([`LineSolver::has_stopped`], at a deadline) ends probing where it is.

use crate::logic::LineSolver;
use crate::logic::propagate::{Stuck, propagate, propagate_lines};
use crate::model::{Cell, Grid, LineId, Pos, Puzzle};

/// What probing did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Probing {
    /// Probes made (one per colour tried).
    pub probes: usize,
    /// Rounds over the open cells.
    pub rounds: usize,
}

/// Probing found that no solution exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoSolution;

/// Propagates `grid` and then probes it to a fixpoint, fixing what the probes prove, or until
/// `solver` has stopped.
pub fn probe(
    puzzle: &Puzzle,
    grid: &mut Grid<Cell>,
    solver: &mut impl LineSolver,
) -> Result<Probing, NoSolution> {
    propagate(puzzle, grid, solver).map_err(|_: Stuck| NoSolution)?;
    let mut done = Probing::default();
    loop {
        done.rounds += 1;
        let mut changed = false;
        for pos in grid.positions() {
            if solver.has_stopped() {
                return Ok(done);
            }
            if grid[pos] != Cell::Unknown {
                continue;
            }
            done.probes += 2;
            let black = try_colour(puzzle, grid, solver, pos, Cell::Black);
            let white = try_colour(puzzle, grid, solver, pos, Cell::White);
            let implied = match (black, white) {
                (None, None) => return Err(NoSolution),
                (Some(only), None) | (None, Some(only)) => only,
                (Some(black), Some(white)) => agreement(grid, &black, &white),
            };
            let lines = newly_known(grid, &implied);
            if !lines.is_empty() {
                *grid = implied;
                changed = true;
            }
        }
        if !changed {
            return Ok(done);
        }
    }
}

/// The grid after setting `pos` to `colour` and propagating, or `None` on a contradiction.
fn try_colour(
    puzzle: &Puzzle,
    grid: &Grid<Cell>,
    solver: &mut impl LineSolver,
    pos: Pos,
    colour: Cell,
) -> Option<Grid<Cell>> {
    let mut trial = grid.clone();
    trial[pos] = colour;
    let lines = [LineId::Row(pos.row), LineId::Col(pos.col)];
    propagate_lines(puzzle, &mut trial, solver, lines)
        .ok()
        .map(|_| trial)
}

/// `grid` with every open cell fixed on which `a` and `b` agree.
fn agreement(grid: &Grid<Cell>, a: &Grid<Cell>, b: &Grid<Cell>) -> Grid<Cell> {
    let mut agreed = grid.clone();
    for pos in grid.positions() {
        if a[pos] == b[pos] {
            agreed[pos] = a[pos];
        }
    }
    agreed
}

/// The lines that hold a cell known in `after` but not in `grid`.
fn newly_known(grid: &Grid<Cell>, after: &Grid<Cell>) -> Vec<LineId> {
    grid.positions()
        .filter(|&pos| grid[pos] == Cell::Unknown && after[pos] != Cell::Unknown)
        .flat_map(|pos| [LineId::Row(pos.row), LineId::Col(pos.col)])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Contradiction, DpLineSolver};
    use crate::model::Clue;

    /// The complete line solver, which stops after `calls` calls and fixes nothing after that.
    struct StopsAfter {
        calls: usize,
        calls_after_stop: usize,
    }

    impl LineSolver for StopsAfter {
        fn solve_line(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
            if self.has_stopped() {
                self.calls_after_stop += 1;
                return Ok(line.to_vec());
            }
            self.calls -= 1;
            DpLineSolver::new().solve(clue, line)
        }

        fn has_stopped(&self) -> bool {
            self.calls == 0
        }
    }

    #[test]
    fn probing_ends_once_the_line_solver_has_stopped() {
        let clues = |lists: &[&[usize]]| lists.iter().map(|b| Clue::new(b.to_vec())).collect();
        // Two 2x2 diagonals side by side: line logic fixes nothing, so probing has work to do.
        let puzzle =
            Puzzle::new(clues(&[&[1, 1], &[1, 1]]), clues(&[&[1], &[1], &[1], &[1]])).unwrap();
        let mut grid = Grid::filled(4, 2, Cell::Unknown);
        let mut solver = StopsAfter {
            calls: 8,
            calls_after_stop: 0,
        };
        assert!(probe(&puzzle, &mut grid, &mut solver).is_ok());
        assert_eq!(solver.calls, 0, "the solver was used up to its stop");
        // The cell under way finishes its two probes (its row and column each); no other cell
        // is probed, which would take four more calls each.
        assert!(solver.calls_after_stop <= 4, "{}", solver.calls_after_stop);
    }
}
