//! Solve and prove uniqueness: propagate, encode, solve, block the answer, solve again.
//!
//! Every grid this module returns has passed [`Puzzle::check`], which shares no logic with the solver.
//! "Unique" and "no solution" rest on an UNSAT answer from the SAT solver, also when line propagation
//! has already fixed every cell or found a contradiction: propagation only shrinks the formula.

use std::fmt;
use std::time::{Duration, Instant};

use crate::encode::{self, ClauseSink, Counter, Encoding, TooLarge};
use crate::line::DpLineSolver;
use crate::model::{Cell, Grid, Mismatch, Pos, Puzzle};
use crate::propagate::propagate;
use crate::sat::{Model, Solver, TimedOut};

/// How to run a check.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Give up after this long, answering [`Verdict::Timeout`].
    pub timeout: Option<Duration>,
}

/// What a puzzle's clues admit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Exactly one grid satisfies the clues.
    Unique,
    /// At least two grids satisfy the clues.
    Multiple,
    /// A solution was found and uniqueness was not asked for ([`solve`]).
    Solved,
    /// No grid satisfies the clues.
    None,
    /// The time limit passed before an answer.
    Timeout,
}

impl Verdict {
    /// Every verdict, in the order summaries list them.
    pub const ALL: [Verdict; 5] = [
        Verdict::Unique,
        Verdict::Multiple,
        Verdict::Solved,
        Verdict::None,
        Verdict::Timeout,
    ];

    /// The verdict of a [`name`](Verdict::name), if it is one.
    pub fn from_name(name: &str) -> Option<Verdict> {
        Verdict::ALL
            .into_iter()
            .find(|verdict| verdict.name() == name)
    }

    /// The lower-case name used in output: `unique`, `multiple`, `solved`, `none`, `timeout`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Unique => "unique",
            Verdict::Multiple => "multiple",
            Verdict::Solved => "solved",
            Verdict::None => "none",
            Verdict::Timeout => "timeout",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The outcome of [`check`] or [`solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The verdict.
    pub verdict: Verdict,
    /// Solutions found: none, one, or two different ones. Each has passed [`Puzzle::check`].
    pub solutions: Vec<Grid<bool>>,
    /// Cells fixed by line propagation before any search (0 when propagation finds a
    /// contradiction).
    pub fixed_by_propagation: usize,
    /// Whether line propagation alone fixed every cell.
    pub line_solvable: bool,
    /// How the designer's goal picture fares, when the puzzle carries one.
    pub goal: Option<GoalReport>,
    /// Wall-clock time spent.
    pub elapsed: Duration,
}

impl Report {
    /// The cells where the first two solutions differ, row by row (empty unless two were found).
    pub fn differing_cells(&self) -> Vec<Pos> {
        match self.solutions.as_slice() {
            [first, second, ..] => first.differences(second),
            _ => Vec::new(),
        }
    }
}

/// How the goal picture carried by a puzzle file relates to the clues.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoalReport {
    /// The goal satisfies the clues. If the puzzle is not unique, the report's second solution is
    /// one that differs from the goal.
    Solves,
    /// The goal breaks a clue.
    Breaks(Mismatch),
}

/// A check that could not be carried out.
#[derive(Debug)]
#[non_exhaustive]
pub enum CheckError {
    /// The encoding would be larger than [`encode::MAX_CLAUSES`].
    TooLarge(TooLarge),
    /// The solver produced a grid that breaks a clue: a bug in nonosat, reported instead of a wrong
    /// answer.
    Unverified(Mismatch),
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::TooLarge(error) => error.fmt(f),
            CheckError::Unverified(mismatch) => write!(
                f,
                "internal error: the solver's answer failed verification ({mismatch}); please report it"
            ),
        }
    }
}

impl std::error::Error for CheckError {}

impl From<TooLarge> for CheckError {
    fn from(error: TooLarge) -> Self {
        CheckError::TooLarge(error)
    }
}

/// Decides whether `puzzle` has no solution, exactly one, or several, and finds up to two.
///
/// When the puzzle carries a goal that satisfies the clues, the goal is the first solution and the
/// search asks only for a different one.
///
/// ```
/// use nonosat::{Clue, Puzzle, unique::{check, Options, Verdict}};
///
/// let clues = |lists: &[&[usize]]| lists.iter().map(|b| Clue::new(b.to_vec())).collect();
/// // Rows "2" and "1 1", columns "1" four times: one solution, which line logic cannot find.
/// let puzzle = Puzzle::new(clues(&[&[2], &[1, 1]]), clues(&[&[1], &[1], &[1], &[1]])).unwrap();
/// let report = check(&puzzle, &Options::default()).unwrap();
/// assert_eq!(report.verdict, Verdict::Unique);
/// assert!(!report.line_solvable);
/// assert_eq!(report.solutions[0].row_strings(), [".##.", "#..#"]);
/// ```
pub fn check(puzzle: &Puzzle, options: &Options) -> Result<Report, CheckError> {
    run(puzzle, options, true)
}

/// Finds one solution of `puzzle`, without asking whether there are others.
pub fn solve(puzzle: &Puzzle, options: &Options) -> Result<Report, CheckError> {
    run(puzzle, options, false)
}

fn run(puzzle: &Puzzle, options: &Options, prove_unique: bool) -> Result<Report, CheckError> {
    let started = Instant::now();
    let deadline = options.timeout.map(|limit| started + limit);
    let mut known = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    let propagated = propagate(puzzle, &mut known, &mut DpLineSolver::new()).is_ok();
    if !propagated {
        // The SAT solver confirms the contradiction from the clues alone.
        known = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    }
    let fixed_by_propagation = known.known_count();
    let goal = puzzle.goal().map(|goal| match puzzle.check(goal) {
        Ok(()) => GoalReport::Solves,
        Err(mismatch) => GoalReport::Breaks(mismatch),
    });
    let mut report = Report {
        verdict: Verdict::Timeout,
        solutions: Vec::new(),
        fixed_by_propagation,
        line_solvable: propagated && fixed_by_propagation == puzzle.cell_count(),
        goal,
        elapsed: Duration::ZERO,
    };
    if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
        report.elapsed = started.elapsed();
        return Ok(report);
    }

    let mut solver = Solver::new(deadline);
    let encoding = encode::encode(puzzle, &known, &mut solver)?;
    let mut search = Search {
        puzzle,
        solver,
        encoding,
        known,
    };
    let goal_solves = matches!(report.goal, Some(GoalReport::Solves));
    let outcome = match (prove_unique, puzzle.goal()) {
        (true, Some(goal)) if goal_solves => {
            report.solutions.push(goal.clone());
            search.find_another(goal, true, &mut report.solutions)
        }
        _ => search.find_solutions(prove_unique, &mut report.solutions),
    };
    report.verdict = match outcome {
        Err(SearchError::TimedOut) => Verdict::Timeout,
        Err(SearchError::Unverified(mismatch)) => return Err(CheckError::Unverified(mismatch)),
        Ok(()) => match report.solutions.len() {
            0 => Verdict::None,
            1 if !prove_unique => Verdict::Solved,
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        },
    };
    report.elapsed = started.elapsed();
    Ok(report)
}

enum SearchError {
    TimedOut,
    Unverified(Mismatch),
}

impl From<TimedOut> for SearchError {
    fn from(_: TimedOut) -> Self {
        SearchError::TimedOut
    }
}

/// The largest distances, in cells, at which [`Search::find_another`] looks for a nearby solution
/// before looking anywhere. Two solutions differ in at least four cells.
const NEARBY_RADII: [usize; 3] = [4, 8, 16];

/// A puzzle's formula in a solver, and the cells propagation left open.
struct Search<'a> {
    puzzle: &'a Puzzle,
    solver: Solver,
    encoding: Encoding,
    known: Grid<Cell>,
}

impl Search<'_> {
    /// Finds a first solution and, if asked, a second one different from it.
    fn find_solutions(
        &mut self,
        prove_unique: bool,
        found: &mut Vec<Grid<bool>>,
    ) -> Result<(), SearchError> {
        let Some(model) = self.solver.solve()? else {
            return Ok(());
        };
        let first = self.verified_picture(&model)?;
        found.push(first.clone());
        if prove_unique {
            self.find_another(&first, false, found)?;
        }
        Ok(())
    }

    /// Finds a solution other than `solution`, or proves there is none.
    ///
    /// The clause "some black cell of `solution` is white" removes `solution` and nothing else:
    /// every solution has the same number of black cells (the sum of the clues), so any other one
    /// turns at least one black cell of `solution` white.
    ///
    /// With `nearby_first` (when `solution` is the designer's goal), a counter over the open cells
    /// first asks for a solution within [`NEARBY_RADII`] cells of `solution`. A designer's ambiguity
    /// is usually local, the closest alternative is the most useful one to show, and the bound makes
    /// such solutions far quicker to find: on Wolter's Knotty and Faase, which no solver of his survey
    /// finished, it finds the second solution in seconds. On puzzles without a goal the bounded
    /// solves cost more than they save (measured in docs/performance.md). The last solve has no
    /// bound, so the answer stays exact.
    fn find_another(
        &mut self,
        solution: &Grid<bool>,
        nearby_first: bool,
        found: &mut Vec<Grid<bool>>,
    ) -> Result<(), SearchError> {
        let cell_lit = |pos| self.encoding.cell_var(pos).positive();
        let blocking: Vec<_> = solution
            .positions()
            .filter(|&pos| solution[pos])
            .map(|pos| !cell_lit(pos))
            .collect();
        self.solver.add_clause(&blocking);
        let nearby = if nearby_first {
            self.find_nearby(solution)?
        } else {
            None
        };
        let model = match nearby {
            Some(model) => Some(model),
            None => self.solver.solve()?,
        };
        if let Some(model) = model {
            found.push(self.verified_picture(&model)?);
        }
        Ok(())
    }

    /// A solution within [`NEARBY_RADII`] cells of `solution`, closest radius first, if any.
    fn find_nearby(&mut self, solution: &Grid<bool>) -> Result<Option<Model>, TimedOut> {
        let differs: Vec<_> = self
            .known
            .positions()
            .filter(|&pos| self.known[pos] == Cell::Unknown)
            .map(|pos| {
                let black = self.encoding.cell_var(pos).positive();
                if solution[pos] { !black } else { black }
            })
            .collect();
        let largest = NEARBY_RADII[NEARBY_RADII.len() - 1];
        let counter = Counter::new(&differs, largest, &mut self.encoding, &mut self.solver);
        for radius in NEARBY_RADII {
            let Some(within) = counter.at_most(radius) else {
                break;
            };
            if let Some(model) = self.solver.solve_assuming(&[within])? {
                return Ok(Some(model));
            }
        }
        Ok(None)
    }

    /// The picture a model describes, once it has passed the independent check.
    fn verified_picture(&self, model: &Model) -> Result<Grid<bool>, SearchError> {
        let mut picture = Grid::filled(self.puzzle.width(), self.puzzle.height(), false);
        for pos in picture.positions() {
            picture[pos] = model.value(self.encoding.cell_var(pos));
        }
        self.puzzle
            .check(&picture)
            .map_err(SearchError::Unverified)?;
        Ok(picture)
    }
}
