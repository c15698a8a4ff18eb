//! The MyIllustPuzzle solver's line methods Try1-Try4 and IsCrFinished (seed 001).
//!
//! The page describes a nonogram solver that fixes cells with four line methods and one finishing
//! check, run in a fixed order over the whole grid. Its terms: a clue of `k` blocks summing to `Σc`
//! has an *effective total* `Σc + k - 1` (the blocks with one white between each pair), and a line of
//! `n` cells has `n - (Σc + k - 1)` cells of slack.
//!
//! - [`Try1`]: a line without slack has one arrangement; fill it.
//! - [`Try2`]: pack the blocks as far left as they go and as far right; label each cell with the
//!   0-based index of the block covering it, or nothing when white; a cell with the same block index
//!   in both packings is black. Only blacks are fixed. Here the packings are the leftmost and rightmost
//!   arrangements that agree with the line's known cells; on an empty line, the page's case, they are
//!   the plain packings.
//! - [`Try3`]: work in from each end of the line. Known whites are skipped; a black cell reached that
//!   way starts the next block, so the block is filled in and the cell after it made white, and the
//!   walk goes on. Once every block is placed the rest of the line is white. The walk stops at the
//!   first unknown cell.
//! - [`Try4`]: enumerate the arrangements that agree with the known cells, cutting off a partial
//!   arrangement as soon as it disagrees, and fix the cells all of them share. Each line has a budget,
//!   the page's *timespan* (0.1 s at first, [`FIRST_TIMESPAN`]); a line that exceeds it is left
//!   unchanged and counted as skipped. [`Budget`] also offers a count of arrangements, for results
//!   that do not depend on the machine.
//! - [`IsCrFinished`]: once a line holds as many known blacks as its clue asks for, its unknown cells
//!   are white.
//!
//! The flowchart, as [`MyIllustSolver::run`] follows it: Try1 over every line, then Try2 over every
//! line, once. Then the timespan is set to its first value and a loop begins; each pass runs Try3
//! over every line, then Try4 over every line. The loop ends when every cell is known; when a whole
//! pass fixes nothing, the timespan is raised and the loop goes on. IsCrFinished runs whenever a line
//! method changes cells: on that line and on the crossing line of every cell it made black.
//!
//! Choices where the page is silent: each raise adds the first timespan again (its results table
//! lists timespans of 0.1, 0.2, 0.3 and 0.5 s, all steps of 0.1 s). The page stops only on completion
//! or when the user cancels; here the loop also stops when a pass fixes nothing and Try4 skipped no
//! line (raising the budget cannot help: this is the fixpoint of complete line logic), after an
//! optional number of passes (the cancel button), and when the budget cannot grow any more.

use std::iter;
use std::time::{Duration, Instant};

use crate::deadline::{Deadline, Limit};
use crate::logic::{Contradiction, LineSolver};
use crate::model::{Cell, Clue, Grid, LineId, Pos, Puzzle};

/// The page's first timespan: Try4's time budget per line before any raise.
pub const FIRST_TIMESPAN: Duration = Duration::from_millis(100);

/// How often a time budget reads the clock, in arrangement steps.
const CLOCK_EVERY: u64 = 256;

/// How much work Try4 may spend on one line before leaving it unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// No limit: Try4 is then a complete line solver.
    Unlimited,
    /// Wall-clock time per line, the page's timespan. What gets skipped then depends on the
    /// machine's speed and load; the clock is read every 256 steps and at the first.
    Time(Duration),
    /// Arrangements per line, counted as the enumeration builds them block by block: every
    /// placement of one block that agrees with the known cells counts one step. A complete
    /// arrangement of `k` blocks costs `k` steps, less the placements it shares with earlier ones;
    /// partial arrangements that lead nowhere count too. Deterministic.
    Arrangements(u64),
}

impl Default for Budget {
    /// The page's: [`FIRST_TIMESPAN`] per line.
    fn default() -> Self {
        Budget::Time(FIRST_TIMESPAN)
    }
}

impl Budget {
    /// This budget `factor` times over (saturating): the budget after `factor - 1` raises.
    pub fn times(self, factor: u32) -> Budget {
        match self {
            Budget::Unlimited => Budget::Unlimited,
            Budget::Time(limit) => Budget::Time(limit.saturating_mul(factor)),
            Budget::Arrangements(limit) => {
                Budget::Arrangements(limit.saturating_mul(u64::from(factor)))
            }
        }
    }
}

/// Try4 ran out of budget on the current line.
struct OverBudget;

/// Spends a [`Budget`] on one line.
struct Meter {
    budget: Budget,
    started: Instant,
    steps: u64,
}

impl Meter {
    fn new(budget: Budget) -> Self {
        Meter {
            budget,
            started: Instant::now(),
            steps: 0,
        }
    }

    /// Counts one step; fails once the budget is spent.
    fn step(&mut self) -> Result<(), OverBudget> {
        self.steps += 1;
        let over = match self.budget {
            Budget::Unlimited => false,
            Budget::Arrangements(limit) => self.steps > limit,
            Budget::Time(limit) => self.steps % CLOCK_EVERY == 1 && self.started.elapsed() >= limit,
        };
        if over { Err(OverBudget) } else { Ok(()) }
    }
}

/// The line's known cells with `proposed` laid over them: a proposed `Unknown` keeps the known
/// cell, a proposed colour fills an unknown one, and a proposed colour against a known one is a
/// contradiction.
fn merge(
    line: &[Cell],
    proposed: impl IntoIterator<Item = Cell>,
) -> Result<Vec<Cell>, Contradiction> {
    line.iter()
        .zip(proposed)
        .map(|(&known, new)| match (known, new) {
            (known, Cell::Unknown) => Ok(known),
            (Cell::Unknown, new) => Ok(new),
            (known, new) if known == new => Ok(known),
            _ => Err(Contradiction),
        })
        .collect()
}

/// A clue longer than its line has no arrangement.
fn check_fits(clue: &Clue, line: &[Cell]) -> Result<(), Contradiction> {
    if clue.min_len() > line.len() {
        Err(Contradiction)
    } else {
        Ok(())
    }
}

/// The line reversed, with the clue's blocks reversed to match.
fn reversed(blocks: &[usize], line: &[Cell]) -> (Vec<usize>, Vec<Cell>) {
    (
        blocks.iter().rev().copied().collect(),
        line.iter().rev().copied().collect(),
    )
}

/// Try1: a line whose effective total `Σc + k - 1` equals its length has exactly one arrangement,
/// which it fills in. Other lines are left as they are.
#[derive(Clone, Copy, Debug, Default)]
pub struct Try1;

impl LineSolver for Try1 {
    fn solve_line(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
        check_fits(clue, line)?;
        // `min_len` is 0 for the empty clue, whose effective total is -1: it never applies there
        // unless the line is empty too, when filling changes nothing.
        if clue.min_len() != line.len() {
            return Ok(line.to_vec());
        }
        let proposed = clue.blocks().iter().enumerate().flat_map(|(j, &len)| {
            let white = (j > 0).then_some(Cell::White);
            white.into_iter().chain(iter::repeat_n(Cell::Black, len))
        });
        merge(line, proposed)
    }
}

/// A clue on a partly known line, with counts that make each placement test O(1).
struct Fit<'a> {
    blocks: &'a [usize],
    cells: &'a [Cell],
    /// `whites_before[i]`: known whites among cells `0..i`.
    whites_before: Vec<usize>,
    /// `blacks_before[i]`: known blacks among cells `0..i`.
    blacks_before: Vec<usize>,
    /// `tail[j]`: the cells blocks `j..` need at the least; `tail[k] = 0`.
    tail: Vec<usize>,
}

impl<'a> Fit<'a> {
    fn new(blocks: &'a [usize], cells: &'a [Cell]) -> Result<Self, Contradiction> {
        let before = |target: Cell| {
            iter::once(0)
                .chain(cells.iter().scan(0, move |count, &cell| {
                    *count += usize::from(cell == target);
                    Some(*count)
                }))
                .collect()
        };
        let mut tail = vec![0; blocks.len() + 1];
        for j in (0..blocks.len()).rev() {
            tail[j] = blocks[j] + tail[j + 1] + usize::from(j + 1 < blocks.len());
        }
        if tail[0] > cells.len() {
            return Err(Contradiction);
        }
        Ok(Fit {
            blocks,
            cells,
            whites_before: before(Cell::White),
            blacks_before: before(Cell::Black),
            tail,
        })
    }

    fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether cells `from..to` hold no known black.
    fn no_black(&self, from: usize, to: usize) -> bool {
        self.blacks_before[to] == self.blacks_before[from]
    }

    /// Whether a block of `len` cells can start at `start`: none of its cells is known white and the
    /// cell after it, if any, is not known black.
    fn block_fits(&self, start: usize, len: usize) -> bool {
        let end = start + len;
        self.whites_before[end] == self.whites_before[start]
            && self.cells.get(end) != Some(&Cell::Black)
    }

    /// The starts, in increasing order, where block `j` can go when the cells from `from` up to it
    /// are white: the gap may cover no known black, and the blocks after `j` must still fit.
    fn starts(&self, j: usize, from: usize) -> impl Iterator<Item = usize> + '_ {
        let len = self.blocks[j];
        let last = self.len() - self.tail[j];
        (from..=last)
            .take_while(move |&start| start == from || self.cells[start - 1] != Cell::Black)
            .filter(move |&start| self.block_fits(start, len))
    }

    /// Where the gap after block `j`, placed at `start`, begins the next block's search.
    fn next_from(&self, j: usize, start: usize) -> usize {
        (start + self.blocks[j] + 1).min(self.len())
    }

    /// Whether the cells from `from` to the end can all be white.
    fn rest_can_be_white(&self, from: usize) -> bool {
        self.no_black(from, self.len())
    }
}

/// Try2: overlay the leftmost and rightmost packings and fix the cells covered by the same block in
/// both. The packings respect the line's known cells; a line that has none is a contradiction.
#[derive(Clone, Copy, Debug, Default)]
pub struct Try2;

impl LineSolver for Try2 {
    fn solve_line(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
        let blocks = clue.blocks();
        let left = block_labels(blocks, line)?;
        let (rev_blocks, rev_line) = reversed(blocks, line);
        let right = block_labels(&rev_blocks, &rev_line)?
            .into_iter()
            .rev()
            .map(|label| label.map(|j| blocks.len() - 1 - j));
        let proposed = left.into_iter().zip(right).map(|(l, r)| match l {
            Some(_) if l == r => Cell::Black,
            _ => Cell::Unknown,
        });
        merge(line, proposed)
    }
}

/// Each cell of the leftmost packing labelled with the 0-based index of the block that covers it,
/// `None` for white (the page's -1).
fn block_labels(blocks: &[usize], line: &[Cell]) -> Result<Vec<Option<usize>>, Contradiction> {
    let fit = Fit::new(blocks, line)?;
    let starts = leftmost(&fit).ok_or(Contradiction)?;
    let mut labels = vec![None; line.len()];
    for (j, (&start, &len)) in starts.iter().zip(blocks).enumerate() {
        labels[start..start + len].fill(Some(j));
    }
    Ok(labels)
}

/// The block starts of the leftmost arrangement that agrees with the known cells, if any.
fn leftmost(fit: &Fit) -> Option<Vec<usize>> {
    let mut packing = Packing {
        fit,
        dead: vec![false; (fit.blocks.len() + 1) * (fit.len() + 1)],
        starts: Vec::with_capacity(fit.blocks.len()),
    };
    packing.place(0, 0).then_some(packing.starts)
}

/// A depth-first search for the leftmost arrangement: each block at its first start that lets the
/// rest be placed. Remembering which (block, first free cell) states failed keeps it polynomial.
struct Packing<'f, 'a> {
    fit: &'f Fit<'a>,
    /// `dead[j * (n + 1) + from]`: blocks `j..` cannot be placed from cell `from` on.
    dead: Vec<bool>,
    starts: Vec<usize>,
}

impl Packing<'_, '_> {
    /// Places blocks `j..` from cell `from` on, pushing their starts; whether it succeeded.
    fn place(&mut self, j: usize, from: usize) -> bool {
        let fit = self.fit;
        if j == fit.blocks.len() {
            return fit.rest_can_be_white(from);
        }
        let state = j * (fit.len() + 1) + from;
        if self.dead[state] {
            return false;
        }
        for start in fit.starts(j, from) {
            self.starts.push(start);
            if self.place(j + 1, fit.next_from(j, start)) {
                return true;
            }
            self.starts.pop();
        }
        self.dead[state] = true;
        false
    }
}

/// Try3: extend from the known cells at both ends of the line. From each end, skip known whites; a
/// black reached that way starts the next block, which is filled in and followed by a white; once
/// every block is placed the rest of the line is white. Each walk stops at the first unknown cell.
#[derive(Clone, Copy, Debug, Default)]
pub struct Try3;

impl LineSolver for Try3 {
    fn solve_line(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
        check_fits(clue, line)?;
        let mut cells = line.to_vec();
        extend_from_start(clue.blocks(), &mut cells)?;
        let (rev_blocks, mut rev_cells) = reversed(clue.blocks(), &cells);
        extend_from_start(&rev_blocks, &mut rev_cells)?;
        rev_cells.reverse();
        Ok(rev_cells)
    }
}

/// Try3's walk from the start of the line, fixing cells in place.
fn extend_from_start(blocks: &[usize], cells: &mut [Cell]) -> Result<(), Contradiction> {
    let n = cells.len();
    let mut pos = 0;
    for &len in blocks {
        while cells.get(pos) == Some(&Cell::White) {
            pos += 1;
        }
        match cells.get(pos) {
            None => return Err(Contradiction), // blocks remain but every cell left is white
            Some(Cell::Unknown) => return Ok(()),
            _ => {}
        }
        let end = pos + len;
        if end > n || cells[pos..end].contains(&Cell::White) {
            return Err(Contradiction);
        }
        cells[pos..end].fill(Cell::Black);
        match cells.get_mut(end) {
            Some(Cell::Black) => return Err(Contradiction),
            Some(after) => *after = Cell::White,
            None => {}
        }
        pos = (end + 1).min(n);
    }
    let rest = &mut cells[pos..];
    if rest.contains(&Cell::Black) {
        return Err(Contradiction);
    }
    rest.fill(Cell::White);
    Ok(())
}

/// What Try4 made of one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Try4Outcome {
    /// Every arrangement was enumerated: the line with the cells they all share fixed.
    Solved(Vec<Cell>),
    /// The budget ran out first; the line is to be left unchanged.
    Skipped,
}

/// Try4, exhaustive search: enumerate every arrangement that agrees with the known cells, within a
/// budget per line, and fix the cells they all share. A contradiction when there is none.
///
/// As a [`LineSolver`], a skipped line comes back unchanged; [`Try4::enumerate`] tells the two apart.
/// With [`Budget::Unlimited`] it is a complete line solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Try4 {
    /// The budget for each line.
    pub budget: Budget,
}

impl Try4 {
    /// Try4 with this budget per line.
    pub fn new(budget: Budget) -> Self {
        Try4 { budget }
    }

    /// Enumerates the line's arrangements within the budget.
    pub fn enumerate(&mut self, clue: &Clue, line: &[Cell]) -> Result<Try4Outcome, Contradiction> {
        let fit = Fit::new(clue.blocks(), line)?;
        let n = line.len();
        let mut search = Enumeration {
            fit: &fit,
            meter: Meter::new(self.budget),
            current: vec![false; n],
            always_black: vec![true; n],
            always_white: vec![true; n],
            found: false,
        };
        if search.walk(0, 0).is_err() {
            return Ok(Try4Outcome::Skipped);
        }
        if !search.found {
            return Err(Contradiction);
        }
        let proposed =
            search
                .always_black
                .iter()
                .zip(&search.always_white)
                .map(|(&black, &white)| match (black, white) {
                    (true, _) => Cell::Black,
                    (_, true) => Cell::White,
                    _ => Cell::Unknown,
                });
        merge(line, proposed).map(Try4Outcome::Solved)
    }
}

impl Default for Try4 {
    /// The page's first timespan.
    fn default() -> Self {
        Try4::new(Budget::default())
    }
}

impl LineSolver for Try4 {
    fn solve_line(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
        match self.enumerate(clue, line)? {
            Try4Outcome::Solved(cells) => Ok(cells),
            Try4Outcome::Skipped => Ok(line.to_vec()),
        }
    }
}

/// Try4's enumeration of one line: blocks placed left to right, each at every start the known
/// cells allow.
struct Enumeration<'f, 'a> {
    fit: &'f Fit<'a>,
    meter: Meter,
    /// The arrangement being built (`true` = black).
    current: Vec<bool>,
    /// Cells black in every arrangement found so far.
    always_black: Vec<bool>,
    /// Cells white in every arrangement found so far.
    always_white: Vec<bool>,
    /// Whether an arrangement was found.
    found: bool,
}

impl Enumeration<'_, '_> {
    /// Enumerates the placements of blocks `j..` from cell `from` on.
    fn walk(&mut self, j: usize, from: usize) -> Result<(), OverBudget> {
        let fit = self.fit;
        if j == fit.blocks.len() {
            if fit.rest_can_be_white(from) {
                self.record();
            }
            return Ok(());
        }
        let len = fit.blocks[j];
        for start in fit.starts(j, from) {
            self.meter.step()?;
            self.current[start..start + len].fill(true);
            let walked = self.walk(j + 1, fit.next_from(j, start));
            self.current[start..start + len].fill(false);
            walked?;
        }
        Ok(())
    }

    /// Intersects the finished arrangement with the earlier ones.
    fn record(&mut self) {
        self.found = true;
        let cells = self.current.iter().zip(&mut self.always_black);
        for ((&black, always_black), always_white) in cells.zip(&mut self.always_white) {
            *always_black &= black;
            *always_white &= !black;
        }
    }
}

/// IsCrFinished: once a line has as many known blacks as its clue asks for, the rest is white. More
/// known blacks than that is a contradiction.
#[derive(Clone, Copy, Debug, Default)]
pub struct IsCrFinished;

impl LineSolver for IsCrFinished {
    fn solve_line(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
        check_fits(clue, line)?;
        let blacks = line.iter().filter(|&&cell| cell == Cell::Black).count();
        match blacks.cmp(&clue.black_cells()) {
            std::cmp::Ordering::Less => Ok(line.to_vec()),
            std::cmp::Ordering::Equal => Ok(line
                .iter()
                .map(|&cell| match cell {
                    Cell::Unknown => Cell::White,
                    known => known,
                })
                .collect()),
            std::cmp::Ordering::Greater => Err(Contradiction),
        }
    }
}

/// The page's whole-grid solver: the Trys in the flowchart's order (see the module documentation).
///
/// ```
/// use nonosat::methods::myillust::{Budget, MyIllustSolver, Stop};
/// use nonosat::{Cell, Grid, Puzzle};
///
/// // A triangle: rows `1 / 2 / 3`, columns `3 / 2 / 1`.
/// let rows = (1..=3).map(|r| (0..3).map(|c| c < r).collect()).collect();
/// let picture = Grid::from_rows(rows).unwrap();
/// let puzzle = Puzzle::from_picture(&picture).unwrap();
/// let mut grid = Grid::filled(3, 3, Cell::Unknown);
/// let stats = MyIllustSolver::new(Budget::Arrangements(1000)).run(&puzzle, &mut grid).unwrap();
/// assert_eq!(stats.stop, Stop::Completed);
/// assert_eq!(grid.to_picture(), Some(picture));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MyIllustSolver {
    /// Try4's first budget per line (the page's first timespan); each raise adds it again.
    pub budget: Budget,
    /// Stop after this many passes of the Try3/Try4 loop, like the page's cancel button; `None`
    /// runs until the grid is complete or nothing more follows.
    pub max_passes: Option<usize>,
    /// Stop between two line calls once this has passed.
    pub deadline: Option<Deadline>,
}

impl Default for MyIllustSolver {
    /// The page's settings: [`FIRST_TIMESPAN`], no pass limit.
    fn default() -> Self {
        MyIllustSolver::new(Budget::default())
    }
}

/// Why [`MyIllustSolver::run`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// Every cell is known.
    Completed,
    /// A pass fixed nothing and Try4 skipped no line: no budget would fix more. The grid is then at
    /// the fixpoint of complete line logic.
    Fixpoint,
    /// [`MyIllustSolver::max_passes`] passes were run.
    PassLimit,
    /// A pass fixed nothing, Try4 skipped lines, and the budget cannot grow (it is zero, or at the
    /// largest value it can hold).
    BudgetStuck,
    /// [`MyIllustSolver::deadline`] passed.
    OutOfTime,
}

/// Line-method calls made by one run, per method.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Calls {
    /// Calls of [`Try1`].
    pub try1: usize,
    /// Calls of [`Try2`].
    pub try2: usize,
    /// Calls of [`Try3`].
    pub try3: usize,
    /// Calls of [`Try4`], skipped ones included.
    pub try4: usize,
    /// Calls of [`IsCrFinished`].
    pub is_cr_finished: usize,
}

/// What a [`MyIllustSolver::run`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MyIllustStats {
    /// Passes of the Try3/Try4 loop; the opening Try1 and Try2 sweeps are not counted.
    pub passes: usize,
    /// Line-method calls, per method.
    pub calls: Calls,
    /// Try4 calls that ran out of budget and left their line unchanged, over all passes.
    pub skipped: usize,
    /// The lines Try4 ran out of budget on in the last pass, rows then columns.
    pub skipped_last_pass: Vec<LineId>,
    /// How many times the budget was raised.
    pub raises: usize,
    /// Try4's budget per line at the end: the final timespan.
    pub final_budget: Budget,
    /// Why the run stopped.
    pub stop: Stop,
}

impl MyIllustSolver {
    /// A solver whose Try4 starts with `budget` per line, without a pass limit.
    pub fn new(budget: Budget) -> Self {
        MyIllustSolver {
            budget,
            max_passes: None,
            deadline: None,
        }
    }

    /// The same solver stopping after `passes` passes of the Try3/Try4 loop.
    pub fn with_max_passes(self, passes: usize) -> Self {
        MyIllustSolver {
            max_passes: Some(passes),
            ..self
        }
    }

    /// The same solver stopping once `deadline` (if any) has passed.
    pub fn with_deadline(self, deadline: Option<Deadline>) -> Self {
        MyIllustSolver { deadline, ..self }
    }

    /// Runs the flowchart on `grid`, whose known cells are taken as given.
    ///
    /// Every cell fixed stays in `grid`, also when a contradiction ends the run. A contradiction means
    /// the clues and the grid's known cells admit no solution; a grid not the puzzle's size is
    /// refused as one too.
    pub fn run(
        &mut self,
        puzzle: &Puzzle,
        grid: &mut Grid<Cell>,
    ) -> Result<MyIllustStats, Contradiction> {
        if (grid.width(), grid.height()) != (puzzle.width(), puzzle.height()) {
            return Err(Contradiction);
        }
        let mut run = Run {
            puzzle,
            deadline: self.deadline,
            grid,
            calls: Calls::default(),
            skipped: 0,
            skipped_lines: Vec::new(),
        };
        run.sweep(Method::Try1)?;
        run.sweep(Method::Try2)?;
        let (mut passes, mut level) = (0, 1u32);
        let stop = loop {
            if run.grid.known_count() == puzzle.cell_count() {
                break Stop::Completed;
            }
            if self.deadline.check().is_err() {
                break Stop::OutOfTime;
            }
            if self.max_passes.is_some_and(|max| passes >= max) {
                break Stop::PassLimit;
            }
            passes += 1;
            let skipped_before = run.skipped;
            run.skipped_lines.clear();
            let by_try3 = run.sweep(Method::Try3)?;
            let by_try4 = run.sweep(Method::Try4(self.budget.times(level)))?;
            if self.deadline.check().is_err() {
                break Stop::OutOfTime; // the sweeps may have stopped early: no fixpoint is known
            }
            if by_try3 || by_try4 {
                continue;
            }
            if run.skipped == skipped_before {
                break Stop::Fixpoint;
            }
            let raised = level.saturating_add(1);
            if self.budget.times(raised) == self.budget.times(level) {
                break Stop::BudgetStuck;
            }
            level = raised;
        };
        Ok(MyIllustStats {
            passes,
            calls: run.calls,
            skipped: run.skipped,
            skipped_last_pass: run.skipped_lines,
            raises: level as usize - 1,
            final_budget: self.budget.times(level),
            stop,
        })
    }
}

/// A line method as the runner calls it.
#[derive(Clone, Copy, Debug)]
enum Method {
    Try1,
    Try2,
    Try3,
    Try4(Budget),
}

/// One run's grid and counters.
struct Run<'r> {
    puzzle: &'r Puzzle,
    /// A sweep stops early once this has passed.
    deadline: Option<Deadline>,
    grid: &'r mut Grid<Cell>,
    calls: Calls,
    skipped: usize,
    /// The lines Try4 skipped in the current pass.
    skipped_lines: Vec<LineId>,
}

impl Run<'_> {
    /// Applies `method` to every line, rows then columns; whether any cell was fixed.
    fn sweep(&mut self, method: Method) -> Result<bool, Contradiction> {
        let mut changed = false;
        for line in self.puzzle.lines() {
            if self.deadline.check().is_err() {
                break;
            }
            changed |= self.apply(method, line)?;
        }
        Ok(changed)
    }

    /// Applies `method` to one line, then IsCrFinished where cells changed; whether any did.
    fn apply(&mut self, method: Method, line: LineId) -> Result<bool, Contradiction> {
        let clue = self.puzzle.clue(line);
        let cells = self.grid.line(line);
        let solved = match method {
            Method::Try1 => {
                self.calls.try1 += 1;
                Try1.solve_line(clue, &cells)?
            }
            Method::Try2 => {
                self.calls.try2 += 1;
                Try2.solve_line(clue, &cells)?
            }
            Method::Try3 => {
                self.calls.try3 += 1;
                Try3.solve_line(clue, &cells)?
            }
            Method::Try4(budget) => {
                self.calls.try4 += 1;
                match Try4::new(budget).enumerate(clue, &cells)? {
                    Try4Outcome::Solved(solved) => solved,
                    Try4Outcome::Skipped => {
                        self.skipped += 1;
                        self.skipped_lines.push(line);
                        return Ok(false);
                    }
                }
            }
        };
        let Some(blackened) = self.write(line, &cells, &solved) else {
            return Ok(false);
        };
        self.finish(line)?;
        for pos in blackened {
            self.finish(crossing_line(line, pos))?;
        }
        Ok(true)
    }

    /// IsCrFinished on one line. It only whitens, so it changes no line's black count.
    fn finish(&mut self, line: LineId) -> Result<(), Contradiction> {
        self.calls.is_cr_finished += 1;
        let cells = self.grid.line(line);
        let solved = IsCrFinished.solve_line(self.puzzle.clue(line), &cells)?;
        self.write(line, &cells, &solved);
        Ok(())
    }

    /// Writes the cells `new` fixed over `old` into the grid: `None` when none, else the positions
    /// that became black.
    fn write(&mut self, line: LineId, old: &[Cell], new: &[Cell]) -> Option<Vec<Pos>> {
        let mut changed = false;
        let mut blackened = Vec::new();
        for ((pos, &old), &new) in self.grid.line_positions(line).zip(old).zip(new) {
            if old == Cell::Unknown && new != Cell::Unknown {
                self.grid[pos] = new;
                changed = true;
                if new == Cell::Black {
                    blackened.push(pos);
                }
            }
        }
        changed.then_some(blackened)
    }
}

/// The line through `pos` that crosses `line`.
fn crossing_line(line: LineId, pos: Pos) -> LineId {
    match line {
        LineId::Row(_) => LineId::Col(pos.col),
        LineId::Col(_) => LineId::Row(pos.row),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_raises_add_the_first_budget() {
        let first = Budget::Time(FIRST_TIMESPAN);
        assert_eq!(first.times(3), Budget::Time(Duration::from_millis(300)));
        assert_eq!(Budget::Arrangements(7).times(2), Budget::Arrangements(14));
        assert_eq!(
            Budget::Arrangements(u64::MAX).times(2),
            Budget::Arrangements(u64::MAX)
        );
        assert_eq!(Budget::Unlimited.times(5), Budget::Unlimited);
    }

    #[test]
    fn merge_keeps_known_cells_and_refuses_conflicts() {
        use Cell::{Black as B, Unknown as U, White as W};
        assert_eq!(merge(&[U, B, W], [B, U, W]), Ok(vec![B, B, W]));
        assert_eq!(merge(&[W], [B]), Err(Contradiction));
    }

    #[test]
    fn leftmost_packing_respects_known_cells() {
        use Cell::{Black as B, Unknown as U, White as W};
        let line = [U, W, U, U, B, U];
        let fit = Fit::new(&[1, 2], &line).unwrap();
        assert_eq!(leftmost(&fit), Some(vec![0, 3]));
        let fit = Fit::new(&[3], &[U, W, U, W]).unwrap();
        assert_eq!(leftmost(&fit), None);
    }
}
