//! Depth-first search with probing: the first solutions of puzzles on which clause learning is slow.
//!
//! At every node the board is propagated and then probed to a fixpoint: each open cell is tried
//! black and white under line propagation; a colour that leads to a contradiction fixes the cell to
//! the other, and cells that come out the same both ways are fixed (Wu et al. 2013 call this fully
//! probing; nonosolve and LalaFrogKK search this way). The search then branches on the open cell
//! whose two probes fixed the most cells (the product of the two counts, so that both branches
//! shrink the puzzle), trying first the colour that belief propagation over the root's lines
//! finds likelier ([`black_beliefs`]). Backtracking is chronological, so the search is complete
//! and finds a second solution as readily as a first.
//!
//! The order of colours matters most where solutions are hard to find: on Wolter's Knotty the
//! search found none in 100 s trying first the colour whose probe fixed more cells, and finds
//! both it needs in 30 ms trying the likelier one first (docs/performance.md).
//!
//! A cell whose probes proved nothing is probed again only once a line that its probes solved has
//! changed (been fixed or undone in part): until then its probes would repeat themselves exactly.
//! On a 40x40 puzzle this skips more probes than it makes; on 25x25 ones, where a branch changes
//! most lines, about one in eight. Skipped probes do not count against the budget.
//!
//! Runs restart on the Luby sequence, breaking near-ties between cells at random (deterministically
//! seeded) after the first, so that one bad early choice cannot trap the search; a solution met
//! again after a restart is not counted twice. After [`PROBES_PER_CELL`] probes per cell in all
//! it gives up: the puzzle is one for clause learning.
//!
//! Only what it finds is used: every solution is verified by [`Puzzle::check`] before it is
//! returned, and a search that runs out of branches proves nothing here, since "unique" and "no
//! solution" rest on the SAT solver's refutation (`check` hands that part, and whatever a search
//! out of budget left, to a SAT search).

use crate::logic::belief::{black_beliefs, likelier_colour};
use crate::logic::board::Board;
use crate::model::{Cell, Grid, Mismatch, Puzzle};

/// How a search for solutions ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ended {
    /// It found as many solutions as were asked for.
    Enough,
    /// It tried every branch: the solutions found are all there are, if the search is right
    /// (which nothing here takes on trust).
    Exhausted,
    /// It was told to stop.
    Stopped,
    /// It made [`PROBES_PER_CELL`] probes per cell first: the puzzle is one for clause learning.
    OutOfBudget,
}

/// The probes per cell of the puzzle a search may make before it gives up
/// ([`Ended::OutOfBudget`]): about 2 s on a 30x30 puzzle and 50 s on an 80x95 one. The puzzles
/// it is quick on (most tournament and random puzzles) need far fewer. At 100 the search gave up
/// on Faase half a second before its answer, and handed the middle of the tournament sets to a
/// SAT search that took twice as long as going on (docs/performance.md).
pub(crate) const PROBES_PER_CELL: u64 = 1000;

/// Dead ends per unit of the restart sequence: run `i` gives up after `luby(i)` units.
const RESTART_UNIT: u64 = 64;

/// How many probes pass between two looks at the stop signal.
const PROBES_PER_STOP_CHECK: u64 = 64;

/// A depth-first search over a puzzle's board.
pub(crate) struct ProbingSearch<'p> {
    puzzle: &'p Puzzle,
    board: Board<'p>,
    /// Per cell, how many cells its black and its white probe fixed when it was last probed.
    scores: Vec<[u32; 2]>,
    /// Per cell, the colour its black probe gave it, valid where `stamps` holds the current stamp.
    probed_black: Vec<bool>,
    stamps: Vec<u32>,
    stamp: u32,
    /// Per cell whose last probes proved nothing, the board's clock after them; and per cell, the
    /// lines those probes solved, a bit set of `line_words` words. While none of those lines has
    /// changed, probing the cell again would solve the same lines in the same states, prove
    /// nothing again and score the same, so the cell is skipped: the fixpoint stays the full one.
    quiet_since: Vec<Option<u64>>,
    quiet_lines: Vec<u64>,
    line_words: usize,
    /// Cells both probes of one cell agree on: a reused buffer.
    agreed: Vec<(usize, bool)>,
    /// Restarts so far; each run after the first breaks ties between cells at random.
    restarts: u64,
    random: XorShift,
    /// Probes the search may make in all.
    budget: u64,
    /// Probes made (one per colour tried).
    probes: u64,
    /// The board at the root after propagation and probing to a fixpoint, once reached.
    root_fixpoint: Option<Grid<Cell>>,
    /// Per cell, how likely it is to be black, from the board at the first branch (the root's
    /// fixpoint); computed then, and empty if no line had weight.
    beliefs: Option<Vec<f64>>,
}

/// A node's state after probing.
enum Node {
    /// No solution below it.
    Conflict,
    /// Every cell is known.
    Solved,
    /// Branch on this cell, this colour first.
    Branch(usize, bool),
}

/// A branch taken: where to undo to, and the cell and colour tried.
struct Choice {
    mark: usize,
    cell: usize,
    black: bool,
    /// Whether this is the second colour of the cell.
    second: bool,
}

impl<'p> ProbingSearch<'p> {
    /// A search of `puzzle` from the cells of `known` that gives up after `probes_per_cell`
    /// probes a cell of the puzzle ([`PROBES_PER_CELL`] but in tests).
    pub(crate) fn new(puzzle: &'p Puzzle, known: &Grid<Cell>, probes_per_cell: u64) -> Self {
        let cells = puzzle.cell_count();
        let board = Board::new(puzzle, known);
        let line_words = board.solved_lines().len();
        ProbingSearch {
            puzzle,
            board,
            quiet_since: vec![None; cells],
            quiet_lines: vec![0; cells * line_words],
            line_words,
            scores: vec![[0, 0]; cells],
            probed_black: vec![false; cells],
            stamps: vec![0; cells],
            stamp: 0,
            agreed: Vec::new(),
            restarts: 0,
            budget: probes_per_cell * cells as u64,
            random: XorShift(0x9E37_79B9_7F4A_7C15),
            probes: 0,
            root_fixpoint: None,
            beliefs: None,
        }
    }

    /// Searches until `found` holds `want` solutions, every branch is tried, or `stop` says so.
    /// Each solution added has passed [`Puzzle::check`]; one that fails it is returned as the
    /// error (a bug).
    pub(crate) fn solutions(
        &mut self,
        want: usize,
        stop: &dyn Fn() -> bool,
        found: &mut Vec<Grid<bool>>,
    ) -> Result<Ended, Mismatch> {
        if !self.propagate_root() {
            return Ok(Ended::Exhausted);
        }
        for run in 1.. {
            let limit = luby(run) * RESTART_UNIT;
            match self.run(want, limit, stop, found)? {
                Run::Ended(ended) => return Ok(ended),
                Run::Restart => self.restarts += 1,
            }
        }
        unreachable!("the runs' limits grow without bound")
    }

    /// Propagates and probes the root to its fixpoint without searching further, for a
    /// [`root_fixpoint`](Self::root_fixpoint) when the first solution is known already (a
    /// designer's goal). Stops early when `stop` says so.
    pub(crate) fn probe_root(&mut self, stop: &dyn Fn() -> bool) {
        if self.propagate_root() {
            let node = self.probe_node(stop);
            self.keep_root_fixpoint(&node);
        }
    }

    /// Propagates the whole board; false when that finds a contradiction.
    fn propagate_root(&mut self) -> bool {
        self.board.queue_all();
        self.board.propagate().is_ok()
    }

    /// Keeps the board as the root's fixpoint when `node`, the root's, was probed to one.
    fn keep_root_fixpoint(&mut self, node: &Option<Node>) {
        if self.root_fixpoint.is_none() && matches!(node, Some(Node::Branch(..) | Node::Solved)) {
            self.root_fixpoint = Some(self.board.grid());
        }
    }

    /// One run of the search, which gives up after `limit` dead ends and leaves the board as it
    /// found it.
    fn run(
        &mut self,
        want: usize,
        limit: u64,
        stop: &dyn Fn() -> bool,
        found: &mut Vec<Grid<bool>>,
    ) -> Result<Run, Mismatch> {
        let root = self.board.mark();
        let mut path: Vec<Choice> = Vec::new();
        let mut dead_ends = 0;
        let mut consistent = true;
        loop {
            if consistent {
                let node = self.probe_node(stop);
                if path.is_empty() {
                    self.keep_root_fixpoint(&node);
                }
                match node {
                    None if self.probes >= self.budget => {
                        return Ok(Run::Ended(Ended::OutOfBudget));
                    }
                    None => return Ok(Run::Ended(Ended::Stopped)),
                    Some(Node::Branch(cell, black)) => {
                        let mark = self.board.mark();
                        path.push(Choice {
                            mark,
                            cell,
                            black,
                            second: false,
                        });
                        self.board.fix(cell, black);
                        consistent = self.board.propagate().is_ok();
                        continue;
                    }
                    Some(Node::Solved) => {
                        let solution = self.verified_solution()?;
                        // A run after a restart may meet a solution found before.
                        if !found.contains(&solution) {
                            found.push(solution);
                        }
                        if found.len() >= want {
                            return Ok(Run::Ended(Ended::Enough));
                        }
                    }
                    Some(Node::Conflict) => dead_ends += 1,
                }
            } else {
                dead_ends += 1;
            }
            if dead_ends >= limit {
                self.board.undo(root);
                return Ok(Run::Restart);
            }
            // Backtrack to the newest choice whose second colour is untried.
            loop {
                let Some(choice) = path.pop() else {
                    return Ok(Run::Ended(Ended::Exhausted));
                };
                self.board.undo(choice.mark);
                if !choice.second {
                    path.push(Choice {
                        black: !choice.black,
                        second: true,
                        ..choice
                    });
                    self.board.fix(choice.cell, !choice.black);
                    consistent = self.board.propagate().is_ok();
                    break;
                }
            }
        }
    }

    /// The cells known at the root once propagation and probing reached a consistent fixpoint
    /// there (`None` if the search stopped first, or the root has no solution): each has its
    /// value in every solution, as line logic proves, so a SAT search may start from them as it
    /// starts from the cells of propagation.
    pub(crate) fn root_fixpoint(&self) -> Option<&Grid<Cell>> {
        self.root_fixpoint.as_ref()
    }

    /// The board's complete picture, once it has passed the independent check.
    fn verified_solution(&self) -> Result<Grid<bool>, Mismatch> {
        let picture = self.board.grid().map(|&cell| cell == Cell::Black);
        self.puzzle.check(&picture)?;
        Ok(picture)
    }

    /// Probes the (propagated, consistent) board to a fixpoint and says what the node is; `None`
    /// when `stop` said so or the budget is spent.
    fn probe_node(&mut self, stop: &dyn Fn() -> bool) -> Option<Node> {
        loop {
            let mut progress = false;
            for cell in 0..self.board.len() {
                if self.board.cell(cell) != Cell::Unknown || self.is_quiet(cell) {
                    continue;
                }
                if self.probes.is_multiple_of(PROBES_PER_STOP_CHECK)
                    && (stop() || self.probes >= self.budget)
                {
                    return None;
                }
                match self.probe(cell) {
                    Probed::Conflict => return Some(Node::Conflict),
                    Probed::Fixed => progress = true,
                    Probed::Nothing => {}
                }
            }
            if !progress {
                break;
            }
        }
        Some(self.choose(stop))
    }

    /// Whether the last probes of `cell` proved nothing and none of the lines they solved has
    /// changed since.
    fn is_quiet(&self, cell: usize) -> bool {
        let Some(time) = self.quiet_since[cell] else {
            return false;
        };
        let lines = &self.quiet_lines[cell * self.line_words..(cell + 1) * self.line_words];
        for (at, &word) in lines.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let line = at * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                if self.board.changed_since(line, time) {
                    return false;
                }
            }
        }
        true
    }

    /// Tries `cell` both ways and fixes what that proves.
    fn probe(&mut self, cell: usize) -> Probed {
        self.probes += 2;
        self.stamp = self.stamp.wrapping_add(1);
        self.quiet_since[cell] = None;
        self.board.forget_solved();
        let mark = self.board.mark();

        let black_ok = self.board.try_cell(cell, true).is_ok();
        let black_fixed = self.board.fixed_since(mark).len();
        if black_ok {
            for &fixed in self.board.fixed_since(mark) {
                self.stamps[fixed] = self.stamp;
                self.probed_black[fixed] = self.board.cell(fixed) == Cell::Black;
            }
        }
        self.board.end_trial(mark);

        let white_ok = self.board.try_cell(cell, false).is_ok();
        let white_fixed = self.board.fixed_since(mark).len();
        self.agreed.clear();
        if black_ok && white_ok {
            for &fixed in self.board.fixed_since(mark) {
                let black = self.board.cell(fixed) == Cell::Black;
                if self.stamps[fixed] == self.stamp && self.probed_black[fixed] == black {
                    self.agreed.push((fixed, black));
                }
            }
        }
        self.board.end_trial(mark);
        self.scores[cell] = [black_fixed as u32, white_fixed as u32];

        let forced = match (black_ok, white_ok) {
            (false, false) => return Probed::Conflict,
            (true, false) => vec![(cell, true)],
            (false, true) => vec![(cell, false)],
            (true, true) if self.agreed.is_empty() => {
                self.quiet_since[cell] = Some(self.board.clock());
                let words = cell * self.line_words..(cell + 1) * self.line_words;
                self.quiet_lines[words].copy_from_slice(self.board.solved_lines());
                return Probed::Nothing;
            }
            (true, true) => std::mem::take(&mut self.agreed),
        };
        for &(fixed, black) in &forced {
            if self.board.cell(fixed) == Cell::Unknown {
                self.board.fix(fixed, black);
            }
        }
        match self.board.propagate() {
            Ok(()) => Probed::Fixed,
            Err(_) => Probed::Conflict,
        }
    }

    /// The node after a probing fixpoint: solved, or the cell to branch on.
    fn choose(&mut self, stop: &dyn Fn() -> bool) -> Node {
        let mut best: Option<(u64, usize)> = None;
        for cell in 0..self.board.len() {
            if self.board.cell(cell) != Cell::Unknown {
                continue;
            }
            let [black, white] = self.scores[cell].map(u64::from);
            let mut score = (black + 1) * (white + 1) * 1024;
            if self.restarts > 0 {
                // After a restart, break ties and near-ties differently each time.
                score += score / 1024 * (self.random.next() % 1024);
            }
            if best.is_none_or(|(top, _)| score > top) {
                best = Some((score, cell));
            }
        }
        match best {
            None => Node::Solved,
            Some((_, cell)) => Node::Branch(cell, self.likelier_colour(cell, stop)),
        }
    }

    /// The colour to try first at a branch on `cell`: black when belief propagation over the
    /// board at the first branch finds it likelier; without beliefs, or when they are even (as
    /// on a symmetric puzzle), the colour whose probe fixed more cells. When `stop` cuts the
    /// beliefs short, there are none for the rest of the search, which is stopping.
    fn likelier_colour(&mut self, cell: usize, stop: &dyn Fn() -> bool) -> bool {
        let beliefs = self.beliefs.get_or_insert_with(|| {
            black_beliefs(self.puzzle, &self.board.grid(), stop)
                .map(|beliefs| beliefs.cells().to_vec())
                .unwrap_or_default()
        });
        beliefs
            .get(cell)
            .and_then(|&black| likelier_colour(black))
            .unwrap_or_else(|| {
                let [black, white] = self.scores[cell];
                black >= white
            })
    }
}

/// How a run of the search ended.
enum Run {
    /// For good.
    Ended(Ended),
    /// At its limit of dead ends: start again from the root.
    Restart,
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (Luby, Sinclair and Zuckerman 1993), `i` from 1:
/// restart limits that waste at most a logarithmic factor against the best fixed limit.
fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // The smallest k with i <= 2^k - 1.
        let k = 64 - i.leading_zeros() as u64;
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// A small deterministic random number generator (Marsaglia's xorshift), so that a search runs the
/// same way every time.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// What probing one cell did.
enum Probed {
    /// Both colours fail: the node has no solution.
    Conflict,
    /// Some cells were fixed.
    Fixed,
    /// Nothing was learned.
    Nothing,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence_starts_as_published() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
