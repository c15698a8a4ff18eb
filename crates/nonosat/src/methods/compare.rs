//! Propagation-only methods side by side, against the exact answer of the SAT pipeline.
//!
//! Each method runs from an empty grid to its own fixpoint under the same measurement: cells fixed,
//! whether that solves the puzzle (or finds it contradictory), passes, line-solver calls, lines a
//! capped method skipped, and time. A line-level method is driven by [`propagate`]; a grid-level one
//! (probing) by its own loop. Adding a method is one variant here and one file under `line/`.
//!
//! Colour puzzles ([`compare_colour`]) take the two methods that have colour forms, [`Method::Line`]
//! (the colour DP line solver) and [`Method::Probing`] (colour probing); the seed papers' methods
//! are black-and-white only ([`Method::takes_colour`]).

use std::fmt;
use std::time::{Duration, Instant};

use crate::cnf;
use crate::deadline::{Deadline, Limit};
use crate::logic::colour::{ColourLineSolver, open_grid, propagate_colour};
use crate::logic::colour_probe::probe_colour;
use crate::logic::probe::{NoSolution, probe};
use crate::logic::propagate::propagate;
use crate::logic::{Contradiction, DpLineSolver, LineSolver};
use crate::methods::kikuchi::{
    Cube2, Cube3, Cube4, DEFAULT_THRESHOLD, consistent_arrangements, freedom,
};
use crate::methods::koike::KoikeRules;
use crate::methods::myillust::{Budget, MyIllustSolver, Stop};
use crate::model::{Cell, Clue, ColourMismatch, ColourPuzzle, Grid, LineId, Mismatch, Puzzle};
use crate::solve::{self, CheckError, Options, Report};

/// A propagation-only method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// The complete O(n·k) dynamic-programming line solver, propagated to a fixpoint.
    Line,
    /// Kikuchi's cube2: each unknown cell tested both ways by enumeration.
    Cube2,
    /// Kikuchi's cube3: all arrangements of a line enumerated and intersected.
    Cube3,
    /// Kikuchi's cube4: cube3 on lines whose freedom is at most θ ([`crate::methods::kikuchi::DEFAULT_THRESHOLD`]).
    Cube4,
    /// The MyIllustPuzzle solver: Try1 and Try2, then passes of Try3 and Try4 with a growing budget.
    MyIllust,
    /// Koike's human techniques (stages 1 and 2) applied to a line fixpoint.
    Koike,
    /// Koike's stage 3: probing over his line techniques.
    KoikeProbing,
    /// The complete line solver, then probing: each open cell tried both ways.
    Probing,
}

/// The arrangements `compare` lets an enumerating method spend on one line (Kikuchi's methods), and
/// the first per-line budget of MyIllustPuzzle's Try4, added again after each pass that fixes
/// nothing: counts rather than seconds, so that results do not depend on the machine. Lines beyond
/// them are skipped and counted.
pub const ENUMERATION_CAP: u64 = 100_000;

/// Passes after which the MyIllustPuzzle runner stops in `compare` (the page's cancel button).
pub const MYILLUST_MAX_PASSES: usize = 30;

impl Method {
    /// Every method, in the order `compare` shows them.
    pub const ALL: [Method; 8] = [
        Method::Line,
        Method::Cube2,
        Method::Cube3,
        Method::Cube4,
        Method::MyIllust,
        Method::Koike,
        Method::KoikeProbing,
        Method::Probing,
    ];

    /// Whether the method has a colour form: the DP line solver and probing do; the seed papers'
    /// methods are black-and-white only.
    pub fn takes_colour(self) -> bool {
        matches!(self, Method::Line | Method::Probing)
    }

    /// The name used on the command line and in output.
    pub fn name(self) -> &'static str {
        match self {
            Method::Line => "line",
            Method::Cube2 => "cube2",
            Method::Cube3 => "cube3",
            Method::Cube4 => "cube4",
            Method::MyIllust => "myillust",
            Method::Koike => "koike",
            Method::KoikeProbing => "koike-probing",
            Method::Probing => "probing",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a method stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every cell fixed.
    Solved,
    /// A fixpoint with cells still open.
    Stalled,
    /// The method proved the clues contradictory.
    Contradiction,
    /// The time limit passed first.
    OutOfTime,
}

impl Outcome {
    /// `solved`, `stalled` or `contradiction`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::Stalled => "stalled",
            Outcome::Contradiction => "contradiction",
            Outcome::OutOfTime => "out of time",
        }
    }
}

/// What one method achieved on one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MethodRun {
    /// The method.
    pub method: Method,
    /// Cells fixed at the fixpoint.
    pub fixed: usize,
    /// Where it stopped.
    pub outcome: Outcome,
    /// Passes: of the line queue, or probing rounds.
    pub passes: usize,
    /// Line-solver calls.
    pub line_calls: usize,
    /// Line calls a capped method answered by leaving the line alone (none for complete methods).
    pub lines_skipped: usize,
    /// The lines still open at the fixpoint that the method's cap kept it from examining, rows then
    /// columns: where it stopped short because of the cap rather than its logic.
    pub unexamined: Vec<LineId>,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// Every method's run on one puzzle, and the exact answer (for a colour puzzle, solutions of
/// colour indices).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Comparison<S = bool, M = Mismatch> {
    /// One run per method asked for, in that order.
    pub runs: Vec<MethodRun>,
    /// The SAT pipeline's verdict.
    pub exact: Report<S, M>,
}

/// Runs `methods` and the exact check on `puzzle`. Under a deadline the methods get half of the
/// time at most, and the exact check what is left. A puzzle whose formula, after propagation, is
/// over the clause limit is refused first, before the methods spend any time: the exact check
/// would refuse it only after them, or time out first under a short limit, which made the answer
/// depend on the limit.
pub fn compare(
    puzzle: &Puzzle,
    methods: &[Method],
    options: &Options,
) -> Result<Comparison, CheckError> {
    let propagated = solve::propagated(puzzle);
    if propagated.consistent {
        cnf::fits(puzzle, &propagated.known)?;
    }
    let methods_until = options.deadline.map(|deadline| deadline.share(0.5));
    let runs = methods
        .iter()
        .map(|&method| run(method, puzzle, methods_until))
        .collect();
    Ok(Comparison {
        runs,
        exact: solve::check(puzzle, options)?,
    })
}

/// Runs the colour forms of `methods` and the exact check on the colour `puzzle`; methods without
/// a colour form ([`Method::takes_colour`]) are left out.
pub fn compare_colour(
    puzzle: &ColourPuzzle,
    methods: &[Method],
    options: &Options,
) -> Result<Comparison<u8, ColourMismatch>, CheckError> {
    let runs = methods
        .iter()
        .filter_map(|&method| run_colour(method, puzzle))
        .collect();
    Ok(Comparison {
        runs,
        exact: solve::check(puzzle, options)?,
    })
}

/// Runs the colour form of one method from an open grid to its fixpoint; `None` for a method that
/// is black-and-white only. A cell counts as fixed when one colour is left.
pub fn run_colour(method: Method, puzzle: &ColourPuzzle) -> Option<MethodRun> {
    let started = Instant::now();
    let mut grid = open_grid(puzzle);
    let mut solver = ColourLineSolver::new();
    // The colour line queue is one first-in first-out pass; probing counts its rounds.
    let (consistent, passes, line_calls) = match method {
        Method::Line => match propagate_colour(puzzle, &mut grid, &mut solver) {
            Ok(solves) => (true, 1, solves),
            Err(_) => (false, 1, 0),
        },
        Method::Probing => match probe_colour(puzzle, &mut grid, &mut solver) {
            Ok(done) => (true, done.rounds, done.line_solves),
            Err(NoSolution) => (false, 0, 0),
        },
        _ => return None,
    };
    let fixed = grid.cells().iter().filter(|c| c.count_ones() == 1).count();
    let outcome = match (consistent, fixed == grid.cells().len()) {
        (false, _) => Outcome::Contradiction,
        (true, true) => Outcome::Solved,
        (true, false) => Outcome::Stalled,
    };
    Some(MethodRun {
        method,
        fixed,
        outcome,
        passes,
        line_calls,
        lines_skipped: 0,
        unexamined: Vec::new(),
        elapsed: started.elapsed(),
    })
}

/// Runs one method from an empty grid to its fixpoint, or until `deadline`.
pub fn run(method: Method, puzzle: &Puzzle, deadline: Option<Deadline>) -> MethodRun {
    let started = Instant::now();
    let mut grid = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    let cap = u128::from(ENUMERATION_CAP);
    let mut effort = match method {
        Method::Line => propagated(puzzle, &mut grid, DpLineSolver::new(), deadline, |_| 0),
        Method::Cube2 => propagated(
            puzzle,
            &mut grid,
            Cube2::new().with_max_arrangements(cap),
            deadline,
            |s| s.counters().lines_skipped as usize,
        ),
        Method::Cube3 => propagated(
            puzzle,
            &mut grid,
            Cube3::new().with_max_arrangements(cap),
            deadline,
            |s| s.counters().lines_skipped as usize,
        ),
        Method::Cube4 => propagated(
            puzzle,
            &mut grid,
            Cube4::default().with_max_arrangements(cap),
            deadline,
            |s| s.counters().lines_skipped as usize,
        ),
        Method::MyIllust => my_illust(puzzle, &mut grid, deadline),
        Method::Koike => propagated(puzzle, &mut grid, KoikeRules::new(), deadline, |_| 0),
        Method::KoikeProbing => probed(puzzle, &mut grid, KoikeRules::new(), deadline),
        Method::Probing => probed(puzzle, &mut grid, DpLineSolver::new(), deadline),
    };
    let open = |line: LineId| grid.line(line).contains(&Cell::Unknown);
    let too_free = |line: LineId| freedom(puzzle.clue(line), puzzle.line_len(line)) > cap;
    let unexamined: Vec<LineId> = match method {
        // Counting a line's arrangements is a pass over the line: on 1000x1000 those of every line
        // took seconds, so it is done last, and not at all past the deadline, when only the lines
        // over the enumeration cap are named.
        Method::Cube4 if !effort.out_of_time => puzzle
            .lines()
            .filter(|&l| {
                open(l)
                    && (too_free(l)
                        || consistent_arrangements(puzzle.clue(l), &grid.line(l))
                            > DEFAULT_THRESHOLD)
            })
            .collect(),
        Method::Cube2 | Method::Cube3 | Method::Cube4 => {
            puzzle.lines().filter(|&l| open(l) && too_free(l)).collect()
        }
        Method::MyIllust => std::mem::take(&mut effort.unexamined)
            .into_iter()
            .filter(|&l| open(l))
            .collect(),
        Method::Line | Method::Koike | Method::KoikeProbing | Method::Probing => Vec::new(),
    };
    let fixed = grid.known_count();
    let outcome = match (effort.consistent, fixed == puzzle.cell_count()) {
        (false, _) => Outcome::Contradiction,
        (true, true) => Outcome::Solved,
        (true, false) if effort.out_of_time => Outcome::OutOfTime,
        (true, false) => Outcome::Stalled,
    };
    MethodRun {
        method,
        fixed,
        outcome,
        passes: effort.passes,
        line_calls: effort.line_calls,
        lines_skipped: effort.skipped,
        unexamined,
        elapsed: started.elapsed(),
    }
}

/// What a method's run cost, and whether it stayed consistent.
struct Effort {
    consistent: bool,
    passes: usize,
    line_calls: usize,
    skipped: usize,
    /// Lines the method itself reports having left alone at the end (MyIllustPuzzle's runner).
    unexamined: Vec<LineId>,
    /// Whether the deadline stopped the method before its fixpoint.
    out_of_time: bool,
}

/// Propagates a line-level method to its fixpoint; `skipped` reads its count of lines left alone.
fn propagated<S: LineSolver>(
    puzzle: &Puzzle,
    grid: &mut Grid<Cell>,
    solver: S,
    deadline: Option<Deadline>,
    skipped: impl Fn(&S) -> usize,
) -> Effort {
    let mut solver = Counted::new(solver, deadline);
    let (consistent, passes) = match propagate(puzzle, grid, &mut solver) {
        Ok(done) => (true, done.passes),
        Err(stuck) => (false, stuck.before.passes),
    };
    Effort {
        consistent,
        passes,
        line_calls: solver.calls,
        skipped: skipped(&solver.inner),
        unexamined: Vec::new(),
        out_of_time: solver.out_of_time,
    }
}

/// Probes over a line-level method to its fixpoint.
fn probed(
    puzzle: &Puzzle,
    grid: &mut Grid<Cell>,
    solver: impl LineSolver,
    deadline: Option<Deadline>,
) -> Effort {
    let mut solver = Counted::new(solver, deadline);
    let (consistent, passes) = match probe(puzzle, grid, &mut solver) {
        Ok(done) => (true, done.rounds),
        Err(NoSolution) => (false, 0),
    };
    Effort {
        consistent,
        passes,
        line_calls: solver.calls,
        skipped: 0,
        unexamined: Vec::new(),
        out_of_time: solver.out_of_time,
    }
}

/// The MyIllustPuzzle runner in the order of its flowchart, with a budget in arrangements.
fn my_illust(puzzle: &Puzzle, grid: &mut Grid<Cell>, deadline: Option<Deadline>) -> Effort {
    let mut solver = MyIllustSolver::new(Budget::Arrangements(ENUMERATION_CAP))
        .with_max_passes(MYILLUST_MAX_PASSES)
        .with_deadline(deadline);
    match solver.run(puzzle, grid) {
        Ok(stats) => {
            let calls = stats.calls;
            let line_calls =
                calls.try1 + calls.try2 + calls.try3 + calls.try4 + calls.is_cr_finished;
            Effort {
                consistent: true,
                passes: stats.passes,
                line_calls,
                skipped: stats.skipped,
                unexamined: stats.skipped_last_pass,
                out_of_time: stats.stop == Stop::OutOfTime,
            }
        }
        Err(Contradiction) => Effort {
            consistent: false,
            passes: 0,
            line_calls: 0,
            skipped: 0,
            unexamined: Vec::new(),
            out_of_time: false,
        },
    }
}

/// A line solver that counts its calls and, once its deadline has passed, leaves every line as it
/// is (which is sound: it fixes nothing), so that propagation and probing end at once.
struct Counted<S> {
    inner: S,
    calls: usize,
    deadline: Option<Deadline>,
    out_of_time: bool,
}

impl<S> Counted<S> {
    fn new(inner: S, deadline: Option<Deadline>) -> Self {
        Counted {
            inner,
            calls: 0,
            deadline,
            out_of_time: false,
        }
    }
}

impl<S: LineSolver> LineSolver for Counted<S> {
    fn solve_line(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
        self.out_of_time = self.out_of_time || self.deadline.check().is_err();
        if self.out_of_time {
            return Ok(line.to_vec());
        }
        self.calls += 1;
        self.inner.solve_line(clue, line)
    }

    fn has_stopped(&self) -> bool {
        self.out_of_time
    }
}
