//! Colour nonograms: a colour table, clues whose blocks carry a colour, and the independent check.
//!
//! A cell holds a colour index: 0 is the background, `1..=C` the palette's colours. Two adjacent
//! blocks of one colour need a background cell between them; blocks of different colours may touch.
//! A black-and-white puzzle is the one-colour case ([`ColourPuzzle::from_black_and_white`]).

use std::fmt;
use std::ops::Deref;

use super::clue::write_blocks;
use super::{Clue, Clues, Grid, LineClue, LineId, Metadata, Nonogram, Puzzle, PuzzleError};
use crate::words::counted;

/// The most colours a puzzle may use besides the background (a line solver keeps a cell's possible
/// colours in the bits of a `u32`, bit 0 the background).
pub const MAX_COLOURS: usize = 31;

/// The colour index of the background.
pub const BACKGROUND: u8 = 0;

/// The letter of the background in every grid nonosat reads or writes: solution rows, partly solved
/// grids, the text views.
pub const BACKGROUND_LETTER: char = '.';

/// The letter of a cell whose colour is unknown, in partly solved grids; no colour may have it.
pub const UNKNOWN_LETTER: char = '?';

/// The letters a palette gives, in this order, to the colours whose file names none (`a`, `b`, ...),
/// skipping those the file's own colours have: more than [`MAX_COLOURS`] however many are taken.
pub const GENERATED_LETTERS: &str =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// One entry of a colour table: a name, the letter that stands for it, and the colour as red,
/// green, blue.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Colour {
    /// The name the puzzle file uses (`black`, `yellow`, `a`).
    pub name: String,
    /// The one character that stands for the colour in clues and grids (`y` for yellow in
    /// pbnsolve's acorn.g): the file's own where the format has one, `None` where it has none. In a
    /// [`Palette`] every colour has one: [`Palette::new`] chooses the missing ones, and gives the
    /// background [`BACKGROUND_LETTER`].
    pub letter: Option<char>,
    /// The colour as `[red, green, blue]`.
    pub rgb: [u8; 3],
}

impl Colour {
    /// A colour from its name and red, green, blue, without a letter of its own.
    pub fn new(name: &str, rgb: [u8; 3]) -> Self {
        Colour {
            name: name.to_string(),
            letter: None,
            rgb,
        }
    }

    /// The same colour with the letter `letter`.
    pub fn with_letter(self, letter: char) -> Self {
        Colour {
            letter: Some(letter),
            ..self
        }
    }

    /// The colour as `#rrggbb`.
    pub fn hex(&self) -> String {
        let [r, g, b] = self.rgb;
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// Whether `letter` may stand for a colour besides the background: a visible character other than
/// [`BACKGROUND_LETTER`] and [`UNKNOWN_LETTER`].
fn is_colour_letter(letter: char) -> bool {
    !letter.is_whitespace()
        && !letter.is_control()
        && letter != BACKGROUND_LETTER
        && letter != UNKNOWN_LETTER
}

/// A puzzle's colour table: the background (index 0) and its colours (indices `1..=C`), each with
/// a letter of its own.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Palette {
    colours: Vec<Colour>,
}

impl Palette {
    /// The black-and-white table: `white` background, one colour `black` (letter `a`).
    pub fn black_and_white() -> Self {
        let colours = vec![Colour::new("black", [0, 0, 0])];
        Palette::new(Colour::new("white", [255, 255, 255]), colours)
            .expect("one colour, named apart from the background")
    }

    /// A table from the background and the colours, or why it is not one: a name given twice, or
    /// more than [`MAX_COLOURS`] colours.
    ///
    /// Letters: the background's is [`BACKGROUND_LETTER`]; a colour keeps its own unless it is
    /// blank, `.` or `?`, or an earlier colour has it; every other colour gets the first of
    /// [`GENERATED_LETTERS`] that no colour of the table has.
    pub fn new(background: Colour, colours: Vec<Colour>) -> Result<Self, ColourError> {
        if colours.len() > MAX_COLOURS {
            return Err(ColourError::TooManyColours {
                count: colours.len(),
            });
        }
        let mut all: Vec<Colour> = std::iter::once(background).chain(colours).collect();
        for (i, colour) in all.iter().enumerate() {
            if all[..i].iter().any(|earlier| earlier.name == colour.name) {
                return Err(ColourError::DuplicateName {
                    name: colour.name.clone(),
                });
            }
        }
        let mut taken = vec![BACKGROUND_LETTER];
        let mut kept = vec![true];
        for colour in &all[1..] {
            let own = colour
                .letter
                .filter(|&letter| is_colour_letter(letter) && !taken.contains(&letter));
            kept.push(own.is_some());
            taken.extend(own);
        }
        let mut free = GENERATED_LETTERS.chars().filter(|c| !taken.contains(c));
        for (colour, kept) in all.iter_mut().zip(kept).skip(1) {
            if !kept {
                colour.letter = free.next();
            }
        }
        all[0].letter = Some(BACKGROUND_LETTER);
        Ok(Palette { colours: all })
    }

    /// Number of colours besides the background.
    pub fn len(&self) -> usize {
        self.colours.len() - 1
    }

    /// Whether the table has no colour besides the background.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The colour with index `index` (0 the background).
    pub fn colour(&self, index: u8) -> &Colour {
        &self.colours[usize::from(index)]
    }

    /// The letter of the colour with index `index`: [`BACKGROUND_LETTER`] for the background.
    pub fn letter(&self, index: u8) -> char {
        self.colour(index)
            .letter
            .expect("Palette::new gives every colour a letter")
    }

    /// Every colour, the background first.
    pub fn colours(&self) -> &[Colour] {
        &self.colours
    }

    /// The index of the colour named `name`, the background's being 0.
    pub fn index_of(&self, name: &str) -> Option<u8> {
        let index = self.colours.iter().position(|colour| colour.name == name)?;
        u8::try_from(index).ok()
    }

    /// The index of the colour whose letter is `letter`, the background's ([`BACKGROUND_LETTER`])
    /// being 0.
    pub fn index_of_letter(&self, letter: char) -> Option<u8> {
        let index = self
            .colours
            .iter()
            .position(|colour| colour.letter == Some(letter))?;
        u8::try_from(index).ok()
    }

    /// The letters of the colours besides the background, in the table's order (`yobr`).
    pub fn letters(&self) -> String {
        (1..=self.len())
            .map(|index| self.letter(u8::try_from(index).expect("at most 31 colours")))
            .collect()
    }
}

/// Why a colour table or a colour puzzle is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ColourError {
    /// Two colours of the table have the same name.
    #[error("the colour \"{name}\" is defined twice")]
    DuplicateName {
        /// The repeated name.
        name: String,
    },
    /// The table has more colours than a puzzle may use.
    #[error(
        "the puzzle has {count} colours; at most {MAX_COLOURS} besides the background are accepted"
    )]
    TooManyColours {
        /// Colours besides the background.
        count: usize,
    },
    /// A block's colour index is the background or outside the table.
    #[error("a block of {line} has colour {colour}, which is not a colour of the table")]
    BadColour {
        /// The line of the block.
        line: LineId,
        /// The index given.
        colour: u8,
    },
    /// The rows and the columns ask for different numbers of cells of one colour.
    #[error(
        "the row clues ask for {} of \"{name}\" but the column clues ask for {columns}",
        counted(*rows, "cell", "cells")
    )]
    TotalsDiffer {
        /// The colour's name.
        name: String,
        /// Cells of that colour the rows ask for.
        rows: usize,
        /// Cells of that colour the columns ask for.
        columns: usize,
    },
    /// A goal cell holds a colour index outside the table.
    #[error("the goal has colour {colour}, which is not in the table")]
    GoalColour {
        /// The index found.
        colour: u8,
    },
    /// What every puzzle must satisfy: size, clue lengths, goal size.
    #[error("{0}")]
    Puzzle(#[from] PuzzleError),
}

/// One block of a colour clue: its length (at least 1) and its colour index (at least 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    /// Number of cells.
    pub len: usize,
    /// Colour index into the puzzle's [`Palette`], never the background.
    pub colour: u8,
}

/// The clue of one line of a colour puzzle: its blocks, first to last.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ColourClue(Vec<Block>);

impl ColourClue {
    /// A clue from its blocks.
    ///
    /// # Panics
    /// If a block has length 0 or the background's colour.
    pub fn new(blocks: Vec<Block>) -> Self {
        assert!(
            blocks.iter().all(|b| b.len > 0 && b.colour != BACKGROUND),
            "blocks must be non-empty and coloured"
        );
        ColourClue(blocks)
    }

    /// The blocks, first to last.
    pub fn blocks(&self) -> &[Block] {
        &self.0
    }

    /// Whether the line is all background.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether block `i` and the next have one colour, so that a background cell must part them.
    pub fn needs_gap_after(&self, i: usize) -> bool {
        self.0
            .get(i + 1)
            .is_some_and(|next| next.colour == self.0[i].colour)
    }

    /// Length of the shortest line the clue fits: the blocks, and a cell between each pair of one
    /// colour.
    pub fn min_len(&self) -> usize {
        let gaps = (0..self.0.len())
            .filter(|&i| self.needs_gap_after(i))
            .count();
        self.0.iter().map(|b| b.len).sum::<usize>() + gaps
    }

    /// Number of cells of colour `colour` the clue asks for.
    pub fn cells_of(&self, colour: u8) -> usize {
        self.0
            .iter()
            .filter(|b| b.colour == colour)
            .map(|b| b.len)
            .sum()
    }

    /// The clue of a line of colour indices: its runs of one non-background colour.
    pub fn of_line(cells: impl IntoIterator<Item = u8>) -> Self {
        let mut blocks: Vec<Block> = Vec::new();
        let mut previous = BACKGROUND;
        for colour in cells {
            if colour != BACKGROUND {
                match blocks.last_mut() {
                    Some(last) if previous == colour => last.len += 1,
                    _ => blocks.push(Block { len: 1, colour }),
                }
            }
            previous = colour;
        }
        ColourClue(blocks)
    }

    /// The black-and-white clue as the one-colour case (colour index 1).
    pub fn from_black_and_white(clue: &Clue) -> Self {
        let blocks = clue.blocks().iter().map(|&len| Block { len, colour: 1 });
        ColourClue(blocks.collect())
    }
}

impl ColourClue {
    /// The clue as people read it: each block's length and its colour's letter in `palette`,
    /// separated by spaces (`3y 1o`), `0` for the empty clue.
    pub fn text(&self, palette: &Palette) -> String {
        if self.is_empty() {
            return "0".to_owned();
        }
        let blocks: Vec<String> = (self.0.iter())
            .map(|block| format!("{}{}", block.len, palette.letter(block.colour)))
            .collect();
        blocks.join(" ")
    }
}

impl LineClue<u8> for ColourClue {
    fn read(cells: Vec<u8>) -> Self {
        ColourClue::of_line(cells)
    }
    fn shortest(&self) -> usize {
        self.min_len()
    }
}

/// Blocks as `len:colour` separated by spaces (`3:1 1:2`), `0` for the empty clue.
impl fmt::Display for ColourClue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let blocks = self.0.iter();
        write_blocks(
            f,
            blocks.map(|block| format!("{}:{}", block.len, block.colour)),
        )
    }
}

/// A colour nonogram whose clues fit their lines, use colours of its table, and agree on how many
/// cells of each colour there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourPuzzle {
    clues: Clues<ColourClue>,
    palette: Palette,
    /// Descriptive fields carried from and to puzzle files.
    pub meta: Metadata,
    goal: Option<Grid<u8>>,
}

/// A puzzle's size, lines and clues: `puzzle.width()`, `puzzle.clue(line)`, ...
impl Deref for ColourPuzzle {
    type Target = Clues<ColourClue>;

    fn deref(&self) -> &Clues<ColourClue> {
        &self.clues
    }
}

/// The first line of a colour grid that breaks its clue, found by [`ColourPuzzle::check`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{line} should read {} but reads {}",
    expected.text(palette),
    found.text(palette)
)]
pub struct ColourMismatch {
    /// The line that breaks its clue.
    pub line: LineId,
    /// The line's clue.
    pub expected: ColourClue,
    /// The blocks the grid has in that line.
    pub found: ColourClue,
    /// The puzzle's colour table, whose letters the message names the colours by (boxed: errors
    /// that carry a mismatch stay small).
    palette: Box<Palette>,
}

impl ColourPuzzle {
    /// A puzzle from its row clues (top to bottom), column clues (left to right) and colour table.
    pub fn new(
        rows: Vec<ColourClue>,
        columns: Vec<ColourClue>,
        palette: Palette,
    ) -> Result<Self, ColourError> {
        let clues = Clues::new(rows, columns, |line, clue: &ColourClue| {
            match clue
                .blocks()
                .iter()
                .find(|b| b.colour == BACKGROUND || usize::from(b.colour) > palette.len())
            {
                Some(block) => Err(ColourError::BadColour {
                    line,
                    colour: block.colour,
                }),
                None => Ok(()),
            }
        })?;
        for index in 1..=palette.len() {
            let colour = u8::try_from(index).expect("at most MAX_COLOURS colours");
            let row_total: usize = clues.rows().iter().map(|c| c.cells_of(colour)).sum();
            let column_total: usize = clues.columns().iter().map(|c| c.cells_of(colour)).sum();
            if row_total != column_total {
                return Err(ColourError::TotalsDiffer {
                    name: palette.colour(colour).name.clone(),
                    rows: row_total,
                    columns: column_total,
                });
            }
        }
        Ok(ColourPuzzle {
            clues,
            palette,
            meta: Metadata::default(),
            goal: None,
        })
    }

    /// The puzzle whose intended answer is `picture` (colour indices into `palette`).
    pub fn from_picture(picture: &Grid<u8>, palette: Palette) -> Result<Self, ColourError> {
        let (rows, columns) = Clues::of_picture(picture);
        ColourPuzzle::new(rows, columns, palette)?.with_goal(picture.clone())
    }

    /// A black-and-white puzzle as the one-colour case: background `white`, colour 1 `black`.
    pub fn from_black_and_white(puzzle: &Puzzle) -> Self {
        ColourPuzzle {
            clues: puzzle.map_clues(ColourClue::from_black_and_white),
            palette: Palette::black_and_white(),
            meta: puzzle.meta.clone(),
            goal: puzzle.goal().map(|goal| goal.map(|&black| u8::from(black))),
        }
    }

    /// The same puzzle as a black-and-white one, when it uses one colour at most.
    pub fn to_black_and_white(&self) -> Option<Puzzle> {
        if self.palette.len() > 1 {
            return None;
        }
        let lower = |clues: &[ColourClue]| {
            clues
                .iter()
                .map(|clue| Clue::new(clue.blocks().iter().map(|b| b.len).collect()))
                .collect()
        };
        let mut puzzle = Puzzle::new(lower(self.rows()), lower(self.columns())).ok()?;
        puzzle.meta = self.meta.clone();
        match &self.goal {
            Some(goal) => puzzle.with_goal(goal.map(|&c| c != BACKGROUND)).ok(),
            None => Some(puzzle),
        }
    }

    /// The same puzzle carrying `goal` as its designer's intended picture.
    pub fn with_goal(mut self, goal: Grid<u8>) -> Result<Self, ColourError> {
        self.clues.fit_goal((goal.width(), goal.height()))?;
        if let Some(&colour) = goal
            .cells()
            .iter()
            .find(|&&c| usize::from(c) > self.palette.len())
        {
            return Err(ColourError::GoalColour { colour });
        }
        self.goal = Some(goal);
        Ok(self)
    }

    /// The colour table.
    pub fn palette(&self) -> &Palette {
        &self.palette
    }

    /// The designer's intended picture, when the file carries one.
    pub fn goal(&self) -> Option<&Grid<u8>> {
        self.goal.as_ref()
    }

    /// Checks a grid of colour indices against every clue by reading its runs afresh; it shares
    /// no logic with any solver. Returns the first line that breaks its clue.
    pub fn check(&self, grid: &Grid<u8>) -> Result<(), ColourMismatch> {
        match self.clues.first_broken_line(grid) {
            Some((line, expected, found)) => Err(ColourMismatch {
                line,
                expected: expected.clone(),
                found,
                palette: Box::new(self.palette.clone()),
            }),
            None => Ok(()),
        }
    }

    /// The lines of `grid` that break their clues, rows first, read as [`ColourPuzzle::check`]
    /// reads them.
    pub(crate) fn broken_lines<'a>(
        &'a self,
        grid: &'a Grid<u8>,
    ) -> impl Iterator<Item = LineId> + 'a {
        self.clues.broken_lines(grid).map(|(line, ..)| line)
    }
}

impl Nonogram for ColourPuzzle {
    type Clue = ColourClue;

    fn meta(&self) -> &Metadata {
        &self.meta
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn palette(names: &[&str]) -> Palette {
        let colours = names
            .iter()
            .map(|name| Colour::new(name, [0, 0, 0]))
            .collect();
        Palette::new(Colour::new("white", [255; 3]), colours).unwrap()
    }

    #[test]
    fn of_line_splits_runs_at_colour_changes() {
        let clue = ColourClue::of_line([1, 1, 2, 0, 2, 2, 0, 0, 1]);
        let blocks: Vec<_> = clue.blocks().iter().map(|b| (b.len, b.colour)).collect();
        assert_eq!(blocks, vec![(2, 1), (1, 2), (2, 2), (1, 1)]);
        assert_eq!(clue.to_string(), "2:1 1:2 2:2 1:1");
        assert_eq!(clue.min_len(), 7);
    }

    #[test]
    fn picture_round_trips_through_check_and_a_wrong_grid_is_named() {
        let picture = Grid::from_rows(vec![vec![1, 2, 0], vec![2, 2, 1]]).unwrap();
        let puzzle = ColourPuzzle::from_picture(&picture, palette(&["a", "b"])).unwrap();
        assert_eq!(puzzle.check(&picture), Ok(()));
        let wrong = Grid::from_rows(vec![vec![2, 1, 0], vec![2, 2, 1]]).unwrap();
        let mismatch = puzzle.check(&wrong).unwrap_err();
        assert_eq!(
            mismatch.to_string(),
            "row 1 should read 1a 1b but reads 1b 1a"
        );
    }

    #[test]
    fn totals_are_compared_colour_by_colour() {
        let one = |colour| ColourClue::new(vec![Block { len: 1, colour }]);
        let refused = ColourPuzzle::new(vec![one(1)], vec![one(2)], palette(&["a", "b"]));
        assert_eq!(
            refused.unwrap_err().to_string(),
            "the row clues ask for 1 cell of \"a\" but the column clues ask for 0"
        );
        let undefined = ColourPuzzle::new(vec![one(3)], vec![one(3)], palette(&["a", "b"]));
        assert!(matches!(undefined, Err(ColourError::BadColour { .. })));
    }

    #[test]
    fn duplicate_names_are_refused() {
        let colours = vec![Colour::new("a", [0; 3]), Colour::new("a", [1; 3])];
        let refused = Palette::new(Colour::new("white", [255; 3]), colours);
        assert_eq!(
            refused,
            Err(ColourError::DuplicateName {
                name: "a".to_string()
            })
        );
    }

    #[test]
    fn letters_are_the_files_own_else_the_first_free_ones() {
        let colours = vec![
            Colour::new("yellow", [255, 255, 0]).with_letter('y'),
            Colour::new("red", [255, 0, 0]),
            Colour::new("orange", [255, 165, 0]).with_letter('a'),
            Colour::new("brown", [165, 42, 42]).with_letter('y'),
            Colour::new("grey", [190; 3]).with_letter('?'),
            Colour::new("pink", [255, 192, 203]).with_letter(' '),
        ];
        let background = Colour::new("white", [255; 3]).with_letter('0');
        let palette = Palette::new(background, colours).unwrap();
        assert_eq!(palette.letter(0), BACKGROUND_LETTER);
        assert_eq!(palette.letters(), "ybacde");
        assert_eq!(palette.index_of_letter('a'), Some(3));
        assert_eq!(palette.index_of_letter('.'), Some(0));
        assert_eq!(palette.index_of_letter('z'), None);
        assert_eq!(Palette::black_and_white().letters(), "a");
    }

    #[test]
    fn black_and_white_is_the_one_colour_case() {
        let picture = Grid::from_rows(vec![vec![true, false], vec![true, true]]).unwrap();
        let puzzle = Puzzle::from_picture(&picture).unwrap();
        let lifted = ColourPuzzle::from_black_and_white(&puzzle);
        assert_eq!(lifted.check(&picture.map(|&b| u8::from(b))), Ok(()));
        assert_eq!(lifted.to_black_and_white(), Some(puzzle));
    }
}
