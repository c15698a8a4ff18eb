//! What the records, texts and pictures of `report` need of a kind of puzzle ([`Shown`]), for
//! black and white (`#` and `.`, `black` and `white`, no colour table) and for colour (the
//! letters, names and table of its palette): every record and view is written once over it.

use serde::Serialize;

use super::grid::{colour_rows, draw_colour_grid, draw_grid};
use crate::image::Rgb;
use crate::logic::kind::Kind;
use crate::model::{
    BACKGROUND, ColourMismatch, ColourPuzzle, Grid, LineId, Mismatch, Palette, Pos, Puzzle,
};

/// A kind of puzzle as `report` shows it: [`Puzzle`] (cells black or white) or [`ColourPuzzle`]
/// (cells colour indices of its palette, 0 the background).
pub trait Shown: Kind<Mismatch: std::fmt::Display> {
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

    /// How a cell of `value` is painted: black, or its colour; `None` (left white) for white and
    /// the background.
    fn fill(&self, value: Self::Value) -> Option<Rgb>;

    /// The blocks of line `number` (rows first, then columns), first to last: each its length
    /// and, in colour, its colour.
    fn clue_numbers(&self, number: usize) -> Vec<(usize, Option<Rgb>)>;
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

    fn fill(&self, black: bool) -> Option<Rgb> {
        black.then_some(Rgb::BLACK)
    }

    fn clue_numbers(&self, number: usize) -> Vec<(usize, Option<Rgb>)> {
        let blocks = self.line_clue(number).blocks();
        blocks.iter().map(|&len| (len, None)).collect()
    }
}

impl Shown for ColourPuzzle {
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

    fn fill(&self, colour: u8) -> Option<Rgb> {
        (colour != BACKGROUND).then(|| rgb(ColourPuzzle::palette(self), colour))
    }

    fn clue_numbers(&self, number: usize) -> Vec<(usize, Option<Rgb>)> {
        let palette = ColourPuzzle::palette(self);
        let blocks = self.line_clue(number).blocks();
        let swatch = |colour| Some(rgb(palette, colour));
        blocks
            .iter()
            .map(|block| (block.len, swatch(block.colour)))
            .collect()
    }
}

/// The colour of index `colour` of `palette`.
fn rgb(palette: &Palette, colour: u8) -> Rgb {
    let [r, g, b] = palette.colour(colour).rgb;
    Rgb(r, g, b)
}
