//! The puzzle a request is about, black and white or colour ([`Kind`]), and [`each_kind!`],
//! which runs one piece of code on either through the library's kinds of puzzle (`Solvable`,
//! `Shown`, `ShownSteps`): the server has no colour twins of its own.

use nonosat::formats::{self, Format, WriteError};
use nonosat::model::{ColourPuzzle, Metadata, Puzzle};

/// A puzzle of either kind.
pub(super) enum Kind {
    /// A black-and-white puzzle.
    BlackAndWhite(Puzzle),
    /// A puzzle of several colours (or one colour that a colour format named).
    Colour(ColourPuzzle),
}

/// Runs `$body` with `$puzzle` bound to the puzzle of the [`Kind`] `$kind`, whatever its kind.
macro_rules! each_kind {
    ($kind:expr, $puzzle:ident => $body:expr) => {
        match $kind {
            $crate::serve::kind::Kind::BlackAndWhite($puzzle) => $body,
            $crate::serve::kind::Kind::Colour($puzzle) => $body,
        }
    };
}
pub(super) use each_kind;

impl Kind {
    /// The puzzle's width in cells.
    pub fn width(&self) -> usize {
        each_kind!(self, puzzle => puzzle.width())
    }

    /// The puzzle's height in cells.
    pub fn height(&self) -> usize {
        each_kind!(self, puzzle => puzzle.height())
    }

    /// The puzzle's title, author and other metadata.
    pub fn meta_mut(&mut self) -> &mut Metadata {
        each_kind!(self, puzzle => &mut puzzle.meta)
    }

    /// Whether the puzzle has a picture (a goal).
    pub fn has_goal(&self) -> bool {
        each_kind!(self, puzzle => puzzle.goal().is_some())
    }

    /// The puzzle written in `format`, as `convert` writes it: colour puzzles with their colour
    /// tables, `png` as bytes.
    pub fn write(&self, format: Format) -> Result<Vec<u8>, WriteError> {
        match self {
            Kind::BlackAndWhite(puzzle) => formats::write_bytes(puzzle, format),
            Kind::Colour(puzzle) => formats::write_bytes(puzzle, format),
        }
    }
}
