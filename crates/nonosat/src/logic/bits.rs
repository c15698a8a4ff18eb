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
//! The same sweep from the end of the line, the blocks taken last first, gives the suffix words in
//! the same bit order: `ends[j]`, the cells where block `j` can start with blocks `j+1..` placed
//! after it, and `befores[j]`, the cells that can be white with blocks `j..` placed after them and
//! only whites before the first. Their runs go towards cell 0, which no carry does, so they are
//! filled by doubling over masks of the non-black cells computed once a line (`DownRuns`);
//! `fits(c)` is the same both ways, computed once a block. Block `j` can start at `p` in some
//! arrangement exactly when `p` is in both `starts[j]` and `ends[j]`; a cell can be black when such
//! a placement covers it, and white when for some `j` it is in `whites[j]` and `befores[j]`. A cell
//! that can take only one colour is fixed; when some cell can take neither, no arrangement exists
//! (an arrangement gives every cell a colour, and a cell white with blocks before and after it
//! joins a prefix and a suffix into an arrangement).
//!
//! [`QuickLineSolver`] is the [`LineSolver`] over cells that takes this solver for lines of up to
//! [`MAX_LEN`] cells and the dynamic program for longer ones.

use super::word::Word;
use super::{Contradiction, DpLineSolver, LineSolver};
use crate::model::{Cell, Clue};

/// The longest line the bit-parallel solver takes in one `u64`; lines of up to 128 cells take a
/// `u128` ([`BitLineSolver<u128>`]).
pub const MAX_LEN: usize = 64;

/// The most blocks a line of 128 cells can hold (colour blocks of different colours may touch,
/// so up to one a cell): the size of a [`Sweep`] of either word, black and white or colour.
const MAX_BLOCKS: usize = 128;

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

/// The prefix sweep's words, of this solver and the colour one's: per block, the cells where it
/// can start on its own (`fits`) and with the blocks before it placed (`starts`), and per number
/// of blocks placed before, the cells that can be white (the background) after them (`whites`).
pub(super) struct Sweep<W> {
    pub(super) fits: [W; MAX_BLOCKS],
    pub(super) starts: [W; MAX_BLOCKS],
    pub(super) whites: [W; MAX_BLOCKS + 1],
}

impl<W: Word> Default for Sweep<W> {
    fn default() -> Self {
        Sweep {
            fits: [W::ZERO; MAX_BLOCKS],
            starts: [W::ZERO; MAX_BLOCKS],
            whites: [W::ZERO; MAX_BLOCKS + 1],
        }
    }
}

/// Solves lines of up to `W::BITS` cells; keeps its words between calls.
pub struct BitLineSolver<W: Word = u64> {
    prefix: Sweep<W>,
}

impl<W: Word> Default for BitLineSolver<W> {
    fn default() -> Self {
        BitLineSolver {
            prefix: Sweep::default(),
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
        let not_black = !known.black & full;
        sweep(blocks, len, known, &mut self.prefix);

        // The suffix sweep, last block first, combined with the prefix's words as it goes.
        let down = DownRuns::new(not_black, len);
        // The cells after the last known black (all of them when there is none).
        let mut befores = if known.black == W::ZERO {
            full
        } else {
            full & !(W::MAX >> known.black.leading_zeros())
        };
        let k = blocks.len();
        let mut can_white = self.prefix.whites[k] & befores;
        let mut can_black = W::ZERO;
        for (j, &block) in blocks.iter().enumerate().rev() {
            // The cell after the block is white with the blocks after it placed, or the last
            // block ends the line.
            let last = if j + 1 == k {
                W::ONE << (len - block)
            } else {
                W::ZERO
            };
            let ends = self.prefix.fits[j] & (shift_right(befores, block) | last);
            can_black |= smear(self.prefix.starts[j] & ends, block);
            // The cell before each start is white; whites run back from there to the previous
            // black.
            befores = down.fill((ends >> 1) & not_black);
            can_white |= self.prefix.whites[j] & befores;
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

/// The runs of one mask towards cell 0, by doubling: `through[s]` holds the cells from which the
/// mask runs on for `2^s` cells upwards, so that a fill takes one shift, one and and one or per
/// doubling, `log2(len)` of them.
pub(super) struct DownRuns<W> {
    through: [W; 8],
    steps: usize,
}

impl<W: Word> DownRuns<W> {
    /// The runs of `mask` in a line of `len` cells (at least 1).
    pub(super) fn new(mask: W, len: usize) -> Self {
        let mut through = [W::ZERO; 8];
        let (mut runs, mut steps) = (mask, 0);
        while 1 << steps < len {
            through[steps] = runs;
            runs &= runs >> (1 << steps);
            steps += 1;
        }
        DownRuns { through, steps }
    }

    /// The cells of the mask from each cell of `seeds` (a part of it) down towards cell 0 as far
    /// as the mask runs on without a gap.
    pub(super) fn fill(&self, seeds: W) -> W {
        let mut filled = seeds;
        for (step, &through) in self.through[..self.steps].iter().enumerate() {
            filled |= through & (filled >> (1 << step));
        }
        filled
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
fn sweep<W: Word>(blocks: &[usize], len: usize, line: LineBits<W>, out: &mut Sweep<W>) {
    let full = W::cells(len);
    let open = !line.white & full;
    let not_black = !line.black & full;
    // The cells before the first known black (all of them when there is none).
    let mut whites = (line.black & line.black.wrapping_neg()).wrapping_sub(W::ONE) & full;
    let mut first = W::ONE;
    for (j, &block) in blocks.iter().enumerate() {
        out.whites[j] = whites;
        let fits = fits(block, len, open, line.black);
        out.fits[j] = fits;
        let starts = fits & (whites << 1 | first);
        out.starts[j] = starts;
        first = W::ZERO;
        // The cell after each block is white; whites run on from there to the next black.
        let seeds = shift_left(starts, block) & not_black;
        whites = run_on(seeds, not_black);
    }
    out.whites[blocks.len()] = whites;
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
pub(super) fn shift_right<W: Word>(word: W, by: usize) -> W {
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

    /// Per cell of `len`, in the mask and with a seed at or above it before the mask's next gap.
    fn filled_down_one_by_one(mask: u128, seeds: u128, len: usize) -> u128 {
        let at = |word: u128, i: usize| word >> i & 1 == 1;
        (0..len)
            .filter(|&i| (i..len).take_while(|&j| at(mask, j)).any(|j| at(seeds, j)))
            .fold(0, |word, i| word | 1 << i)
    }

    #[test]
    fn runs_fill_down_as_far_as_the_mask_runs() {
        let mut state = 7u64;
        // Each cell set with odds `1 - 1/one_in` (xorshift).
        let mut cells = |len: usize, one_in: u64| {
            (0..len).fold(0u128, |word, i| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                word | u128::from(!state.is_multiple_of(one_in)) << i
            })
        };
        for len in 1..=128 {
            for _ in 0..50 {
                let mask = cells(len, 6);
                let seeds = mask & !cells(len, 4);
                let expected = filled_down_one_by_one(mask, seeds, len);
                assert_eq!(
                    DownRuns::new(mask, len).fill(seeds),
                    expected,
                    "{len} {mask:b}"
                );
                if len <= 64 {
                    let narrow = DownRuns::new(mask as u64, len).fill(seeds as u64);
                    assert_eq!(u128::from(narrow), expected, "{len} {mask:b}");
                }
            }
        }
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
