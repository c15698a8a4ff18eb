//! What belief propagation offers a search, for either kind of puzzle ([`Guess`]): the open cells
//! it is surest of, with their likeliest values, for a dive (`decimate.rs`), and the picture
//! reinforcement settles on, for the search that looks near it first (`neighbourhood.rs`).

use crate::logic::belief::{Messages, OnWork, black_beliefs_from, reinforced_picture};
use crate::logic::colour::Colours;
use crate::logic::colour_belief::{
    colour_beliefs_from, colour_messages, first_likeliest, reinforced_colour_picture,
};
use crate::logic::kind::Kind;
use crate::model::{Cell, ColourPuzzle, Grid, LineId, Puzzle};

/// Per cell (row-major), the value belief propagation finds likeliest for an open cell and how
/// sure it is; `None` for a fixed cell ([`Guess::surest_values`]).
pub(crate) type Surest<V> = Vec<Option<(V, f64)>>;

/// Belief propagation over a kind of puzzle, going on from the messages of the step before.
pub(crate) trait Guess: Kind {
    /// Messages that say nothing yet, over the cells `known`, telling `on_work` each line's work
    /// as it is solved, if given.
    fn fresh_messages(&self, known: &Grid<Self::Known>, on_work: Option<OnWork>) -> Messages;

    /// Per cell of `known` (row-major), the value belief propagation finds likeliest for an open
    /// cell (the first of those that tie), and how sure it is (larger is surer; comparable among
    /// the cells of one puzzle); `None` for a fixed cell. Belief propagation goes on from
    /// `messages` for at most `rounds`; `None` when it finds a line without completion, or when
    /// `stop` says so.
    fn surest_values(
        &self,
        known: &Grid<Self::Known>,
        stop: &dyn Fn() -> bool,
        messages: &mut Messages,
        rounds: usize,
    ) -> Option<Surest<Self::Value>>;

    /// The picture belief propagation with reinforcement settles on, going on from `messages`
    /// (a propagation's from `known`): a solution, or a guess that breaks a few lines; `None` as
    /// [`Guess::surest_values`] says.
    fn reinforced_guess(
        &self,
        known: &Grid<Self::Known>,
        stop: &dyn Fn() -> bool,
        messages: &mut Messages,
    ) -> Option<Grid<Self::Value>>;

    /// The lines of `grid` that break their clues, rows first.
    fn broken_lines(&self, grid: &Grid<Self::Value>) -> Vec<LineId>;
}

impl Guess for Puzzle {
    fn fresh_messages(&self, _: &Grid<Cell>, on_work: Option<OnWork>) -> Messages {
        Messages::new(self).telling(on_work)
    }

    /// Black when its belief is over one half; sureness, its distance from one half.
    fn surest_values(
        &self,
        known: &Grid<Cell>,
        stop: &dyn Fn() -> bool,
        messages: &mut Messages,
        rounds: usize,
    ) -> Option<Surest<bool>> {
        let beliefs = black_beliefs_from(self, known, stop, messages, rounds)?;
        let cells = known.cells().iter().zip(beliefs.cells());
        let surest = |(&cell, &black): (&Cell, &f64)| {
            (cell == Cell::Unknown).then_some((black > 0.5, (black - 0.5).abs()))
        };
        Some(cells.map(surest).collect())
    }

    fn reinforced_guess(
        &self,
        known: &Grid<Cell>,
        stop: &dyn Fn() -> bool,
        messages: &mut Messages,
    ) -> Option<Grid<bool>> {
        reinforced_picture(self, known, stop, messages)
    }

    fn broken_lines(&self, grid: &Grid<bool>) -> Vec<LineId> {
        Puzzle::broken_lines(self, grid).collect()
    }
}

impl Guess for ColourPuzzle {
    fn fresh_messages(&self, known: &Grid<Colours>, on_work: Option<OnWork>) -> Messages {
        colour_messages(self, known).telling(on_work)
    }

    /// Sureness: the likeliest value's belief.
    fn surest_values(
        &self,
        known: &Grid<Colours>,
        stop: &dyn Fn() -> bool,
        messages: &mut Messages,
        rounds: usize,
    ) -> Option<Surest<u8>> {
        let beliefs = colour_beliefs_from(self, known, stop, messages, rounds)?;
        let values = self.palette().len() + 1;
        let surest = |(&colours, belief): (&Colours, &[f64])| {
            let likeliest = first_likeliest(belief);
            (!colours.is_power_of_two()).then_some((likeliest, belief[usize::from(likeliest)]))
        };
        Some(
            known
                .cells()
                .iter()
                .zip(beliefs.chunks(values))
                .map(surest)
                .collect(),
        )
    }

    fn reinforced_guess(
        &self,
        known: &Grid<Colours>,
        stop: &dyn Fn() -> bool,
        messages: &mut Messages,
    ) -> Option<Grid<u8>> {
        reinforced_colour_picture(self, known, stop, messages)
    }

    fn broken_lines(&self, grid: &Grid<u8>) -> Vec<LineId> {
        ColourPuzzle::broken_lines(self, grid).collect()
    }
}
