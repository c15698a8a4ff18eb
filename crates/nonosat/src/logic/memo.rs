//! A memory of the bit-parallel line solver's answers, a small table per line: the search's trials
//! solve the same line on the same known cells again and again (probing a cell at one node after
//! another meets its row and column as they were), and a lookup costs a fraction of a solve.

use super::Contradiction;
use super::bits::LineBits;

/// Entries per line, a power of two: an answer is kept in the slot its known cells hash to, until
/// another known state of that line takes the slot.
const SLOTS_PER_LINE: usize = 64;

/// No line's known cells: a cell is never both black and white.
const NOTHING: LineBits = LineBits {
    black: u64::MAX,
    white: u64::MAX,
};

/// One remembered answer; [`NOTHING`] as `solved` stands for a contradiction.
#[derive(Clone, Copy)]
struct Slot {
    known: LineBits,
    solved: LineBits,
}

/// The remembered answers of every line of one puzzle.
pub struct LineMemo {
    slots: Vec<Slot>,
}

impl LineMemo {
    /// An empty memory for `lines` lines.
    pub fn new(lines: usize) -> Self {
        let empty = Slot {
            known: NOTHING,
            solved: NOTHING,
        };
        LineMemo {
            slots: vec![empty; lines * SLOTS_PER_LINE],
        }
    }

    /// The answer for line `line` on its `known` cells: the remembered one, or `solve`'s, which is
    /// then remembered. `solve` must give the same answer for the same line and cells every time.
    pub fn solve(
        &mut self,
        line: usize,
        known: LineBits,
        solve: impl FnOnce(LineBits) -> Result<LineBits, Contradiction>,
    ) -> Result<LineBits, Contradiction> {
        let slot = &mut self.slots[line * SLOTS_PER_LINE + slot_of(known)];
        if slot.known == known {
            return if slot.solved == NOTHING {
                Err(Contradiction)
            } else {
                Ok(slot.solved)
            };
        }
        let answer = solve(known);
        *slot = Slot {
            known,
            solved: answer.unwrap_or(NOTHING),
        };
        answer
    }
}

/// The slot of a line's known cells: a multiplicative hash of both words.
fn slot_of(known: LineBits) -> usize {
    let mixed = known.black.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ known.white.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    (mixed >> (u64::BITS - SLOTS_PER_LINE.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::bits::BitLineSolver;

    #[test]
    fn remembered_answers_equal_fresh_ones_and_are_not_solved_again() {
        let mut solver = BitLineSolver::new();
        let mut memo = LineMemo::new(2);
        let blocks = [2, 1];
        let states = [
            LineBits::default(),
            LineBits {
                black: 0b1,
                white: 0,
            },
            LineBits {
                black: 0b10100,
                white: 0,
            },
            LineBits {
                black: 0,
                white: 0b11111,
            },
        ];
        for state in states {
            let fresh = solver.solve(&blocks, 5, state);
            let mut calls = 0;
            for _ in 0..3 {
                let remembered = memo.solve(1, state, |known| {
                    calls += 1;
                    solver.solve(&blocks, 5, known)
                });
                assert_eq!(remembered, fresh);
            }
            assert_eq!(calls, 1, "{state:?} solved once");
        }
    }
}
