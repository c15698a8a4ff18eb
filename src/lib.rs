//! nonosat: solve nonograms and prove whether their answer is unique.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod model;

pub use model::{Cell, Clue, Grid, LineId, Pos, Puzzle};
