//! Depth-first search with probing: the first solutions of puzzles on which clause learning is slow,
//! for either kind of puzzle ([`Kind`]: black and white, or colour).
//!
//! At every node the board is propagated and then probed: each open cell is tried with each value
//! it may take under line propagation; a value that leads to a contradiction is struck, and every
//! cell keeps only what the surviving trials leave it (for black and white: a colour that fails
//! fixes the cell to the other, and cells that come out the same both ways are fixed; Wu et al.
//! 2013 call this fully probing; nonosolve and LalaFrogKK search this way). The root is probed
//! again and again to a fixpoint, which the race hands to its SAT searches; a node below it is
//! probed in one pass over its open cells: there about one probe in a hundred narrows anything, and
//! passing again for what those narrowed cost more than the nodes it saved (a tenth of a tournament
//! set's time, docs/performance.md). The search then branches on the open cell whose probes
//! narrowed the most cells (the product of the counts, so that every branch shrinks the puzzle):
//! first the value the kind guesses likelier (by belief propagation over the lines at the first
//! branch, [`black_beliefs`] or [`colour_beliefs`]), else the value whose probe narrowed the most;
//! then, on the second branch, every other value (a colour cell may stay open, and is branched on
//! again below).
//! Backtracking is chronological, so the search is complete and finds a second solution as readily
//! as a first.
//!
//! [`black_beliefs`]: crate::logic::belief::black_beliefs
//! [`colour_beliefs`]: crate::logic::colour_belief::colour_beliefs
//!
//! The order of colours matters most where solutions are hard to find: on Wolter's Knotty the
//! search found none in 100 s trying first the colour whose probe fixed more cells, and finds
//! both it needs in 30 ms trying the likelier one first (docs/performance.md).
//!
//! A cell whose probes proved nothing is probed again only once a line that its probes solved has
//! changed (been narrowed or undone in part): until then its probes would repeat themselves
//! exactly. On a 40x40 puzzle this skips more probes than it makes; on 25x25 ones, where a branch
//! changes most lines, about one in eight. Skipped probes do not count against the budget.
//!
//! Runs restart on the Luby sequence, breaking near-ties between cells at random (deterministically
//! seeded) after the first, so that one bad early choice cannot trap the search; what a run proved
//! before it restarted is kept as nogoods ([`Nogoods`]) that narrow the runs after it, and a
//! solution met again after a restart is not counted twice. After [`PROBES_PER_CELL`] probes per
//! cell in all, or [`WORK_BUDGET`] of work, it gives up: the puzzle is one for clause learning.
//!
//! Only what it finds is used: every solution is verified by the kind's independent check
//! ([`Kind::check`]) before it is returned, and a search that runs out of branches proves nothing
//! here, since "unique" and "no solution" rest on the SAT solver's refutation (`check` hands that
//! part, and whatever a search out of budget left, to a SAT search).

use super::nogoods::{Decision, Nogoods};
use crate::logic::board::Board;
use crate::logic::kind::Kind;
use crate::model::Grid;
use crate::sat::WorkClock;

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
    /// It made [`PROBES_PER_CELL`] probes per cell, or did [`WORK_BUDGET`] of work, first: the
    /// puzzle is one for clause learning.
    OutOfBudget,
}

/// The probes per cell of the puzzle a search may make before it gives up
/// ([`Ended::OutOfBudget`]), unless [`WORK_BUDGET`] ends it sooner. The puzzles it is quick on
/// (most tournament and random puzzles) need far fewer. At 100 the search gave up on Faase half a
/// second before its answer, and handed the middle of the tournament sets to a SAT search that
/// took twice as long as going on (docs/performance.md).
pub(crate) const PROBES_PER_CELL: u64 = 1000;

/// The work (in [`WorkClock`] units, about a nanosecond each) after which a search gives up
/// whatever its probes: about a second. The probes' budget grows with the puzzle's cells and
/// each probe's cost with its lines, so that alone let the search run 1.5 s on random 50x50
/// puzzles and 2.1 s on 60x60 ones, where every solution it found came within 0.1 and 0.2 s and
/// the race's other searches were left to answer the rest; the latest solution it found on any
/// puzzle measured was Faase's, at 0.89 s (docs/performance.md). Tournament puzzles (25x25) run
/// out of probes at about 0.3 s, before this.
const WORK_BUDGET: u64 = 1_000_000_000;

/// Dead ends per unit of the restart sequence: run `i` gives up after `luby(i)` units.
const RESTART_UNIT: u64 = 64;

/// How many probes pass between two looks at the stop signal.
const PROBES_PER_STOP_CHECK: u64 = 64;

/// The work a line solved counts on a racer's clock ([`WorkClock`]), and each cell of it, in
/// halves of a unit: the search's time goes to solving lines, about 42 ns a line and 1.5 a cell,
/// whatever the probe or branch that asked for it, on puzzles from 25x25 to 80x95
/// (docs/performance.md).
const WORK_PER_LINE_SOLVED: u64 = 42;
const HALF_UNITS_PER_CELL_SOLVED: u64 = 3;

/// A depth-first search over the board of a puzzle of the kind `K`.
pub(crate) struct ProbingSearch<'p, K: Kind> {
    puzzle: &'p K,
    board: Board<'p, K>,
    /// Per cell, when it was last probed: the product over its values of one more than the cells
    /// the value's probe narrowed (so that every branch shrinks the puzzle), and the value whose
    /// probe narrowed the most.
    scores: Vec<(u64, Option<K::Value>)>,
    /// One per surviving trial of any probe: the stamp of the current one.
    stamp: u64,
    /// Per cell, the stamp of the last surviving trial that narrowed it, how many surviving
    /// trials of the current probe in a row narrowed it (0 once one did not), and the union of
    /// what they left it.
    seen: Vec<u64>,
    agreed: Vec<u32>,
    union: Vec<K::Known>,
    /// The cells the surviving trials of the current probe narrowed: a reused buffer.
    touched: Vec<usize>,
    /// Per cell whose last probes proved nothing, the board's clock after them; and per cell, the
    /// lines those probes solved, a bit set of `line_words` words. While none of those lines has
    /// changed, probing the cell again would solve the same lines in the same states, prove
    /// nothing again and score the same, so the cell is skipped: the fixpoint stays the full one.
    quiet_since: Vec<Option<u64>>,
    quiet_lines: Vec<u64>,
    line_words: usize,
    /// Restarts so far; each run after the first breaks ties between cells at random.
    restarts: u64,
    random: XorShift,
    /// Dead ends per unit of the restart sequence ([`RESTART_UNIT`] but in tests).
    restart_unit: u64,
    /// What the runs before a restart proved.
    nogoods: Nogoods<K>,
    /// Probes the search may make in all, and work it may do ([`WORK_BUDGET`]).
    budget: u64,
    work_budget: u64,
    /// Probes made (one per value tried), and the count at which to look at the stop signal
    /// and the budget next.
    probes: u64,
    next_look: u64,
    /// The clock the lines solved are counted on, if any, and the work counted so far.
    clock: Option<WorkClock>,
    work_counted: u64,
    /// The board at the root after propagation and probing to a fixpoint, once reached.
    root_fixpoint: Option<Grid<K::Known>>,
    /// Whether [`probe_root`](Self::probe_root) found that the root has no solution.
    root_refuted: bool,
    /// Per cell, the value to try first at a branch, from the board at the first branch (the
    /// root's fixpoint) where the kind has a guess; computed then, and empty if it has none.
    likelier: Option<Vec<Option<K::Value>>>,
}

/// A node's state after probing.
enum Node<V> {
    /// No solution below it.
    Conflict,
    /// Every cell is known.
    Solved,
    /// Branch on this cell: this value first, then every other.
    Branch(usize, V),
}

/// A branch taken: where to undo to, and the decision (on the second branch, `negative`: the
/// cell takes any value but the one tried first).
struct Choice<V> {
    mark: usize,
    decision: Decision<V>,
}

impl<'p, K: Kind> ProbingSearch<'p, K> {
    /// A search of `puzzle` from the cells of `known` that gives up after `probes_per_cell`
    /// probes a cell of the puzzle ([`PROBES_PER_CELL`] but in tests).
    pub(crate) fn new(puzzle: &'p K, known: &Grid<K::Known>, probes_per_cell: u64) -> Self {
        let cells = puzzle.width() * puzzle.height();
        let board = Board::new(puzzle, known);
        let line_words = board.solved_lines().len();
        ProbingSearch {
            puzzle,
            board,
            quiet_since: vec![None; cells],
            quiet_lines: vec![0; cells * line_words],
            line_words,
            scores: vec![(1, None); cells],
            stamp: 0,
            seen: vec![0; cells],
            agreed: vec![0; cells],
            union: vec![puzzle.open(); cells],
            touched: Vec::new(),
            restarts: 0,
            restart_unit: RESTART_UNIT,
            nogoods: Nogoods::new(),
            budget: probes_per_cell * cells as u64,
            work_budget: WORK_BUDGET,
            random: XorShift(0x9E37_79B9_7F4A_7C15),
            probes: 0,
            next_look: 0,
            clock: None,
            work_counted: 0,
            root_fixpoint: None,
            root_refuted: false,
            likelier: None,
        }
    }

    /// This search, counting the lines it solves, and their cells, as work on `clock`.
    pub(crate) fn counting_on(mut self, clock: Option<WorkClock>) -> Self {
        self.clock = clock;
        self
    }

    /// Searches until `found` holds `want` solutions, every branch is tried, or `stop` says so.
    /// Each solution added has passed the kind's independent check; one that fails it is returned
    /// as the error (a bug). A search asked again must be given the same `found`: its nogoods
    /// prune only branches whose solutions are in it.
    pub(crate) fn solutions(
        &mut self,
        want: usize,
        stop: &dyn Fn() -> bool,
        found: &mut Vec<Grid<K::Value>>,
    ) -> Result<Ended, K::Mismatch> {
        let ended = self.search(want, stop, found);
        self.count_work();
        ended
    }

    fn search(
        &mut self,
        want: usize,
        stop: &dyn Fn() -> bool,
        found: &mut Vec<Grid<K::Value>>,
    ) -> Result<Ended, K::Mismatch> {
        if self.root_refuted || !self.propagate_root() {
            return Ok(Ended::Exhausted);
        }
        for run in 1.. {
            let limit = luby(run) * self.restart_unit;
            match self.run(want, limit, stop, found)? {
                Run::Ended(ended) => return Ok(ended),
                Run::Restart => self.restarts += 1,
            }
        }
        unreachable!("the runs' limits grow without bound")
    }

    /// Whether the search has made the probes, or done the work, its budget allows.
    fn out_of_budget(&self) -> bool {
        self.probes >= self.budget || self.work() >= self.work_budget
    }

    /// The work of the lines solved so far, as a racer's clock counts it.
    fn work(&self) -> u64 {
        WORK_PER_LINE_SOLVED * self.board.lines_solved()
            + HALF_UNITS_PER_CELL_SOLVED * self.board.cells_solved() / 2
    }

    /// Counts the lines solved since last counted on the clock, if there is one.
    fn count_work(&mut self) {
        if let Some(clock) = &self.clock {
            let work = self.work();
            clock.add(work - self.work_counted);
            self.work_counted = work;
        }
    }

    /// Propagates and probes the root to its fixpoint without searching further, for a
    /// [`root_fixpoint`](Self::root_fixpoint) to start a SAT search from or to hand to another
    /// racer. A search ([`solutions`](Self::solutions)) may follow: it goes on from that root as
    /// if it had probed it itself, not one probe more. Stops early when `stop` says so.
    pub(crate) fn probe_root(&mut self, stop: &dyn Fn() -> bool) {
        if !self.propagate_root() {
            self.root_refuted = true;
            return;
        }
        let node = self.probe_node(stop, true);
        self.root_refuted = matches!(node, Some(Node::Conflict));
        self.keep_root_fixpoint(&node);
        self.count_work();
    }

    /// Propagates the whole board; false when that finds a contradiction.
    fn propagate_root(&mut self) -> bool {
        self.board.queue_all();
        self.board.propagate().is_ok()
    }

    /// Keeps the board as the root's fixpoint when `node`, the root's, was probed to one.
    fn keep_root_fixpoint(&mut self, node: &Option<Node<K::Value>>) {
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
        found: &mut Vec<Grid<K::Value>>,
    ) -> Result<Run, K::Mismatch> {
        let root = self.board.mark();
        let mut path: Vec<Choice<K::Value>> = Vec::new();
        let mut dead_ends = 0;
        let mut consistent = true;
        loop {
            if consistent {
                consistent = self.nogoods.narrow(&mut self.board).is_ok();
            }
            if consistent {
                let node = self.probe_node(stop, path.is_empty());
                if path.is_empty() {
                    self.keep_root_fixpoint(&node);
                }
                match node {
                    None if self.out_of_budget() => {
                        return Ok(Run::Ended(Ended::OutOfBudget));
                    }
                    None => return Ok(Run::Ended(Ended::Stopped)),
                    Some(Node::Branch(cell, value)) => {
                        let mark = self.board.mark();
                        path.push(Choice {
                            mark,
                            decision: Decision {
                                cell,
                                value,
                                negative: false,
                            },
                        });
                        self.board.fix(cell, value);
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
                self.nogoods
                    .record(path.iter().map(|choice| &choice.decision));
                self.board.undo(root);
                return Ok(Run::Restart);
            }
            // Backtrack to the newest choice whose second branch is untried, and take it: the
            // cell keeps every value but the one tried (for black and white, the other colour).
            loop {
                let Some(choice) = path.pop() else {
                    return Ok(Run::Ended(Ended::Exhausted));
                };
                self.board.undo(choice.mark);
                let Decision {
                    cell,
                    value,
                    negative,
                } = choice.decision;
                if !negative {
                    let others = K::without(self.board.cell(cell), value);
                    path.push(Choice {
                        mark: choice.mark,
                        decision: Decision {
                            negative: true,
                            ..choice.decision
                        },
                    });
                    self.board.narrow(cell, others);
                    consistent = self.board.propagate().is_ok();
                    break;
                }
            }
        }
    }

    /// The cells known at the root once propagation and probing reached a consistent fixpoint
    /// there (`None` if the search stopped first, or the root has no solution): each has its
    /// value in every solution, as line logic proves (a colour cell: one of the colours left
    /// it), so a SAT search may start from them as it starts from the cells of propagation.
    pub(crate) fn root_fixpoint(&self) -> Option<&Grid<K::Known>> {
        self.root_fixpoint.as_ref()
    }

    /// The board's complete picture, once it has passed the independent check.
    fn verified_solution(&self) -> Result<Grid<K::Value>, K::Mismatch> {
        let picture = self.board.grid().map(|&cell| K::value_of(cell));
        self.puzzle.check(&picture)?;
        Ok(picture)
    }

    /// Probes the (propagated, consistent) board, to a fixpoint if `to_fixpoint`, else each open
    /// cell once, and says what the node is; `None` when `stop` said so or the budget is spent.
    fn probe_node(&mut self, stop: &dyn Fn() -> bool, to_fixpoint: bool) -> Option<Node<K::Value>> {
        loop {
            let mut progress = false;
            for cell in 0..self.board.len() {
                if K::is_fixed(self.board.cell(cell)) || self.is_quiet(cell) {
                    continue;
                }
                if self.probes >= self.next_look {
                    self.count_work();
                    if stop() || self.out_of_budget() {
                        return None;
                    }
                    self.next_look = self.probes + PROBES_PER_STOP_CHECK;
                }
                match self.probe(cell) {
                    Probed::Conflict => return Some(Node::Conflict),
                    Probed::Fixed => progress = true,
                    Probed::Nothing => {}
                }
            }
            if !progress || !to_fixpoint {
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

    /// Tries `cell` with each value it may take and narrows what that proves: a value whose
    /// trial contradicts is struck, and every cell keeps only what the surviving trials leave it
    /// (each solution lies in the trial of its own value; for black and white, the cells both
    /// colours agree on).
    fn probe(&mut self, cell: usize) -> Probed {
        self.quiet_since[cell] = None;
        self.board.forget_solved();
        let mark = self.board.mark();
        let first_stamp = self.stamp + 1;
        let mut survivors = 0;
        let mut score = 1u64;
        let mut most: Option<(usize, K::Value)> = None;
        self.touched.clear();
        for value in K::values(self.board.cell(cell)) {
            self.probes += 1;
            let consistent = self.board.try_cell(cell, value).is_ok();
            let narrowed = self.board.changes_since(mark);
            score = score.saturating_mul(narrowed as u64 + 1);
            if most.is_none_or(|(top, _)| narrowed > top) {
                most = Some((narrowed, value));
            }
            if consistent {
                survivors += 1;
                self.stamp += 1;
                for index in self.board.changed_cells(mark) {
                    if self.seen[index] == self.stamp {
                        continue;
                    }
                    let now = self.board.cell(index);
                    if self.seen[index] < first_stamp {
                        // First narrowed by this trial: it agrees only if no trial came before.
                        self.touched.push(index);
                        self.agreed[index] = u32::from(survivors == 1);
                        self.union[index] = now;
                    } else if self.agreed[index] + 1 == survivors {
                        self.agreed[index] = survivors;
                        self.union[index] = K::union(self.union[index], now);
                    }
                    self.seen[index] = self.stamp;
                }
            }
            self.board.end_trial(mark);
        }
        self.scores[cell] = (score, most.map(|(_, value)| value));
        if survivors == 0 {
            return Probed::Conflict;
        }
        let mut progress = false;
        for &index in &self.touched {
            let union = self.union[index];
            if self.agreed[index] == survivors && union != self.board.cell(index) {
                self.board.narrow(index, union);
                progress = true;
            }
        }
        if !progress {
            self.quiet_since[cell] = Some(self.board.clock());
            let words = cell * self.line_words..(cell + 1) * self.line_words;
            self.quiet_lines[words].copy_from_slice(self.board.solved_lines());
            return Probed::Nothing;
        }
        match self.board.propagate() {
            Ok(()) => Probed::Fixed,
            Err(_) => Probed::Conflict,
        }
    }

    /// The node after probing: solved, or the cell to branch on.
    fn choose(&mut self, stop: &dyn Fn() -> bool) -> Node<K::Value> {
        let mut best: Option<(u64, usize)> = None;
        for cell in 0..self.board.len() {
            if K::is_fixed(self.board.cell(cell)) {
                continue;
            }
            let mut score = self.scores[cell].0.saturating_mul(1024);
            if self.restarts > 0 {
                // After a restart, break ties and near-ties differently each time.
                score = score.saturating_add(score / 1024 * (self.random.next() % 1024));
            }
            if best.is_none_or(|(top, _)| score > top) {
                best = Some((score, cell));
            }
        }
        match best {
            None => Node::Solved,
            Some((_, cell)) => Node::Branch(cell, self.first_value(cell, stop)),
        }
    }

    /// The value to try first at a branch on `cell`: the kind's guess from the board at the
    /// first branch (the value belief propagation finds likeliest); without
    /// one, or when it is even (as on a symmetric puzzle), the value whose probe narrowed the most
    /// cells; either only while the cell may still take it, else its first value. When `stop`
    /// cuts the guesses short, there are none for the rest of the search, which is stopping.
    fn first_value(&mut self, cell: usize, stop: &dyn Fn() -> bool) -> K::Value {
        let likelier = self
            .likelier
            .get_or_insert_with(|| self.puzzle.likelier_values(&self.board.grid(), stop));
        let guess = likelier.get(cell).copied().flatten();
        let open = self.board.cell(cell);
        [guess, self.scores[cell].1]
            .into_iter()
            .flatten()
            .find(|&value| K::allows(open, value))
            .unwrap_or_else(|| K::value_of(open))
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
pub(super) struct XorShift(pub(super) u64);

impl XorShift {
    pub(super) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// What probing one cell did.
enum Probed {
    /// Every value fails: the node has no solution.
    Conflict,
    /// Some cells were narrowed.
    Fixed,
    /// Nothing was learned.
    Nothing,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cell, Puzzle};
    use crate::testing::{Rng, random_puzzle};

    /// 200 random puzzles of 8 to 11 cells a side, from `seed`, each with its blank grid.
    fn small_puzzles(seed: u64) -> impl Iterator<Item = (Puzzle, Grid<Cell>)> {
        let mut rng = Rng(seed);
        (0..200).map(move |round| {
            let (width, height) = (8 + round % 4, 8 + round / 4 % 4);
            let puzzle = random_puzzle(&mut rng, width, height);
            (puzzle, Grid::filled(width, height, Cell::Unknown))
        })
    }

    /// A search whose root was probed first ([`ProbingSearch::probe_root`], as the race does to
    /// hand the root over) goes on exactly as one that probes the root inside its search: the
    /// same solutions, the same end, and not one probe more.
    #[test]
    fn a_search_from_its_probed_root_is_the_search_alone() {
        let mut searched = 0;
        for (puzzle, blank) in small_puzzles(0xA076_1D64_78BD_642F) {
            let mut alone = ProbingSearch::new(&puzzle, &blank, PROBES_PER_CELL);
            let mut found_alone = Vec::new();
            let ended_alone = alone.solutions(2, &|| false, &mut found_alone).unwrap();
            let mut probed = ProbingSearch::new(&puzzle, &blank, PROBES_PER_CELL);
            probed.probe_root(&|| false);
            let root_probes = probed.probes;
            let mut found = Vec::new();
            let ended = probed.solutions(2, &|| false, &mut found).unwrap();
            assert_eq!(ended, ended_alone, "{puzzle:?}");
            assert_eq!(found, found_alone, "{puzzle:?}");
            assert_eq!(probed.probes, alone.probes, "{puzzle:?}");
            assert_eq!(probed.root_fixpoint(), alone.root_fixpoint(), "{puzzle:?}");
            searched += usize::from(alone.probes > root_probes);
        }
        assert!(searched > 10, "only {searched} puzzles needed a search");
    }

    /// Asks a search of `puzzle` from `blank` that restarts after `restart_unit` dead ends (in
    /// Luby's sequence) for every solution, and checks that it ends exhausted having found
    /// exactly `expected`, each once. Returns its restarts.
    fn assert_finds_exactly<K: Kind + std::fmt::Debug>(
        puzzle: &K,
        blank: &Grid<K::Known>,
        expected: &[Grid<K::Value>],
        restart_unit: u64,
    ) -> u64 {
        let mut search = ProbingSearch::new(puzzle, blank, PROBES_PER_CELL);
        search.restart_unit = restart_unit;
        let mut found = Vec::new();
        let ended = search.solutions(usize::MAX, &|| false, &mut found);
        assert!(matches!(ended, Ok(Ended::Exhausted)), "{puzzle:?}");
        assert_eq!(found.len(), expected.len(), "{puzzle:?}");
        assert!(
            expected.iter().all(|grid| found.contains(grid)),
            "{puzzle:?}"
        );
        search.restarts
    }

    /// Asked for every solution, the search finds exactly those of the puzzle's formula, each
    /// once, and ends exhausted: probing each open cell once below the root, rather than to a
    /// fixpoint, leaves the search complete. Random black-and-white puzzles of 8 to 11 cells a
    /// side (those with more than 40 solutions left out), and random colour puzzles of 3 to 6 cells
    /// a side with two or three colours; their solutions to compare with are varisat's over the
    /// whole encoding (none of the search's logic), blocked one at a time, each passing the
    /// puzzle's check.
    #[test]
    fn every_solution_is_found_by_a_search_probing_once_below_the_root() {
        use crate::cnf::encode;
        use crate::deadline::NoDeadline;
        use crate::sat::{Solver, all_colour_solutions, black_and_white_solutions};
        use crate::testing::random_colour_puzzle;
        const MOST: usize = 40;
        let mut branched = 0;
        for (puzzle, blank) in small_puzzles(0x2545_F491_4F6C_DD1D) {
            let mut solver = Solver::new(NoDeadline);
            let encoding = encode(&puzzle, &blank, &mut solver).expect("a small formula");
            let expected = black_and_white_solutions(&puzzle, &mut solver, &encoding, MOST + 1);
            if expected.len() <= MOST {
                assert_finds_exactly(&puzzle, &blank, &expected, RESTART_UNIT);
                branched += usize::from(expected.len() > 1);
            }
        }
        assert!(
            branched > 20,
            "only {branched} puzzles with two solutions or more"
        );
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut several = 0;
        for round in 0..100 {
            let (width, height) = (3 + round % 4, 3 + round / 4 % 4);
            let puzzle = random_colour_puzzle(&mut rng, width, height, 2 + (round % 2) as u8);
            let blank = crate::logic::colour::open_grid(&puzzle);
            let mut solver = Solver::new(NoDeadline);
            let encoding = encode(&puzzle, &blank, &mut solver).expect("a small formula");
            let expected = all_colour_solutions(&puzzle, solver, &encoding);
            assert_finds_exactly(&puzzle, &blank, &expected, RESTART_UNIT);
            several += usize::from(expected.len() > 1);
        }
        assert!(
            several > 10,
            "only {several} colour puzzles with two solutions or more"
        );
    }

    /// The nogoods a search records at its restarts take no solution from it: restarting after
    /// every dead end, it finds exactly the solutions varisat lists over the whole encoding, as
    /// a black-and-white puzzle and as the same puzzle in one colour. Random 15x15 puzzles at
    /// 40% black, those the search restarts on at least twice and that have at most 100
    /// solutions (dead ends are rare below the root with probing, so few puzzles qualify).
    #[test]
    fn the_nogoods_of_restarts_take_no_solution_from_the_search() {
        use crate::cnf::encode;
        use crate::deadline::NoDeadline;
        use crate::model::ColourPuzzle;
        use crate::sat::{Solver, black_and_white_solutions};
        const MOST: usize = 100;
        let mut rng = Rng(0xD1B5_4A32_D192_ED03);
        let (mut restarted, mut restarts) = (0, 0);
        for _ in 0..200 {
            let picture = Grid::from_rows(
                (0..15)
                    .map(|_| (0..15).map(|_| rng.below(100) < 40).collect())
                    .collect(),
            )
            .unwrap();
            let puzzle = Puzzle::from_picture(&picture).unwrap();
            let blank = Grid::filled(15, 15, Cell::Unknown);
            let mut search = ProbingSearch::new(&puzzle, &blank, PROBES_PER_CELL);
            search.restart_unit = 1;
            let ended = search.solutions(MOST + 1, &|| false, &mut Vec::new());
            if ended != Ok(Ended::Exhausted) || search.restarts < 2 {
                continue;
            }
            let mut solver = Solver::new(NoDeadline);
            let encoding = encode(&puzzle, &blank, &mut solver).expect("a small formula");
            let expected = black_and_white_solutions(&puzzle, &mut solver, &encoding, MOST + 1);
            restarts += assert_finds_exactly(&puzzle, &blank, &expected, 1);
            let colour = ColourPuzzle::from_black_and_white(&puzzle);
            let in_colour: Vec<Grid<u8>> = expected
                .iter()
                .map(|grid| grid.map(|&black| u8::from(black)))
                .collect();
            let open = crate::logic::colour::open_grid(&colour);
            restarts += assert_finds_exactly(&colour, &open, &in_colour, 1);
            restarted += 1;
        }
        assert!(restarted >= 5, "only {restarted} puzzles restarted twice");
        assert!(restarts >= 50, "only {restarts} restarts in all");
    }

    /// A search ends out of budget once its work passes its work budget, whatever probes it has
    /// left, having found a part of what it finds without one; with a budget above what it
    /// needs, it finds the same and ends the same way.
    #[test]
    fn a_search_gives_up_once_its_work_is_spent() {
        let mut cut_short = 0;
        for (puzzle, blank) in small_puzzles(0x5851_F42D_4C95_7F2D) {
            let search = |work_budget| {
                let mut search = ProbingSearch::new(&puzzle, &blank, PROBES_PER_CELL);
                search.work_budget = work_budget;
                let mut found = Vec::new();
                let ended = search.solutions(2, &|| false, &mut found).unwrap();
                (ended, found, search.work())
            };
            let (ended, found, work) = search(u64::MAX);
            assert_ne!(ended, Ended::OutOfBudget, "{puzzle:?}");
            assert_eq!(search(work + 1), (ended, found.clone(), work), "{puzzle:?}");
            let (ended_half, found_half, work_half) = search(work / 2);
            if ended_half == Ended::OutOfBudget {
                assert!(work_half >= work / 2, "{puzzle:?}");
                assert!(found.starts_with(&found_half), "{puzzle:?}");
                cut_short += 1;
            } else {
                assert_eq!((ended_half, found_half), (ended, found), "{puzzle:?}");
            }
        }
        assert!(cut_short > 10, "only {cut_short} searches were cut short");
    }

    #[test]
    fn luby_sequence_starts_as_published() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
