//! Probing over colour grids: each cell that may still take several colours is tried with each of
//! them under colour line propagation. A colour that leads to a contradiction is struck; and since
//! every solution lies in the trial of its own colour for the cell, each cell keeps only the colours
//! some surviving trial leaves it. Rounds repeat, with the grid propagated again after each round
//! that narrowed it, until a round narrows nothing. Sound, like black-and-white probing
//! ([`probe`](fn@super::probe)), and incomplete.

use super::colour::{ColourLineSolver, ColourState, propagate_colour, propagate_colour_lines};
use super::probe::NoSolution;
use crate::model::{ColourPuzzle, LineId};

/// What colour probing did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ColourProbing {
    /// Probes made (one per colour tried in a cell).
    pub probes: usize,
    /// Rounds over the open cells.
    pub rounds: usize,
    /// Line solves, by propagation and by the probes.
    pub line_solves: usize,
}

/// Propagates `grid` and then probes it to a fixpoint, narrowing cells to what the probes prove.
pub fn probe_colour(
    puzzle: &ColourPuzzle,
    grid: &mut ColourState,
    solver: &mut ColourLineSolver,
) -> Result<ColourProbing, NoSolution> {
    let mut done = ColourProbing {
        line_solves: propagate_colour(puzzle, grid, solver).map_err(|_| NoSolution)?,
        ..ColourProbing::default()
    };
    loop {
        done.rounds += 1;
        let mut changed = false;
        for pos in grid.positions() {
            let open = grid[pos];
            if open.count_ones() <= 1 {
                continue;
            }
            let mut kept: Option<ColourState> = None;
            for colour in (0..32).filter(|c| open & (1 << c) != 0) {
                done.probes += 1;
                let mut trial = grid.clone();
                trial[pos] = 1 << colour;
                let lines = [LineId::Row(pos.row), LineId::Col(pos.col)];
                match propagate_colour_lines(puzzle, &mut trial, solver, lines) {
                    Ok(solves) => done.line_solves += solves,
                    Err(_) => continue,
                }
                kept = Some(match kept {
                    None => trial,
                    Some(mut union) => {
                        for cell in trial.positions() {
                            union[cell] |= trial[cell];
                        }
                        union
                    }
                });
            }
            let kept = kept.ok_or(NoSolution)?;
            if kept != *grid {
                *grid = kept;
                changed = true;
            }
        }
        if !changed {
            return Ok(done);
        }
        done.line_solves += propagate_colour(puzzle, grid, solver).map_err(|_| NoSolution)?;
    }
}
