//! The complete colour line solver for lines of up to 128 cells (in `u64` or `u128` words,
//! [`Word`]), bit-parallel: the same result as
//! the colour dynamic program ([`ColourDpSolver`](super::colour::ColourDpSolver)) in
//! O(k·log n + C) word operations instead of O(n·(k + C)) steps.
//!
//! A line is one word per value `c` (bit 0 the background, then the colours): `may[c]`, the cells
//! that may still take `c` (bit `i` is cell `i`). It is [`bits`](super::bits)' sweep over black
//! and white, with two differences: blocks of different colours may touch, and a block ends
//! where its colour does, whatever follows. Over the blocks in order, the prefix sweep keeps:
//!
//! - `ends`: the cells where the blocks placed so far may have ended just before (cell 0 before
//!   the first block): bit `p` says that blocks `0..j` fit cells `0..p`, the last one ending at
//!   `p - 1`, every other cell there background;
//! - `whites[j]`: the cells that can be background with blocks `0..j` placed before them: from each
//!   end that may be background, as far as the cells that may be background run, by one addition
//!   (adding the seeds to the mask of such cells carries each seed through its run);
//! - `starts[j]`: where block `j` can start on top of that: its cells may all take its colour, and
//!   the cell before it is background (`whites[j] << 1`) or, unless block `j - 1` has its colour
//!   (which needs a background cell between), the end of block `j - 1` (`ends`); then
//!   `ends = starts[j] << len_j`.
//!
//! The same sweep from the end of the line, last block first, gives the suffix words in the same
//! bit order, as in [`bits`](super::bits): where block `j` can start with blocks `j+1..` placed
//! after it, and the cells that can be background with blocks `j..` placed after them, their runs
//! filled towards cell 0 by doubling (`DownRuns`). Block `j` can start at `p` in some arrangement
//! exactly when `p` is in both its prefix and its suffix starts (the prefix fixes nothing after the
//! block, the suffix nothing before it); a cell can take colour `c` when such a placement of a
//! block of colour `c` covers it, and be background when for some `j` it is in the prefix whites
//! of `j` and the suffix whites of the blocks from `j` on. Each value kept so comes with a whole
//! arrangement, so the line has an arrangement exactly when some cell keeps a value, and then
//! every cell keeps one.

use super::Contradiction;
use super::bits::{DownRuns, Sweep, run_on, runs_of, shift_left, shift_right, smear};
use super::word::Word;
use crate::model::{Block, ColourClue};

/// The most values a cell can take: the background and 31 colours, the bits of a
/// [`Colours`](super::colour::Colours).
pub const MAX_VALUES: usize = 32;

/// Solves colour lines of up to `W::BITS` cells; keeps its words between calls.
pub struct ColourBitSolver<W: Word = u64> {
    prefix: Sweep<W>,
}

impl<W: Word> Default for ColourBitSolver<W> {
    fn default() -> Self {
        ColourBitSolver {
            prefix: Sweep::default(),
        }
    }
}

impl<W: Word> ColourBitSolver<W> {
    /// A solver.
    pub fn new() -> Self {
        Self::default()
    }

    /// Fills `can[c]` with the cells of the line of `len` cells (at most `W::BITS`) that take
    /// value `c` in some arrangement of `clue` that gives each cell `i` a value `c` with bit `i`
    /// of `may[c]`; a contradiction when there is no such arrangement (`can` is then left
    /// unspecified). `may` has a word per value (at most [`MAX_VALUES`]), none with a bit at or
    /// beyond `len`; `can` is as long as `may`. A block whose colour has no word takes no cell.
    pub fn solve(
        &mut self,
        clue: &ColourClue,
        len: usize,
        may: &[W],
        can: &mut [W],
    ) -> Result<(), Contradiction> {
        debug_assert!(len <= W::BITS && may.len() <= MAX_VALUES && can.len() == may.len());
        let blocks = clue.blocks();
        if clue.min_len() > len || may.is_empty() {
            return Err(Contradiction);
        }
        can.fill(W::ZERO);
        if len == 0 {
            return Ok(());
        }
        let full = W::cells(len);
        let background = may[0];
        sweep(blocks, may, &mut self.prefix);

        // The suffix sweep, last block first, combined with the prefix's words as it goes.
        let down = DownRuns::new(background, len);
        // The cells from which every cell to the end may be background.
        let mut befores = down.fill(W::ONE << (len - 1) & background);
        let k = blocks.len();
        can[0] |= self.prefix.whites[k] & befores;
        let mut ends = W::ZERO;
        for (j, block) in blocks.iter().enumerate().rev() {
            // What follows the block: the end of the line for the last one; else a background
            // cell with the blocks after placed, or, if block `j + 1` has another colour, its
            // start.
            let next = match blocks.get(j + 1) {
                None => W::ONE << (len - block.len),
                Some(after) if after.colour != block.colour => shift_right(ends, block.len),
                Some(_) => W::ZERO,
            };
            ends = self.prefix.fits[j] & (shift_right(befores, block.len) | next);
            let placed = smear(self.prefix.starts[j] & ends, block.len);
            if let Some(word) = can.get_mut(usize::from(block.colour)) {
                *word |= placed;
            }
            befores = down.fill((ends >> 1) & background);
            can[0] |= self.prefix.whites[j] & befores;
        }
        if can.iter().fold(W::ZERO, |any, &word| any | word) != full {
            return Err(Contradiction);
        }
        Ok(())
    }
}

/// Fills `out` for `blocks` placed from the start of the line whose words are `may` (see the
/// module's formulas). The blocks fit the line's length.
fn sweep<W: Word>(blocks: &[Block], may: &[W], out: &mut Sweep<W>) {
    let background = may[0];
    let mut ends = W::ONE;
    let mut previous = None;
    for (j, block) in blocks.iter().enumerate() {
        let whites = run_on(ends & background, background);
        out.whites[j] = whites;
        // A block of the previous block's colour needs a background cell between them.
        let after = if previous == Some(block.colour) {
            whites << 1
        } else {
            ends | whites << 1
        };
        let colour = may
            .get(usize::from(block.colour))
            .copied()
            .unwrap_or(W::ZERO);
        let fits = runs_of(colour, block.len);
        out.fits[j] = fits;
        let starts = fits & after;
        out.starts[j] = starts;
        ends = shift_left(starts, block.len);
        previous = Some(block.colour);
    }
    out.whites[blocks.len()] = run_on(ends & background, background);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Solves a line given as a word per value, for the clue of the picture line `picture`
    /// (colour indices); the result as a word per value.
    fn solve(picture: &[u8], len: usize, may: &[u64]) -> Result<Vec<u64>, Contradiction> {
        let clue = ColourClue::of_line(picture.iter().copied());
        let mut can = vec![0; may.len()];
        ColourBitSolver::<u64>::new().solve(&clue, len, may, &mut can)?;
        Ok(can)
    }

    #[test]
    fn touching_blocks_of_different_colours_and_a_gap_between_one_colour() {
        let open = [0b111; 3];
        assert_eq!(solve(&[1, 1, 2], 3, &open), Ok(vec![0, 0b011, 0b100]));
        assert_eq!(solve(&[1, 0, 1], 3, &open), Ok(vec![0b010, 0b101, 0]));
        assert_eq!(solve(&[1, 1, 0, 1], 3, &open), Err(Contradiction));
    }

    #[test]
    fn known_cells_push_blocks() {
        // Five cells, the clue 2a 1b, cell 1 known background: the 2a sits at 2..4 and 1b at 4.
        let may = [0b11111, 0b11101, 0b11101];
        assert_eq!(
            solve(&[1, 1, 2], 5, &may),
            Ok(vec![0b00011, 0b01100, 0b10000])
        );
        // A colour no block has leaves its cells to the others.
        assert_eq!(solve(&[], 2, &[0b11, 0b11]), Ok(vec![0b11, 0]));
        assert_eq!(solve(&[], 2, &[0b01, 0b11]), Err(Contradiction));
    }

    #[test]
    fn a_full_word_line() {
        let open = [u64::MAX; 3];
        assert_eq!(solve(&[2; 64], 64, &open), Ok(vec![0, 0, u64::MAX]));
        let halves: Vec<u8> = [1; 32].into_iter().chain([2; 32]).collect();
        assert_eq!(
            solve(&halves, 64, &open),
            Ok(vec![0, u64::MAX >> 32, u64::MAX << 32])
        );
        let parted: Vec<u8> = [1; 32].into_iter().chain([0]).chain([1; 32]).collect();
        assert_eq!(solve(&parted, 64, &open), Err(Contradiction));
        assert_eq!(solve(&[1; 65], 64, &open), Err(Contradiction));
    }
}
