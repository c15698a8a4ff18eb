//! Colour puzzles as clauses: a variable per cell and colour, exactly one true per cell, and each
//! line's clue as a merged-DFA encoding with block-start and gap variables.
//!
//! A cell of a puzzle with `C` colours has `C + 1` variables `x[i,c]`, `c = 0` the background. For
//! a line of `n` cells with blocks `(len_b, col_b)`, `b = 0..k`, block `b` needs a background cell
//! after it when block `b + 1` has its colour (`gap_b = 1`), and none otherwise. A virtual
//! background cell `x[n,0]` closes the line. With `e_0 = 0`, `e_{b+1} = e_b + len_b + gap_b`, the
//! last block's `gap` taken as 0, and the slack `f = n - (e_{k-1} + len_{k-1})`:
//!
//! - `S[b,p]`, `p` in `e_b..=e_b+f`: block `b` starts at cell `p`;
//! - `G[g,i]`, `i` in `a_g..=a_g+f` with `a_0 = 0` and `a_g = e_{g-1} + len_{g-1} + 1`: the
//!   first `i` cells hold exactly blocks `0..g`, and cell `i - 1` is background (or `i = 0`).
//!
//! Every state `G[g,i]` is entered by a background cell `i - 1`, and every cell of a block by its
//! start, so a cell's colour `c` is supported exactly by the starts of blocks of colour `c` that
//! cover it, and its background by the gap states after it. A block whose successor has another
//! colour ends either in a background step or in the successor's start on the next cell. Clauses:
//!
//! 1. units `G[0,0]` and `G[k,n+1]`;
//! 2. out of `G[g,i]`: background goes on to `G[g,i+1]`, colour `col_g` starts block `g`, no other
//!    colour is possible, and one of the two happens;
//! 3. into `G[g,i]`: cell `i - 1` is background, reached by a background step or a block's end;
//! 4. a block start paints its cells, keeps its colour off the cell before, is entered from its
//!    gap state (or from the previous block's end, when the colours differ), and leaves by its
//!    needed background cell, or else by a background step or the next block's start;
//! 5. a cell of colour `c` lies in a block of colour `c`; a background cell ends a gap state.
//!
//! Auxiliaries are functions of the cells (models and solutions correspond one to one), and unit
//! propagation fixes exactly what the complete colour line solver fixes (tests/cnf/colour.rs).

use super::layout::{Layout, Term, clause, slack};
use std::io::{self, Write};

use super::{ClauseSink, Encodable, Lit, Var};
use crate::model::{BACKGROUND, ColourClue, ColourPuzzle, Grid, LineId, Pos};

/// What a colour encoding produced, beyond its clauses: its size and its cell numbering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourEncoding {
    /// Number of variables used, cells and auxiliaries.
    pub vars: u32,
    width: usize,
    values: usize,
}

impl ColourEncoding {
    /// The variable that is true when the cell at `pos` has colour `colour` (0 the background).
    ///
    /// The cell at row `r`, column `c` with colour `k` is variable
    /// `(r * width + c) * (C + 1) + k + 1`.
    pub fn cell_var(&self, pos: Pos, colour: u8) -> Var {
        cell_var(self.values, self.first(pos), colour)
    }

    /// The variable before the first of the cell at `pos`.
    fn first(&self, pos: Pos) -> usize {
        (pos.row * self.width + pos.col) * self.values
    }

    /// Number of values a cell takes: the colours and the background.
    pub fn values(&self) -> usize {
        self.values
    }

    /// The clause "some coloured cell of `solution` has another colour", over cell variables only.
    ///
    /// It excludes `solution` and no other solution: every solution has as many coloured cells as
    /// the clues ask for, so one that keeps every coloured cell of `solution` is `solution`.
    pub fn blocking_clause(&self, solution: &Grid<u8>) -> Vec<Lit> {
        solution
            .positions()
            .filter(|&pos| solution[pos] != BACKGROUND)
            .map(|pos| !self.cell_var(pos, solution[pos]).positive())
            .collect()
    }
}

/// The variable of colour `colour` of the cell whose first variable is `first + 1`.
fn cell_var(values: usize, first: usize, colour: u8) -> Var {
    debug_assert!(usize::from(colour) < values);
    Var((first + usize::from(colour) + 1) as u32)
}

/// An upper bound on the clauses of one line: out of and into each state, each block start and
/// each cell's support.
fn line_bound(clue: &ColourClue, len: usize, values: usize) -> usize {
    let (k, slack) = (clue.blocks().len(), len.saturating_sub(clue.min_len()));
    let painted: usize = clue.blocks().iter().map(|b| b.len).sum();
    2 + (k + 1) * (slack + 1) * (values + 4)
        + k * (slack + 1) * (values + 6)
        + painted * (slack + 1)
        + len * values
}

/// Clauses per cell of "exactly one value".
fn cell_bound(values: usize) -> usize {
    1 + values * (values - 1) / 2
}

/// The colour encoding: cell `(r, c)` has `C + 1` variables, `x[i, k]` numbered
/// `(r * width + c) * (C + 1) + k + 1`, with "exactly one" clauses, a unit clause for each colour
/// ruled out, and each open line's clauses.
impl Encodable for ColourPuzzle {
    type Known = u32;
    type Encoding = ColourEncoding;
    const NOUN: &'static str = "colour nonogram";

    /// Whether the cell has other than one colour left.
    fn is_open(colours: u32) -> bool {
        colours.count_ones() != 1
    }

    fn cell_clauses(&self) -> usize {
        let values = self.palette().len() + 1;
        self.cell_count() * (cell_bound(values) + values)
    }

    fn line_clauses(&self, line: LineId) -> usize {
        line_bound(
            self.clue(line),
            self.line_len(line),
            self.palette().len() + 1,
        )
    }

    fn encode_cells(&self, known: &Grid<u32>, sink: &mut impl ClauseSink) -> ColourEncoding {
        let values = self.palette().len() + 1;
        let encoding = ColourEncoding {
            vars: (self.cell_count() * values) as u32,
            width: self.width(),
            values,
        };
        for pos in known.positions() {
            exactly_one(values, encoding.first(pos), known[pos], sink);
        }
        encoding
    }

    fn encode_open_line(
        &self,
        encoding: &ColourEncoding,
        known: &Grid<u32>,
        line: LineId,
        next_var: &mut u32,
        sink: &mut impl ClauseSink,
    ) {
        let firsts: Vec<usize> = known
            .line_positions(line)
            .map(|pos| encoding.first(pos))
            .collect();
        encode_line(self.clue(line), &firsts, encoding.values, next_var, sink);
    }

    /// The numbering and the colour table.
    fn write_numbering(&self, out: &mut impl Write, encoding: &ColourEncoding) -> io::Result<()> {
        let (width, values) = (self.width(), encoding.values);
        writeln!(
            out,
            "c cell (row r, column c), both 0-based, has colour k when variable (r*{width} + c)*{values} + k + 1 is true"
        )?;
        for (k, colour) in self.palette().colours().iter().enumerate() {
            let name = colour.name.replace(char::is_control, " ");
            writeln!(out, "c colour {k}: {name} {}", colour.hex())?;
        }
        writeln!(
            out,
            "c variables 1..={} are cells and colours; the rest are line auxiliaries",
            self.cell_count() * values
        )
    }
}

/// Encodes a single colour line on its own, given the colours each cell may take (bit `c` for
/// colour `c`): cell `i` with colour `c` is variable `i * values + c + 1`, with exactly-one clauses
/// and a unit clause for each colour ruled out; auxiliaries follow. Returns the number of
/// variables.
///
/// For tests of the line encoding; [`encode`](super::encode) is the whole-puzzle entry point.
pub fn encode_single_colour_line(
    clue: &ColourClue,
    known: &[u32],
    values: usize,
    sink: &mut impl ClauseSink,
) -> u32 {
    let firsts: Vec<usize> = (0..known.len()).map(|i| i * values).collect();
    for (&first, &cell) in firsts.iter().zip(known) {
        exactly_one(values, first, cell, sink);
    }
    let mut next_var = (known.len() * values) as u32 + 1;
    encode_line(clue, &firsts, values, &mut next_var, sink);
    next_var - 1
}

/// One value for the cell whose first variable is `first + 1`, among those set in `possible`.
fn exactly_one(values: usize, first: usize, possible: u32, sink: &mut impl ClauseSink) {
    let var = |c: usize| cell_var(values, first, c as u8).positive();
    let all: Vec<Lit> = (0..values).map(var).collect();
    sink.add_clause(&all);
    for a in 0..values {
        if possible & (1 << a) == 0 {
            sink.add_clause(&[!var(a)]);
            continue;
        }
        for b in a + 1..values {
            if possible & (1 << b) != 0 {
                sink.add_clause(&[!var(a), !var(b)]);
            }
        }
    }
}

/// The cells of one line: `x[i,c]` over the variables that start after `firsts[i]`.
struct LineCells<'a> {
    /// The first variable of each cell, less one.
    firsts: &'a [usize],
    values: usize,
}

impl LineCells<'_> {
    /// `x[i,c]`; the virtual cell `n` is background.
    fn cell(&self, i: usize, colour: u8) -> Term {
        match self.firsts.get(i) {
            Some(&first) => Term::Lit(cell_var(self.values, first, colour).positive()),
            None if colour == BACKGROUND => Term::True,
            None => Term::False,
        }
    }
}

/// Writes the clauses of `clue` over the cells whose first variables are `firsts` (plus one),
/// numbering auxiliaries from `next_var` on (which it advances).
fn encode_line(
    clue: &ColourClue,
    firsts: &[usize],
    values: usize,
    next_var: &mut u32,
    sink: &mut impl ClauseSink,
) {
    let blocks = clue.blocks();
    let (n, k) = (firsts.len(), blocks.len());
    let mut scratch = Vec::new();
    let is_background = |i: usize| cell_var(values, firsts[i], BACKGROUND).positive();
    let Some(slack) = slack((n, k, clue.min_len()), sink, is_background) else {
        return;
    };
    let mut earliest_start = Vec::with_capacity(k);
    let mut earliest_gap = vec![0];
    let mut sum = 0;
    for (b, block) in blocks.iter().enumerate() {
        earliest_start.push(sum);
        earliest_gap.push(sum + block.len + 1);
        sum += block.len + usize::from(clue.needs_gap_after(b));
    }
    let v = Layout::allocate(slack, earliest_start, earliest_gap, next_var);
    let x = LineCells { firsts, values };
    let gap_after = |b: usize| b + 1 == k || clue.needs_gap_after(b);
    let block_ending_before = |b: usize, i: usize| v.start_ending_before(b, blocks[b].len, i);
    let colours = || (1..values).map(|c| c as u8);

    // 1. The line starts with no block read and ends after the virtual background cell.
    clause(sink, &[v.gap(0, 0)], &mut scratch);
    clause(sink, &[v.gap(k, n + 1)], &mut scratch);

    for g in 0..=k {
        let next_colour = blocks.get(g).map(|b| b.colour);
        for i in v.range(v.earliest_gap[g]) {
            let here = v.gap(g, i);
            // 2. Out of G[g,i]: background stays in gap g, colour col_g starts block g.
            if (g, i) != (k, n + 1) {
                let (step, block) = (v.gap(g, i + 1), v.start(g, i));
                clause(sink, &[!here, !x.cell(i, BACKGROUND), step], &mut scratch);
                clause(sink, &[!here, step, block], &mut scratch);
                if i < n {
                    for c in colours() {
                        if Some(c) == next_colour {
                            clause(sink, &[!here, !x.cell(i, c), block], &mut scratch);
                        } else {
                            clause(sink, &[!here, !x.cell(i, c)], &mut scratch);
                        }
                    }
                }
            }
            // 3. Into G[g,i]: cell i-1 is background, after a background step or block g-1.
            if (g, i) != (0, 0) {
                clause(sink, &[!here, x.cell(i - 1, BACKGROUND)], &mut scratch);
                let block_end = match g.checked_sub(1) {
                    Some(b) => block_ending_before(b, i - 1),
                    None => Term::False,
                };
                clause(sink, &[!here, v.gap(g, i - 1), block_end], &mut scratch);
            }
        }
    }

    // 4. A block start paints its cells and links its way in and its way out.
    for (b, block) in blocks.iter().enumerate() {
        let touching_previous = b > 0 && !gap_after(b - 1);
        for p in v.range(v.earliest_start[b]) {
            let start = v.start(b, p);
            for j in p..p + block.len {
                clause(sink, &[!start, x.cell(j, block.colour)], &mut scratch);
            }
            let end = p + block.len;
            if p > 0 {
                clause(sink, &[!start, !x.cell(p - 1, block.colour)], &mut scratch);
            }
            let from_previous = if touching_previous {
                block_ending_before(b - 1, p)
            } else {
                Term::False
            };
            clause(sink, &[!start, v.gap(b, p), from_previous], &mut scratch);
            let after = v.gap(b + 1, end + 1);
            if gap_after(b) {
                clause(sink, &[!start, x.cell(end, BACKGROUND)], &mut scratch);
                clause(sink, &[!start, after], &mut scratch);
            } else {
                let next = blocks[b + 1].colour;
                let next_start = v.start(b + 1, end);
                clause(sink, &[!start, after, next_start], &mut scratch);
                let background = x.cell(end, BACKGROUND);
                clause(sink, &[!start, !background, after], &mut scratch);
                clause(
                    sink,
                    &[!start, !x.cell(end, next), next_start],
                    &mut scratch,
                );
                for c in colours().filter(|&c| c != next) {
                    clause(sink, &[!start, !x.cell(end, c)], &mut scratch);
                }
            }
        }
    }

    // 5. A cell of colour c lies in a block of colour c; a background cell ends a gap state.
    let mut support = Vec::new();
    for i in 0..n {
        for c in colours() {
            support.clear();
            support.push(!x.cell(i, c));
            for (b, block) in blocks.iter().enumerate().filter(|(_, b)| b.colour == c) {
                let first = i.saturating_sub(block.len - 1).max(v.earliest_start[b]);
                let last = i.min(v.earliest_start[b] + slack);
                support.extend((first..=last).map(|p| v.start(b, p)));
            }
            clause(sink, &support, &mut scratch);
        }
        support.clear();
        support.push(!x.cell(i, BACKGROUND));
        support.extend((0..=k).map(|g| v.gap(g, i + 1)));
        clause(sink, &support, &mut scratch);
    }
}
