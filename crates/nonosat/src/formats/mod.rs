//! Puzzle file formats: detection, parsers with positioned errors, and writers.
//!
//! | [`Format`] | name | holds | reader |
//! |---|---|---|---|
//! | `Non` | `non` | one puzzle, or several split by `====` | [Simpson's `.non`](non) |
//! | `NonPack` | `nonpack` | several `.non` split by `====` | same as `Non` |
//! | `Nin` | `nin` | one puzzle | [Wilk's `.nin`](nin) |
//! | `Tournament` | `tournament` | many 25x25 puzzles, `$N` each | [TAAI/ICGA](tournament) |
//! | `Json` | `json` | one object | [JSON](json) |
//! | `JsonLines` | `jsonl` | one object per line | [JSON](json) |
//! | `Picture` | `picture` | one picture; clues read off it | [text grid](picture) |
//! | `Png` | `png` | one picture; dark pixels black | [PNG image](png) (written as bytes: [`write_bytes`]) |
//! | `Pbm` | `pbm` | one picture, `P1` or `P4` | [Netpbm bitmap](pbm) |
//! | `Xml` | `xml` | a `<puzzleset>` of puzzles | [webpbn XML](webpbn) |
//! | `Olsak` | `olsak` | one puzzle, `: rows` and `: columns` sections | [Olšák `.g`](olsak) |
//! | `Mk` | `mk` | one puzzle: `H W`, rows, `#`, columns | [Olšák `.mk`](mk) |
//! | `Cwd` | `cwd` | one puzzle: height, width, clues | [CWD](cwd) |
//! | `Tatham` | `tatham` | one game id `WxH:clues` | [Tatham's Pattern](tatham) |
//! | `VerHor` | `verhor` | one object `{"ver": ..., "hor": ...}` | [JSON](json) |
//!
//! Every reader refuses numbers above [`MAX_SIDE`](crate::model::MAX_SIDE) and reports the first
//! problem with its line; no input makes a reader panic.
//!
//! ```
//! use nonosat::formats::{self, Format};
//! let entries = formats::parse::<nonosat::Puzzle>("2 1\n2\n1\n1\n", "tiny.nin", None).unwrap();
//! let puzzle = &entries[0].puzzle;
//! assert_eq!((puzzle.width(), puzzle.height()), (2, 1));
//! assert_eq!(formats::write(puzzle, Format::Nin).unwrap(), "2 1\n2\n1\n1\n");
//! ```

mod colour;
mod colour_table;
pub mod cwd;
mod detect;
mod error;
#[cfg(feature = "serde")]
pub mod json;
pub mod mk;
pub mod nin;
pub mod non;
pub mod olsak;
pub mod pbm;
pub mod picture;
#[cfg(feature = "png")]
pub mod png;
pub mod state;
pub mod tatham;
mod text;
pub mod tournament;
pub mod webpbn;
mod xml;

use std::fmt;
use std::io::Read;
use std::path::Path;

use crate::image::Rgb;

pub use colour::{ColourEntry, Puzzles, parse_any, read_path_any};
pub use colour_table::hex_rgb;
pub use detect::{by_extension, detect, detect_bytes};
use error::LineError;
pub use error::{ParseError, ParseErrorKind, WriteError};

use crate::model::Puzzle;

/// Files larger than this (64 MiB) are refused before they are read.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// The width and height of every puzzle in the tournament format.
pub const TOURNAMENT_SIDE: usize = 25;

/// A puzzle file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Steve Simpson's `.non`, as extended by nonogram-db.
    Non,
    /// Several `.non` puzzles separated by `====` lines.
    NonPack,
    /// Jakub Wilk's `.nin`.
    Nin,
    /// The TAAI/ICGA computer-tournament format: `$N` then 25 column and 25 row clue lines.
    Tournament,
    /// One JSON object.
    Json,
    /// One JSON object per line.
    JsonLines,
    /// A picture as a text grid of `#` and `.`.
    Picture,
    /// A PNG image, one pixel a cell; written as bytes ([`write_bytes`]).
    Png,
    /// A Netpbm bitmap, `P1` (text) or `P4` (binary); written as `P1`.
    Pbm,
    /// webpbn's XML: a `<puzzleset>` of `<puzzle>` elements.
    Xml,
    /// Petr Olšák's `.g`: `: rows` and `: columns` sections.
    Olsak,
    /// Olšák's simple `.mk`: `H W`, the row clues, a `#` line, the column clues.
    Mk,
    /// The `.cwd` format: height, width, then the row and column clues.
    Cwd,
    /// Simon Tatham's Pattern game id, `WxH:` then the clues.
    Tatham,
    /// JSON of the shape `{"ver": [...], "hor": [...]}`: column and row clues.
    VerHor,
}

impl Format {
    /// Every format, in the order of [`Format::names`].
    pub const ALL: [Format; 15] = [
        Format::Non,
        Format::NonPack,
        Format::Nin,
        Format::Tournament,
        Format::Json,
        Format::JsonLines,
        Format::Picture,
        Format::Png,
        Format::Pbm,
        Format::Xml,
        Format::Olsak,
        Format::Mk,
        Format::Cwd,
        Format::Tatham,
        Format::VerHor,
    ];

    /// The name used on the command line: `non`, `nonpack`, `nin`, `tournament`, `json`, `jsonl`,
    /// `picture`, `png`, `pbm`, `xml`, `olsak`, `mk`, `cwd`, `tatham`, `verhor`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Non => "non",
            Format::NonPack => "nonpack",
            Format::Nin => "nin",
            Format::Tournament => "tournament",
            Format::Json => "json",
            Format::JsonLines => "jsonl",
            Format::Picture => "picture",
            Format::Png => "png",
            Format::Pbm => "pbm",
            Format::Xml => "xml",
            Format::Olsak => "olsak",
            Format::Mk => "mk",
            Format::Cwd => "cwd",
            Format::Tatham => "tatham",
            Format::VerHor => "verhor",
        }
    }

    /// The cargo feature of nonosat that this build would need to read and write the format, if
    /// it leaves that feature out: `serde` for the JSON formats, `png` for PNG.
    pub fn missing_feature(self) -> Option<&'static str> {
        match self {
            Format::Json | Format::JsonLines | Format::VerHor if !cfg!(feature = "serde") => {
                Some("serde")
            }
            Format::Png if !cfg!(feature = "png") => Some("png"),
            _ => None,
        }
    }

    /// Every name, separated by `, `, for help texts.
    pub fn names() -> String {
        Format::ALL.map(Format::name).join(", ")
    }

    /// The usual file extension, without the dot (`txt` for tournament, picture and Tatham
    /// files, `g` for Olšák's, `json` for both JSON shapes).
    pub fn extension(self) -> &'static str {
        match self {
            Format::Tournament | Format::Picture | Format::Tatham => "txt",
            Format::Olsak => "g",
            Format::VerHor => "json",
            other => other.name(),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One puzzle of a file, with the label that identifies it inside the file: black and white
/// (a [`Puzzle`]), or colour ([`ColourEntry`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry<P = Puzzle> {
    /// `$17` for a tournament puzzle, `#3` (1-based) for a puzzle of a bundle or JSON Lines file,
    /// `""` when the file holds one puzzle (and no `$N` line).
    pub label: String,
    /// The puzzle.
    pub puzzle: P,
}

/// The name shown for a source in errors: `-` is `<stdin>`.
fn display_name(source: &str) -> String {
    match source {
        "-" => "<stdin>".to_string(),
        other => other.to_string(),
    }
}

/// How pictures become puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadOptions {
    /// A pixel of a PNG image is black when its brightness (luma, 0-255) is below this.
    pub threshold: u8,
    /// `Some(n)`: a PNG image is read in colour ([`read_path_any`]), white the background and its
    /// other colours quantised to at most `n` (1 to [`MAX_COLOURS`](crate::model::MAX_COLOURS)).
    pub colours: Option<u8>,
    /// For a PNG image read in colour: the colour that is empty, which some pixel must have;
    /// `None` is white, unchecked.
    pub background: Option<Rgb>,
}

impl Default for ReadOptions {
    /// Pixels darker than mid-grey (brightness below 128) are black.
    fn default() -> Self {
        ReadOptions {
            threshold: 128,
            colours: None,
            background: None,
        }
    }
}

impl ReadOptions {
    /// These options with the brightness `threshold` for black pixels.
    pub fn with_threshold(mut self, threshold: u8) -> Self {
        self.threshold = threshold;
        self
    }

    /// These options reading PNG images in colour, with at most `colours` colours besides white.
    pub fn with_colours(mut self, colours: Option<u8>) -> Self {
        self.colours = colours;
        self
    }

    /// These options reading PNG images in colour with `background` (white when `None`) as the
    /// empty colour.
    pub fn with_background(mut self, background: Option<Rgb>) -> Self {
        self.background = background;
        self
    }
}

/// What reading and writing files needs of a kind of puzzle, so that [`parse`], [`parse_bytes`],
/// [`write`](fn@write) and [`write_bytes`] are written once: black and white ([`Puzzle`], every
/// format) and colour ([`ColourPuzzle`](crate::model::ColourPuzzle), with its colour table where
/// the format holds one, and as black and white, the one-colour case, where it does not). Sealed:
/// the kinds are the library's own.
pub trait Stored: Sized + sealed::Sealed {
    /// Reads the puzzles of a file's bytes in `format`, with pictures read by `options`; errors
    /// name the file as `file`.
    fn read(
        bytes: &[u8],
        format: Format,
        options: &ReadOptions,
        file: &str,
    ) -> Result<Vec<Entry<Self>>, ParseError>;

    /// Writes the puzzle in a text format (see [`write`](fn@write)).
    fn write_text(&self, format: Format) -> Result<String, WriteError>;

    /// Writes the puzzle's goal as a PNG picture, one pixel a cell, once the build is known to
    /// have PNG (see [`write_bytes`]).
    fn write_png(&self) -> Result<Vec<u8>, WriteError>;
}

mod sealed {
    /// Implemented by the two kinds of puzzle, and nothing else.
    pub trait Sealed {}
    impl Sealed for crate::model::Puzzle {}
    impl Sealed for crate::model::ColourPuzzle {}
}

/// Every format, black and white.
impl Stored for Puzzle {
    fn read(
        bytes: &[u8],
        format: Format,
        options: &ReadOptions,
        file: &str,
    ) -> Result<Vec<Entry>, ParseError> {
        parse_as(bytes, format, options).map_err(|error| error.in_file(file))
    }

    /// `NonPack`, `JsonLines` and `Xml` write a collection of one; `Tournament` writes it as `$1`
    /// and needs a 25x25 puzzle; `Picture` and `Pbm` write the goal and need one; `Png` is binary.
    fn write_text(&self, format: Format) -> Result<String, WriteError> {
        let goal = || self.goal().ok_or(WriteError::NoGoal { format });
        if let Some(feature) = format.missing_feature() {
            return Err(WriteError::FeatureMissing { format, feature });
        }
        match format {
            Format::Non | Format::NonPack => Ok(non::write(self)),
            Format::Nin => Ok(nin::write(self)),
            Format::Tournament | Format::Xml => write_all(std::slice::from_ref(self), format),
            #[cfg(feature = "serde")]
            Format::Json => Ok(json::write(self)),
            #[cfg(feature = "serde")]
            Format::JsonLines => Ok(json::write_line(self)),
            #[cfg(feature = "serde")]
            Format::VerHor => Ok(json::write_ver_hor(self)),
            #[cfg(not(feature = "serde"))]
            Format::Json | Format::JsonLines | Format::VerHor => {
                unreachable!("formats whose feature is left out are refused above")
            }
            Format::Picture => goal().map(picture::write),
            Format::Pbm => goal().map(pbm::write),
            Format::Olsak => Ok(olsak::write(self)),
            Format::Mk => Ok(mk::write(self)),
            Format::Cwd => Ok(cwd::write(self)),
            Format::Tatham => Ok(tatham::write(self)),
            Format::Png => Err(WriteError::ReadOnly { format }),
        }
    }

    /// The goal, which the PNG reader reads back as the same puzzle.
    fn write_png(&self) -> Result<Vec<u8>, WriteError> {
        let goal = self.goal().ok_or(WriteError::NoGoal {
            format: Format::Png,
        })?;
        #[cfg(feature = "png")]
        {
            Ok(png::write(goal))
        }
        #[cfg(not(feature = "png"))]
        unreachable!("PNG without the png feature is refused above ({goal:?})")
    }
}

/// Reads the puzzles of a text. `source` is the file name, shown in errors (`-` as `<stdin>`) and
/// used to detect the format when `format` is `None` (see [`detect`]). A leading byte-order mark is
/// skipped.
pub fn parse<P: Stored>(
    text: &str,
    source: &str,
    format: Option<Format>,
) -> Result<Vec<Entry<P>>, ParseError> {
    parse_bytes(text.as_bytes(), source, format, &ReadOptions::default())
}

/// Reads the puzzles of a file's bytes as puzzles of kind `P`: a binary picture (PNG, PBM `P4`),
/// or UTF-8 text in any other format. `source` is the file name, shown in errors (`-` as
/// `<stdin>`) and used to detect the format when `format` is `None` (see [`detect_bytes`]).
pub fn parse_bytes<P: Stored>(
    bytes: &[u8],
    source: &str,
    format: Option<Format>,
    options: &ReadOptions,
) -> Result<Vec<Entry<P>>, ParseError> {
    let format = format.unwrap_or_else(|| detect_bytes(Some(source), bytes));
    P::read(bytes, format, options, &display_name(source))
}

/// Reads the puzzles of a file's bytes in a known format.
/// Only PNG uses `options` (its threshold).
#[cfg_attr(not(feature = "png"), expect(unused_variables))]
fn parse_as(bytes: &[u8], format: Format, options: &ReadOptions) -> Result<Vec<Entry>, LineError> {
    if let Some(feature) = format.missing_feature() {
        return Err(LineError::maybe_at(
            None,
            ParseErrorKind::FeatureMissing { format, feature },
        ));
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(LineError::maybe_at(None, ParseErrorKind::Empty));
    }
    match format {
        #[cfg(feature = "png")]
        Format::Png => return Ok(numbered(vec![png::parse(bytes, options.threshold)?])),
        Format::Pbm => return Ok(numbered(vec![pbm::parse(bytes)?])),
        _ => {}
    }
    let text = utf8_text(bytes)?;
    Ok(match format {
        Format::Non | Format::NonPack => numbered(non::parse(text)?),
        Format::Nin => numbered(vec![nin::parse(text)?]),
        Format::Tournament => tournament::parse(text)?,
        #[cfg(feature = "serde")]
        Format::Json | Format::VerHor => numbered(vec![json::parse(text)?]),
        #[cfg(feature = "serde")]
        Format::JsonLines => numbered(json::parse_lines(text)?),
        Format::Picture => numbered(vec![picture::parse(text)?]),
        Format::Xml => numbered(webpbn::parse(text)?),
        Format::Olsak => numbered(vec![olsak::parse(text)?]),
        Format::Mk => numbered(vec![mk::parse(text)?]),
        Format::Cwd => numbered(vec![cwd::parse(text)?]),
        Format::Tatham => numbered(vec![tatham::parse(text)?]),
        Format::Png | Format::Pbm => unreachable!("binary pictures are read above"),
        #[cfg(not(feature = "serde"))]
        Format::Json | Format::VerHor | Format::JsonLines => {
            unreachable!("formats whose feature is left out are refused above")
        }
    })
}

/// The bytes as UTF-8 text without a leading byte-order mark, or the line of the first bad byte.
fn utf8_text(bytes: &[u8]) -> Result<&str, LineError> {
    let text = std::str::from_utf8(bytes).map_err(|error| {
        let before = &bytes[..error.valid_up_to()];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        LineError::at(line, ParseErrorKind::NotUtf8)
    })?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}

/// Entries labelled `#1`, `#2`, ..., or `""` for a single puzzle.
fn numbered<P>(puzzles: Vec<P>) -> Vec<Entry<P>> {
    let single = puzzles.len() == 1;
    puzzles
        .into_iter()
        .enumerate()
        .map(|(i, puzzle)| Entry {
            label: if single {
                String::new()
            } else {
                format!("#{}", i + 1)
            },
            puzzle,
        })
        .collect()
}

/// Reads the puzzles of a file; the path `-` is standard input. Files larger than
/// [`MAX_FILE_BYTES`] are refused before being read; text formats must be UTF-8.
pub fn read_path<P: Stored>(
    path: &Path,
    format: Option<Format>,
) -> Result<Vec<Entry<P>>, ParseError> {
    read_path_with(path, format, &ReadOptions::default())
}

/// The text of a file, or of standard input for the path `-`, within [`MAX_FILE_BYTES`]; errors
/// name the file.
pub fn read_path_text(path: &Path) -> Result<String, ParseError> {
    let in_file = |error: LineError| error.in_file(&display_name(&path.to_string_lossy()));
    let bytes = read_bytes(path).map_err(in_file)?;
    utf8_text(&bytes).map(str::to_owned).map_err(in_file)
}

/// Reads the puzzles of a file as [`read_path`] does, with pictures read by `options`.
pub fn read_path_with<P: Stored>(
    path: &Path,
    format: Option<Format>,
    options: &ReadOptions,
) -> Result<Vec<Entry<P>>, ParseError> {
    let source = path.to_string_lossy();
    let bytes = read_bytes(path).map_err(|error| error.in_file(&display_name(&source)))?;
    parse_bytes(&bytes, &source, format, options)
}

/// The bytes of a file or of standard input (`-`), within the size limit.
fn read_bytes(path: &Path) -> Result<Vec<u8>, LineError> {
    if path == Path::new("-") {
        return read_limited(std::io::stdin().lock());
    }
    let file = std::fs::File::open(path).map_err(io_error)?;
    if let Ok(metadata) = file.metadata()
        && metadata.len() > MAX_FILE_BYTES
    {
        return Err(too_large(metadata.len()));
    }
    read_limited(file)
}

/// Every byte of `reader`, or an error once there are more than [`MAX_FILE_BYTES`].
fn read_limited(reader: impl Read) -> Result<Vec<u8>, LineError> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if read > MAX_FILE_BYTES {
        return Err(too_large(read));
    }
    Ok(bytes)
}

/// The error for a file over the size limit.
fn too_large(bytes: u64) -> LineError {
    LineError::maybe_at(None, ParseErrorKind::TooLarge { bytes })
}

/// An I/O error as a parse error of the whole file.
fn io_error(error: std::io::Error) -> LineError {
    LineError::maybe_at(
        None,
        ParseErrorKind::Io {
            message: error.to_string(),
        },
    )
}

/// Writes one puzzle of either kind (see each kind's [`Stored::write_text`]); `Png` is binary:
/// [`write_bytes`] writes it.
pub fn write<P: Stored>(puzzle: &P, format: Format) -> Result<String, WriteError> {
    puzzle.write_text(format)
}

/// Writes one puzzle as bytes: as [`write`](fn@write) does, and `Png` as the goal picture, one
/// pixel a cell (see each kind's [`Stored::write_png`]).
pub fn write_bytes<P: Stored>(puzzle: &P, format: Format) -> Result<Vec<u8>, WriteError> {
    if format != Format::Png {
        return write(puzzle, format).map(String::into_bytes);
    }
    if let Some(feature) = format.missing_feature() {
        return Err(WriteError::FeatureMissing { format, feature });
    }
    puzzle.write_png()
}

/// Writes several puzzles into one file: `NonPack` separates them with `====` lines, `JsonLines`
/// writes one per line, `Tournament` numbers them `$1`, `$2`, ..., `Xml` puts them in one
/// `<puzzleset>`; the other formats hold exactly one puzzle.
pub fn write_all(puzzles: &[Puzzle], format: Format) -> Result<String, WriteError> {
    if let Some(feature) = format.missing_feature() {
        return Err(WriteError::FeatureMissing { format, feature });
    }
    match (format, puzzles) {
        (Format::NonPack, _) => Ok(non::write_pack(puzzles)),
        #[cfg(feature = "serde")]
        (Format::JsonLines, _) => Ok(puzzles.iter().map(json::write_line).collect()),
        (Format::Xml, _) => Ok(webpbn::write(puzzles)),
        (Format::Tournament, _) => {
            let wrong = puzzles
                .iter()
                .find(|p| (p.width(), p.height()) != (TOURNAMENT_SIDE, TOURNAMENT_SIDE));
            match wrong {
                Some(puzzle) => Err(WriteError::WrongSize {
                    format,
                    width: puzzle.width(),
                    height: puzzle.height(),
                }),
                None => Ok(tournament::write(puzzles)),
            }
        }
        (_, [puzzle]) => write(puzzle, format),
        (_, _) => Err(WriteError::OnePuzzleOnly {
            format,
            count: puzzles.len(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_whose_feature_is_left_out_are_refused_by_name() {
        let puzzle = parse::<Puzzle>("1 1\n1\n1\n", "a.nin", None)
            .unwrap()
            .remove(0)
            .puzzle;
        for format in [Format::Json, Format::Png] {
            let feature = format.missing_feature();
            let expected = match format {
                Format::Png => (!cfg!(feature = "png")).then_some("png"),
                _ => (!cfg!(feature = "serde")).then_some("serde"),
            };
            assert_eq!(feature, expected);
            if let Some(feature) = feature {
                let message = format!(
                    "the {format} format needs nonosat's `{feature}` feature, which this build \
                     leaves out"
                );
                let read = parse_bytes::<Puzzle>(b"{}", "p", Some(format), &ReadOptions::default());
                assert_eq!(read.unwrap_err().to_string(), format!("p: {message}"));
                assert_eq!(write(&puzzle, format).unwrap_err().to_string(), message);
            }
        }
    }

    #[test]
    fn names_are_distinct_lower_case_words() {
        let names: std::collections::HashSet<_> = Format::ALL.map(Format::name).into();
        assert_eq!(names.len(), Format::ALL.len());
        assert!(
            names
                .iter()
                .all(|name| name.bytes().all(|b| b.is_ascii_lowercase()))
        );
    }

    #[test]
    fn single_puzzles_have_empty_labels() {
        let entries = parse::<Puzzle>("1 1\n1\n1\n", "a.nin", None).unwrap();
        assert_eq!(entries[0].label, "");
    }
}
