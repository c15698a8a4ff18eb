//! One line's clue as clauses over block starts in order encoding: the lean form.
//!
//! For a line of `n` cells `x_0..x_{n-1}` (true = black) with blocks `c_0..c_{k-1}`, slack
//! `f = n - Σc - (k-1)` and earliest starts `e_b = Σ_{j<b} (c_j + 1)`, the variable `A[b,p]`, for
//! `p` in `e_b..e_b+f`, says that block `b` starts at cell `p` or before; `A[b,p]` is false below
//! `e_b` and true from `e_b+f` on, and needs no variable there. Block `b` covers cell `i` when
//! `A[b,i]` holds and `A[b,i-c_b]` does not. The clauses:
//!
//! 1. each block's starts are ordered: `¬A[b,p] ∨ A[b,p+1]`;
//! 2. each block starts after the one before and a white cell: `¬A[b+1,q] ∨ A[b,q-c_b-1]`;
//! 3. a covered cell is black: `¬A[b,i] ∨ A[b,i-c_b] ∨ x_i`;
//! 4. a cell before the first block, after the last, or between two is white:
//!    `¬x_i ∨ A[0,i]`, `¬x_i ∨ ¬A[b,i-c_b] ∨ A[b+1,i]`, `¬x_i ∨ ¬A[k-1,i-c_{k-1}]`.
//!
//! Every solution of the line extends to exactly one assignment of the `A` (the starts fix them),
//! so models and solutions correspond one to one, as in the complete form ([`super::line`]). The
//! lean form has `k·f` auxiliaries where the complete one has `(2k+1)(f+1)`, and its clauses are
//! binary and ternary; unit propagation on it is weaker than line logic (it does not see every
//! consequence of the clue), and CaDiCaL searches it several times faster on random puzzles
//! (docs/performance.md).

use super::layout::{Term, clause, packed_starts, slack};
use super::{ClauseSink, Var};
use crate::model::Clue;

/// An upper bound on the clauses [`encode_line`] writes for `clue` on a line of `len` cells.
pub(super) fn clause_bound(clue: &Clue, len: usize) -> usize {
    let (k, slack) = (clue.len(), len.saturating_sub(clue.min_len()));
    1 + 2 * k * slack + len * (2 * k + 1)
}

/// The order variables `A[b,p]` of one line's blocks.
struct Starts {
    slack: usize,
    /// `e_b` for each block (and the packed line's end after them).
    earliest: Vec<usize>,
    base: u32,
}

impl Starts {
    /// `A[b,p]`: block `b` starts at cell `p` or before; false for a `p` below the line (`None`).
    fn at_or_before(&self, b: usize, p: Option<usize>) -> Term {
        let Some(p) = p else { return Term::False };
        match p.checked_sub(self.earliest[b]) {
            None => Term::False,
            Some(offset) if offset >= self.slack => Term::True,
            Some(offset) => {
                let var = self.base + (b * self.slack + offset) as u32;
                Term::Lit(Var(var).positive())
            }
        }
    }
}

/// Writes the clauses of `clue` over the cell variables `cells`, numbering auxiliaries from
/// `next_var` on (which it advances).
pub(super) fn encode_line(
    clue: &Clue,
    cells: &[Var],
    next_var: &mut u32,
    sink: &mut impl ClauseSink,
) {
    let blocks = clue.blocks();
    let (n, k) = (cells.len(), blocks.len());
    let mut scratch = Vec::new();
    let Some(slack) = slack((n, k, clue.min_len()), sink, |i| !cells[i].positive()) else {
        return;
    };
    let a = Starts {
        slack,
        earliest: packed_starts(blocks),
        base: *next_var,
    };
    *next_var += (k * slack) as u32;
    let at = |b: usize, p: usize| a.at_or_before(b, Some(p));
    // `A[b, i - c_b]`: block `b` ends before cell `i`.
    let ended = |b: usize, i: usize| a.at_or_before(b, i.checked_sub(blocks[b]));

    for (b, &len) in blocks.iter().enumerate() {
        let first = a.earliest[b];
        for p in first..first + slack {
            // 1. Ordered starts.
            clause(sink, &[!at(b, p), at(b, p + 1)], &mut scratch);
            // 2. The next block starts at least a white cell after this one ends.
            if b + 1 < k {
                let q = p + len + 1;
                clause(sink, &[!at(b + 1, q), at(b, p)], &mut scratch);
            }
        }
    }
    for (i, &var) in cells.iter().enumerate() {
        let x = Term::Lit(var.positive());
        // 3. A covered cell is black.
        for b in 0..k {
            clause(sink, &[!at(b, i), ended(b, i), x], &mut scratch);
        }
        // 4. An uncovered cell is white: before the first block, between two, after the last.
        clause(sink, &[!x, at(0, i)], &mut scratch);
        for b in 0..k - 1 {
            clause(sink, &[!x, !ended(b, i), at(b + 1, i)], &mut scratch);
        }
        clause(sink, &[!x, !ended(k - 1, i)], &mut scratch);
    }
}
