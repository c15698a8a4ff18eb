//! nonosat: solve nonograms and prove whether their answer is unique.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod encode;
pub mod formats;
pub mod line;
pub mod model;
pub mod probe;
pub mod propagate;
pub mod report;
pub mod sat;
pub mod unique;

pub use model::{Cell, Clue, Grid, LineId, Pos, Puzzle};
