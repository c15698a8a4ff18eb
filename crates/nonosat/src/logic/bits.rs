//! The complete line solver for lines of up to 128 cells, bit-parallel: the same result as
//! [`DpLineSolver`] in O(k·log n) word operations instead of O(n·k) steps.
//!
//! A line is two words (`u64` up to 64 cells, `u128` up to 128: [`Word`]), its known black and its
//! known white cells (bit `i` is cell `i`). The prefix table of the dynamic program becomes one
//! word per block: `starts[j]`, the cells where block `j` can start with blocks `0..j` placed
//! before it consistently, and `whites[j]`, the cells that can be white with blocks `0..j` placed
//! before them and only whites after the last (nonosolve and pbnsolve's bit-parallel solvers rest
//! on the same idea). With `fits(c)` the cells where a block of `c` holds no known white and has
//! no known black just before or after:
//!
//! - `whites[0]`: the cells before the first known black;
//! - `starts[j] = fits(c_j) & (whites[j] << 1)` (and cell 0 for block 0);
//! - `whites[j+1]`: from the cell just after each start of `starts[j]` as far as the next known
//!   black, one addition: adding the seeds to the mask of non-black cells carries each seed
//!   through its run of non-black cells.
//!
//! The same sweep over the reversed line with the blocks reversed gives the suffix words. Block
//! `j` can start at `p` in some arrangement exactly when `p` is in both its prefix and its suffix
//! starts; a cell can be black when such a placement covers it, and white when for some `j` it is
//! in the prefix whites of `j` and the suffix whites of the blocks from `j` on. A cell that can take
//! only one colour is fixed; when some cell can take neither, no arrangement exists (an
//! arrangement gives every cell a colour, and a cell white with blocks before and after it joins a
//! prefix and a suffix into an arrangement).
//!
//! [`QuickLineSolver`] is the [`LineSolver`] over cells that takes this solver for lines of up to
//! [`MAX_LEN`] cells and the dynamic program for longer ones.

use super::word::Word;
use super::{Contradiction, DpLineSolver, LineSolver};
use crate::model::{Cell, Clue};

/// The longest line the bit-parallel solver takes in one `u64`; lines of up to 128 cells take a
/// `u128` ([`BitLineSolver<u128>`]).
pub const MAX_LEN: usize = 64;

/// The most blocks a line of 128 cells can hold: the size of a [`Sweep`] of either word.
const MAX_BLOCKS: usize = 64;

/// The known cells of a line of up to `W::BITS` cells: bit `i` of `black` (of `white`) says that
/// cell `i` is known black (white). No bit is in both, nor at or beyond the line's length.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineBits<W = u64> {
    /// The known black cells.
    pub black: W,
    /// The known white cells.
    pub white: W,
}

impl<W: Word> LineBits<W> {
    /// The known cells of `line` (at most `W::BITS` cells).
    pub fn of(line: &[Cell]) -> Self {
        let mut known = LineBits::default();
        for (i, &cell) in line.iter().enumerate() {
            known.set(i, cell);
        }
        known
    }

    /// Records cell `i` as `cell` (unknown again, when the search goes back).
    #[inline]
    pub fn set(&mut self, i: usize, cell: Cell) {
        let bit = W::ONE << i;
        self.black &= !bit;
        self.white &= !bit;
        match cell {
            Cell::Black => self.black |= bit,
            Cell::White => self.white |= bit,
            Cell::Unknown => {}
        }
    }

    /// Cell `i`: black, white or unknown.
    pub fn cell(self, i: usize) -> Cell {
        if self.black.has(i) {
            Cell::Black
        } else if self.white.has(i) {
            Cell::White
        } else {
            Cell::Unknown
        }
    }

    /// The cells known in `self` and not in `before`, as positions and values.
    pub fn newly_known(self, before: Self) -> impl Iterator<Item = (usize, Cell)> {
        let fixed = (self.black & !before.black) | (self.white & !before.white);
        ones(fixed).map(move |i| (i, self.cell(i)))
    }
}

/// The complete line solver that takes the quicker way for each line: bit-parallel up to 128
/// cells (in a `u64` up to [`MAX_LEN`]), the [`DpLineSolver`] beyond.
#[derive(Default)]
pub struct QuickLineSolver {
    narrow: BitLineSolver<u64>,
    wide: BitLineSolver<u128>,
    dp: DpLineSolver,
}

impl QuickLineSolver {
    /// A solver.
    pub fn new() -> Self {
        Self::default()
    }
}

impl LineSolver for QuickLineSolver {
    fn solve_line(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
        match line.len() {
            len if len <= MAX_LEN => self.narrow.solve_cells(clue, line),
            len if len <= u128::BITS as usize => self.wide.solve_cells(clue, line),
            _ => self.dp.solve(clue, line),
        }
    }
}

/// One sweep's words: per block, the cells where it can start, and per number of blocks placed
/// before, the cells that can be white after them.
struct Sweep<W> {
    starts: [W; MAX_BLOCKS],
    whites: [W; MAX_BLOCKS + 1],
}

impl<W: Word> Default for Sweep<W> {
    fn default() -> Self {
        Sweep {
            starts: [W::ZERO; MAX_BLOCKS],
            whites: [W::ZERO; MAX_BLOCKS + 1],
        }
    }
}

/// Solves lines of up to `W::BITS` cells; keeps its words between calls.
pub struct BitLineSolver<W: Word = u64> {
    prefix: Sweep<W>,
    suffix: Sweep<W>,
}

impl<W: Word> Default for BitLineSolver<W> {
    fn default() -> Self {
        BitLineSolver {
            prefix: Sweep::default(),
            suffix: Sweep::default(),
        }
    }
}

impl<W: Word> BitLineSolver<W> {
    /// A solver.
    pub fn new() -> Self {
        Self::default()
    }

    /// The known cells of the line of `len` cells (at most `W::BITS`) after fixing every cell
    /// that all arrangements of `blocks` consistent with `known` agree on, or a contradiction when
    /// there is no such arrangement.
    pub fn solve(
        &mut self,
        blocks: &[usize],
        len: usize,
        known: LineBits<W>,
    ) -> Result<LineBits<W>, Contradiction> {
        debug_assert!(len <= W::BITS);
        let needed = blocks.iter().sum::<usize>() + blocks.len().saturating_sub(1);
        if needed > len {
            return Err(Contradiction);
        }
        if len == 0 {
            return Ok(known);
        }
        let full = W::cells(len);
        let reverse = |word: W| word.reverse_bits() >> (W::BITS - len);
        let reversed = LineBits {
            black: reverse(known.black),
            white: reverse(known.white),
        };
        sweep(blocks.iter().copied(), len, known, &mut self.prefix);
        sweep(
            blocks.iter().rev().copied(),
            len,
            reversed,
            &mut self.suffix,
        );

        let k = blocks.len();
        let mut can_white = W::ZERO;
        for j in 0..=k {
            can_white |= self.prefix.whites[j] & reverse(self.suffix.whites[k - j]);
        }
        let mut can_black = W::ZERO;
        for (j, &block) in blocks.iter().enumerate() {
            // A suffix start of the reversed line is the last cell of the block there.
            let suffix_starts = reverse(self.suffix.starts[k - 1 - j]) >> (block - 1);
            can_black |= smear(self.prefix.starts[j] & suffix_starts, block);
        }
        if can_black | can_white != full {
            return Err(Contradiction);
        }
        Ok(LineBits {
            black: full & !can_white,
            white: full & !can_black,
        })
    }
}

impl<W: Word> BitLineSolver<W> {
    /// [`solve`](Self::solve) on a line of cells (at most `W::BITS`).
    fn solve_cells(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
        let solved = self.solve(clue.blocks(), line.len(), LineBits::of(line))?;
        Ok((0..line.len()).map(|i| solved.cell(i)).collect())
    }
}

/// Fills `out` for `blocks` placed from the start of the line of `len` cells (see the module's
/// formulas). The blocks fit the line's length.
fn sweep<W: Word>(
    blocks: impl Iterator<Item = usize>,
    len: usize,
    line: LineBits<W>,
    out: &mut Sweep<W>,
) {
    let full = W::cells(len);
    let open = !line.white & full;
    let not_black = !line.black & full;
    // The cells before the first known black (all of them when there is none).
    let mut whites = (line.black & line.black.wrapping_neg()).wrapping_sub(W::ONE) & full;
    let mut first = W::ONE;
    let mut j = 0;
    for block in blocks {
        out.whites[j] = whites;
        let starts = fits(block, len, open, line.black) & (whites << 1 | first);
        out.starts[j] = starts;
        first = W::ZERO;
        // The cell after each block is white; whites run on from there to the next black.
        let seeds = shift_left(starts, block) & not_black;
        whites = run_on(seeds, not_black);
        j += 1;
    }
    out.whites[j] = whites;
}

/// The cells where a block of `block` cells (at least 1, at most `len`) can start on its own: its
/// cells hold no known white (`open` are the others), and the cells just before and after it, if
/// any, are not known black.
fn fits<W: Word>(block: usize, len: usize, open: W, black: W) -> W {
    let not_black = !black;
    let before = not_black << 1 | W::ONE;
    let after = shift_right(not_black, block) | W::ONE << (len - block);
    runs_of(open, block) & before & after
}

/// The cells of `mask` from each cell of `seeds` (a part of `mask`) as far as `mask` runs on
/// without a gap, by one addition: adding the seeds carries each through its run of `mask`.
pub(super) fn run_on<W: Word>(seeds: W, mask: W) -> W {
    (mask.wrapping_add(seeds) ^ mask | seeds) & mask
}

/// The cells `p` with `mask` holding all of `p..p + width` (`width` from 1 to the word's size),
/// by doubling.
pub(super) fn runs_of<W: Word>(mask: W, width: usize) -> W {
    let (mut runs, mut covered) = (mask, 1);
    while covered * 2 <= width {
        runs &= runs >> covered;
        covered *= 2;
    }
    if covered < width {
        runs &= runs >> (width - covered);
    }
    runs
}

/// The cells covered by a block of `width` cells (from 1 to the word's size) starting at any cell
/// of `starts`, by doubling.
pub(super) fn smear<W: Word>(starts: W, width: usize) -> W {
    let (mut cover, mut covered) = (starts, 1);
    while covered * 2 <= width {
        cover |= cover << covered;
        covered *= 2;
    }
    if covered < width {
        cover |= cover << (width - covered);
    }
    cover
}

/// `word << by`, and 0 once `by` reaches the word's width.
pub(super) fn shift_left<W: Word>(word: W, by: usize) -> W {
    if by < W::BITS { word << by } else { W::ZERO }
}

/// The indices of the set bits of `word`, lowest first.
pub(crate) fn ones<W: Word>(word: W) -> impl Iterator<Item = usize> {
    let mut left = word;
    std::iter::from_fn(move || {
        (left != W::ZERO).then(|| {
            let i = left.trailing_zeros();
            left &= left.wrapping_sub(W::ONE);
            i
        })
    })
}

/// `word >> by`, and 0 once `by` reaches the word's width.
fn shift_right<W: Word>(word: W, by: usize) -> W {
    if by < W::BITS { word >> by } else { W::ZERO }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(text: &str) -> LineBits {
        let mut line = LineBits::default();
        for (i, symbol) in text.chars().enumerate() {
            match symbol {
                '#' => line.black |= 1 << i,
                '.' => line.white |= 1 << i,
                _ => {}
            }
        }
        line
    }

    fn text(line: LineBits, len: usize) -> String {
        (0..len)
            .map(|i| match (line.black >> i & 1, line.white >> i & 1) {
                (1, _) => '#',
                (_, 1) => '.',
                _ => '?',
            })
            .collect()
    }

    fn solve(blocks: &[usize], line: &str) -> Result<String, Contradiction> {
        let len = line.chars().count();
        let solved = BitLineSolver::new().solve(blocks, len, bits(line))?;
        Ok(text(solved, len))
    }

    #[test]
    fn overlaps_and_pushes() {
        assert_eq!(solve(&[7], "??????????"), Ok("???####???".into()));
        assert_eq!(solve(&[2, 1, 3], "????????"), Ok("##.#.###".into()));
        assert_eq!(solve(&[3], "?#????.??"), Ok("?##?.....".into()));
        assert_eq!(solve(&[1, 1], "#???#"), Ok("#...#".into()));
        assert_eq!(solve(&[], "????"), Ok("....".into()));
    }

    #[test]
    fn contradictions_are_found() {
        assert_eq!(solve(&[3], "?.?.?"), Err(Contradiction));
        assert_eq!(solve(&[1], "#?#"), Err(Contradiction));
        assert_eq!(solve(&[], "?#"), Err(Contradiction));
        assert_eq!(solve(&[4], "???"), Err(Contradiction));
    }

    #[test]
    fn a_full_word_line() {
        let blank = "?".repeat(64);
        assert_eq!(solve(&[64], &blank), Ok("#".repeat(64)));
        assert_eq!(solve(&[63], &blank), Ok(format!("?{}?", "#".repeat(62))));
        let last = format!("{}#", "?".repeat(63));
        assert_eq!(solve(&[1], &last), Ok(format!("{}#", ".".repeat(63))));
        assert_eq!(solve(&[], &last), Err(Contradiction));
    }
}
