//! Line propagation: run a line solver over a queue of changed lines until nothing more follows.

use std::collections::VecDeque;

use crate::logic::{Contradiction, LineSolver};
use crate::model::{Cell, Grid, LineId, Pos, Puzzle};

/// One deduction: the cells that solving one line fixed, in line order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// The line that was solved.
    pub line: LineId,
    /// The cells it fixed and their colour (`true` = black).
    pub fixed: Vec<(Pos, bool)>,
}

/// What a propagation run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Propagation {
    /// Every deduction that fixed at least one cell, in the order they were made.
    pub deductions: Vec<Deduction>,
    /// How many times the line solver was called.
    pub line_solves: usize,
    /// Passes over the queue: the first solves the lines given at the start, each later one the
    /// lines that the pass before it changed.
    pub passes: usize,
}

/// A contradiction found while propagating: the line that has no arrangement left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stuck {
    /// The line whose clue cannot be met.
    pub line: LineId,
    /// What was deduced before the contradiction.
    pub before: Propagation,
}

/// Propagates `grid` to a fixpoint of `solver` over every line of `puzzle`.
///
/// Lines are solved first-in first-out; a line is queued again when a crossing line fixes one of its
/// cells. The grid keeps every cell fixed, also when a contradiction ends the run.
pub fn propagate(
    puzzle: &Puzzle,
    grid: &mut Grid<Cell>,
    solver: &mut impl LineSolver,
) -> Result<Propagation, Stuck> {
    propagate_lines(puzzle, grid, solver, puzzle.lines())
}

/// Like [`propagate`], but starts with only `lines` in the queue: the lines whose cells changed
/// since the grid was last at a fixpoint.
pub fn propagate_lines(
    puzzle: &Puzzle,
    grid: &mut Grid<Cell>,
    solver: &mut impl LineSolver,
    lines: impl IntoIterator<Item = LineId>,
) -> Result<Propagation, Stuck> {
    let mut queued = Queued {
        rows: vec![false; puzzle.height()],
        columns: vec![false; puzzle.width()],
    };
    let mut queue = VecDeque::new();
    for line in lines {
        if !*queued.flag(line) {
            *queued.flag(line) = true;
            queue.push_back(line);
        }
    }
    let mut done = Propagation::default();
    let mut left_in_pass = 0;
    while let Some(line) = queue.pop_front() {
        if left_in_pass == 0 {
            done.passes += 1;
            left_in_pass = queue.len() + 1;
        }
        left_in_pass -= 1;
        *queued.flag(line) = false;
        let cells = grid.line(line);
        done.line_solves += 1;
        let solved = match solver.solve_line(puzzle.clue(line), &cells) {
            Ok(solved) => solved,
            Err(Contradiction) => return Err(Stuck { line, before: done }),
        };
        let mut fixed = Vec::new();
        for ((pos, old), new) in grid.line_positions(line).zip(cells).zip(solved) {
            if old == Cell::Unknown && new != Cell::Unknown {
                grid[pos] = new;
                fixed.push((pos, new == Cell::Black));
                let crossing = crossing_line(line, pos);
                if !*queued.flag(crossing) {
                    *queued.flag(crossing) = true;
                    queue.push_back(crossing);
                }
            }
        }
        if !fixed.is_empty() {
            done.deductions.push(Deduction { line, fixed });
        }
    }
    Ok(done)
}

/// The line through `pos` that crosses `line`.
fn crossing_line(line: LineId, pos: Pos) -> LineId {
    match line {
        LineId::Row(_) => LineId::Col(pos.col),
        LineId::Col(_) => LineId::Row(pos.row),
    }
}

/// Which lines wait in the queue: one flag per row and one per column.
struct Queued {
    rows: Vec<bool>,
    columns: Vec<bool>,
}

impl Queued {
    fn flag(&mut self, line: LineId) -> &mut bool {
        match line {
            LineId::Row(r) => &mut self.rows[r],
            LineId::Col(c) => &mut self.columns[c],
        }
    }
}
