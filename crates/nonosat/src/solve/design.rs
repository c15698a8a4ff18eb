//! What a repair asks of a kind of puzzle, black-and-white or colour alike (the puzzle of a
//! picture, its check, a search over its formula, and the values a cell may take), and what it
//! gives back: edits, and why a design could not be examined.
//!
//! [`repair`](super::repair) and `regions` are written once over this trait; [`Puzzle`] (cells
//! `bool`, black) and [`ColourPuzzle`] (cells colour indices, 0 the background) implement it.

use super::check::{CheckError, Options, Report};
use super::colour::{ColourSearch, propagated_colour};
use super::search::Search;
use super::searcher::Searcher;
use crate::deadline::Deadline;
use crate::model::{
    BACKGROUND, ColourError, ColourMismatch, ColourPuzzle, Grid, Mismatch, Pos, Puzzle, PuzzleError,
};
use crate::sat::SatBackend;
use crate::solve;

/// A changed picture whose puzzle is unique; `V` is a cell's value (`bool` black, or a colour
/// index).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Edit<V = bool> {
    /// The cells whose colour changes, row by row; each takes its value in `picture`.
    pub flipped: Vec<Pos>,
    /// The changed picture.
    pub picture: Grid<V>,
}

/// Why a design could not be examined.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FixError {
    /// The picture cannot make a puzzle (too large, or empty).
    #[error(transparent)]
    Design(PuzzleError),
    /// The colour picture cannot make a puzzle with its colour table.
    #[error(transparent)]
    ColourDesign(ColourError),
    /// A check failed.
    #[error(transparent)]
    Check(#[from] CheckError),
}

/// A kind of puzzle whose designs can be repaired: `self` is a design's puzzle, and gives the
/// puzzles of other pictures (a colour puzzle with its own colour table).
pub(crate) trait Design: Sized {
    /// A cell's value in a picture.
    type Value: Copy + Eq + Ord + std::fmt::Debug;
    /// How a grid that breaks a clue is described.
    type Mismatch;
    /// The puzzle's formula in a solver that stops at a deadline.
    type Search<'a>: Searcher<Value = Self::Value, Mismatch = Self::Mismatch, Limit = Option<Deadline>>
    where
        Self: 'a;

    /// The puzzle whose clues `picture` gives, carrying it as its goal.
    fn of_picture(&self, picture: &Grid<Self::Value>) -> Result<Self, FixError>;

    /// The check of this puzzle under `options`.
    fn check(&self, options: &Options) -> Result<Report<Self::Value, Self::Mismatch>, CheckError>;

    /// Whether `grid` meets every clue (the independent check).
    fn solved_by(&self, grid: &Grid<Self::Value>) -> bool;

    /// The formula of this puzzle after line propagation, in a solver that stops at `deadline`.
    fn search(&self, deadline: Option<Deadline>) -> Result<Self::Search<'_>, CheckError>;

    /// Every value a cell may take, in order.
    fn values(&self) -> Vec<Self::Value>;
}

impl Design for Puzzle {
    type Value = bool;
    type Mismatch = Mismatch;
    type Search<'a> = Search<'a, Option<Deadline>>;

    fn of_picture(&self, picture: &Grid<bool>) -> Result<Self, FixError> {
        Puzzle::from_picture(picture).map_err(FixError::Design)
    }

    fn check(&self, options: &Options) -> Result<Report, CheckError> {
        solve::check(self, options)
    }

    fn solved_by(&self, grid: &Grid<bool>) -> bool {
        Puzzle::check(self, grid).is_ok()
    }

    fn search(&self, deadline: Option<Deadline>) -> Result<Self::Search<'_>, CheckError> {
        let backend = SatBackend::for_cells(self.cell_count());
        Ok(Search::propagated(self, deadline, backend)?)
    }

    fn values(&self) -> Vec<bool> {
        vec![false, true]
    }
}

impl Design for ColourPuzzle {
    type Value = u8;
    type Mismatch = ColourMismatch;
    type Search<'a> = ColourSearch<'a, Option<Deadline>>;

    fn of_picture(&self, picture: &Grid<u8>) -> Result<Self, FixError> {
        ColourPuzzle::from_picture(picture, self.palette().clone()).map_err(FixError::ColourDesign)
    }

    fn check(&self, options: &Options) -> Result<Report<u8, ColourMismatch>, CheckError> {
        solve::check(self, options)
    }

    fn solved_by(&self, grid: &Grid<u8>) -> bool {
        ColourPuzzle::check(self, grid).is_ok()
    }

    fn search(&self, deadline: Option<Deadline>) -> Result<Self::Search<'_>, CheckError> {
        let backend = SatBackend::for_cells(self.width() * self.height());
        let known = propagated_colour(self).0;
        Ok(ColourSearch::stoppable(
            self, known, deadline, backend, None,
        )?)
    }

    fn values(&self) -> Vec<u8> {
        let colours = u8::try_from(self.palette().len()).expect("at most 31 colours");
        (BACKGROUND..=colours).collect()
    }
}
