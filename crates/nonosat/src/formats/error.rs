//! Errors of the readers and writers: what is wrong, in which file, on which line.

use std::fmt;

use super::{Format, MAX_FILE_BYTES, TOURNAMENT_SIDE};
use crate::model::{MAX_SIDE, Mismatch, PuzzleError};

/// A puzzle file that could not be read, with where the problem is.
///
/// Displays as `data.non:12: what is wrong`, or `data.non: what is wrong` when no single line is to
/// blame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The file name as shown to the user (`<stdin>` for standard input).
    pub source: String,
    /// The 1-based line of the file where the problem is, when one line is to blame.
    pub line: Option<usize>,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong with a puzzle file. Row, column and line numbers in it are 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A word where a number was expected.
    NotANumber {
        /// The word as written.
        text: String,
    },
    /// A number larger than [`MAX_SIDE`]: no line or side can be that long.
    NumberTooLarge {
        /// The number as written.
        text: String,
    },
    /// A `0` among other numbers of a clue; `0` may only stand alone, for an empty clue.
    ZeroInClue,
    /// A required key or section is missing, such as `width` or `rows`.
    MissingSection {
        /// The key or section's name.
        name: String,
    },
    /// A key that may appear once appears again.
    DuplicateKey {
        /// The key's name.
        name: String,
    },
    /// A section comes before a key it depends on (`rows` before `height`).
    OutOfOrder {
        /// The section that came too early.
        section: String,
        /// The key that must come first.
        needs: String,
    },
    /// A section has fewer or more clue lines than the puzzle's size asks for.
    WrongLineCount {
        /// `rows` or `columns`.
        section: String,
        /// Clue lines the size asks for.
        expected: usize,
        /// Clue lines found.
        found: usize,
    },
    /// The size line of a `.nin` file is not two numbers.
    BadSize {
        /// The line as written.
        text: String,
    },
    /// The clues do not form a puzzle (a clue longer than its line, totals that differ, too large).
    Puzzle(PuzzleError),
    /// A `.non` goal string with the wrong number of cells.
    GoalLength {
        /// Width times height.
        expected: usize,
        /// Cells in the goal.
        found: usize,
    },
    /// The goal picture breaks the clues.
    GoalMismatch(Mismatch),
    /// A picture row whose length differs from the first row's.
    RaggedPicture {
        /// The row, counted from the picture's first row.
        row: usize,
        /// Length of the first row.
        expected: usize,
        /// Length of this row.
        found: usize,
    },
    /// A character that is neither black nor white in a picture.
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
    BadStateChar {
        /// The character.
        ch: char,
        /// The row of the grid, 1-based.
        row: usize,
        /// The column, counted in characters.
        column: usize,
    },
    /// A partly solved grid whose size is not the puzzle's.
    StateSize {
        /// What was found: `5 rows`, or `7 cells in row 3`.
        found: String,
        /// The puzzle's width and height.
        puzzle: (usize, usize),
    },
    /// A Latin square puzzle whose rows are not as many as their cells, or larger than 9x9.
    NotSquare {
        /// The row (1-based) that breaks the shape, or 0 when the number of rows is wrong.
        row: usize,
        /// Cells (or rows) expected.
        expected: usize,
        /// Cells (or rows) found.
        found: usize,
    },
    /// A character of a Latin square puzzle that is neither a digit 1..n nor `.`.
    BadSquareChar {
        /// The character.
        ch: char,
        /// The row, 1-based.
        row: usize,
        /// The column, 1-based.
        column: usize,
        /// The square's order n.
        order: usize,
    },
    /// Invalid JSON, or JSON of the wrong shape.
    Json {
        /// What `serde_json` says.
        message: String,
        /// The column in the line, when known.
        column: Option<usize>,
    },
    /// The file is larger than [`MAX_FILE_BYTES`].
    TooLarge {
        /// The file's size, or the bytes read before giving up.
        bytes: u64,
    },
    /// The file is not UTF-8 text.
    NotUtf8,
    /// The file could not be read.
    Io {
        /// What the operating system says.
        message: String,
    },
    /// The file holds no puzzle.
    Empty,
    /// The file has text, but none of the keys of a `.non` file, the format tried when the content
    /// looks like no other.
    NoKeys,
    /// A tournament file with a line where none belongs.
    UnexpectedLine {
        /// The line as written.
        text: String,
    },
    /// A feature of the format that this crate does not handle.
    Unsupported {
        /// A plural noun phrase: `colour puzzles`.
        what: String,
    },
    /// Malformed XML, or XML that is not a webpbn puzzle set.
    Xml {
        /// What is wrong.
        message: String,
    },
    /// An image that could not be decoded (a broken PNG or PBM file).
    Image {
        /// What the decoder says.
        message: String,
    },
    /// An image with a side longer than [`MAX_SIDE`]: one pixel is one cell.
    ImageTooLarge {
        /// Width in pixels.
        width: u64,
        /// Height in pixels.
        height: u64,
    },
    /// A line of a format with a fixed syntax (a Tatham game id, a PBM header) that is wrong.
    Syntax {
        /// What was expected and what was found.
        message: String,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.source, line, self.kind),
            None => write!(f, "{}: {}", self.source, self.kind),
        }
    }
}

impl std::error::Error for ParseError {}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseErrorKind as K;
        match self {
            K::NotANumber { text } => write!(f, "\"{text}\" is not a number"),
            K::NumberTooLarge { text } => write!(
                f,
                "\"{text}\" is too large: no line may be longer than {MAX_SIDE} cells"
            ),
            K::ZeroInClue => f.write_str("a clue has a 0 among other numbers; 0 must stand alone"),
            K::MissingSection { name } => write!(f, "the `{name}` key is missing"),
            K::DuplicateKey { name } => write!(f, "the `{name}` key appears twice"),
            K::OutOfOrder { section, needs } => {
                write!(
                    f,
                    "`{section}` comes before `{needs}`, which must come first"
                )
            }
            K::WrongLineCount {
                section,
                expected,
                found,
            } => write!(
                f,
                "the {section} section should have {} but has {found}",
                clue_lines(*expected)
            ),
            K::BadSize { text } => write!(
                f,
                "the first line should be the width and the height, but reads \"{text}\""
            ),
            K::Puzzle(error) => write!(f, "{error}"),
            K::GoalLength { expected, found } => write!(
                f,
                "the goal has {found} cells but the puzzle has {expected}"
            ),
            K::GoalMismatch(mismatch) => {
                write!(f, "the goal does not fit the clues: {mismatch}")
            }
            K::RaggedPicture {
                row,
                expected,
                found,
            } => write!(
                f,
                "row {row} of the picture has {found} cells but row 1 has {expected}"
            ),
            K::BadPictureChar { ch, row, column } => write!(
                f,
                "{ch:?} at row {row}, column {column} of the picture is neither black (# X x 1) \
                 nor white (. - 0)"
            ),
            K::BadStateChar { ch, row, column } => write!(
                f,
                "{ch:?} at row {row}, column {column} is not a cell: use # for black, . for white, \
                 ? for unknown"
            ),
            K::StateSize { found, puzzle } => write!(
                f,
                "the grid has {found}, but the puzzle is {}x{}",
                puzzle.0, puzzle.1
            ),
            K::NotSquare {
                row: 0,
                expected,
                found,
            } => write!(
                f,
                "a Latin square has as many rows as columns (at most 9): expected {expected} \
                 rows, found {found}"
            ),
            K::NotSquare {
                row,
                expected,
                found,
            } => write!(
                f,
                "row {row} has {found} cells but the first row has {expected}"
            ),
            K::BadSquareChar {
                ch,
                row,
                column,
                order,
            } => write!(
                f,
                "{ch:?} at row {row}, column {column} is neither a digit 1..{order} nor ."
            ),
            K::Json {
                message,
                column: Some(column),
            } => write!(f, "column {column}: {message}"),
            K::Json {
                message,
                column: None,
            } => f.write_str(message),
            K::TooLarge { bytes } => write!(
                f,
                "the file is too large ({bytes} bytes or more; the limit is {MAX_FILE_BYTES} bytes)"
            ),
            K::NotUtf8 => f.write_str("the file is not UTF-8 text"),
            K::Io { message } => write!(f, "cannot read the file: {message}"),
            K::Empty => f.write_str("the file holds no puzzle"),
            K::NoKeys => f.write_str(
                "no puzzle found: the text looks like no format nonosat reads (a .non file needs \
                 `width`, `height`, `rows` and `columns`; see docs/formats.md, or give --format)",
            ),
            K::UnexpectedLine { text } => write!(
                f,
                "\"{text}\" follows the {} clue lines of a puzzle; expected a `$N` line or the end",
                2 * TOURNAMENT_SIDE
            ),
            K::Unsupported { what } => write!(f, "{what} are not supported yet"),
            K::Xml { message } => write!(f, "XML: {message}"),
            K::Image { message } => write!(f, "not a readable image: {message}"),
            K::ImageTooLarge { width, height } => write!(
                f,
                "the image is {width}x{height} pixels, but one pixel is one cell and a puzzle may \
                 be at most {MAX_SIDE} cells a side: scale the picture down to one pixel a cell"
            ),
            K::Syntax { message } => f.write_str(message),
        }
    }
}

/// `1 clue line`, `2 clue lines`.
fn clue_lines(count: usize) -> String {
    match count {
        1 => "1 clue line".to_string(),
        _ => format!("{count} clue lines"),
    }
}

/// A puzzle that cannot be written in the format asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WriteError {
    /// The format (picture, PBM) writes the goal, and the puzzle has none.
    NoGoal {
        /// The format.
        format: Format,
    },
    /// The format is read but not written here.
    ReadOnly {
        /// The format.
        format: Format,
    },
    /// The format has a fixed size (tournament: 25x25) and the puzzle is another.
    WrongSize {
        /// The format.
        format: Format,
        /// The puzzle's width.
        width: usize,
        /// The puzzle's height.
        height: usize,
    },
    /// The format holds one puzzle and another number was given.
    OnePuzzleOnly {
        /// The format.
        format: Format,
        /// Puzzles given.
        count: usize,
    },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::NoGoal { format } => write!(
                f,
                "the puzzle has no goal picture, which the {format} format writes"
            ),
            WriteError::ReadOnly { format } => write!(
                f,
                "the {format} format is read but not written; `check --png` draws puzzles"
            ),
            WriteError::WrongSize {
                format,
                width,
                height,
            } => write!(
                f,
                "the {format} format holds {TOURNAMENT_SIDE}x{TOURNAMENT_SIDE} puzzles only, \
                 not {width}x{height}"
            ),
            WriteError::OnePuzzleOnly { format, count } => write!(
                f,
                "the {format} format holds exactly one puzzle, but {count} were given"
            ),
        }
    }
}

impl std::error::Error for WriteError {}

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
    pub fn in_file(self, source: &str) -> ParseError {
        ParseError {
            source: source.to_string(),
            line: self.line,
            kind: self.kind,
        }
    }
}
