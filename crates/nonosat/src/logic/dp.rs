//! The complete line solver: every cell common to all arrangements, in O(n·k) by dynamic programming.
//!
//! For a line of `n` cells with blocks `c_0..c_{k-1}` and some cells already known, two tables say
//! which prefixes and suffixes can be completed (Batenburg & Kosters 2009; Wu et al. 2013):
//!
//! - `prefix[j][i]`: cells `0..i` can hold exactly blocks `0..j`, every other cell of them white;
//! - `suffix[j][i]`: cells `i..n` can hold exactly blocks `j..k`, every other cell of them white.
//!
//! A cell can be white when some `j` has `prefix[j][i]` and `suffix[j][i+1]`. Block `j` can start at
//! `p` when its cells hold no known white, the cells just before and after it are not black, and the
//! prefix before it and the suffix after it can be completed; a difference array marks the cells that
//! such placements cover, which are the cells that can be black. Counting known whites and blacks in
//! prefix sums makes each test O(1). A cell that can take only one colour is fixed; a line whose cells
//! can take neither colour has no arrangement.

use crate::model::{Cell, Clue, LineWindow};

/// The line has no arrangement that agrees with its known cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// Solves single lines; keeps its tables between calls to spare allocations.
#[derive(Default)]
pub struct DpLineSolver {
    prefix: Table,
    suffix: Table,
    whites_before: Vec<usize>,
    blacks_before: Vec<usize>,
    can_white: Vec<bool>,
    black_cover: Vec<isize>,
    /// `earliest[j]`: the first cell block `j` can start at, packing blocks `0..j` to the left
    /// (`earliest[k]` is one past that packing's end plus its gap).
    earliest: Vec<usize>,
    /// `latest[j]`: the last cell block `j` can start at, packing blocks `j..` to the right
    /// (`latest[k]` is the line's length).
    latest: Vec<usize>,
}

/// A `(k+1) x (n+2)` table of booleans, indexed `[block][cell]`.
#[derive(Default)]
struct Table {
    width: usize,
    cells: Vec<bool>,
}

impl Table {
    fn reset(&mut self, blocks: usize, len: usize) {
        self.width = len + 2;
        self.cells.clear();
        self.cells.resize((blocks + 1) * self.width, false);
    }

    fn get(&self, block: usize, cell: usize) -> bool {
        self.cells[block * self.width + cell]
    }

    fn set(&mut self, block: usize, cell: usize, value: bool) {
        self.cells[block * self.width + cell] = value;
    }
}

impl DpLineSolver {
    /// A solver with empty tables.
    pub fn new() -> Self {
        Self::default()
    }

    /// The line with every cell fixed that all arrangements agree on, or a contradiction when the
    /// clue has no arrangement consistent with `line`'s known cells.
    ///
    /// Only the window between the settled ends of the line goes through the tables (see
    /// [`LineWindow`]), and a blank window is solved by the overlap of its leftmost and rightmost
    /// packings: in propagation over a large grid most lines are blank at first and mostly known
    /// later, and both cost O(n) instead of O(n·k).
    pub fn solve(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
        let mut solved = vec![Cell::Unknown; line.len()];
        self.solve_into(clue, line, &mut solved)?;
        Ok(solved)
    }

    /// [`solve`](Self::solve) into `solved`, a slice as long as `line`, without allocating: for
    /// the hot loops of search, which solve millions of lines.
    pub fn solve_into(
        &mut self,
        clue: &Clue,
        line: &[Cell],
        solved: &mut [Cell],
    ) -> Result<(), Contradiction> {
        let blocks = clue.blocks();
        if clue.min_len() > line.len() {
            return Err(Contradiction);
        }
        let window = LineWindow::of(blocks, line);
        let (cells, blocks) = (&line[window.cells.clone()], &blocks[window.blocks]);
        solved.copy_from_slice(line);
        let inside = &mut solved[window.cells];
        if cells.iter().all(|&cell| cell == Cell::Unknown) {
            overlap(blocks, inside)
        } else {
            self.solve_window(blocks, cells, inside)
        }
    }

    /// The complete solve of `line` for `blocks`, by the prefix and suffix tables, into `solved`.
    fn solve_window(
        &mut self,
        blocks: &[usize],
        line: &[Cell],
        solved: &mut [Cell],
    ) -> Result<(), Contradiction> {
        let n = line.len();
        if min_len(blocks) > n {
            return Err(Contradiction);
        }
        self.count_known(line);
        self.bound_starts(blocks, n);
        self.fill_prefix(blocks, line);
        self.fill_suffix(blocks, line);
        if !self.prefix.get(blocks.len(), n) {
            return Err(Contradiction);
        }
        self.mark_possible(blocks, line);

        let mut cover = 0;
        for (i, (&cell, out)) in line.iter().zip(solved).enumerate() {
            cover += self.black_cover[i];
            let (white, black) = (self.can_white[i], cover > 0);
            *out = match (white, black) {
                (true, true) => cell,
                (true, false) => Cell::White,
                (false, true) => Cell::Black,
                (false, false) => return Err(Contradiction),
            };
        }
        Ok(())
    }

    fn count_known(&mut self, line: &[Cell]) {
        let count = |target: Cell, out: &mut Vec<usize>| {
            out.clear();
            out.push(0);
            let mut total = 0;
            for &cell in line {
                total += usize::from(cell == target);
                out.push(total);
            }
        };
        count(Cell::White, &mut self.whites_before);
        count(Cell::Black, &mut self.blacks_before);
    }

    /// Whether cells `from..to` hold no known white.
    fn no_white(&self, from: usize, to: usize) -> bool {
        self.whites_before[to] == self.whites_before[from]
    }

    /// Whether cells `from..to` hold no known black.
    fn no_black(&self, from: usize, to: usize) -> bool {
        self.blacks_before[to] == self.blacks_before[from]
    }

    /// Fills [`earliest`](Self::earliest) and [`latest`](Self::latest) for a line of `n` cells
    /// that the blocks fit. The tables are only filled between these bounds (the band of each
    /// block is the line's slack wide); outside them every entry is false, as the table's reset
    /// leaves it.
    fn bound_starts(&mut self, blocks: &[usize], n: usize) {
        self.earliest.clear();
        self.earliest.push(0);
        for &len in blocks {
            let next = self.earliest[self.earliest.len() - 1] + len + 1;
            self.earliest.push(next);
        }
        self.latest.clear();
        self.latest.resize(blocks.len() + 1, n);
        let mut after = n + 1;
        for (j, &len) in blocks.iter().enumerate().rev() {
            after -= len + 1;
            self.latest[j] = after;
        }
    }

    fn fill_prefix(&mut self, blocks: &[usize], line: &[Cell]) {
        let n = line.len();
        self.prefix.reset(blocks.len(), n);
        for i in 0..=n {
            self.prefix.set(0, i, self.no_black(0, i));
        }
        for j in 1..=blocks.len() {
            let len = blocks[j - 1];
            for i in self.earliest[j] - 1..=self.latest[j] {
                let as_white = line[i - 1] != Cell::Black && self.prefix.get(j, i - 1);
                let start = i - len;
                let as_block_end = self.no_white(start, i)
                    && if start == 0 {
                        j == 1
                    } else {
                        line[start - 1] != Cell::Black && self.prefix.get(j - 1, start - 1)
                    };
                self.prefix.set(j, i, as_white || as_block_end);
            }
        }
    }

    fn fill_suffix(&mut self, blocks: &[usize], line: &[Cell]) {
        let (n, k) = (line.len(), blocks.len());
        self.suffix.reset(k, n);
        for i in 0..=n {
            self.suffix.set(k, i, self.no_black(i, n));
        }
        for j in (0..k).rev() {
            let len = blocks[j];
            for i in (self.earliest[j]..=self.latest[j]).rev() {
                let as_white = line[i] != Cell::Black && self.suffix.get(j, i + 1);
                let end = i + len;
                let as_block_start = self.no_white(i, end)
                    && if end == n {
                        j + 1 == k
                    } else {
                        line[end] != Cell::Black && self.suffix.get(j + 1, end + 1)
                    };
                self.suffix.set(j, i, as_white || as_block_start);
            }
        }
    }

    /// Fills `can_white` and the difference array `black_cover`.
    fn mark_possible(&mut self, blocks: &[usize], line: &[Cell]) {
        let n = line.len();
        self.can_white.clear();
        self.can_white.resize(n, false);
        for j in 0..=blocks.len() {
            let band = self.earliest[j].saturating_sub(1)..(self.latest[j] + 1).min(n);
            for (i, &cell) in line.iter().enumerate().take(band.end).skip(band.start) {
                if cell != Cell::Black && self.prefix.get(j, i) && self.suffix.get(j, i + 1) {
                    self.can_white[i] = true;
                }
            }
        }
        self.black_cover.clear();
        self.black_cover.resize(n + 1, 0);
        for (j, &len) in blocks.iter().enumerate() {
            for start in self.earliest[j]..=self.latest[j] {
                if self.block_fits(blocks, line, j, start) {
                    self.black_cover[start] += 1;
                    self.black_cover[start + len] -= 1;
                }
            }
        }
    }

    /// Whether block `j` can start at `start` in some arrangement.
    fn block_fits(&self, blocks: &[usize], line: &[Cell], j: usize, start: usize) -> bool {
        let (n, end) = (line.len(), start + blocks[j]);
        let before_ok = if start == 0 {
            j == 0
        } else {
            line[start - 1] != Cell::Black && self.prefix.get(j, start - 1)
        };
        let after_ok = if end == n {
            j + 1 == blocks.len()
        } else {
            line[end] != Cell::Black && self.suffix.get(j + 1, end + 1)
        };
        before_ok && after_ok && self.no_white(start, end)
    }
}

/// Cells and gaps that `blocks` need at least.
fn min_len(blocks: &[usize]) -> usize {
    blocks.iter().sum::<usize>() + blocks.len().saturating_sub(1)
}

/// Solves a line with no known cell into `solved`: a cell is black in every arrangement exactly
/// where a block's leftmost and rightmost placements overlap, and white in every arrangement only
/// when the blocks fill the line without slack (or there are none).
fn overlap(blocks: &[usize], solved: &mut [Cell]) -> Result<(), Contradiction> {
    let n = solved.len();
    let needed = min_len(blocks);
    if needed > n {
        return Err(Contradiction);
    }
    let slack = n - needed;
    if blocks.is_empty() || slack == 0 {
        solved.fill(Cell::White);
    }
    let mut leftmost = 0;
    for &len in blocks {
        if len > slack {
            solved[leftmost + slack..leftmost + len].fill(Cell::Black);
        }
        leftmost += len + 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Vec<Cell> {
        text.chars().map(Cell::from_symbol).collect()
    }

    fn solve(blocks: &[usize], line: &str) -> Result<String, Contradiction> {
        let solved = DpLineSolver::new().solve(&Clue::new(blocks.to_vec()), &parse(line))?;
        Ok(solved.iter().map(|cell| cell.symbol()).collect())
    }

    #[test]
    fn overlap_of_one_long_block() {
        assert_eq!(solve(&[7], "??????????"), Ok("???####???".into()));
    }

    #[test]
    fn full_line_and_empty_clue() {
        assert_eq!(solve(&[2, 1, 3], "????????"), Ok("##.#.###".into()));
        assert_eq!(solve(&[], "????"), Ok("....".into()));
    }

    #[test]
    fn known_cells_push_blocks() {
        assert_eq!(solve(&[3], "?#????.??"), Ok("?##?.....".into()));
        assert_eq!(solve(&[1, 1], "#???#"), Ok("#...#".into()));
    }

    #[test]
    fn settled_ends_are_kept_and_the_middle_solved() {
        assert_eq!(
            solve(&[2, 1, 2, 3], "##.#.???.###."),
            Ok("##.#.?#?.###.".into())
        );
    }

    #[test]
    fn blank_lines_take_the_overlap() {
        assert_eq!(solve(&[3, 1], "??????"), Ok("?##???".into()));
        assert_eq!(solve(&[3, 1], "?????"), Ok("###.#".into()));
    }

    #[test]
    fn contradictions_are_found() {
        assert_eq!(solve(&[3], "?.?.?"), Err(Contradiction));
        assert_eq!(solve(&[1], "#?#"), Err(Contradiction));
        assert_eq!(solve(&[], "?#"), Err(Contradiction));
        assert_eq!(solve(&[4], "???"), Err(Contradiction));
    }
}
