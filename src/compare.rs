//! Propagation-only methods side by side, against the exact answer of the SAT pipeline.
//!
//! Each method runs from an empty grid to its own fixpoint under the same measurement: cells fixed,
//! whether that solves the puzzle (or finds it contradictory), passes, line-solver calls, lines a
//! capped method skipped, and time. A line-level method is driven by [`propagate`]; a grid-level one
//! (probing) by its own loop. Adding a method is one variant here and one file under `line/`.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use crate::line::{Contradiction, DpLineSolver, LineSolver};
use crate::model::{Cell, Clue, Grid, Puzzle};
use crate::probe::{NoSolution, probe};
use crate::propagate::propagate;
use crate::unique::{self, CheckError, Options, Report};

/// A propagation-only method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// The complete O(n·k) dynamic-programming line solver, propagated to a fixpoint.
    Line,
    /// The complete line solver, then probing: each open cell tried both ways.
    Probing,
}

impl Method {
    /// Every method, in the order `compare` shows them.
    pub const ALL: [Method; 2] = [Method::Line, Method::Probing];

    /// The name used on the command line and in output.
    pub fn name(self) -> &'static str {
        match self {
            Method::Line => "line",
            Method::Probing => "probing",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A method name that is not one of [`Method::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMethod(pub String);

impl fmt::Display for UnknownMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<_> = Method::ALL.iter().map(|m| m.name()).collect();
        write!(
            f,
            "unknown method \"{}\"; expected one of: {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownMethod {}

impl FromStr for Method {
    type Err = UnknownMethod;
    fn from_str(name: &str) -> Result<Self, UnknownMethod> {
        Method::ALL
            .into_iter()
            .find(|method| method.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| UnknownMethod(name.to_owned()))
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
}

impl Outcome {
    /// `solved`, `stalled` or `contradiction`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::Stalled => "stalled",
            Outcome::Contradiction => "contradiction",
        }
    }
}

/// What one method achieved on one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// Lines a capped method left alone (none for complete methods).
    pub lines_skipped: usize,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// Every method's run on one puzzle, and the exact answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// One run per method asked for, in that order.
    pub runs: Vec<MethodRun>,
    /// The SAT pipeline's verdict.
    pub exact: Report,
}

/// Runs `methods` and the exact check on `puzzle`.
pub fn compare(
    puzzle: &Puzzle,
    methods: &[Method],
    options: &Options,
) -> Result<Comparison, CheckError> {
    let runs = methods.iter().map(|&method| run(method, puzzle)).collect();
    Ok(Comparison {
        runs,
        exact: unique::check(puzzle, options)?,
    })
}

/// Runs one method from an empty grid to its fixpoint.
pub fn run(method: Method, puzzle: &Puzzle) -> MethodRun {
    let started = Instant::now();
    let mut grid = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    let mut solver = Counted::new(DpLineSolver::new());
    let (consistent, passes) = match method {
        Method::Line => match propagate(puzzle, &mut grid, &mut solver) {
            Ok(done) => (true, done.passes),
            Err(stuck) => (false, stuck.before.passes),
        },
        Method::Probing => match probe(puzzle, &mut grid, &mut solver) {
            Ok(done) => (true, done.rounds),
            Err(NoSolution) => (false, 0),
        },
    };
    let fixed = grid.known_count();
    let outcome = match (consistent, fixed == puzzle.cell_count()) {
        (false, _) => Outcome::Contradiction,
        (true, true) => Outcome::Solved,
        (true, false) => Outcome::Stalled,
    };
    MethodRun {
        method,
        fixed,
        outcome,
        passes,
        line_calls: solver.calls,
        lines_skipped: 0,
        elapsed: started.elapsed(),
    }
}

/// A line solver that counts its calls.
struct Counted<S> {
    inner: S,
    calls: usize,
}

impl<S> Counted<S> {
    fn new(inner: S) -> Self {
        Counted { inner, calls: 0 }
    }
}

impl<S: LineSolver> LineSolver for Counted<S> {
    fn solve_line(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
        self.calls += 1;
        self.inner.solve_line(clue, line)
    }
}
