//! Colour puzzles solved and checked: colour line propagation, the colour encoding in a SAT
//! solver, and uniqueness by a blocking clause over cell colours.
//!
//! The verdicts, options, reports, backends and races are those of black and white
//! ([`check`](super::check())); what differs is the formula (`cnf::encode_colour`), the clause
//! that blocks a solution ("some coloured cell takes another colour"), and the independent check
//! ([`ColourPuzzle::check`]). A cell is ambiguous when two solutions give it different colours.
//! With a goal, the second solution is looked for near it first, as in black and white
//! ([`Searcher::find_another`]).

use std::time::{Duration, Instant};

use super::check::{CheckError, FirstAnswer, GoalReport, Options, Report, by_choice, finish};
use super::search::SearchError;
use super::searcher::{Found, Searcher};
use crate::cnf::{ClauseSink, ColourEncoding, Counter, Lit, TooLarge, encode_colour};
use crate::deadline::{Deadline, Limit};
use crate::logic::colour::{ColourLineSolver, ColourState, open_grid, propagate_colour};
use crate::model::{ColourMismatch, ColourPuzzle, Grid, Pos};
use crate::sat::{Model, SatBackend, Solver, StopSignal};

/// The outcome of [`check_colour`] or [`solve_colour`]: solutions as grids of colour indices
/// (0 the background).
pub type ColourReport = Report<u8, ColourMismatch>;

/// Decides whether the colour `puzzle` has no solution, exactly one, or several, as
/// [`check`](super::check()) does for black and white.
///
/// ```
/// use nonosat::model::{Colour, ColourPuzzle, Grid, Palette};
/// use nonosat::solve::{Options, Verdict, check_colour};
///
/// let palette = Palette::new(
///     Colour::new("white", [255; 3]),
///     vec![Colour::new("red", [204, 51, 51]), Colour::new("blue", [51, 51, 204])],
/// )
/// .unwrap();
/// let picture = Grid::from_rows(vec![vec![1, 2], vec![0, 1]]).unwrap();
/// let puzzle = ColourPuzzle::from_picture(&picture, palette).unwrap();
/// let report = check_colour(&puzzle, &Options::default()).unwrap();
/// assert_eq!(report.verdict, Verdict::Unique);
/// assert_eq!(report.solutions, [picture]);
/// ```
pub fn check_colour(puzzle: &ColourPuzzle, options: &Options) -> Result<ColourReport, CheckError> {
    run(puzzle, options, true)
}

/// Finds one solution of the colour `puzzle`, without asking whether there are others.
pub fn solve_colour(puzzle: &ColourPuzzle, options: &Options) -> Result<ColourReport, CheckError> {
    run(puzzle, options, false)
}

/// The colours line propagation leaves each cell of a blank grid, and whether it ended without a
/// contradiction (after one every colour is left open: the SAT solver confirms it).
pub(crate) fn propagated_colour(puzzle: &ColourPuzzle) -> (ColourState, bool) {
    let mut known = open_grid(puzzle);
    let consistent = propagate_colour(puzzle, &mut known, &mut ColourLineSolver::new()).is_ok();
    if !consistent {
        known = open_grid(puzzle);
    }
    (known, consistent)
}

fn run(
    puzzle: &ColourPuzzle,
    options: &Options,
    prove_unique: bool,
) -> Result<ColourReport, CheckError> {
    let started = Instant::now();
    let (known, propagated) = propagated_colour(puzzle);
    let fixed_by_propagation = known
        .cells()
        .iter()
        .filter(|cell| cell.count_ones() == 1)
        .count();
    let cells = puzzle.width() * puzzle.height();
    let goal = puzzle.goal().map(|goal| match puzzle.check(goal) {
        Ok(()) => GoalReport::Solves,
        Err(mismatch) => GoalReport::Breaks(mismatch),
    });
    let report = Report {
        fixed_by_propagation,
        line_solvable: propagated && fixed_by_propagation == cells,
        line_refuted: !propagated,
        goal,
        ..Report::timed_out(Duration::ZERO)
    };
    if options.deadline.is_some_and(Deadline::has_passed) {
        return Ok(Report {
            elapsed: started.elapsed(),
            ..report
        });
    }
    let mut report = by_choice(options.backend, cells, |racer, claim| {
        let racer_nearby_first = racer.nearby_first;
        let mut search = ColourSearch::stoppable(
            puzzle,
            known.clone(),
            options.deadline,
            racer.backend,
            racer.stop,
        )?;
        let mut found = report.clone();
        let outcome = search.first_answer(prove_unique, racer.nearby_first, &mut found.solutions);
        if !claim() {
            return Ok(None);
        }
        let first: FirstAnswer<ColourSearch<Option<Deadline>>> = (found, outcome);
        // The race's second racer does not look near the goal: the first racer's search does.
        let near_goal = (!racer_nearby_first).then_some(|| {
            let backend = SatBackend::Varisat;
            let search =
                ColourSearch::stoppable(puzzle, known.clone(), options.deadline, backend, None);
            Ok(search?)
        });
        finish(
            |_| Ok(search),
            near_goal,
            first,
            options,
            prove_unique,
            &|_| {},
        )
        .map(Some)
    })?;
    report.elapsed = started.elapsed();
    Ok(report)
}

/// A colour puzzle's formula in a solver under the limit `L`, and the colours propagation left
/// each cell.
pub(crate) struct ColourSearch<'a, L: Limit> {
    puzzle: &'a ColourPuzzle,
    solver: Solver<L>,
    encoding: ColourEncoding,
    known: ColourState,
}

impl<'a> ColourSearch<'a, Option<Deadline>> {
    /// The formula of `puzzle`, given the colours `known`, in a solver of `backend` that gives up
    /// at `deadline` or when `stop` is raised.
    pub(crate) fn stoppable(
        puzzle: &'a ColourPuzzle,
        known: ColourState,
        deadline: Option<Deadline>,
        backend: SatBackend,
        stop: Option<StopSignal>,
    ) -> Result<Self, TooLarge> {
        let mut solver = Solver::stoppable(deadline, backend, stop);
        let encoding = encode_colour(puzzle, &known, &mut solver)?;
        Ok(ColourSearch {
            puzzle,
            solver,
            encoding,
            known,
        })
    }
}

impl<L: Limit> ColourSearch<'_, L> {
    /// The solutions that settle the verdict: the goal (when it solves the puzzle and uniqueness
    /// is asked) or a first solution, then, if asked, one other (near the goal first when there
    /// is one and `nearby_first`).
    fn first_answer(
        &mut self,
        prove_unique: bool,
        nearby_first: bool,
        found: &mut Vec<Grid<u8>>,
    ) -> Found<(), Self> {
        let goal = self
            .puzzle
            .goal()
            .filter(|goal| self.puzzle.check(goal).is_ok());
        let (first, near_goal) = match (prove_unique, goal) {
            (true, Some(goal)) => (goal.clone(), nearby_first),
            _ => match self.solver.solve()? {
                Some(model) => (self.verified(&model)?, false),
                None => return Ok(()),
            },
        };
        found.push(first.clone());
        if prove_unique {
            self.find_another(&first, near_goal, found)?;
        }
        Ok(())
    }
}

impl<L: Limit> Searcher for ColourSearch<'_, L> {
    type Value = u8;
    type Mismatch = ColourMismatch;
    type Limit = L;

    fn open_cells(&self) -> Vec<Pos> {
        self.known
            .positions()
            .filter(|&pos| self.known[pos].count_ones() != 1)
            .collect()
    }

    fn cell_is(&self, pos: Pos, colour: u8) -> Lit {
        self.encoding.cell_var(pos, colour).positive()
    }

    fn solve_assuming(&mut self, assumptions: &[Lit]) -> Result<Option<Model>, L::Exceeded> {
        self.solver.solve_assuming(assumptions)
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.solver.add_clause(clause);
    }

    fn block(&mut self, solution: &Grid<u8>) {
        let blocking = self.encoding.blocking_clause(solution);
        self.solver.add_clause(&blocking);
    }

    fn counter(&mut self, lits: &[Lit], most: usize) -> Counter {
        Counter::new(lits, most, &mut self.encoding, &mut self.solver)
    }

    fn verified(&self, model: &Model) -> Found<Grid<u8>, Self> {
        let picture = colour_picture(self.puzzle, &self.encoding, model);
        self.puzzle
            .check(&picture)
            .map_err(SearchError::Unverified)?;
        Ok(picture)
    }
}

/// The grid of colour indices a model of `encoding` describes: each cell's first true colour
/// variable (the encoding makes it the only one). Not yet checked against the clues.
pub(crate) fn colour_picture(
    puzzle: &ColourPuzzle,
    encoding: &ColourEncoding,
    model: &Model,
) -> Grid<u8> {
    let mut picture = Grid::filled(puzzle.width(), puzzle.height(), 0);
    for pos in picture.positions() {
        let values = u8::try_from(encoding.values()).expect("at most 32 values");
        picture[pos] = (0..values)
            .find(|&c| model.value(encoding.cell_var(pos, c)))
            .unwrap_or(0);
    }
    picture
}
