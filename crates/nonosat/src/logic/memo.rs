//! A memory of the bit-parallel line solver's answers, a small table per line: the search's trials
//! solve the same line on the same known cells again and again (probing a cell at one node after
//! another meets its row and column as they were), and a lookup costs a fraction of a solve.

use super::Contradiction;
use super::bits::LineBits;
use super::word::Word;

/// Entries per line, a power of two: an answer is kept in the slot its known cells hash to, until
/// another known state of that line takes the slot. Twice 64 spares a sixth of the solves and
/// costs a start of a process nothing, as the table is left unwritten; four times 64 spares more
/// solves but costs more in page faults and cache misses (docs/performance.md).
const SLOTS_PER_LINE: usize = 128;

/// No line's known cells: a cell is never both black and white.
fn nothing<W: Word>() -> LineBits<W> {
    LineBits {
        black: W::MAX,
        white: W::MAX,
    }
}

/// One remembered answer, as four words: the line's known cells, black then white, each
/// complemented, and the answer's, black then white ([`nothing`] for a contradiction). The keys
/// are kept complemented so that a table of zeros holds none (the zero key stands for
/// [`nothing`], which no line's cells are): the table starts as fresh zeroed pages, which the
/// allocator need not write, and a puzzle pays only for the pages its search touches.
type Slot<W> = [W; 4];

/// The remembered answers of every line of one puzzle, its lines in words `W`.
pub struct LineMemo<W = u64> {
    slots: Vec<Slot<W>>,
}

impl<W: Word> LineMemo<W> {
    /// An empty memory for `lines` lines.
    pub fn new(lines: usize) -> Self {
        LineMemo {
            slots: vec![[W::ZERO; 4]; lines * SLOTS_PER_LINE],
        }
    }

    /// The answer for line `line` on its `known` cells: the remembered one, or `solve`'s, which is
    /// then remembered. `solve` must give the same answer for the same line and cells every time.
    pub fn solve(
        &mut self,
        line: usize,
        known: LineBits<W>,
        solve: impl FnOnce(LineBits<W>) -> Result<LineBits<W>, Contradiction>,
    ) -> Result<LineBits<W>, Contradiction> {
        let slot = &mut self.slots[line * SLOTS_PER_LINE + slot_of(known)];
        let [black, white, solved_black, solved_white] = *slot;
        if (!black, !white) == (known.black, known.white) {
            let solved = LineBits {
                black: solved_black,
                white: solved_white,
            };
            return if solved == nothing() {
                Err(Contradiction)
            } else {
                Ok(solved)
            };
        }
        let answer = solve(known);
        let solved = answer.unwrap_or(nothing());
        *slot = [!known.black, !known.white, solved.black, solved.white];
        answer
    }
}

/// The slot of a line's known cells: a multiplicative hash of both words.
fn slot_of<W: Word>(known: LineBits<W>) -> usize {
    let mixed = known.black.mix(0x9E37_79B9_7F4A_7C15) ^ known.white.mix(0xC2B2_AE3D_27D4_EB4F);
    (mixed >> (u64::BITS - SLOTS_PER_LINE.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::bits::BitLineSolver;
    use crate::model::Cell;

    fn remembered_answers_equal_fresh_ones<W: Word>() {
        let mut solver = BitLineSolver::<W>::new();
        let mut memo = LineMemo::new(2);
        let blocks = [2, 1];
        for text in ["?????", "#????", "??#?#", "....."] {
            let cells: Vec<Cell> = text
                .chars()
                .map(|symbol| match symbol {
                    '#' => Cell::Black,
                    '.' => Cell::White,
                    _ => Cell::Unknown,
                })
                .collect();
            let state = LineBits::of(&cells);
            let fresh = solver.solve(&blocks, 5, state);
            let mut calls = 0;
            for _ in 0..3 {
                let remembered = memo.solve(1, state, |known| {
                    calls += 1;
                    solver.solve(&blocks, 5, known)
                });
                assert_eq!(remembered, fresh);
            }
            assert_eq!(calls, 1, "{text} solved once");
        }
    }

    #[test]
    fn remembered_answers_equal_fresh_ones_and_are_not_solved_again() {
        remembered_answers_equal_fresh_ones::<u64>();
        remembered_answers_equal_fresh_ones::<u128>();
    }
}
