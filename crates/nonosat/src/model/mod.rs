//! Clue, puzzle and grid types, and the solver-independent check of a grid against its clues.

mod clue;
mod grid;
mod puzzle;

pub use clue::{Clue, ZeroBlock};
pub use grid::{Cell, Grid, LineId, Pos};
pub use puzzle::{MAX_SIDE, Metadata, Mismatch, Puzzle, PuzzleError};
