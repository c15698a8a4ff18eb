//! Solution paths: the deduction steps that solve a puzzle, each with the minimal support that
//! forces it, the dependency graph they form, and a difficulty rating read off that graph.
//!
//! The core ([`path`], [`support`], [`orders`]) knows nothing of nonograms: a step fixes cells of a
//! grid to values and rests on a support of earlier-known cells. [`nonogram`] extracts the path of
//! a nonogram with the complete line solver and contradiction probes, over [`lines`]' line logic of
//! either kind of puzzle (black and white, or colour); [`rating`] classes and scores it;
//! [`hint`](mod@hint) gives the next step of a partly solved grid and its wrong cells;
//! [`crate::latin`] puts the seed paper's own puzzle on the same core.

pub mod hint;
pub mod lines;
pub mod nonogram;
pub mod orders;
pub mod path;
pub mod rating;
pub mod support;

pub use hint::{Hint, hint};
pub use lines::LineLogic;
pub use nonogram::{Explanation, ExplanationOf, NextStep, Stop, explain, next_step};
pub use path::{PathShape, Step, StepKind};
pub use rating::{Class, Rating, explain_and_rate, rate};
