//! The seed papers' propagation-only methods against brute force, their comparison, the research
//! claims of docs/methods.md, and the seed papers' examples.

#[path = "../brute/mod.rs"]
mod brute;

mod compare;
mod kikuchi;
mod koike;
mod myillust;
mod research;
mod seeds;
