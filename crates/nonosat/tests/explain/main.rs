//! Solution paths and ratings, for nonograms and Latin squares.

#[path = "../brute/mod.rs"]
mod brute;
#[path = "../common/mod.rs"]
mod common;

mod colour;
mod colour_path;
mod explain;
mod latin;
