//! Colour puzzles from files and to files: their [`Stored`], which picks each format's colour
//! reader and writer (the readers build their tables and puzzles with `colour_table`), and the
//! readers of files of either kind.
//!
//! webpbn XML, `.non`, Olšák's `.g`, JSON (Lines) and text pictures with a legend are read with
//! their colour tables; every other format is read as black and white and lifted to the
//! one-colour case.

use super::error::{COLOUR_PUZZLES, LineError, ParseError, ParseErrorKind, WriteError};
#[cfg(feature = "serde")]
use super::json;
use super::{
    Entry, Format, ReadOptions, Stored, display_name, non, numbered, olsak, parse_bytes, picture,
    utf8_text, webpbn,
};
use crate::model::{ColourPuzzle, Puzzle};

/// One colour puzzle of a file, with the label that identifies it inside the file.
pub type ColourEntry = Entry<ColourPuzzle>;

/// Colour puzzles: webpbn XML, `.non`, Olšák `.g`, JSON (Lines) and text pictures with their
/// colour tables, any other format as black and white (the one-colour case).
impl Stored for ColourPuzzle {
    /// Pictures other than text pictures are read as black and white, by the default options.
    fn read(
        bytes: &[u8],
        format: Format,
        _: &ReadOptions,
        file: &str,
    ) -> Result<Vec<ColourEntry>, ParseError> {
        let in_file = |error: LineError| error.in_file(file);
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Err(in_file(LineError::maybe_at(None, ParseErrorKind::Empty)));
        }
        let text = || utf8_text(bytes).map_err(in_file);
        let read = match format {
            Format::Xml => webpbn::parse_colour(text()?),
            Format::Non | Format::NonPack => non::parse_colour(text()?),
            Format::Olsak => olsak::parse_colour(text()?).map(|p| vec![p]),
            Format::Picture => picture::parse_colour(text()?).map(|p| vec![p]),
            #[cfg(feature = "serde")]
            Format::Json => json::parse_colour(text()?).map(|p| vec![p]),
            #[cfg(feature = "serde")]
            Format::JsonLines => json::parse_colour_lines(text()?),
            _ => {
                let entries = Puzzle::read(bytes, format, &ReadOptions::default(), file)?;
                return Ok(entries
                    .into_iter()
                    .map(|entry| ColourEntry {
                        label: entry.label,
                        puzzle: ColourPuzzle::from_black_and_white(&entry.puzzle),
                    })
                    .collect());
            }
        };
        read.map(numbered).map_err(in_file)
    }

    /// `non` (also `nonpack`), `xml`, `olsak`, `json`, `jsonl` and `picture` with their colour
    /// tables, each colour by its name, its letter and its value (a letter the format cannot write
    /// replaced by a free one); any other format when the puzzle has one colour, as black and
    /// white. The reader gives back the same clues, colours and goal, as far as the format holds
    /// them (docs/formats.md, "Colour puzzles").
    fn write_text(&self, format: Format) -> Result<String, WriteError> {
        match format {
            Format::Non | Format::NonPack => Ok(non::write_colour(self)),
            Format::Xml => Ok(webpbn::write_colour(self)),
            Format::Olsak => Ok(olsak::write_colour(self)),
            Format::Picture => picture::write_colour(self).ok_or(WriteError::NoGoal { format }),
            #[cfg(feature = "serde")]
            Format::Json => Ok(json::write_colour(self, true)),
            #[cfg(feature = "serde")]
            Format::JsonLines => Ok(json::write_colour(self, false)),
            _ => match self.to_black_and_white() {
                Some(plain) => plain.write_text(format),
                None => Err(WriteError::NoColours { format }),
            },
        }
    }

    /// The goal, each cell in its palette colour, which [`read_path_any`] with the palette's
    /// background (and `--colors` at least the number of colours) reads back as the same cells. A
    /// palette with two entries of one value is refused, as a picture could not tell them apart.
    fn write_png(&self) -> Result<Vec<u8>, WriteError> {
        let format = Format::Png;
        let goal = self.goal().ok_or(WriteError::NoGoal { format })?;
        let colours = self.palette().colours();
        for (i, colour) in colours.iter().enumerate() {
            if let Some(earlier) = colours[..i].iter().find(|c| c.rgb == colour.rgb) {
                return Err(WriteError::SameColour {
                    first: earlier.name.clone(),
                    second: colour.name.clone(),
                    hex: colour.hex(),
                });
            }
        }
        #[cfg(feature = "png")]
        {
            Ok(super::png::write_colour(goal, self.palette()))
        }
        #[cfg(not(feature = "png"))]
        unreachable!("PNG without the png feature is refused above ({goal:?})")
    }
}

/// The puzzles of a file: black and white, or colour when the file has colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Puzzles {
    /// Every puzzle of the file is black and white.
    BlackAndWhite(Vec<Entry>),
    /// The file has puzzles of more than one colour; all its puzzles are read as colour puzzles.
    Colour(Vec<ColourEntry>),
}

/// Reads the puzzles of a file (`-`: standard input) as black and white, or, when the
/// black-and-white readers refuse the file and the colour readers find colour puzzles in it (such
/// as a text grid with a colour legend), as colour puzzles with their tables. Errors are those of
/// the black-and-white readers, except for files they refuse for their colours.
///
/// With [`ReadOptions::colours`] set, the file must be a PNG image, read in colour (see
/// [`png`](super::png)): a colour puzzle, or black and white when the picture has one colour.
pub fn read_path_any(
    path: &std::path::Path,
    format: Option<Format>,
    options: &ReadOptions,
) -> Result<Puzzles, ParseError> {
    let source = path.to_string_lossy();
    let bytes = super::read_bytes(path).map_err(|error| error.in_file(&display_name(&source)))?;
    parse_any(&bytes, &source, format, options)
}

/// Reads the puzzles of a file's bytes as [`read_path_any`] reads a file: black and white, or
/// colour when the black-and-white readers refuse it for its colours. `source` names the file in
/// errors and detects the format when `format` is `None`.
pub fn parse_any(
    bytes: &[u8],
    source: &str,
    format: Option<Format>,
    options: &ReadOptions,
) -> Result<Puzzles, ParseError> {
    if let Some(most) = options.colours {
        return read_png_in_colour(bytes, source, format, most, options);
    }
    let refused = match parse_bytes(bytes, source, format, options) {
        Ok(entries) => return Ok(Puzzles::BlackAndWhite(entries)),
        Err(error) => error,
    };
    let colour = parse_bytes::<ColourPuzzle>(bytes, source, format, &ReadOptions::default());
    match colour {
        Ok(entries) if entries.iter().any(|entry| entry.puzzle.palette().len() > 1) => {
            Ok(Puzzles::Colour(entries))
        }
        Err(error) if is_colour_refusal(&refused) => Err(error),
        _ => Err(refused),
    }
}

/// A PNG image read in colour with at most `most` colours besides the background of `options`;
/// black and white when it has one.
fn read_png_in_colour(
    bytes: &[u8],
    source: &str,
    format: Option<Format>,
    most: u8,
    options: &ReadOptions,
) -> Result<Puzzles, ParseError> {
    let in_file = |error: LineError| error.in_file(&display_name(source));
    let format = format.unwrap_or_else(|| super::detect_bytes(Some(source), bytes));
    if format != Format::Png {
        let kind = ParseErrorKind::ColoursNotPng { format };
        return Err(in_file(LineError::maybe_at(None, kind)));
    }
    if let Some(feature) = format.missing_feature() {
        let kind = ParseErrorKind::FeatureMissing { format, feature };
        return Err(in_file(LineError::maybe_at(None, kind)));
    }
    #[cfg(feature = "png")]
    {
        let puzzle = super::png::parse_colour(bytes, most, options.background).map_err(in_file)?;
        let label = String::new();
        Ok(match puzzle.to_black_and_white() {
            Some(puzzle) => Puzzles::BlackAndWhite(vec![Entry { label, puzzle }]),
            None => Puzzles::Colour(vec![ColourEntry { label, puzzle }]),
        })
    }
    #[cfg(not(feature = "png"))]
    unreachable!("a PNG without the png feature is refused above ({most} colours, {options:?})")
}

/// Whether a black-and-white reader refused the file for its colours.
fn is_colour_refusal(error: &ParseError) -> bool {
    matches!(&error.kind, ParseErrorKind::Unsupported { what } if what == COLOUR_PUZZLES)
}
