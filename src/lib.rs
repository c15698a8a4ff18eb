//! nonosat: solve nonograms and prove whether their answer is unique.
//!
//! The pipeline: a puzzle is read ([`formats`]) into a [`Puzzle`] ([`model`]); line propagation
//! ([`propagate`], over the complete [`line`](mod@line) solver) fixes the cells that line logic can; the rest is
//! encoded as CNF ([`encode`]) and handed to the SAT solver ([`sat`]); [`unique`] finds a solution,
//! blocks it and asks for another, so that "unique" rests on an UNSAT answer. Every grid returned has
//! passed [`Puzzle::check`], which shares no logic with the solver. [`report`] turns results into
//! JSON records and terminal text; the `nonosat` binary is a thin layer over all of this.
//!
//! ```
//! use nonosat::formats::{Format, parse};
//! use nonosat::unique::{Options, Verdict, check};
//!
//! // Rows "2" and "1 1", columns "1" four times, in Jakub Wilk's .nin format (width first).
//! let entries = parse("4 2\n2\n1 1\n1\n1\n1\n1\n", "example.nin", Some(Format::Nin)).unwrap();
//! let report = check(&entries[0].puzzle, &Options::default()).unwrap();
//! assert_eq!(report.verdict, Verdict::Unique);
//! assert!(!report.line_solvable); // line logic alone fixes none of its cells
//! assert_eq!(report.solutions[0].row_strings(), [".##.", "#..#"]);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod ambiguity;
pub mod compare;
pub mod encode;
pub mod explain;
pub mod fix;
pub mod formats;
pub mod latin;
pub mod line;
pub mod model;
pub mod probe;
pub mod proof;
pub mod propagate;
pub mod render;
pub mod report;
pub mod sat;
pub mod tiles;
pub mod unique;

pub use model::{Cell, Clue, Grid, LineId, Pos, Puzzle};
