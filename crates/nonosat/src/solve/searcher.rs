//! What the verdict's steps ask of a search, black-and-white or colour alike: another solution
//! (nearby first when there is a goal), more solutions, and the cells on which two solutions
//! differ; and what check and solve ask of a kind of puzzle ([`SolveKind`]): its propagation
//! before any search, its SAT search, and which engines it has.

use super::guess::Guess;
use crate::cnf::{Counter, Lit, TooLarge};
use crate::deadline::{Deadline, Limit};
use crate::logic::kind::Kind;
use crate::model::{Grid, LineId, Mismatch, Pos};
use crate::sat::{self, Interrupt, Model, SatBackend};

/// What propagation fixed on a blank grid before any search, its cells what a cell of the kind
/// knows.
pub(crate) struct Propagated<C> {
    /// The cells as line propagation (and, for black and white, counting across lines) left
    /// them; every value open after a contradiction, which the SAT solver then confirms from the
    /// clues alone.
    pub known: Grid<C>,
    /// How many cells line propagation fixed by itself.
    pub by_lines: usize,
    /// How many more cells counting across lines fixed, with line propagation in between (none
    /// for colour, which has no counting).
    pub by_counting: usize,
    /// Whether line propagation ended without a contradiction.
    pub consistent: bool,
    /// The line propagation found impossible to complete, where it knows it (black and white).
    pub refuted_line: Option<LineId>,
}

/// A kind of puzzle as check and solve drive it, one driver for both ([`Puzzle`](crate::Puzzle)
/// and [`ColourPuzzle`](crate::model::ColourPuzzle)): the depth-first search runs on the kind's
/// [`Kind`] board, the SAT search on its encoding.
pub(crate) trait SolveKind:
    Kind<Value: Send + Sync + Ord, Known: Send + Sync, Mismatch: Send + Sync + Clone>
    + Guess
    + Sized
    + Sync
{
    /// The kind's formula in a solver that stops at a deadline or a stop signal.
    type Search<'a>: Searcher<Value = Self::Value, Mismatch = Self::Mismatch, Limit = Option<Deadline>>
    where
        Self: 'a;

    /// Why a picture makes no puzzle of this kind (too large, or empty).
    type PictureError;

    /// The puzzle whose clues `picture` gives (in this puzzle's colours), carrying it as its
    /// goal: a design's, or a repair's trial.
    fn of_picture(&self, picture: &Grid<Self::Value>) -> Result<Self, Self::PictureError>;

    /// Every value a cell may take, in order: what a repair tries in a cell.
    fn values(&self) -> Vec<Self::Value>;

    /// Propagates a blank grid.
    fn propagated(&self) -> Propagated<Self::Known>;

    /// The formula of this puzzle given the cells `known`, in a solver of `backend` that gives up
    /// when `interrupt` says so.
    fn sat_search(
        &self,
        known: Grid<Self::Known>,
        interrupt: Interrupt,
        backend: SatBackend,
    ) -> Result<Self::Search<'_>, TooLarge>;

    /// Whether the race's second racer takes turns among CaDiCaL's searches (`turns.rs`: the
    /// lines in two orders and the lean form of the encoding), whose searches stay on their
    /// threads, rather than search the lines alone (where they can run), or the whole encoding
    /// where a check goes on to the ambiguous cells, its search then kept for what a check goes
    /// on to (`check.rs`, `search_past`).
    const TAKES_TURNS: bool;

    /// Like [`SolveKind::sat_search`], over the lean form of the formula (block starts in order
    /// encoding: the same models, weaker unit propagation, a faster search on random puzzles);
    /// `None` for a kind that has no lean form.
    fn lean_search(
        &self,
        known: Grid<Self::Known>,
        interrupt: Interrupt,
        backend: SatBackend,
    ) -> Option<Result<Self::Search<'_>, TooLarge>>;

    /// The search of CaDiCaL with the lines as a propagator inside it, over the cells `known`,
    /// giving up as `interrupt` says, branching in the order numbered `order` (0: CaDiCaL's own,
    /// any other a shuffle from that seed); `None` where that engine cannot run.
    fn lines_search(
        &self,
        known: Grid<Self::Known>,
        interrupt: Interrupt,
        order: u32,
    ) -> Option<Self::Search<'_>>;

    /// Like [`lines_search`](Self::lines_search), looking for a first solution near a guess of
    /// belief propagation first ([`super::neighbourhood`]).
    fn neighbourhood_search(
        &self,
        known: Grid<Self::Known>,
        interrupt: Interrupt,
        order: u32,
    ) -> Option<Self::Search<'_>>;

    /// Finds a first solution into `found` and, if `prove_unique`, a second one.
    fn first_solutions<'a>(
        search: &mut Self::Search<'a>,
        prove_unique: bool,
        found: &mut Vec<Grid<Self::Value>>,
    ) -> Found<(), Self::Search<'a>>
    where
        Self: 'a;
}

/// Why a search stopped short: its limit (`E` is the limit's
/// [`Exceeded`](Limit::Exceeded), uninhabited without a deadline), or a model that broke a clue
/// (`M`, a [`ColourMismatch`](crate::model::ColourMismatch) in a colour search).
pub(crate) enum SearchError<E, M = Mismatch> {
    /// The limit stopped the search.
    Stopped(E),
    /// A model broke a clue (a bug).
    Unverified(M),
}

impl<E, M> From<E> for SearchError<E, M> {
    fn from(exceeded: E) -> Self {
        SearchError::Stopped(exceeded)
    }
}

/// What a search under a limit returns when its answers are grids of `Value`s.
pub(crate) type Found<T, S> =
    Result<T, SearchError<<<S as Searcher>::Limit as Limit>::Exceeded, <S as Searcher>::Mismatch>>;

/// What a solve under the search's limit returns.
type Solved<S> = Result<Option<Model>, <<S as Searcher>::Limit as Limit>::Exceeded>;

/// What a solve under the search's limit and a cap on its conflicts returns.
pub(crate) type CappedSolve<S> = Result<sat::Capped, <<S as Searcher>::Limit as Limit>::Exceeded>;

/// The largest distances, in cells, at which [`Searcher::find_another`] looks for a nearby
/// solution before looking anywhere. Two solutions differ in at least four cells (a row or column
/// with one changed cell would change its clue).
const NEARBY_RADII: [usize; 3] = [4, 8, 16];

/// A puzzle's formula in a solver, whose models are verified grids of `Value`s.
pub(crate) trait Searcher {
    /// A cell's value in a solution: `bool` (black) or a colour index.
    type Value: Copy + Eq;
    /// How a model that breaks a clue is described.
    type Mismatch;
    /// The limit every solve runs under.
    type Limit: Limit;

    /// The cells the search started without a value for (neither line propagation nor probing
    /// fixed them), row by row.
    fn open_cells(&self) -> Vec<Pos>;

    /// The literal "the cell at `pos` has value `value`".
    fn cell_is(&self, pos: Pos, value: Self::Value) -> Lit;

    /// Solves with every literal of `assumptions` true for this call only.
    fn solve_assuming(&mut self, assumptions: &[Lit]) -> Solved<Self>;

    /// Whether the search's limit has passed or its stop signal is raised.
    fn should_stop(&self) -> bool;

    /// Counts `units` of work done for the search outside its solver
    /// ([`Solver::count_work`](crate::sat::Solver::count_work)).
    fn count_work(&mut self, units: u64);

    /// Like [`Searcher::solve_assuming`], giving up after `conflicts` conflicts where the search
    /// counts them (CaDiCaL; varisat solves to the end); it can be asked again after the cap.
    fn solve_capped(&mut self, assumptions: &[Lit], conflicts: u32) -> CappedSolve<Self>;

    /// Adds `clause` for good.
    fn add_clause(&mut self, clause: &[Lit]);

    /// Excludes `solution`, and no other solution, from the models for good.
    fn block(&mut self, solution: &Grid<Self::Value>);

    /// A counter of how many of `lits` are true, up to `most + 1`, added to the formula.
    fn counter(&mut self, lits: &[Lit], most: usize) -> Counter;

    /// The grid a model describes, once it has passed the puzzle's independent check.
    fn verified(&self, model: &Model) -> Found<Grid<Self::Value>, Self>;

    /// Keeps the solution `model` describes (none: the puzzle has none), once it has passed the
    /// independent check, and with `prove_unique` finds another or proves there is none.
    fn keep_first(
        &mut self,
        model: Option<Model>,
        prove_unique: bool,
        found: &mut Vec<Grid<Self::Value>>,
    ) -> Found<(), Self> {
        let Some(model) = model else {
            return Ok(());
        };
        let first = self.verified(&model)?;
        found.push(first.clone());
        if prove_unique {
            self.find_another(&first, false, found)?;
        }
        Ok(())
    }

    /// Finds a solution other than `solution` (blocking it), or proves there is none.
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
        solution: &Grid<Self::Value>,
        nearby_first: bool,
        found: &mut Vec<Grid<Self::Value>>,
    ) -> Found<(), Self> {
        self.block(solution);
        let nearby = if nearby_first {
            self.find_nearby(solution)?
        } else {
            None
        };
        let model = match nearby {
            Some(model) => Some(model),
            None => self.solve_assuming(&[])?,
        };
        if let Some(model) = model {
            found.push(self.verified(&model)?);
        }
        Ok(())
    }

    /// A solution within [`NEARBY_RADII`] cells of `solution`, closest radius first, if any.
    fn find_nearby(&mut self, solution: &Grid<Self::Value>) -> Solved<Self> {
        let differs: Vec<Lit> = self
            .open_cells()
            .into_iter()
            .map(|pos| !self.cell_is(pos, solution[pos]))
            .collect();
        let largest = NEARBY_RADII[NEARBY_RADII.len() - 1];
        let counter = self.counter(&differs, largest);
        for radius in NEARBY_RADII {
            let Some(within) = counter.at_most(radius) else {
                break;
            };
            if let Some(model) = self.solve_assuming(&[within])? {
                return Ok(Some(model));
            }
        }
        Ok(None)
    }

    /// Adds solutions to `found` (holding at least one, the last not yet blocked) until it holds
    /// `limit` or no other exists; true when none is left.
    fn enumerate(&mut self, limit: usize, found: &mut Vec<Grid<Self::Value>>) -> Found<bool, Self> {
        while found.len() < limit {
            let before = found.len();
            let last = found[before - 1].clone();
            self.find_another(&last, false, found)?;
            if found.len() == before {
                return Ok(true);
            }
        }
        Ok(false)
    }
}
