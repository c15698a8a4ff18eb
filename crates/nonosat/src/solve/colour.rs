//! Colour puzzles solved and checked: colour line propagation, the colour encoding in a SAT
//! solver, and uniqueness by a blocking clause over cell colours.
//!
//! The driver, verdicts, options, reports, backends and races are those of black and white
//! ([`check`](super::check())): the depth-first search with probing runs on a colour board, and the
//! race and `Strategy::Probing` work as they do for black and white, but for the race's second
//! racer, which searches the lines alone, near a guess of belief propagation first (the encoding
//! for the ambiguous cells), rather than take turns (`TAKES_TURNS`). What differs is the formula
//! (`cnf::encode`), the clause that blocks a solution ("some coloured cell takes another
//! colour"), the independent check
//! ([`ColourPuzzle::check`]), and the line solver inside CaDiCaL's search
//! (`SolveKind::lines_search`, the colour line solver's deductions as "this cell does not take that
//! value"). A cell is ambiguous when two solutions give it different colours. With a goal, the
//! second solution is looked for near it first, as in black and white (`Searcher::find_another`).

use super::check::Report;
use super::neighbourhood::Neighbourhood;
use super::searcher::{CappedSolve, Found, Propagated, SearchError, Searcher, SolveKind};
#[cfg(all(test, feature = "serde", feature = "cadical"))]
use crate::cnf::FreshVars;
use crate::cnf::{ClauseSink, ColourEncoding, Counter, Encodable, Lit, TooLarge, encode};
use crate::deadline::{Deadline, Limit};
use crate::logic::colour::{ColourLineSolver, ColourState, Colours, open_grid, propagate_colour};
use crate::model::{BACKGROUND, ColourError, ColourMismatch, ColourPuzzle, Grid, Pos};
use crate::sat::{Interrupt, Model, SatBackend, Solver};

/// The outcome of [`check`](super::check()) or [`solve`](super::solve()) on a colour puzzle:
/// solutions as grids of colour indices (0 the background).
pub type ColourReport = Report<u8, ColourMismatch>;

/// The colours line propagation leaves each cell of a blank grid, and whether it ended without a
/// contradiction (after one every colour is left open: the SAT solver confirms it).
fn propagated_colour(puzzle: &ColourPuzzle) -> (ColourState, bool) {
    let mut known = open_grid(puzzle);
    let consistent = propagate_colour(puzzle, &mut known, &mut ColourLineSolver::new()).is_ok();
    if !consistent {
        known = open_grid(puzzle);
    }
    (known, consistent)
}

impl SolveKind for ColourPuzzle {
    type Search<'a> = ColourSearch<'a, Option<Deadline>>;
    type PictureError = ColourError;

    /// The puzzle of `picture` with this puzzle's colour table.
    fn of_picture(&self, picture: &Grid<u8>) -> Result<Self, ColourError> {
        ColourPuzzle::from_picture(picture, self.palette().clone())
    }

    /// The background, then each colour of the table.
    fn values(&self) -> Vec<u8> {
        let colours = u8::try_from(self.palette().len()).expect("at most 31 colours");
        (BACKGROUND..=colours).collect()
    }

    fn propagated(&self) -> Propagated<Colours> {
        let (known, consistent) = propagated_colour(self);
        let by_lines = known
            .cells()
            .iter()
            .filter(|cell| cell.count_ones() == 1)
            .count();
        Propagated {
            known,
            by_lines,
            by_counting: 0,
            consistent,
            refuted_line: None,
        }
    }

    fn sat_search(
        &self,
        known: ColourState,
        interrupt: Interrupt,
        backend: SatBackend,
    ) -> Result<Self::Search<'_>, TooLarge> {
        ColourSearch::stoppable(self, known, interrupt, backend)
    }

    /// No: a colour puzzle's second racer searches the lines alone, near a guess first
    /// ([`SolveKind::neighbourhood_search`]), which decide hard random colour puzzles about twice
    /// as soon as the colour encoding (it has no lean form); but where a check goes on to the
    /// ambiguous cells, it searches the encoding alone, whose search,
    /// kept, refutes a cell's other colours many times sooner than the lines' (a cell of the
    /// backbone is one UNSAT solve). Taking turns, whose searches stay on their threads, a check
    /// would go on in a new search, which costs more (docs/performance.md).
    const TAKES_TURNS: bool = false;

    /// None: colour has the one form of its encoding.
    fn lean_search(
        &self,
        _: ColourState,
        _: Interrupt,
        _: SatBackend,
    ) -> Option<Result<Self::Search<'_>, TooLarge>> {
        None
    }

    fn lines_search(
        &self,
        known: ColourState,
        interrupt: Interrupt,
        order: u32,
    ) -> Option<Self::Search<'_>> {
        ColourSearch::stoppable_with_lines(self, known, interrupt, order)
    }

    fn neighbourhood_search(
        &self,
        known: ColourState,
        interrupt: Interrupt,
        order: u32,
    ) -> Option<Self::Search<'_>> {
        ColourSearch::stoppable_near(self, known, interrupt, order)
    }

    fn first_solutions<'a>(
        search: &mut Self::Search<'a>,
        prove_unique: bool,
        found: &mut Vec<Grid<u8>>,
    ) -> Found<(), Self::Search<'a>>
    where
        Self: 'a,
    {
        // A search stopped under its neighbourhood goes on where it stopped.
        let model = match &mut search.near {
            Some(near) => near.solve(|assumptions| search.solver.solve_assuming(assumptions))?,
            None => search.solver.solve()?,
        };
        search.near = None;
        search.keep_first(model, prove_unique, found)
    }
}

/// A colour puzzle's formula in a solver under the limit `L`, and the colours propagation left
/// each cell.
pub(crate) struct ColourSearch<'a, L: Limit> {
    puzzle: &'a ColourPuzzle,
    solver: Solver<L>,
    encoding: ColourEncoding,
    known: ColourState,
    /// Where a first solution is looked for first, if anywhere: assumptions that a refutation
    /// widens ([`ColourSearch::stoppable_near`]).
    near: Option<Neighbourhood>,
}

impl<'a> ColourSearch<'a, Option<Deadline>> {
    /// The formula of `puzzle`, given the colours `known`, in a solver of `backend` that gives up
    /// when `interrupt` says so.
    pub(crate) fn stoppable(
        puzzle: &'a ColourPuzzle,
        known: ColourState,
        interrupt: Interrupt,
        backend: SatBackend,
    ) -> Result<Self, TooLarge> {
        let mut solver = Solver::stoppable(interrupt, backend);
        let encoding = encode(puzzle, &known, &mut solver)?;
        Ok(ColourSearch {
            puzzle,
            solver,
            encoding,
            known,
            near: None,
        })
    }

    /// The formula's variables, cells' values and auxiliaries: the cells' values alone when the
    /// lines run inside the search.
    #[cfg(all(test, feature = "serde", feature = "cadical"))]
    pub(crate) fn variables(&self) -> u32 {
        FreshVars::vars(&self.encoding)
    }

    /// Like [`ColourSearch::stoppable`], on CaDiCaL solving the puzzle's lines inside its search
    /// ([`Solver::stoppable_with_lines`]) over a formula of the cells alone (exactly one value a
    /// cell, none ruled out by `known`), giving up as `interrupt` says, branching in the order
    /// numbered `order`; `None` where that solver cannot run (a build without CaDiCaL, a line of
    /// more than 128 cells).
    pub(crate) fn stoppable_with_lines(
        puzzle: &'a ColourPuzzle,
        known: ColourState,
        interrupt: Interrupt,
        order: u32,
    ) -> Option<Self> {
        let mut solver = Solver::stoppable_with_lines(interrupt, puzzle, order)?;
        let encoding = puzzle.encode_cells(&known, &mut solver);
        Some(ColourSearch {
            puzzle,
            solver,
            encoding,
            known,
            near: None,
        })
    }

    /// Like [`ColourSearch::stoppable_with_lines`], looking for its first solution near the
    /// picture belief propagation with reinforcement guesses ([`Neighbourhood`]), the beliefs'
    /// work counted as the search's own; the plain lines search where belief propagation gives
    /// nothing.
    pub(crate) fn stoppable_near(
        puzzle: &'a ColourPuzzle,
        known: ColourState,
        interrupt: Interrupt,
        order: u32,
    ) -> Option<Self> {
        let guess_from = known.clone();
        let mut search =
            ColourSearch::stoppable_with_lines(puzzle, known, interrupt.clone(), order)?;
        search.near = Neighbourhood::of_search(puzzle, &guess_from, &mut search, &interrupt);
        Some(search)
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

    fn solve_capped(&mut self, assumptions: &[Lit], conflicts: u32) -> CappedSolve<Self> {
        self.solver.solve_capped(assumptions, conflicts)
    }

    fn should_stop(&self) -> bool {
        self.solver.should_stop()
    }

    fn count_work(&mut self, units: u64) {
        self.solver.count_work(units);
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

#[cfg(all(test, feature = "cadical"))]
mod tests {
    use super::*;
    use crate::solve::neighbourhood::check_searches_near_a_guess;
    use crate::testing::{Rng, small_colour_puzzles};

    /// A colour search near a guess (the lines search under the guess's assumptions, widened
    /// after each refutation) answers a check as brute force does: no solution, one, or two
    /// different solutions; on random puzzles of 3x3, 4x2 and 2x4 cells with two colours, with
    /// and without solutions, from a blank grid and from what line logic narrowed. Most start
    /// with cells assumed, and on those without a solution every assumption is refuted in turn.
    #[test]
    fn a_colour_search_near_a_guess_answers_a_check_as_brute_force_does() {
        let mut rng = Rng(0x6A09_E667_F3BC_C909);
        let cases =
            small_colour_puzzles(&mut rng, 600)
                .enumerate()
                .map(|(round, (puzzle, solutions))| {
                    let known = match round % 2 {
                        0 => open_grid(&puzzle),
                        _ => propagated_colour(&puzzle).0,
                    };
                    (puzzle, known, solutions)
                });
        let assumed = |search: &ColourSearch<'_, _>| {
            search
                .near
                .as_ref()
                .map_or(0, |near| near.assumptions().len())
        };
        check_searches_near_a_guess(cases, assumed, (250, 100));
    }
}
