//! Clue, puzzle and grid types (black-and-white and colour), and the solver-independent check of a grid against its clues.

mod clue;
mod clues;
mod colour;
mod grid;
mod puzzle;
mod window;

pub use clue::{Clue, ZeroBlock};
pub use clues::{Clues, LineClue, MAX_SIDE, Nonogram, PuzzleError};
pub use colour::{
    BACKGROUND, BACKGROUND_LETTER, Block, Colour, ColourClue, ColourError, ColourMismatch,
    ColourPuzzle, GENERATED_LETTERS, MAX_COLOURS, Palette, UNKNOWN_LETTER,
};
pub use grid::{Cell, Grid, LineId, Pos};
pub use puzzle::{Metadata, Mismatch, Puzzle};
pub use window::LineWindow;
