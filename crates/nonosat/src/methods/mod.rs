//! The seed papers' propagation-only methods, and [`compare`], which runs them side by side against
//! the exact answer.
//!
//! - [`kikuchi`]: cube2, cube3 and cube4 (seed `000_…`);
//! - [`myillust`]: the MyIllustPuzzle solver's Try1-Try4 (seed `001_…`);
//! - [`koike`]: Koike's human techniques as rewriting rules (seed `004_…`).
//!
//! Each is a [`LineSolver`](crate::logic::LineSolver) (or a probe over one), driven by the same
//! propagation as the complete solver, so that what they fix can be compared cell for cell.

pub mod compare;
pub mod kikuchi;
pub mod koike;
pub mod myillust;
