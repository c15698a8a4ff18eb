//! The block-start and gap auxiliaries of one line's encoding, shared by both kinds: how they are
//! numbered, which of them exist, and clauses written over them with constants left out.
//!
//! A line with `k` blocks and slack `f` has the start variables `S[b,p]`, `p` in `e_b..=e_b+f`
//! (block `b` starts at cell `p`), and the gap variables `G[g,i]`, `i` in `a_g..=a_g+f`, `g` in
//! `0..=k` (the first `i` cells hold exactly blocks `0..g`); each kind says what `e_b` and `a_g`
//! are. A variable outside its range stands for the constant false. The starts are numbered first,
//! block by block, then the gaps, from the first free variable on.

use super::{ClauseSink, Lit, Var};

/// A literal of an encoding, or a constant that a missing variable stands for.
#[derive(Clone, Copy)]
pub(super) enum Term {
    Lit(Lit),
    False,
    True,
}

impl std::ops::Not for Term {
    type Output = Term;
    fn not(self) -> Term {
        match self {
            Term::Lit(lit) => Term::Lit(!lit),
            Term::False => Term::True,
            Term::True => Term::False,
        }
    }
}

/// Adds the clause unless a term in it is constantly true; false terms are left out.
pub(super) fn clause(sink: &mut impl ClauseSink, terms: &[Term], scratch: &mut Vec<Lit>) {
    scratch.clear();
    for &term in terms {
        match term {
            Term::Lit(lit) => scratch.push(lit),
            Term::False => {}
            Term::True => return,
        }
    }
    sink.add_clause(scratch);
}

/// The slack of a line of `len` cells whose clue of `blocks` blocks needs `min_len` cells: how far
/// its blocks may move right. `None` once a line with nothing to arrange is written whole: with no
/// blocks, the unit `empty(i)` ("cell `i` is white, or background") for each cell; with a clue
/// that cannot fit, the empty clause.
pub(super) fn slack(
    (len, blocks, min_len): (usize, usize, usize),
    sink: &mut impl ClauseSink,
    empty: impl Fn(usize) -> Lit,
) -> Option<usize> {
    if blocks == 0 {
        for i in 0..len {
            sink.add_clause(&[empty(i)]);
        }
        return None;
    }
    let slack = len.checked_sub(min_len);
    if slack.is_none() {
        sink.add_clause(&[]); // the clue cannot fit: no arrangement
    }
    slack
}

/// Where each of `blocks` starts when all are packed to the left, a white cell between two, and
/// then the cells the packed blocks and their whites take: `k + 1` entries, `e_0..e_{k-1}` and the
/// end.
pub(super) fn packed_starts(blocks: &[usize]) -> Vec<usize> {
    let mut starts = Vec::with_capacity(blocks.len() + 1);
    let mut sum = 0;
    for &len in blocks {
        starts.push(sum);
        sum += len + 1;
    }
    starts.push(sum);
    starts
}

/// The auxiliaries of one line: their ranges and their numbers.
pub(super) struct Layout {
    /// `f`: how far each start and gap state may move right of its earliest cell.
    pub slack: usize,
    /// `e_b`, the earliest start of block `b`, for each of the `k` blocks.
    pub earliest_start: Vec<usize>,
    /// `a_g`, the earliest cell count of gap state `g`, for `g` in `0..=k`.
    pub earliest_gap: Vec<usize>,
    starts_base: u32,
    gaps_base: u32,
}

impl Layout {
    /// Numbers the auxiliaries of a line from `next_var` on, which it advances past them.
    pub fn allocate(
        slack: usize,
        earliest_start: Vec<usize>,
        earliest_gap: Vec<usize>,
        next_var: &mut u32,
    ) -> Self {
        debug_assert_eq!(earliest_gap.len(), earliest_start.len() + 1);
        let layers = (slack + 1) as u32;
        let starts_base = *next_var;
        let gaps_base = starts_base + earliest_start.len() as u32 * layers;
        *next_var = gaps_base + earliest_gap.len() as u32 * layers;
        Layout {
            slack,
            earliest_start,
            earliest_gap,
            starts_base,
            gaps_base,
        }
    }

    /// `S[b,p]`.
    pub fn start(&self, b: usize, p: usize) -> Term {
        match self.earliest_start.get(b) {
            Some(&earliest) => self.aux(self.starts_base, b, earliest, p),
            None => Term::False,
        }
    }

    /// `G[g,i]`.
    pub fn gap(&self, g: usize, i: usize) -> Term {
        match self.earliest_gap.get(g) {
            Some(&earliest) => self.aux(self.gaps_base, g, earliest, i),
            None => Term::False,
        }
    }

    /// The start of block `b` of length `len` that ends just before cell `i` (on cell `i - 1`).
    pub fn start_ending_before(&self, b: usize, len: usize, i: usize) -> Term {
        i.checked_sub(len).map_or(Term::False, |p| self.start(b, p))
    }

    /// The cells `i` of the range of `G[g,·]` or `S[b,·]` that starts at `earliest`.
    pub fn range(&self, earliest: usize) -> std::ops::RangeInclusive<usize> {
        earliest..=earliest + self.slack
    }

    /// The variable of index `index` and cell `i` in the table at `base`, whose range starts at
    /// `earliest`; false outside the range.
    fn aux(&self, base: u32, index: usize, earliest: usize, i: usize) -> Term {
        match i.checked_sub(earliest) {
            Some(offset) if offset <= self.slack => {
                let layers = self.slack as u32 + 1;
                Term::Lit(Var(base + index as u32 * layers + offset as u32).positive())
            }
            _ => Term::False,
        }
    }
}
