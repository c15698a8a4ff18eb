//! What a repair gives back, black-and-white or colour alike: edits, and why a design could not
//! be examined. [`repair`](super::repair) and `regions` are written once over the kinds of
//! puzzle (`SolveKind`: the puzzle of a picture, the values a cell may take, its check and its
//! formula).

use super::check::CheckError;
use crate::model::{ColourError, Grid, Pos, PuzzleError};

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
    Design(#[from] PuzzleError),
    /// The colour picture cannot make a puzzle with its colour table.
    #[error(transparent)]
    ColourDesign(#[from] ColourError),
    /// A check failed.
    #[error(transparent)]
    Check(#[from] CheckError),
}
