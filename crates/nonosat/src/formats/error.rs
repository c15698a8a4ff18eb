//! Errors of the readers and writers: what is wrong, in which file, on which line.

use super::{Format, MAX_FILE_BYTES, TOURNAMENT_SIDE};
use crate::model::{ColourError, ColourMismatch, MAX_COLOURS, MAX_SIDE, PuzzleError};
use crate::words::counted;

/// A puzzle file that could not be read, with where the problem is.
///
/// Displays as `data.non:12: what is wrong`, or `data.non: what is wrong` when no single line is to
/// blame.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}{}: {kind}", line.map_or(String::new(), |line| format!(":{line}")))]
pub struct ParseError {
    /// The file name as shown to the user (`<stdin>` for standard input).
    pub file: String,
    /// The 1-based line of the file where the problem is, when one line is to blame.
    pub line: Option<usize>,
    /// What is wrong.
    #[source]
    pub kind: ParseErrorKind,
}

/// What is wrong with a puzzle file. Row, column and line numbers in it are 1-based.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A word where a number was expected.
    #[error("\"{text}\" is not a number")]
    NotANumber {
        /// The word as written.
        text: String,
    },
    /// A number below zero where cells are counted.
    #[error("\"{text}\" is negative: clue numbers and sizes count cells")]
    Negative {
        /// The number as written.
        text: String,
    },
    /// A number with a fraction or an exponent where a whole number of cells is counted.
    #[error("\"{text}\" is not a whole number: write clue numbers and sizes like 3")]
    NotWhole {
        /// The number as written.
        text: String,
    },
    /// A number larger than [`MAX_SIDE`]: no line or side can be that long.
    #[error("\"{text}\" is too large: no line may be longer than {MAX_SIDE} cells")]
    NumberTooLarge {
        /// The number as written.
        text: String,
    },
    /// A `0` among other numbers of a clue; `0` may only stand alone, for an empty clue.
    #[error("a clue has a 0 among other numbers; 0 must stand alone")]
    ZeroInClue,
    /// A required key or section is missing, such as `width` or `rows`.
    #[error("the `{name}` key is missing")]
    MissingSection {
        /// The key or section's name.
        name: String,
    },
    /// A key that may appear once appears again.
    #[error("the `{name}` key appears twice")]
    DuplicateKey {
        /// The key's name.
        name: String,
    },
    /// A section comes before a key it depends on (`rows` before `height`).
    #[error("`{section}` comes before `{needs}`, which must come first")]
    OutOfOrder {
        /// The section that came too early.
        section: String,
        /// The key that must come first.
        needs: String,
    },
    /// A section has fewer or more clue lines than the puzzle's size asks for.
    #[error("the {section} section should have {} but has {found}", clue_lines(*expected))]
    WrongLineCount {
        /// `rows` or `columns`.
        section: String,
        /// Clue lines the size asks for.
        expected: usize,
        /// Clue lines found.
        found: usize,
    },
    /// A section is cut short by a line that is neither a clue nor a keyword: the word is the
    /// fault, not the count.
    #[error(
        "\"{token}\" is neither a clue nor a keyword: the {section} section should have {} but has \
         {found} before it",
        clue_lines(*expected)
    )]
    NotAClue {
        /// `rows` or `columns`.
        section: String,
        /// The line's first word.
        token: String,
        /// Clue lines the size asks for.
        expected: usize,
        /// Clue lines found before it.
        found: usize,
    },
    /// The size line of a `.nin` file is not two numbers.
    #[error("the first line should be the width and the height, but reads \"{text}\"")]
    BadSize {
        /// The line as written.
        text: String,
    },
    /// The clues do not form a puzzle (a clue longer than its line, totals that differ, too large).
    #[error("{0}")]
    Puzzle(#[source] PuzzleError),
    /// A `.non` goal string with the wrong number of cells.
    #[error("the goal has {} but the puzzle has {expected}", counted(*found, "cell", "cells"))]
    GoalLength {
        /// Width times height.
        expected: usize,
        /// Cells in the goal.
        found: usize,
    },
    /// A picture row whose length differs from the first row's.
    #[error("row {row} of the picture has {} but row 1 has {expected}", counted(*found, "cell", "cells"))]
    RaggedPicture {
        /// The row, counted from the picture's first row.
        row: usize,
        /// Length of the first row.
        expected: usize,
        /// Length of this row.
        found: usize,
    },
    /// A character that is neither black nor white in a picture.
    #[error(
        "{ch:?} at row {row}, column {column} of the picture is neither black (# X x 1) nor white (. - 0){}",
        space_hint(*ch)
    )]
    BadPictureChar {
        /// The character.
        ch: char,
        /// The row, counted from the picture's first row.
        row: usize,
        /// The column, counted in characters.
        column: usize,
    },
    /// A character of a partly solved grid that is not `#`, `.` or `?` (nor a picture's other
    /// black and white characters).
    #[error(
        "{ch:?} at row {row}, column {column} is not a cell: use # for black, . for white, ? for unknown"
    )]
    BadStateChar {
        /// The character.
        ch: char,
        /// The row of the grid, 1-based.
        row: usize,
        /// The column, counted in characters.
        column: usize,
    },
    /// A character of a partly solved colour grid that is not `.`, `?` or a colour's letter.
    #[error(
        "{ch:?} at row {row}, column {column} is not a cell: use . for the background, {letters} \
         for the colours, ? for unknown"
    )]
    BadColourStateChar {
        /// The character.
        ch: char,
        /// The row of the grid, 1-based.
        row: usize,
        /// The column, counted in characters.
        column: usize,
        /// The colours' letters, as `a-c`.
        letters: String,
    },
    /// A partly solved grid whose size is not the puzzle's.
    #[error("the grid has {found}, but the puzzle is {}x{}", puzzle.0, puzzle.1)]
    StateSize {
        /// What was found: `5 rows`, or `7 cells in row 3`.
        found: String,
        /// The puzzle's width and height.
        puzzle: (usize, usize),
    },
    /// Invalid JSON, or JSON of the wrong shape.
    #[error("{}{message}", column.map_or(String::new(), |column| format!("column {column}: ")))]
    Json {
        /// What `serde_json` says.
        message: String,
        /// The column in the line, when known.
        column: Option<usize>,
    },
    /// The file is larger than [`MAX_FILE_BYTES`].
    #[error("the file is too large ({bytes} bytes or more; the limit is {MAX_FILE_BYTES} bytes)")]
    TooLarge {
        /// The file's size, or the bytes read before giving up.
        bytes: u64,
    },
    /// The file is not UTF-8 text.
    #[error("the file is not UTF-8 text")]
    NotUtf8,
    /// The file could not be read.
    #[error("cannot read the file: {message}")]
    Io {
        /// What the operating system says.
        message: String,
    },
    /// The file holds no puzzle.
    #[error("the file holds no puzzle")]
    Empty,
    /// The file has text, but none of the keys of a `.non` file, the format tried when the content
    /// looks like no other.
    #[error(
        "no puzzle found: the text looks like no format nonosat reads (a .non file needs `width`, `height`, `rows` and `columns`; a picture is rows of `#` and `.`, one character a cell without spaces, a colour picture's legend lines `C #rrggbb` at its top; see docs/formats.md, or give --format)"
    )]
    NoKeys,
    /// A tournament file with a line where none belongs.
    #[error("\"{text}\" follows the {} clue lines of a puzzle; expected a `$N` line or the end", 2 * TOURNAMENT_SIDE)]
    UnexpectedLine {
        /// The line as written.
        text: String,
    },
    /// A feature of the format that this crate does not handle.
    #[error("{what} are not supported yet")]
    Unsupported {
        /// A plural noun phrase: `colour puzzles`.
        what: String,
    },
    /// Malformed XML, or XML that is not a webpbn puzzle set.
    #[error("XML: {message}")]
    Xml {
        /// What is wrong.
        message: String,
    },
    /// An image that could not be decoded (a broken PNG or PBM file).
    #[error("not a readable image: {message}")]
    Image {
        /// What the decoder says.
        message: String,
    },
    /// An image with a side longer than [`MAX_SIDE`]: one pixel is one cell.
    #[error(
        "the image is {width}x{height} pixels, but one pixel is one cell and a puzzle may be at most {MAX_SIDE} cells a side: scale the picture down to one pixel a cell"
    )]
    ImageTooLarge {
        /// Width in pixels.
        width: u64,
        /// Height in pixels.
        height: u64,
    },
    /// A format whose cargo feature this build of nonosat leaves out.
    #[error("the {format} format needs nonosat's `{feature}` feature, which this build leaves out")]
    FeatureMissing {
        /// The format.
        format: Format,
        /// The feature.
        feature: &'static str,
    },
    /// A line of a format with a fixed syntax (a Tatham game id, a PBM header) that is wrong.
    #[error("{message}")]
    Syntax {
        /// What was expected and what was found.
        message: String,
    },
    /// A clue or goal names a colour that the file's colour table does not define.
    #[error("the colour \"{name}\" is not defined in the colour table")]
    UndefinedColour {
        /// The name used.
        name: String,
    },
    /// A clue block has the background's colour.
    #[error("a clue block has the background colour \"{name}\"; blocks must be coloured")]
    BackgroundBlock {
        /// The background's name.
        name: String,
    },
    /// The colour table or the colour clues are not a colour puzzle.
    #[error("{0}")]
    Colour(#[source] ColourError),
    /// A colour goal does not fit the clues.
    #[error("the goal does not fit the clues: {0}")]
    ColourGoalMismatch(#[source] ColourMismatch),
    /// A picture read in colour with a number of colours out of range.
    #[error("--colors {asked}: a picture is read with 1 to {MAX_COLOURS} colours besides white")]
    ColourCount {
        /// The number asked for.
        asked: u8,
    },
    /// Colours to quantise to, asked for a file that is not a PNG picture.
    #[error(
        "--colors reads PNG pictures, and this file is {format}: its colours come from the file"
    )]
    ColoursNotPng {
        /// The file's format.
        format: Format,
    },
    /// A background colour named for a picture read in colour that no pixel has (after quantising).
    #[error("the background colour {hex} is not in the picture, so no cell would be empty")]
    BackgroundMissing {
        /// The colour, `#rrggbb`.
        hex: String,
    },
}

/// What the black-and-white readers call the colour puzzles they refuse (then read by
/// [`parse_colour_bytes`](super::parse_colour_bytes)).
pub(crate) const COLOUR_PUZZLES: &str = "colour puzzles";

/// `1 clue line`, `2 clue lines`.
/// What a space among a picture's cells means: cells written apart, or a grid as nonosat prints
/// it, with its row and column numbers.
fn space_hint(ch: char) -> &'static str {
    match ch {
        ' ' => {
            "; a picture has one character a cell, without spaces (a grid as nonosat prints it \
             needs its row and column numbers and spaces taken out)"
        }
        _ => "",
    }
}

fn clue_lines(count: usize) -> String {
    counted(count, "clue line", "clue lines")
}

/// A puzzle that cannot be written in the format asked for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// The format (picture, PBM) writes the goal, and the puzzle has none.
    #[error("the puzzle has no goal picture, which the {format} format writes")]
    NoGoal {
        /// The format.
        format: Format,
    },
    /// The format is binary, not text: [`write_bytes`](super::write_bytes) writes it.
    #[error("the {format} format is not text; `check --png` draws puzzles")]
    ReadOnly {
        /// The format.
        format: Format,
    },
    /// The format has a fixed size (tournament: 25x25) and the puzzle is another.
    #[error(
        "the {format} format holds {TOURNAMENT_SIDE}x{TOURNAMENT_SIDE} puzzles only, not {width}x{height}"
    )]
    WrongSize {
        /// The format.
        format: Format,
        /// The puzzle's width.
        width: usize,
        /// The puzzle's height.
        height: usize,
    },
    /// A format whose cargo feature this build of nonosat leaves out.
    #[error("the {format} format needs nonosat's `{feature}` feature, which this build leaves out")]
    FeatureMissing {
        /// The format.
        format: Format,
        /// The feature.
        feature: &'static str,
    },
    /// The format holds one puzzle and another number was given.
    #[error("the {format} format holds exactly one puzzle, but {} given", counted(*count, "was", "were"))]
    OnePuzzleOnly {
        /// The format.
        format: Format,
        /// Puzzles given.
        count: usize,
    },
    /// A colour puzzle in a format without colours.
    #[error(
        "the {format} format has no colours; write colour puzzles as non, xml, olsak, json or jsonl"
    )]
    NoColours {
        /// The format asked for.
        format: Format,
    },
    /// A colour puzzle written as a picture whose palette gives two colours one value.
    #[error(
        "the colours \"{first}\" and \"{second}\" are both {hex}, which a PNG picture cannot tell apart"
    )]
    SameColour {
        /// The first of the two colours' names.
        first: String,
        /// The second's.
        second: String,
        /// Their value, `#rrggbb`.
        hex: String,
    },
}

/// A parse error before the file name is known: used inside the parsers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LineError {
    /// The 1-based line of the file, when one line is to blame.
    pub line: Option<usize>,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

impl LineError {
    /// An error on one line.
    pub fn at(line: usize, kind: ParseErrorKind) -> Self {
        LineError {
            line: Some(line),
            kind,
        }
    }

    /// An error of the whole file, or at `line` when it is known.
    pub fn maybe_at(line: Option<usize>, kind: ParseErrorKind) -> Self {
        LineError { line, kind }
    }

    /// A syntax error on one line, saying what was expected and what was found.
    pub fn syntax(line: usize, message: &str) -> Self {
        let kind = ParseErrorKind::Syntax {
            message: message.to_string(),
        };
        LineError::at(line, kind)
    }

    /// A feature the crate does not handle (`what`, a plural noun phrase), at `line` when known.
    pub fn unsupported(line: Option<usize>, what: &str) -> Self {
        let kind = ParseErrorKind::Unsupported {
            what: what.to_string(),
        };
        LineError::maybe_at(line, kind)
    }

    /// The error with the file name added.
    pub fn in_file(self, file: &str) -> ParseError {
        ParseError {
            file: file.to_string(),
            line: self.line,
            kind: self.kind,
        }
    }
}
