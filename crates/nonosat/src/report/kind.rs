//! What the records, texts and pictures of `report` need of a kind of puzzle ([`Shown`]), for
//! black and white (`#` and `.`, `black` and `white`, no colour table) and for colour (the
//! letters, names and table of its palette): every record and view is written once over it.

use serde::Serialize;

use super::grid::{colour_rows, draw_colour_grid, draw_grid};
use super::pictures::{draw_black_and_white, draw_colour};
use crate::image::Drawing;
use crate::logic::kind::Kind;
use crate::model::{
    BACKGROUND, ColourMismatch, ColourPuzzle, Grid, LineId, Metadata, Mismatch, Palette, Pos,
    Puzzle,
};

/// A kind of puzzle as `report` shows it: [`Puzzle`] (cells black or white) or [`ColourPuzzle`]
/// (cells colour indices of its palette, 0 the background).
pub trait Shown: Kind<Mismatch: std::fmt::Display> {
    /// The puzzle's title and other metadata from its file.
    fn meta(&self) -> &Metadata;

    /// The colour table its records and texts list, the background first; `None` for black and
    /// white, which has none.
    fn palette(&self) -> Option<&Palette>;

    /// The rows of `grid`, one character a cell: `#` and `.`, or the colours' letters (`.` the
    /// background).
    fn rows(&self, grid: &Grid<Self::Value>) -> Vec<String>;

    /// `grid` drawn for the terminal with numbered rulers, the cells in `marked` standing out.
    fn draw_grid(&self, grid: &Grid<Self::Value>, marked: &[Pos]) -> String;

    /// A cell's value in words: `black`, `white`, `background` or the colour's name.
    fn value_name(&self, value: Self::Value) -> String;

    /// A cell's value as a record gives a hint.
    fn hint_value(&self, value: Self::Value) -> HintValue;

    /// The line a grid that breaks a clue breaks.
    fn broken_line(mismatch: &Self::Mismatch) -> LineId;

    /// The puzzle drawn as [`draw_puzzle`] says.
    fn draw(&self, solutions: &[Grid<Self::Value>], caption: &str) -> Drawing;
}

/// Draws `puzzle` with its clues and a caption line above, black and white or colour (each
/// number on a swatch of its block's colour).
///
/// With no solution the grid is blank, ready to print and solve by hand. With one, its cells are
/// filled. With two or more, the first two are drawn side by side, labelled `solution 1` and
/// `solution 2`, and the cells where they differ are marked (in black and white coloured
/// [`DIFFERING_BLACK`](super::DIFFERING_BLACK) and [`DIFFERING_WHITE`](super::DIFFERING_WHITE),
/// in colour outlined), with a legend below. The page never exceeds
/// [`MAX_DRAWN_PIXELS`](crate::image::MAX_DRAWN_PIXELS).
///
/// ```
/// use nonosat::{Clue, Puzzle};
/// use nonosat::report::draw_puzzle;
///
/// let clues = |lists: &[&[usize]]| lists.iter().map(|b| Clue::new(b.to_vec())).collect();
/// let puzzle = Puzzle::new(clues(&[&[1], &[1]]), clues(&[&[1], &[1]])).unwrap();
/// let blank = draw_puzzle(&puzzle, &[], "2x2 puzzle");
/// assert!(blank.to_svg().contains(">2x2 puzzle</text>"));
/// ```
pub fn draw_puzzle<P: Shown>(puzzle: &P, solutions: &[Grid<P::Value>], caption: &str) -> Drawing {
    puzzle.draw(solutions, caption)
}

/// The colour a hint gives its cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum HintValue {
    /// Black (`true`) or white, in a black-and-white design.
    Black(bool),
    /// The colour's name (the background's for a background cell), in a colour design.
    Colour(String),
}

impl Shown for Puzzle {
    fn meta(&self) -> &Metadata {
        &self.meta
    }

    fn palette(&self) -> Option<&Palette> {
        None
    }

    fn rows(&self, grid: &Grid<bool>) -> Vec<String> {
        grid.row_strings()
    }

    fn draw_grid(&self, grid: &Grid<bool>, marked: &[Pos]) -> String {
        draw_grid(grid, marked)
    }

    fn value_name(&self, black: bool) -> String {
        if black { "black" } else { "white" }.to_owned()
    }

    fn hint_value(&self, black: bool) -> HintValue {
        HintValue::Black(black)
    }

    fn broken_line(mismatch: &Mismatch) -> LineId {
        mismatch.line
    }

    fn draw(&self, solutions: &[Grid<bool>], caption: &str) -> Drawing {
        draw_black_and_white(self, solutions, caption)
    }
}

impl Shown for ColourPuzzle {
    fn meta(&self) -> &Metadata {
        &self.meta
    }

    fn palette(&self) -> Option<&Palette> {
        Some(ColourPuzzle::palette(self))
    }

    fn rows(&self, grid: &Grid<u8>) -> Vec<String> {
        colour_rows(grid, ColourPuzzle::palette(self))
    }

    fn draw_grid(&self, grid: &Grid<u8>, marked: &[Pos]) -> String {
        draw_colour_grid(grid, ColourPuzzle::palette(self), marked)
    }

    fn value_name(&self, colour: u8) -> String {
        match colour {
            BACKGROUND => "background".to_owned(),
            _ => ColourPuzzle::palette(self).colour(colour).name.clone(),
        }
    }

    fn hint_value(&self, colour: u8) -> HintValue {
        HintValue::Colour(ColourPuzzle::palette(self).colour(colour).name.clone())
    }

    fn broken_line(mismatch: &ColourMismatch) -> LineId {
        mismatch.line
    }

    fn draw(&self, solutions: &[Grid<u8>], caption: &str) -> Drawing {
        draw_colour(self, solutions, caption)
    }
}
