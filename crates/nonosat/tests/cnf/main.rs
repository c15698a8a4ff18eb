//! The CNF encoding against brute force on every short line.

#[path = "../brute/mod.rs"]
mod brute;

mod colour;
mod encoding;
