//! What the verdict's later steps ask of a search, black-and-white or colour alike: more
//! solutions, and the cells on which two solutions differ.

use super::search::{Search, SearchError};
use crate::cnf::Lit;
use crate::deadline::Limit;
use crate::model::{Grid, Mismatch, Pos};
use crate::sat::Model;

/// What a search under a limit returns when its answers are grids of `Value`s.
pub(crate) type Found<T, S> =
    Result<T, SearchError<<<S as Searcher>::Limit as Limit>::Exceeded, <S as Searcher>::Mismatch>>;

/// A puzzle's formula in a solver, whose models are verified grids of `Value`s.
pub(crate) trait Searcher {
    /// A cell's value in a solution: `bool` (black) or a colour index.
    type Value: Copy + Eq;
    /// How a model that breaks a clue is described.
    type Mismatch;
    /// The limit every solve runs under.
    type Limit: Limit;

    /// The cells line propagation left open, row by row.
    fn open_cells(&self) -> Vec<Pos>;

    /// The literal "the cell at `pos` has value `value`".
    fn cell_is(&self, pos: Pos, value: Self::Value) -> Lit;

    /// Solves with every literal of `assumptions` true for this call only.
    fn solve_assuming(
        &mut self,
        assumptions: &[Lit],
    ) -> Result<Option<Model>, <Self::Limit as Limit>::Exceeded>;

    /// Adds `clause` for good.
    fn add_clause(&mut self, clause: &[Lit]);

    /// Excludes `solution`, and nothing else, from the models.
    fn block(&mut self, solution: &Grid<Self::Value>);

    /// The grid a model describes, once it has passed the puzzle's independent check.
    fn verified(&self, model: &Model) -> Found<Grid<Self::Value>, Self>;

    /// Adds solutions to `found` (holding at least one, the last not yet blocked) until it holds
    /// `limit` or no other exists; true when none is left.
    fn enumerate(&mut self, limit: usize, found: &mut Vec<Grid<Self::Value>>) -> Found<bool, Self>;
}

impl<L: Limit> Searcher for Search<'_, L> {
    type Value = bool;
    type Mismatch = Mismatch;
    type Limit = L;

    fn open_cells(&self) -> Vec<Pos> {
        Search::open_cells(self)
    }

    fn cell_is(&self, pos: Pos, black: bool) -> Lit {
        Search::cell_is(self, pos, black)
    }

    fn solve_assuming(&mut self, assumptions: &[Lit]) -> Result<Option<Model>, L::Exceeded> {
        Search::solve_assuming(self, assumptions)
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        Search::add_clause(self, clause);
    }

    fn block(&mut self, solution: &Grid<bool>) {
        Search::block(self, solution);
    }

    fn verified(&self, model: &Model) -> Found<Grid<bool>, Self> {
        self.verified_picture(model)
    }

    fn enumerate(&mut self, limit: usize, found: &mut Vec<Grid<bool>>) -> Found<bool, Self> {
        Search::enumerate(self, limit, found)
    }
}
