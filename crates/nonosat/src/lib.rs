//! nonosat: solve nonograms and prove whether their answer is unique.
//!
//! The layers, each using only those above it in this list:
//! - [`model`]: clues, puzzles, grids; [`Puzzle::check`] verifies a grid independently of any solver;
//! - [`deadline`]: the one time-limit type of every search;
//! - [`logic`]: the complete line solver, propagation to a fixpoint, probing;
//! - [`cnf`]: literals, the clause sink, the merged-DFA encoding, DIMACS;
//! - [`sat`]: the SAT solver behind a small interface;
//! - [`solve`]: check and solve (a blocking clause makes "unique" rest on an UNSAT answer), ambiguous
//!   cells, enumeration, repairs, certificates;
//! - [`methods`]: the seed papers' propagation-only methods and their comparison;
//! - [`explain`]: solution paths and difficulty ratings; [`latin`]: Latin squares on the same core;
//! - [`image`]: drawings, rasters and the font; [`formats`]: every reader and writer;
//! - [`report`]: every record and view: JSON, terminal text, pictures.
//!
//! The `nonosat` binary (crate `nonosat-cli`) is a thin layer over all of this.
//!
//! ```
//! use nonosat::Puzzle;
//! use nonosat::formats::{Format, parse};
//! use nonosat::solve::{Options, Verdict, check};
//!
//! // Rows "2" and "1 1", columns "1" four times, in Jakub Wilk's .nin format (width first).
//! let entries = parse::<Puzzle>("4 2\n2\n1 1\n1\n1\n1\n1\n", "example.nin", Some(Format::Nin));
//! let entries = entries.unwrap();
//! let report = check(&entries[0].puzzle, &Options::default()).unwrap();
//! assert_eq!(report.verdict, Verdict::Unique);
//! assert!(!report.line_solvable); // line logic alone fixes none of its cells
//! assert_eq!(report.solutions[0].row_strings(), [".##.", "#..#"]);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// The module docs link to `report`, `formats::json` and `formats::png`, which only the default
// features build: without them those links have nothing to point at, and say so in vain.
#![cfg_attr(
    not(all(feature = "serde", feature = "png")),
    allow(rustdoc::broken_intra_doc_links)
)]

pub mod cnf;
pub mod deadline;
pub mod explain;
pub mod formats;
pub mod image;
pub mod latin;
pub mod logic;
pub mod methods;
pub mod model;
#[cfg(feature = "serde")]
pub mod report;
pub mod sat;
pub mod solve;
#[cfg(test)]
mod testing;
pub mod words;

pub use model::{Cell, Clue, Grid, LineId, Pos, Puzzle};
