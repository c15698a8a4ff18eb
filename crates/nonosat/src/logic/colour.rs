//! Colour line logic: the complete line solver for colour clues, and propagation over a grid.
//!
//! A cell is a set of colours it may still take, as the bits of a [`Colours`] (bit 0 the
//! background). [`ColourLineSolver`] keeps in each cell exactly the colours some arrangement of
//! the clue gives it: bit-parallel for lines of up to 128 cells ([`ColourBitSolver`]), and beyond
//! by [`ColourDpSolver`], a dynamic program in O(n·(k + C)) for a line of n cells, k blocks and C
//! colours:
//!
//! - `reach[j][i]`: blocks `0..j` fit the first `i` cells, and block `j` may start at cell `i` (the
//!   background cell that parts two blocks of one colour belongs to the earlier block's step);
//! - `rest[j][i]`: blocks `j..k` fit the cells from `i` on, block `j` starting at `i` or later;
//! - a cell may be background when a background step through it joins the two, and may be colour c
//!   when a placement of a block of colour c over it does; placements are marked by difference
//!   arrays and checked in O(1) by counts of the cells that cannot take each colour.
//!
//! Both are separate from the black-and-white solvers on purpose: the one-colour case keeps its
//! own tuned loops.

use std::collections::VecDeque;

use super::Contradiction;
use super::bits::{MAX_LEN, ones};
use super::colour_bits::{ColourBitSolver, MAX_VALUES};
use super::word::Word;
use crate::model::{ColourClue, ColourPuzzle, Grid, LineId, Pos};

/// The colours a cell may still take: bit `c` for colour index `c`, bit 0 the background.
pub type Colours = u32;

/// Every colour of a puzzle with `count` colours besides the background.
pub fn all_colours(count: usize) -> Colours {
    debug_assert!(count < 32);
    if count >= 31 {
        Colours::MAX
    } else {
        (1 << (count + 1)) - 1
    }
}

/// The complete colour line solver: bit-parallel for lines of up to 128 cells (in a `u64` up to
/// 64), the dynamic program beyond.
#[derive(Default)]
pub struct ColourLineSolver {
    narrow: InWords<u64>,
    wide: InWords<u128>,
    dp: ColourDpSolver,
}

/// The bit-parallel colour solver in words `W`, and a line's words, a word per value: the cells
/// that may take it, and what solving leaves.
#[derive(Default)]
struct InWords<W: Word> {
    bits: ColourBitSolver<W>,
    may: [W; MAX_VALUES],
    can: [W; MAX_VALUES],
}

impl ColourLineSolver {
    /// A solver.
    pub fn new() -> Self {
        ColourLineSolver::default()
    }

    /// The line with each cell narrowed to the colours some arrangement of `clue` gives it, or a
    /// contradiction when no arrangement fits. Colour indices of the clue must be below 32.
    pub fn solve(
        &mut self,
        clue: &ColourClue,
        line: &[Colours],
    ) -> Result<Vec<Colours>, Contradiction> {
        let mut solved = vec![0; line.len()];
        self.solve_into(clue, line, &mut solved)?;
        Ok(solved)
    }

    /// [`solve`](Self::solve) into `solved` (as long as `line`), without allocating; on a
    /// contradiction `solved` is left unspecified.
    pub fn solve_into(
        &mut self,
        clue: &ColourClue,
        line: &[Colours],
        solved: &mut [Colours],
    ) -> Result<(), Contradiction> {
        match line.len() {
            len if len <= MAX_LEN => self.narrow.solve_into(clue, line, solved),
            len if len <= u128::BITS as usize => self.wide.solve_into(clue, line, solved),
            _ => self.dp.solve_into(clue, line, solved),
        }
    }
}

impl<W: Word> InWords<W> {
    /// [`ColourLineSolver::solve_into`] on a line of at most `W::BITS` cells.
    fn solve_into(
        &mut self,
        clue: &ColourClue,
        line: &[Colours],
        solved: &mut [Colours],
    ) -> Result<(), Contradiction> {
        // A word per value up to the highest any cell may take (at least the background's).
        let values =
            (Colours::BITS - line.iter().fold(1, |any, &cell| any | cell).leading_zeros()) as usize;
        let (may, can) = (&mut self.may[..values], &mut self.can[..values]);
        may.fill(W::ZERO);
        for (i, &cell) in line.iter().enumerate() {
            for value in ones(u64::from(cell)) {
                may[value] |= W::ONE << i;
            }
        }
        self.bits.solve(clue, line.len(), may, can)?;
        solved.fill(0);
        for (value, &word) in can.iter().enumerate() {
            for i in ones(word) {
                solved[i] |= 1 << value;
            }
        }
        Ok(())
    }
}

/// The colour dynamic program, for lines of any length, keeping its work tables between calls.
#[derive(Clone, Debug, Default)]
pub struct ColourDpSolver {
    reach: Vec<bool>,
    rest: Vec<bool>,
    /// `blocked[c * (n + 1) + i]`: how many of the first `i` cells cannot take colour `c`.
    blocked: Vec<u32>,
    /// `marks[c * (n + 1) + i]`: difference array of the placements of colour `c` that are kept.
    marks: Vec<i32>,
    /// Per block, its earliest and latest start; `next[j * (n + 1) + i]`, where block `j`
    /// starting at `i` lets the next block start.
    lo: Vec<usize>,
    hi: Vec<usize>,
    next: Vec<u32>,
}

impl ColourDpSolver {
    /// A solver with empty tables.
    pub fn new() -> Self {
        ColourDpSolver::default()
    }

    /// Narrows each cell of `line` into `solved` (as long as `line`) to the colours some
    /// arrangement of `clue` gives it, or a contradiction when no arrangement fits (`solved` is
    /// then left unspecified). Colour indices of the clue must be below 32.
    pub fn solve_into(
        &mut self,
        clue: &ColourClue,
        line: &[Colours],
        solved: &mut [Colours],
    ) -> Result<(), Contradiction> {
        let n = line.len();
        let blocks = clue.blocks();
        let k = blocks.len();
        let colours = 1 + blocks
            .iter()
            .map(|b| usize::from(b.colour))
            .max()
            .unwrap_or(0);
        let width = n + 1;

        // Counts of the cells that cannot take each colour, for O(1) placement checks.
        self.blocked.clear();
        self.blocked.resize(colours * width, 0);
        for c in 0..colours {
            let row = &mut self.blocked[c * width..(c + 1) * width];
            for (i, &cell) in line.iter().enumerate() {
                row[i + 1] = row[i] + u32::from(cell & (1 << c) == 0);
            }
        }
        let blocked = &self.blocked;
        let free =
            |c: usize, from: usize, to: usize| blocked[c * width + to] == blocked[c * width + from];
        let may_be_background = |i: usize| line[i] & 1 != 0;

        // Block j starts at `lo[j]` at the earliest and `hi[j]` at the latest (the blocks before
        // it, or after it, packed tight); `lo[k]` is the clue's shortest line, `hi[k]` the line's
        // end. Only these steps can lie on an arrangement, so only they are visited below.
        let gap = |j: usize| usize::from(clue.needs_gap_after(j));
        self.lo.clear();
        let mut at = 0;
        for (j, block) in blocks.iter().enumerate() {
            self.lo.push(at);
            at += block.len + gap(j);
        }
        self.lo.push(at);
        if at > n {
            return Err(Contradiction);
        }
        self.hi.clear();
        self.hi.resize(k + 1, n);
        for (j, block) in blocks.iter().enumerate().rev() {
            self.hi[j] = self.hi[j + 1] - block.len - gap(j);
        }
        let (lo, hi) = (&self.lo, &self.hi);

        // Where block j starting at i lets the next block start, if it fits there (`NONE` if
        // not), for the starts in its range.
        const NONE: u32 = u32::MAX;
        self.next.clear();
        self.next.resize(k * width, NONE);
        for (j, block) in blocks.iter().enumerate() {
            let c = usize::from(block.colour);
            for start in lo[j]..=hi[j] {
                let end = start + block.len;
                if !free(c, start, end) {
                    continue;
                }
                let next = if gap(j) == 1 {
                    if !may_be_background(end) {
                        continue;
                    }
                    end + 1
                } else {
                    end
                };
                self.next[j * width + start] = next as u32;
            }
        }
        let next_of = &self.next;
        let placed = |j: usize, start: usize| -> Option<usize> {
            let next = next_of[j * width + start];
            (next != NONE).then_some(next as usize)
        };

        self.reach.clear();
        self.reach.resize((k + 1) * width, false);
        let reach = &mut self.reach;
        reach[lo[0]] = true;
        for j in 0..=k {
            for i in lo[j]..=hi[j] {
                if !reach[j * width + i] {
                    continue;
                }
                if i < hi[j] && may_be_background(i) {
                    reach[j * width + i + 1] = true;
                }
                if j < k
                    && let Some(next) = placed(j, i)
                {
                    reach[(j + 1) * width + next] = true;
                }
            }
        }
        if !reach[k * width + n] {
            return Err(Contradiction);
        }

        self.rest.clear();
        self.rest.resize((k + 1) * width, false);
        let rest = &mut self.rest;
        rest[k * width + n] = true;
        for j in (0..=k).rev() {
            for i in (lo[j]..=hi[j]).rev() {
                let background = i < hi[j] && may_be_background(i) && rest[j * width + i + 1];
                let block = j < k && placed(j, i).is_some_and(|next| rest[(j + 1) * width + next]);
                if background || block {
                    rest[j * width + i] = true;
                }
            }
        }

        // Mark what the arrangements through each step give their cells.
        self.marks.clear();
        self.marks.resize(colours * width, 0);
        let marks = &mut self.marks;
        let reach = &self.reach;
        let rest = &self.rest;
        for j in 0..=k {
            for i in lo[j]..(hi[j] + 1).min(n) {
                if !reach[j * width + i] {
                    continue;
                }
                if i < hi[j] && may_be_background(i) && rest[j * width + i + 1] {
                    marks[i] += 1;
                    marks[i + 1] -= 1;
                }
                if j < k
                    && let Some(next) = placed(j, i)
                    && rest[(j + 1) * width + next]
                {
                    let block = blocks[j];
                    let c = usize::from(block.colour);
                    marks[c * width + i] += 1;
                    marks[c * width + i + block.len] -= 1;
                    if next > i + block.len {
                        marks[i + block.len] += 1;
                        marks[i + block.len + 1] -= 1;
                    }
                }
            }
        }
        solved.fill(0);
        for c in 0..colours {
            let mut running = 0;
            for (i, cell) in solved.iter_mut().enumerate() {
                running += marks[c * width + i];
                if running > 0 {
                    *cell |= 1 << c;
                }
            }
        }
        for (cell, &known) in solved.iter_mut().zip(line) {
            *cell &= known;
        }
        Ok(())
    }
}

/// A colour grid partly solved: each cell the set of colours it may still take.
pub type ColourState = Grid<Colours>;

/// The grid with every colour open in every cell.
pub fn open_grid(puzzle: &ColourPuzzle) -> ColourState {
    let all = all_colours(puzzle.palette().len());
    Grid::filled(puzzle.width(), puzzle.height(), all)
}

/// The grid with each cell given in `given` (a colour index) narrowed to that colour, and every
/// colour open in the others (a partly solved grid as `formats::state` reads it).
pub fn given_grid(puzzle: &ColourPuzzle, given: &Grid<Option<u8>>) -> ColourState {
    let all = all_colours(puzzle.palette().len());
    given.map(|cell| cell.map_or(all, |colour| 1 << colour))
}

/// The line whose clue no arrangement meets, found by [`propagate_colour`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line} has no arrangement left")]
pub struct ColourStuck {
    /// The line.
    pub line: LineId,
}

/// Propagates `grid` to the fixpoint of the colour line solver over every line of `puzzle`: lines
/// are solved first-in first-out, and a line is queued again when a crossing line narrows one of
/// its cells. Returns the number of line solves.
pub fn propagate_colour(
    puzzle: &ColourPuzzle,
    grid: &mut ColourState,
    solver: &mut ColourLineSolver,
) -> Result<usize, ColourStuck> {
    propagate_colour_lines(puzzle, grid, solver, puzzle.lines())
}

/// [`propagate_colour`] starting from `lines` only (the others are taken to be at their fixpoint
/// already, as after one cell of a propagated grid is narrowed): lines are queued again as
/// crossing lines narrow their cells.
pub fn propagate_colour_lines(
    puzzle: &ColourPuzzle,
    grid: &mut ColourState,
    solver: &mut ColourLineSolver,
    lines: impl IntoIterator<Item = LineId>,
) -> Result<usize, ColourStuck> {
    let slot = |line: LineId| match line {
        LineId::Row(r) => r,
        LineId::Col(c) => puzzle.height() + c,
    };
    let mut queue = VecDeque::new();
    let mut queued = vec![false; puzzle.width() + puzzle.height()];
    for line in lines {
        if !queued[slot(line)] {
            queued[slot(line)] = true;
            queue.push_back(line);
        }
    }
    let mut solves = 0;
    // A line's positions and cells, and what solving it leaves: buffers reused for every line.
    let (mut positions, mut cells, mut solved) = (Vec::new(), Vec::new(), Vec::new());
    while let Some(line) = queue.pop_front() {
        queued[slot(line)] = false;
        positions.clear();
        positions.extend(grid.line_positions(line));
        cells.clear();
        cells.extend(positions.iter().map(|&pos: &Pos| grid[pos]));
        solved.resize(cells.len(), 0);
        solves += 1;
        solver
            .solve_into(puzzle.clue(line), &cells, &mut solved)
            .map_err(|Contradiction| ColourStuck { line })?;
        for ((&pos, &before), &after) in positions.iter().zip(&cells).zip(&solved) {
            if before != after {
                grid[pos] = after;
                let crossing = match line {
                    LineId::Row(_) => LineId::Col(pos.col),
                    LineId::Col(_) => LineId::Row(pos.row),
                };
                if !queued[slot(crossing)] {
                    queued[slot(crossing)] = true;
                    queue.push_back(crossing);
                }
            }
        }
    }
    Ok(solves)
}

/// The grid of colour indices, once every cell has exactly one colour left.
pub fn solved_picture(grid: &ColourState) -> Option<Grid<u8>> {
    let single = grid.cells().iter().all(|cell| cell.count_ones() == 1);
    single.then(|| grid.map(|cell| u8::try_from(cell.trailing_zeros()).expect("below 32")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Block;

    fn clue(blocks: &[(usize, u8)]) -> ColourClue {
        ColourClue::new(
            blocks
                .iter()
                .map(|&(len, colour)| Block { len, colour })
                .collect(),
        )
    }

    #[test]
    fn different_colours_may_touch_and_one_colour_needs_a_gap() {
        let mut solver = ColourLineSolver::new();
        let open = [0b111; 3];
        let touching = solver.solve(&clue(&[(2, 1), (1, 2)]), &open).unwrap();
        assert_eq!(touching, vec![0b010, 0b010, 0b100]);
        let parted = solver.solve(&clue(&[(1, 1), (1, 1)]), &open).unwrap();
        assert_eq!(parted, vec![0b010, 0b001, 0b010]);
        assert_eq!(
            solver.solve(&clue(&[(2, 1), (1, 1)]), &open),
            Err(Contradiction)
        );
    }

    #[test]
    fn an_empty_clue_leaves_only_background() {
        let mut solver = ColourLineSolver::new();
        assert_eq!(solver.solve(&clue(&[]), &[0b11, 0b11]), Ok(vec![1, 1]));
        assert_eq!(solver.solve(&clue(&[]), &[0b10]), Err(Contradiction));
    }
}
