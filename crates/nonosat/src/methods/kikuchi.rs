//! Kikuchi's line algorithms (seed 000): freedom, cube2, cube3, cube4.
//!
//! H. Kikuchi, "Algorithms of solving the illust-logic puzzles" (Tokai University), works on one line
//! ("word") at a time:
//!
//! - Section 2, Theorem 2.1: the *freedom* of a clue `b_1..b_k` in a line of `n` cells, the number of
//!   its arrangements, is `C(n - Σb + 1, k)` ([`freedom`]).
//! - Section 2, Theorem 2.2: a cell that takes the same value in every arrangement agreeing with the
//!   known cells is fixed to it. The paper defines the arrangements of a partly known line as those
//!   that agree with its known cells.
//! - Section 3, algorithm cube2: for each cell, set it to 1 and ask whether some arrangement
//!   exists, then the same for 0; keep the only possible value ([`Cube2`]).
//! - Section 3, algorithm cube3: list every arrangement of the line and intersect them
//!   (Theorem 2.2) ([`Cube3`]).
//! - Section 3, algorithm cube4: cube3, but a line whose freedom exceeds a threshold θ is passed over
//!   on this pass (steps 1.5 and 4.5) ([`Cube4`]); the freedom of a partly known line counts the
//!   arrangements that agree with its known cells ([`consistent_arrangements`]).
//!
//! The paper's algorithms alternate passes over all rows and all columns until nothing changes
//! (cube2 steps 1-9, cube3 steps 1-7); here each method is a [`LineSolver`], and
//! [`propagate`](fn@crate::logic::propagate) supplies the repetition. Section 4.1 says the three
//! methods give the same output: cube2 and cube3 do (both are complete line solvers), and cube4
//! does unless a line's freedom stays above θ to the end. Theorem 4.1's claim that they solve every
//! puzzle with a unique solution is false: the 4x2 puzzle with rows `2 / 1 1` and columns
//! `1 / 1 / 1 / 1` has one solution and no line fixes any of its cells. Section 4.2 gives the cost
//! of cube3 as the sum of the lines' freedoms per pass.
//!
//! Arrangements are listed by a depth-first search that places blocks left to right and drops a
//! partial placement as soon as it disagrees with a known cell. Each partial placement it tries is
//! the beginning of some arrangement of the clue (known cells aside), so it tries at most `k` times
//! the line's freedom of them, each in O(n): its work is bounded by the freedom, as the paper's
//! Figure 3 observes of its running time. To keep a large puzzle from hanging, a line whose freedom
//! exceeds `max_arrangements` (default [`DEFAULT_MAX_ARRANGEMENTS`]) is not enumerated: it is
//! returned unchanged and counted in [`Counters::lines_skipped`]. The paper has no such limit.

use std::ops::ControlFlow;

use crate::logic::{Contradiction, LineSolver};
use crate::model::{Cell, Clue};

/// Lines whose freedom is larger than this are not enumerated by default (returned unchanged).
pub const DEFAULT_MAX_ARRANGEMENTS: u128 = 1_000_000;

/// The default θ of [`Cube4`]. The paper gives no value; this one is ours: it admits, for instance,
/// a 30-cell line with clue `2 1 1 1 3 1 1 2 2 3` (1,001 arrangements) and skips one with clue
/// `1 1 1 1` (17,550 arrangements).
pub const DEFAULT_THRESHOLD: u128 = 10_000;

/// The freedom of `clue` in a line of `len` cells: how many arrangements it has (Theorem 2.1).
///
/// That is `C(len - Σc + 1, k)` for `k` blocks of total length `Σc`, 1 for the empty clue, and 0 when
/// the clue does not fit. A count larger than `u128::MAX` (possible only for lines of hundreds of
/// cells) is returned as `u128::MAX`.
pub fn freedom(clue: &Clue, len: usize) -> u128 {
    if clue.min_len() > len {
        return 0;
    }
    binomial((len - clue.black_cells() + 1) as u128, clue.len() as u128)
}

/// `C(n, k)`, saturating at `u128::MAX`.
fn binomial(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut result: u128 = 1;
    // After step i, result = C(n - k + i, i); the sequence only grows, so once a step overflows the
    // final value does too.
    for i in 1..=k {
        let top = n - k + i;
        // result * top is divisible by i; divide first so that only the true value can overflow.
        let g = gcd(result, i);
        match (result / g).checked_mul(top / (i / g)) {
            Some(next) => result = next,
            None => return u128::MAX,
        }
    }
    result
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// What a method did, for comparing methods.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Lines returned unchanged without being examined: their freedom exceeded
    /// `max_arrangements`, or for [`Cube4`] its threshold θ.
    pub lines_skipped: u64,
    /// Arrangements the enumeration produced, each agreeing with the known cells of the line it was
    /// listed for. For [`Cube2`] each feasibility test stops at its first arrangement, so this is the
    /// number of tests that succeeded.
    pub arrangements_enumerated: u64,
}

/// Calls `visit` with the block starts of each arrangement of `clue` in `line` that agrees with the
/// line's known cells, leftmost starts first, until `visit` breaks. Counts the arrangements visited.
fn each_arrangement(
    clue: &Clue,
    line: &[Cell],
    counters: &mut Counters,
    mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
) {
    let (blocks, n) = (clue.blocks(), line.len());
    if clue.min_len() > n {
        return;
    }
    // latest[j]: the last start of block j that leaves room for the blocks after it.
    let mut latest = vec![0; blocks.len()];
    let mut room = n + 1;
    for j in (0..blocks.len()).rev() {
        latest[j] = room - 1 - blocks[j];
        room = latest[j];
    }
    let mut search = Search {
        blocks,
        line,
        latest,
        starts: Vec::with_capacity(blocks.len()),
        counters,
    };
    let _ = search.place(0, 0, &mut visit);
}

/// The state of the depth-first search of [`each_arrangement`].
struct Search<'a> {
    blocks: &'a [usize],
    line: &'a [Cell],
    latest: Vec<usize>,
    starts: Vec<usize>,
    counters: &'a mut Counters,
}

impl Search<'_> {
    /// Places blocks `block..` with cells `from..` free, cells before `from` already decided.
    fn place(
        &mut self,
        block: usize,
        from: usize,
        visit: &mut impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let line = self.line;
        if block == self.blocks.len() {
            if line[from..].contains(&Cell::Black) {
                return ControlFlow::Continue(());
            }
            self.counters.arrangements_enumerated += 1;
            return visit(&self.starts);
        }
        for start in from..=self.latest[block] {
            // Cells from..start are white: no later start works once they include a black.
            if start > from && line[start - 1] == Cell::Black {
                break;
            }
            let end = start + self.blocks[block];
            if line[start..end].contains(&Cell::White) || line.get(end) == Some(&Cell::Black) {
                continue;
            }
            self.starts.push(start);
            let found = self.place(block + 1, (end + 1).min(line.len()), visit);
            self.starts.pop();
            found?;
        }
        ControlFlow::Continue(())
    }
}

/// Whether `line` needs enumerating more arrangements than allowed; counts the skip if so.
/// The freedom of a partly known line: how many arrangements of `clue` agree with the known cells of
/// `line` (saturating at `u128::MAX`). On a line with no known cell it is [`freedom`]; it shrinks as
/// cells become known, which is what lets [`Cube4`] take up, on a later pass, a line it skipped.
///
/// Counted, not enumerated, in O(n·k): `ways[j][i]` arrangements put exactly blocks `0..j` in cells
/// `0..i`, the other cells white; cell `i - 1` is either white or the last cell of block `j - 1`,
/// two cases that never overlap, so their counts add.
pub fn consistent_arrangements(clue: &Clue, line: &[Cell]) -> u128 {
    let (blocks, n) = (clue.blocks(), line.len());
    let mut whites_before = vec![0; n + 1];
    for (i, &cell) in line.iter().enumerate() {
        whites_before[i + 1] = whites_before[i] + usize::from(cell == Cell::White);
    }
    let mut ways = vec![vec![0u128; n + 1]; blocks.len() + 1];
    ways[0][0] = 1;
    for i in 1..=n {
        ways[0][i] = if line[i - 1] == Cell::Black {
            0
        } else {
            ways[0][i - 1]
        };
    }
    for j in 1..=blocks.len() {
        let len = blocks[j - 1];
        for i in 1..=n {
            let white = if line[i - 1] == Cell::Black {
                0
            } else {
                ways[j][i - 1]
            };
            let block_end = match i.checked_sub(len) {
                Some(start) if whites_before[i] == whites_before[start] => match start {
                    0 => u128::from(j == 1),
                    _ if line[start - 1] == Cell::Black => 0,
                    _ => ways[j - 1][start - 1],
                },
                _ => 0,
            };
            ways[j][i] = white.saturating_add(block_end);
        }
    }
    ways[blocks.len()][n]
}

fn too_free(clue: &Clue, line: &[Cell], max_arrangements: u128, counters: &mut Counters) -> bool {
    let skip = freedom(clue, line.len()) > max_arrangements;
    counters.lines_skipped += u64::from(skip);
    skip
}

/// Algorithm cube2 (Section 3): each unknown cell is tried as black and as white; a colour is kept
/// when the other one leaves the line without an arrangement.
///
/// The paper's test (steps 3 and 7) asks whether some arrangement of the clue exists with the cell so
/// set, and notes that when none exists all of the arrangements may have to be generated: it is a
/// search through the arrangements, not a packing argument. This implements it as the same
/// enumeration as [`Cube3`], stopped at the first arrangement found. Every test is made against the
/// line as given (the paper writes results to a new matrix `A'`), so a cell is fixed exactly when all
/// arrangements agree on it: cube2 is a complete line solver. A cell that can be neither colour, or a
/// fully known line that breaks its clue, is a [`Contradiction`] (the paper does not say what to do
/// then).
#[derive(Clone, Debug)]
pub struct Cube2 {
    max_arrangements: u128,
    counters: Counters,
}

impl Cube2 {
    /// Cube2 with the default limit [`DEFAULT_MAX_ARRANGEMENTS`].
    pub fn new() -> Self {
        Cube2 {
            max_arrangements: DEFAULT_MAX_ARRANGEMENTS,
            counters: Counters::default(),
        }
    }

    /// The same method, returning unchanged every line whose freedom exceeds `max`.
    pub fn with_max_arrangements(self, max: u128) -> Self {
        Cube2 {
            max_arrangements: max,
            ..self
        }
    }

    /// What this solver has done since it was made.
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// Whether some arrangement of `clue` agrees with `line`.
    fn feasible(&mut self, clue: &Clue, line: &[Cell]) -> bool {
        let mut found = false;
        each_arrangement(clue, line, &mut self.counters, |_| {
            found = true;
            ControlFlow::Break(())
        });
        found
    }
}

impl Default for Cube2 {
    fn default() -> Self {
        Self::new()
    }
}

impl LineSolver for Cube2 {
    fn solve_line(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
        if too_free(clue, line, self.max_arrangements, &mut self.counters) {
            return Ok(line.to_vec());
        }
        if !line.contains(&Cell::Unknown) {
            return self
                .feasible(clue, line)
                .then(|| line.to_vec())
                .ok_or(Contradiction);
        }
        let mut solved = line.to_vec();
        let mut trial = line.to_vec();
        for (i, &cell) in line.iter().enumerate() {
            if cell != Cell::Unknown {
                continue;
            }
            trial[i] = Cell::Black;
            let black = self.feasible(clue, &trial);
            trial[i] = Cell::White;
            let white = self.feasible(clue, &trial);
            trial[i] = Cell::Unknown;
            solved[i] = match (black, white) {
                (true, true) => Cell::Unknown,
                (true, false) => Cell::Black,
                (false, true) => Cell::White,
                (false, false) => return Err(Contradiction),
            };
        }
        Ok(solved)
    }
}

/// Algorithm cube3 (Section 3): lists every arrangement of the line that agrees with its known cells
/// and keeps the cells they all share (Theorem 2.2).
///
/// No arrangement is a [`Contradiction`]. A line whose freedom exceeds the limit (default
/// [`DEFAULT_MAX_ARRANGEMENTS`]) is returned unchanged and counted as skipped.
#[derive(Clone, Debug)]
pub struct Cube3 {
    max_arrangements: u128,
    counters: Counters,
}

impl Cube3 {
    /// Cube3 with the default limit [`DEFAULT_MAX_ARRANGEMENTS`].
    pub fn new() -> Self {
        Cube3 {
            max_arrangements: DEFAULT_MAX_ARRANGEMENTS,
            counters: Counters::default(),
        }
    }

    /// The same method, returning unchanged every line whose freedom exceeds `max`.
    pub fn with_max_arrangements(self, max: u128) -> Self {
        Cube3 {
            max_arrangements: max,
            ..self
        }
    }

    /// What this solver has done since it was made.
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// The intersection `c` of the arrangements agreeing with `line` (step 2) as cells: a cell is
    /// known when it is `{0}` or `{1}`, unknown when it is `{0, 1}`.
    fn intersect(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
        let blocks = clue.blocks();
        let mut common: Option<Vec<Cell>> = None;
        let mut word = vec![Cell::White; line.len()];
        each_arrangement(clue, line, &mut self.counters, |starts| {
            word.fill(Cell::White);
            for (&start, &len) in starts.iter().zip(blocks) {
                word[start..start + len].fill(Cell::Black);
            }
            match &mut common {
                None => common = Some(word.clone()),
                Some(common) => {
                    for (c, &w) in common.iter_mut().zip(&word) {
                        if *c != w {
                            *c = Cell::Unknown;
                        }
                    }
                }
            }
            ControlFlow::Continue(())
        });
        common.ok_or(Contradiction)
    }
}

impl Default for Cube3 {
    fn default() -> Self {
        Self::new()
    }
}

impl LineSolver for Cube3 {
    fn solve_line(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
        if too_free(clue, line, self.max_arrangements, &mut self.counters) {
            return Ok(line.to_vec());
        }
        self.intersect(clue, line)
    }
}

/// Algorithm cube4 (Section 3): [`Cube3`], but a line whose freedom exceeds the threshold θ is
/// returned unchanged on this call (steps 1.5 and 4.5).
///
/// The freedom is that of the line as it stands, [`consistent_arrangements`]: the paper counts a
/// partly known line's arrangements as those that agree with its known cells, and skipping "on this
/// pass" only makes sense if a line can qualify later. So a skipped line is taken up once its
/// crossing lines have fixed enough of it, and cube4 reaches cube3's fixpoint unless a line stays
/// above θ to the end. Skips for θ and for the enumeration limit are both counted in
/// [`Counters::lines_skipped`].
#[derive(Clone, Debug)]
pub struct Cube4 {
    threshold: u128,
    cube3: Cube3,
}

impl Cube4 {
    /// Cube4 with threshold θ = `threshold` and the default limit [`DEFAULT_MAX_ARRANGEMENTS`].
    pub fn new(threshold: u128) -> Self {
        Cube4 {
            threshold,
            cube3: Cube3::new(),
        }
    }

    /// The same method, returning unchanged every line whose freedom exceeds `max`.
    pub fn with_max_arrangements(self, max: u128) -> Self {
        Cube4 {
            cube3: self.cube3.with_max_arrangements(max),
            ..self
        }
    }

    /// The threshold θ.
    pub fn threshold(&self) -> u128 {
        self.threshold
    }

    /// What this solver has done since it was made.
    pub fn counters(&self) -> Counters {
        self.cube3.counters
    }
}

/// Cube4 with θ = [`DEFAULT_THRESHOLD`].
impl Default for Cube4 {
    fn default() -> Self {
        Self::new(DEFAULT_THRESHOLD)
    }
}

impl LineSolver for Cube4 {
    fn solve_line(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
        if consistent_arrangements(clue, line) > self.threshold {
            self.cube3.counters.lines_skipped += 1;
            return Ok(line.to_vec());
        }
        self.cube3.solve_line(clue, line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Vec<Cell> {
        text.chars()
            .map(|ch| match ch {
                '1' => Cell::Black,
                '0' => Cell::White,
                _ => Cell::Unknown,
            })
            .collect()
    }

    /// Section 2: `(3, 1, 1)` in 8 cells has freedom 4.
    #[test]
    fn freedom_of_the_papers_example() {
        assert_eq!(freedom(&Clue::new(vec![3, 1, 1]), 8), 4);
        assert_eq!(freedom(&Clue::default(), 5), 1);
        assert_eq!(freedom(&Clue::new(vec![3, 1, 1]), 6), 0);
    }

    /// Section 2: `(3)` in 5 cells fixes the middle cell; with the second cell known black the
    /// arrangements are `11100` and `01110`.
    #[test]
    fn theorem_2_2_examples() {
        let clue = Clue::new(vec![3]);
        for solver in [&mut Cube2::new() as &mut dyn LineSolver, &mut Cube3::new()] {
            assert_eq!(
                solver.solve_line(&clue, &parse("?????")),
                Ok(parse("??1??"))
            );
            assert_eq!(
                solver.solve_line(&clue, &parse("?1???")),
                Ok(parse("?11?0"))
            );
        }
        let mut cube3 = Cube3::new();
        cube3.solve_line(&clue, &parse("?1???")).unwrap();
        assert_eq!(cube3.counters().arrangements_enumerated, 2);
    }

    #[test]
    fn binomial_divides_before_it_can_overflow() {
        assert_eq!(binomial(10, 3), 120);
        assert_eq!(binomial(3, 10), 0);
        assert_eq!(
            binomial(128, 64),
            23_951_146_041_928_082_866_135_587_776_380_551_750
        );
        assert_eq!(binomial(1000, 500), u128::MAX);
    }
}
