//! One line's clue as clauses: a regular-language encoding with block-start and gap variables.
//!
//! For a line of `n` cells `x_0..x_{n-1}` (true = black) with blocks `c_0..c_{k-1}`, slack
//! `f = n - Σc - (k-1)` and earliest starts `e_b = Σ_{j<b} (c_j + 1)`:
//!
//! - `S[b,p]`, for `p` in `e_b..=e_b+f`: block `b` starts at cell `p`;
//! - `G[g,i]`, for `i` in `e_g..=e_g+f` (`g` = 0..=k): the first `i` cells hold exactly blocks
//!   `0..g`, and the last of them is white (or `i = 0`).
//!
//! A virtual white cell `x_n` closes the line, so the final state is `G[k, n+1]`. A literal of a
//! variable outside its range is false. Clauses (the schema of `docs/encoding.md`):
//!
//! 1. units `G[0,0]` and `G[k,n+1]`;
//! 2. out of each gap state: a white cell keeps the block count, a black one starts block `g`;
//! 3. into each gap state: its last cell is white, and it came from a white step or a block end;
//! 4. a block start fixes its cells black, the cell after it white, and links its two gap states;
//! 5. each black cell is covered by some block start, each white cell ends some gap state.
//!
//! Every solution of the line extends to exactly one assignment of the auxiliaries, and unit
//! propagation on these clauses fixes exactly what the complete line solver fixes.

use super::layout::{Layout, Term, clause, packed_starts, slack};
use super::{ClauseSink, Var};
use crate::model::Clue;

/// An upper bound on the clauses [`encode_line`] writes for `clue` on a line of `len` cells.
pub(super) fn clause_bound(clue: &Clue, len: usize) -> usize {
    let (k, slack) = (clue.len(), len.saturating_sub(clue.min_len()));
    2 + 5 * (k + 1) * (slack + 1) + (clue.black_cells() + 3 * k) * (slack + 1) + 2 * len
}

/// `x_i` over the line's cell variables; the virtual cell `x_n` is white.
fn cell(cells: &[Var], i: usize) -> Term {
    cells
        .get(i)
        .map_or(Term::False, |&var| Term::Lit(var.positive()))
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
    let earliest = packed_starts(blocks);
    // A block's earliest start is also the earliest cell count of the gap state before it.
    let v = Layout::allocate(slack, earliest[..k].to_vec(), earliest, next_var);
    let cell = |i| cell(cells, i);

    // 1. The line starts with no block read and ends after the virtual white cell with all read.
    clause(sink, &[v.gap(0, 0)], &mut scratch);
    clause(sink, &[v.gap(k, n + 1)], &mut scratch);

    for g in 0..=k {
        for i in v.range(v.earliest_gap[g]) {
            let here = v.gap(g, i);
            // 2. Out of G[g,i]: cell i is white (stay in gap g) or black (block g starts at i).
            if (g, i) != (k, n + 1) {
                let (white_next, block) = (v.gap(g, i + 1), v.start(g, i));
                clause(sink, &[!here, cell(i), white_next], &mut scratch);
                if i < n {
                    clause(sink, &[!here, !cell(i), block], &mut scratch);
                    clause(sink, &[!here, white_next, block], &mut scratch);
                }
            }
            // 3. Into G[g,i]: cell i-1 is white, reached by a white step or the end of block g-1.
            if (g, i) != (0, 0) {
                clause(sink, &[!here, !cell(i - 1)], &mut scratch);
                let block_end = match g.checked_sub(1) {
                    Some(b) => v.start_ending_before(b, blocks[b], i - 1),
                    None => Term::False,
                };
                clause(sink, &[!here, v.gap(g, i - 1), block_end], &mut scratch);
            }
        }
    }

    // 4. A block start paints its cells, leaves a white after them, and links its gap states.
    for (b, &len) in blocks.iter().enumerate() {
        for p in v.range(v.earliest_start[b]) {
            let start = v.start(b, p);
            for j in p..p + len {
                clause(sink, &[!start, cell(j)], &mut scratch);
            }
            clause(sink, &[!start, !cell(p + len)], &mut scratch);
            clause(sink, &[!start, v.gap(b + 1, p + len + 1)], &mut scratch);
            clause(sink, &[!start, v.gap(b, p)], &mut scratch);
        }
    }

    // 5. A black cell lies in some block; a white cell ends some gap state.
    let (mut covering, mut ending) = (Vec::new(), Vec::new());
    for i in 0..n {
        covering.clear();
        covering.push(!cell(i));
        for (b, &len) in blocks.iter().enumerate() {
            let first = i.saturating_sub(len - 1).max(v.earliest_start[b]);
            let last = i.min(v.earliest_start[b] + slack);
            covering.extend((first..=last).map(|p| v.start(b, p)));
        }
        clause(sink, &covering, &mut scratch);
        ending.clear();
        ending.push(cell(i));
        ending.extend((0..=k).map(|g| v.gap(g, i + 1)));
        clause(sink, &ending, &mut scratch);
    }
}
