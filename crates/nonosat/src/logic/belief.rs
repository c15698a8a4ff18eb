//! How likely each open cell is to be black: the weighted share of its line's completions in
//! which it is black, combined over rows and columns by loopy belief propagation.
//!
//! These are guesses, used only to guide a search: the colour the depth-first search tries first
//! at a branch, the phase a SAT solver tries first for a cell, and the cell and colour a dive
//! fixes next (`solve/decimate.rs`). Nothing is deduced from them.
//! A line's completions are counted by the forward-backward recursion of a complete line solver,
//! over reals instead of booleans, and each completion is weighted by what the crossing lines say
//! of its cells. Rows and columns take turns, a line solved again only once a message into it has
//! moved by more than `TOLERANCE`, for at most `MAX_ROUNDS`.
//!
//! `reinforced_picture` turns the beliefs into one picture: step by step each cell is pulled a
//! little toward the colour it is believed likelier to take, until the beliefs settle on a
//! picture (belief propagation with reinforcement, Braunstein and Zecchina 2006). On small random
//! puzzles the picture is mostly a solution; on large ones it seldom is, but breaks only a few
//! lines (docs/performance.md).

use crate::model::{Cell, Clue, Grid, LineId, Puzzle};

/// The most rounds (a pass over the rows, then the columns) of belief propagation.
pub(crate) const MAX_ROUNDS: usize = 30;

/// Propagation stops once no message has moved by more than this since its line was solved.
const TOLERANCE: f64 = 1e-2;

/// The work a state of a line's recursion counts on a racer's clock (in the depth-first search's
/// units, about a nanosecond each), for a dive or a guess ([`Messages::work`]).
pub(crate) const WORK_PER_BELIEF_STATE: u64 = 4;

/// What solving a line costs besides its recursion's states, counted as that many states, so
/// that a dive's work follows its time on puzzles from 25x25 to 60x60 (docs/performance.md).
const WORK_PER_LINE: u64 = 128;

/// How many steps of reinforcement [`reinforced_picture`] takes, each of [`ROUNDS_A_STEP`]
/// rounds, and how hard each step pulls a cell (the power its belief is raised to): gently, so
/// that the beliefs settle over the steps rather than at the first.
pub(crate) const REINFORCEMENT_STEPS: usize = 100;
pub(crate) const ROUNDS_A_STEP: usize = 3;
pub(crate) const PULL: f64 = 0.01;

/// Messages are kept this far from 0 and 1, so that one line cannot veto a colour the crossing
/// line needs: only known cells are certain.
const FLOOR: f64 = 1e-3;

/// Per cell, how likely it is to be black in a solution, given the cells of `known`: known cells
/// are 0 or 1. `None` when a line has no completion (or, on a line of hundreds of cells, the
/// weights of its completions vanish in floating point), or when `stop`, asked before each line,
/// says so: on a 200x200 puzzle the beliefs take seconds, and a time limit must hold.
pub fn black_beliefs(
    puzzle: &Puzzle,
    known: &Grid<Cell>,
    stop: &dyn Fn() -> bool,
) -> Option<Grid<f64>> {
    let mut messages = Messages::new(puzzle);
    black_beliefs_from(puzzle, known, stop, &mut messages, MAX_ROUNDS)
}

/// What each row and each column says of its cells, leaving out what the crossing line told it:
/// per cell, row-major, black and white's probability of black, or for a colour puzzle
/// (`colour_belief.rs`) a distribution over the values the cell may take, one number a value.
/// Kept from one propagation to the next by a search that narrows a few cells between them, with
/// the work of the lines solved so far.
pub(crate) struct Messages {
    pub(super) from_rows: Vec<f64>,
    pub(super) from_cols: Vec<f64>,
    /// Per cell (and value), row-major, the pull of reinforcement toward each colour, as a third
    /// message; none before reinforcement pulls ([`reinforced_picture`]).
    pub(super) pull: Option<Vec<f64>>,
    pub(super) work: BeliefWork,
}

/// What belief propagation tells of each line's work (in states of its recursion) as it solves
/// it, for a racer's clock to move while the beliefs are computed, not only after them.
pub(crate) type OnWork = Box<dyn Fn(u64)>;

/// The work of the lines belief propagation has solved, for either kind of puzzle: per line, its
/// cells times one more than its blocks (the recursion's states, for what they cost), and
/// [`WORK_PER_LINE`] for what a line costs besides; and who is told each line's as it is solved.
#[derive(Default)]
pub(super) struct BeliefWork {
    states: u64,
    on_work: Option<OnWork>,
}

impl BeliefWork {
    /// No work yet, each line's to be told to `on_work`, if given.
    fn telling(on_work: Option<OnWork>) -> Self {
        BeliefWork { states: 0, on_work }
    }

    /// Counts a line of `cells` cells and `blocks` blocks solved.
    pub(super) fn line_solved(&mut self, cells: usize, blocks: usize) {
        let states = (cells * (blocks + 1)) as u64 + WORK_PER_LINE;
        self.states += states;
        if let Some(on_work) = &self.on_work {
            on_work(states);
        }
    }

    /// The work so far, in states.
    fn states(&self) -> u64 {
        self.states
    }
}

impl Messages {
    /// Messages that say nothing yet: even odds everywhere.
    pub(crate) fn new(puzzle: &Puzzle) -> Self {
        Messages::saying(vec![0.5; puzzle.width() * puzzle.height()])
    }

    /// Messages in which every row and every column says `even` of its cells.
    pub(super) fn saying(even: Vec<f64>) -> Self {
        Messages {
            from_cols: even.clone(),
            from_rows: even,
            pull: None,
            work: BeliefWork::default(),
        }
    }

    /// These messages, telling `on_work` each line's work as it is solved.
    pub(crate) fn telling(self, on_work: Option<OnWork>) -> Self {
        let work = BeliefWork::telling(on_work);
        Messages { work, ..self }
    }

    /// The work of the lines belief propagation has solved with these messages, in states of
    /// the recursion.
    pub(crate) fn work(&self) -> u64 {
        self.work.states()
    }
}

/// [`black_beliefs`] going on from `messages`, for at most `max_rounds` rounds: a few suffice
/// when the messages are those of a grid with a few cells fewer known.
pub(crate) fn black_beliefs_from(
    puzzle: &Puzzle,
    known: &Grid<Cell>,
    stop: &dyn Fn() -> bool,
    messages: &mut Messages,
    max_rounds: usize,
) -> Option<Grid<f64>> {
    let (width, height) = (puzzle.width(), puzzle.height());
    let Messages {
        from_rows,
        from_cols,
        pull,
        work,
    } = messages;
    let pull = pull.as_deref();
    let pulled = |i: usize, p: f64| match pull {
        Some(pull) => combine(p, pull[i]),
        None => p,
    };
    let open = |i: usize| known.cells()[i] == Cell::Unknown;
    let (mut cells, mut priors, mut solver) = (Vec::new(), Vec::new(), Shares::default());
    let messages = (&mut from_rows[..], &mut from_cols[..]);
    in_turns(
        known,
        open,
        1,
        messages,
        max_rounds,
        stop,
        |line, indices, incoming, outgoing| {
            work.line_solved(indices.len(), puzzle.clue(line).blocks().len());
            cells.clear();
            cells.extend(indices.iter().map(|&i| known.cells()[i]));
            priors.clear();
            priors.extend(indices.iter().map(|&i| pulled(i, incoming[i])));
            let shares = solver.of(puzzle.clue(line), &cells, &priors)?;
            for ((&i, &share), &prior) in indices.iter().zip(shares).zip(&priors) {
                outgoing[i] = keep_open(leave_out(share, prior));
            }
            Some(())
        },
    )?;
    let known = known.cells();
    let mut beliefs = Grid::filled(width, height, 0.5);
    for pos in beliefs.positions() {
        let i = pos.row * width + pos.col;
        beliefs[pos] = match known[i] {
            Cell::Black => 1.0,
            Cell::White => 0.0,
            Cell::Unknown => pulled(i, combine(from_rows[i], from_cols[i])),
        };
    }
    Some(beliefs)
}

/// Loopy belief propagation's schedule, for either kind of puzzle: rows and columns take turns, a
/// line solved again only once a message into one of its open cells has moved by more than
/// [`TOLERANCE`] since it last was, for at most `max_rounds` rounds. The messages are `stride`
/// numbers a cell of `known`, row-major: what each row says of its cells, then what each column
/// says. `solve(line, indices, incoming, outgoing)` writes into `outgoing` the messages of the
/// cells of `line` (at `indices`, row-major) from the crossing lines' (`incoming`); `None` when
/// the line has no completion, or when `stop`, asked before each line, says so.
pub(crate) fn in_turns<T>(
    known: &Grid<T>,
    open: impl Fn(usize) -> bool,
    stride: usize,
    (from_rows, from_cols): (&mut [f64], &mut [f64]),
    max_rounds: usize,
    stop: &dyn Fn() -> bool,
    mut solve: impl FnMut(LineId, &[usize], &[f64], &mut [f64]) -> Option<()>,
) -> Option<()> {
    let (width, height) = (known.width(), known.height());
    // Per line, the row-major indices of its cells.
    let lines: Vec<(LineId, Vec<usize>)> = known
        .lines()
        .map(|line| {
            let positions = known.line_positions(line);
            (
                line,
                positions.map(|pos| pos.row * width + pos.col).collect(),
            )
        })
        .collect();
    let mut dirty: Vec<bool> = lines
        .iter()
        .map(|(_, indices)| indices.iter().any(|&i| open(i)))
        .collect();
    let mut before = Vec::new();
    for _ in 0..max_rounds {
        if !dirty.contains(&true) {
            break;
        }
        for (at, (line, indices)) in lines.iter().enumerate() {
            if !std::mem::take(&mut dirty[at]) {
                continue;
            }
            if stop() {
                return None;
            }
            // The `k`th cell of a row lies on column `k`, of a column on row `k`.
            let (incoming, outgoing, first_crossing) = match line {
                LineId::Row(_) => (&*from_cols, &mut *from_rows, height),
                LineId::Col(_) => (&*from_rows, &mut *from_cols, 0),
            };
            before.clear();
            for &i in indices {
                before.extend_from_slice(&outgoing[i * stride..(i + 1) * stride]);
            }
            solve(*line, indices, incoming, outgoing)?;
            for (k, &i) in indices.iter().enumerate().filter(|&(_, &i)| open(i)) {
                let now = &outgoing[i * stride..(i + 1) * stride];
                let then = &before[k * stride..(k + 1) * stride];
                if now.iter().zip(then).any(|(a, b)| (a - b).abs() > TOLERANCE) {
                    dirty[first_crossing + k] = true;
                }
            }
        }
    }
    Some(())
}

/// The picture belief propagation settles on from the cells of `known` when each open cell is
/// pulled, step after step, toward the colour it is believed likelier to take: its belief raised to
/// the power [`PULL`] joins the cell's messages as a third, growing each step. `messages` are a
/// propagation's from `known` ([`black_beliefs_from`]), which the steps go on from. The first
/// picture that meets every clue, else the last step's (a guess that breaks some lines); `None`
/// as [`black_beliefs_from`] says.
pub(crate) fn reinforced_picture(
    puzzle: &Puzzle,
    known: &Grid<Cell>,
    stop: &dyn Fn() -> bool,
    messages: &mut Messages,
) -> Option<Grid<bool>> {
    let width = puzzle.width();
    let mut beliefs = black_beliefs_from(puzzle, known, stop, messages, 0)?;
    for _ in 0..REINFORCEMENT_STEPS {
        let picture = beliefs.map(|&black| black > 0.5);
        if puzzle.check(&picture).is_ok() {
            return Some(picture);
        }
        let pull = messages
            .pull
            .get_or_insert_with(|| vec![0.5; known.cells().len()]);
        for pos in known.positions().filter(|&pos| known[pos] == Cell::Unknown) {
            let black = beliefs[pos].clamp(FLOOR, 1.0 - FLOOR).powf(PULL);
            let white = (1.0 - beliefs[pos]).clamp(FLOOR, 1.0 - FLOOR).powf(PULL);
            let i = pos.row * width + pos.col;
            pull[i] = combine(pull[i], black / (black + white)).clamp(FLOOR, 1.0 - FLOOR);
        }
        beliefs = black_beliefs_from(puzzle, known, stop, messages, ROUNDS_A_STEP)?;
    }
    Some(beliefs.map(|&black| black > 0.5))
}

/// The colour a belief of black finds likelier: `None` when it is even (as on a symmetric
/// puzzle), which says nothing.
pub fn likelier_colour(black: f64) -> Option<bool> {
    (black != 0.5).then_some(black > 0.5)
}

/// The probability of black that two independent messages `a` and `b` give together.
fn combine(a: f64, b: f64) -> f64 {
    let black = a * b;
    black / (black + (1.0 - a) * (1.0 - b))
}

/// What a line says of a cell by itself: its `share` of black, with the cell's `prior` divided
/// out.
fn leave_out(share: f64, prior: f64) -> f64 {
    let black = share / prior;
    let white = (1.0 - share) / (1.0 - prior);
    black / (black + white)
}

/// `p` kept within [`FLOOR`] of 0 and 1.
fn keep_open(p: f64) -> f64 {
    if p.is_nan() {
        0.5
    } else {
        p.clamp(FLOOR, 1.0 - FLOOR)
    }
}

/// The weighted count of a line's completions ([`Shares::of`]), with its buffers kept from line to
/// line: belief propagation solves each line of a puzzle up to [`MAX_ROUNDS`] times.
#[derive(Default)]
struct Shares {
    /// Prefix sums of the log weights of black, and of the known whites, so that a block's
    /// weight takes constant time.
    log_black: Vec<f64>,
    whites: Vec<usize>,
    /// Per cell, its weight as white (0 for a known black), and 1 for the virtual white cell
    /// that ends the line.
    white: Vec<f64>,
    /// Per distinct block length, its weight at every start ([`Shares::block_weights`]), one
    /// after the other; and per block, where its length's weights begin.
    lengths: Vec<usize>,
    weights: Vec<f64>,
    block_at: Vec<usize>,
    /// Per number of blocks placed, the first and the last cell at which the recursion's state
    /// can weigh anything ([`Shares::bounds`]).
    first: Vec<usize>,
    last: Vec<usize>,
    /// The forward and backward weights of the recursion, the difference array of the cells'
    /// black weight, and the shares.
    forward: Vec<f64>,
    backward: Vec<f64>,
    covered: Vec<f64>,
    shares: Vec<f64>,
}

impl Shares {
    /// Per cell of a line, the share of its completions in which the cell is black, each
    /// completion weighing the product over its cells of `priors[i]` for black and `1 -
    /// priors[i]` for white (priors strictly between 0 and 1). Known cells admit only their
    /// colour. `None` when no completion fits.
    fn of(&mut self, clue: &Clue, line: &[Cell], priors: &[f64]) -> Option<&[f64]> {
        let blocks = clue.blocks();
        let (n, k) = (line.len(), blocks.len());
        refill(&mut self.log_black, 1, 0.0);
        refill(&mut self.whites, 1, 0);
        self.white.clear();
        let (mut log_black, mut whites) = (0.0, 0);
        for (&cell, &prior) in line.iter().zip(priors) {
            log_black += prior.ln();
            whites += usize::from(cell == Cell::White);
            self.log_black.push(log_black);
            self.whites.push(whites);
            self.white.push(match cell {
                Cell::Black => 0.0,
                _ => 1.0 - prior,
            });
        }
        // Cell `n` is a virtual white cell that ends the line.
        self.white.push(1.0);
        // The states that can weigh anything: `j` blocks placed within the first `i` cells, and
        // the rest of the clue fitting after them, from `first[j]` to `last[j]`. Every other
        // state weighs exactly 0, so leaving them out changes no sum, to the bit.
        self.bounds(blocks, n);
        if self.first[k] > n + 1 {
            return None;
        }
        self.block_weights(blocks);
        let Shares {
            white,
            weights,
            block_at,
            first,
            last,
            ..
        } = self;
        // The weights of block `j` at every start, with the white cell after it.
        let block = |j: usize| -> &[f64] { &weights[block_at[j]..block_at[j] + n] };
        // forward[j * states + i]: the weight of the first `i` cells holding the first `j`
        // blocks, with cell `i` free to start a block; backward[j * states + i]: the weight of
        // the rest from there. Row `j` of each is sliced out where it is filled.
        let states = n + 2;
        let (forward, backward) = (&mut self.forward, &mut self.backward);
        refill(forward, (k + 1) * states, 0.0);
        refill(backward, (k + 1) * states, 0.0);
        forward[0] = 1.0;
        for j in 0..=k {
            let (before, row) = forward.split_at_mut(j * states);
            let row = &mut row[..states];
            // The state of no block before cell 0 is the start, of weight 1.
            let (from, last_block) = match j {
                0 => (1, None),
                _ => (
                    first[j],
                    Some((&before[(j - 1) * states..], block(j - 1), blocks[j - 1])),
                ),
            };
            for i in from..=last[j] {
                // Block `j - 1` ends with the white cell `i - 1` after it, or cell `i - 1` is one
                // more white cell after `j` blocks.
                let mut here = 0.0;
                if let Some((previous, weights, len)) = last_block {
                    let start = i - len - 1;
                    here += previous[start] * weights[start];
                }
                if i > first[j] {
                    here += row[i - 1] * white[i - 1];
                }
                row[i] = here;
            }
        }
        backward[k * states + n + 1] = 1.0;
        for j in (0..=k).rev() {
            let (row, after) = backward.split_at_mut((j + 1) * states);
            let row = &mut row[j * states..];
            let next_block = (j < k).then(|| (block(j), blocks[j]));
            for i in (first[j]..=last[j].min(n)).rev() {
                let mut rest = white[i] * row[i + 1];
                if let Some((weights, len)) = next_block {
                    rest += weights[i] * after[i + len + 1];
                }
                row[i] = rest;
            }
        }
        let total = backward[0];
        if total <= 0.0 || !total.is_finite() {
            return None;
        }
        // Each placement of a block adds its weight to the cells it covers: a difference array.
        let covered = &mut self.covered;
        refill(covered, n + 1, 0.0);
        for (j, &len) in blocks.iter().enumerate() {
            let (before, weights) = (&forward[j * states..], block(j));
            let after = &backward[(j + 1) * states..];
            for i in first[j]..=last[j] {
                if before[i] == 0.0 {
                    continue;
                }
                let weight = before[i] * weights[i] * after[i + len + 1];
                covered[i] += weight;
                covered[i + len] -= weight;
            }
        }
        let mut running = 0.0;
        self.shares.clear();
        self.shares.extend(covered[..n].iter().map(|&delta| {
            running += delta;
            (running / total).clamp(0.0, 1.0)
        }));
        Some(&self.shares)
    }

    /// Where the states of the recursion can weigh anything ([`Shares::of`]): `first[j]`, the
    /// fewest cells that hold the first `j` blocks each with a white cell after it, and `last[j]`,
    /// the most cells that leave room for the rest of them, the virtual white cell at `n`
    /// included. The bounds cross when the clue does not fit in `n` cells, which [`Shares::of`]
    /// checks first.
    fn bounds(&mut self, blocks: &[usize], n: usize) {
        refill(&mut self.first, blocks.len() + 1, 0);
        refill(&mut self.last, blocks.len() + 1, 0);
        for (j, &len) in blocks.iter().enumerate() {
            self.first[j + 1] = self.first[j] + len + 1;
        }
        let room = n + 1;
        let needed = self.first[blocks.len()];
        for j in 0..=blocks.len() {
            self.last[j] = (room + self.first[j]).saturating_sub(needed);
        }
    }

    /// The weight of a block of each length in `blocks` at every start of the line where a
    /// block of that length can start (an exponential each; 0 elsewhere), with the white cell
    /// after it: once per length, since the recursion asks for each block's weights three times
    /// and blocks of the same length share them.
    fn block_weights(&mut self, blocks: &[usize]) {
        let n = self.log_black.len() - 1;
        self.lengths.clear();
        self.weights.clear();
        self.block_at.clear();
        for &len in blocks {
            let known = self.lengths.iter().position(|&seen| seen == len);
            let index = known.unwrap_or_else(|| {
                self.lengths.push(len);
                let starts = (0..blocks.len()).filter(|&j| blocks[j] == len);
                let from = starts.clone().map(|j| self.first[j]).min().unwrap_or(0);
                let to = starts.map(|j| self.last[j]).max().unwrap_or(0);
                let row = self.weights.len();
                self.weights.resize(row + n, 0.0);
                // Only the starts from `from` to `to` that leave the block inside the line can
                // weigh anything (and only those are read); the clue fits the line (checked in
                // `of`), so no block is longer than it.
                for i in from..=to.min(n - len) {
                    let end = i + len;
                    if self.whites[end] == self.whites[i] {
                        self.weights[row + i] =
                            (self.log_black[end] - self.log_black[i]).exp() * self.white[end];
                    }
                }
                self.lengths.len() - 1
            });
            self.block_at.push(index * n);
        }
    }
}

/// Empties `buffer` and fills it with `len` copies of `value`.
fn refill<T: Copy>(buffer: &mut Vec<T>, len: usize, value: T) {
    buffer.clear();
    buffer.resize(len, value);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every completion of `clue` over `n` cells that fits `line`, by brute force.
    fn completions(clue: &[usize], line: &[Cell]) -> Vec<Vec<bool>> {
        (0u32..1 << line.len())
            .map(|mask| {
                (0..line.len())
                    .map(|i| mask >> i & 1 == 1)
                    .collect::<Vec<_>>()
            })
            .filter(|cells| Clue::of_line(cells.iter().copied()).blocks() == clue)
            .filter(|cells| {
                cells
                    .iter()
                    .zip(line)
                    .all(|(&black, &known)| known.known().is_none_or(|k| k == black))
            })
            .collect()
    }

    /// One solver for every line, longer and shorter ones in turn and clues of more and fewer
    /// blocks, as belief propagation uses it: what a line leaves in its buffers must not reach the
    /// next.
    #[test]
    fn shares_match_brute_force_weighted_counts() {
        let mut solver = Shares::default();
        let cells = [Cell::Unknown, Cell::Black, Cell::White];
        let priors = [0.3, 0.5, 0.9, 0.2, 0.6, 0.7];
        for n in [3, 6, 1, 5, 2, 4] {
            let mut clues: Vec<Clue> = (0u32..1 << n)
                .map(|mask| Clue::of_line((0..n).map(|i| mask >> i & 1 == 1)))
                .collect();
            clues.sort_by(|a, b| a.blocks().cmp(b.blocks()));
            clues.dedup();
            for code in 0..3usize.pow(n as u32) {
                let line: Vec<Cell> = (0..n)
                    .map(|i| cells[code / 3usize.pow(i as u32) % 3])
                    .collect();
                for clue in &clues {
                    let all = completions(clue.blocks(), &line);
                    let weight = |cells: &Vec<bool>| -> f64 {
                        cells
                            .iter()
                            .zip(&priors)
                            .map(|(&b, &p)| if b { p } else { 1.0 - p })
                            .product()
                    };
                    let total: f64 = all.iter().map(weight).sum();
                    let shares = solver.of(clue, &line, &priors[..n]);
                    if all.is_empty() {
                        assert_eq!(shares, None, "{clue:?} {line:?}");
                        continue;
                    }
                    let shares = shares.expect("a completion fits");
                    for i in 0..n {
                        let black: f64 = all.iter().filter(|c| c[i]).map(weight).sum();
                        assert!(
                            (shares[i] - black / total).abs() < 1e-9,
                            "{clue:?} {line:?} cell {i}: {} against {}",
                            shares[i],
                            black / total
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn beliefs_keep_known_cells_and_lean_towards_the_solution() {
        // A unique 2x2 diagonal needs one known cell; then beliefs agree with the solution.
        let clues = |lists: &[&[usize]]| lists.iter().map(|b| Clue::new(b.to_vec())).collect();
        let puzzle = Puzzle::new(clues(&[&[1], &[1]]), clues(&[&[1], &[1]])).unwrap();
        let mut known = Grid::filled(2, 2, Cell::Unknown);
        known[crate::model::Pos { row: 0, col: 0 }] = Cell::Black;
        let beliefs = black_beliefs(&puzzle, &known, &|| false).expect("consistent");
        assert_eq!(beliefs.cells()[0], 1.0);
        assert!(beliefs.cells()[3] > 0.5, "{:?}", beliefs.cells());
        assert!(beliefs.cells()[1] < 0.5 && beliefs.cells()[2] < 0.5);
    }
}
