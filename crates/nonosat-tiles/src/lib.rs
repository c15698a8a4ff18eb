//! Double-sided tile puzzles with several answers (Yamamoto, Kanamori and Mitani, seed paper
//! `003_…`): N square tiles, each with a colour on its front and its back, must rebuild each of M
//! pictures of N cells. Do such tiles exist, which are they, and if none exist, how should the
//! colours change, as little as possible?
//!
//! - [`picture`] reads the pictures (PNG or text grids) into one palette;
//! - [`venn`] is Theorem 1's allocation problem and the check of an allocation;
//! - [`exact`] decides it for any M with an integer programme; [`three`] is the paper's O(N)
//!   formula for M = 3;
//! - [`build`] turns an allocation into tiles and layouts, and rebuilds every picture to verify;
//! - [`recolour`] is the paper's Algorithm 1, its colour distance, and a better search;
//! - [`design`] runs all of it; [`draw`] draws tiles and rebuilt pictures; [`report`] is its record
//!   and text.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod build;
pub mod design;
pub mod draw;
pub mod exact;
pub mod picture;
pub mod recolour;
pub mod report;
pub mod three;
pub mod venn;

use nonosat::deadline::Deadline;

use exact::ExactError;
use venn::{Allocation, Counts};

/// Which method decided existence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The paper's formula for three pictures.
    Formula,
    /// The integer programme.
    Exact,
}

/// A valid allocation if tiles exist, else `None`: by the formula for three pictures (the fast
/// path), by the integer programme otherwise or when `method` asks for it, which gives up at
/// `deadline`.
pub fn allocate(
    counts: &Counts,
    method: Method,
    deadline: Option<Deadline>,
) -> Result<Option<Allocation>, ExactError> {
    if method == Method::Formula && counts.pictures() == 3 {
        return Ok(three::allocate_three(counts));
    }
    exact::allocate(counts, deadline)
}

/// The fastest method for `counts`.
pub fn fastest(counts: &Counts) -> Method {
    if counts.pictures() == 3 {
        Method::Formula
    } else {
        Method::Exact
    }
}
