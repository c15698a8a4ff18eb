//! Pictures as text grids: one line per row, `#` `X` `x` `1` for black, `.` `-` `0` for white.
//!
//! Whitespace at the end of a line and blank lines before and after the picture are ignored; every
//! row must have the same length. The clues are read off the picture, which becomes the goal.
//!
//! `parse_colour` reads colour pictures: legend lines `C #rrggbb` (a character, a space, its
//! colour, and optionally a space and its name) at the top, then the rows, `.` the background and each other character a colour of the
//! legend. Without a legend, the colour squares ⬜ (background) ⬛ 🟥 🟧 🟨 🟩 🟦 🟪 🟫 (number-loom's
//! character grids) and the black-and-white characters are known.

use super::colour_table::{hex_rgb, is_line_name};
use super::error::{LineError, ParseErrorKind};
use super::text::content_span;
use crate::model::{
    BACKGROUND, BACKGROUND_LETTER, Colour, ColourError, ColourPuzzle, Grid, MAX_COLOURS, MAX_SIDE,
    Palette, Puzzle, PuzzleError,
};

/// The colour squares a text grid may use without a legend, with their colours; `⬜` is the
/// background.
const SQUARES: [(char, [u8; 3]); 8] = [
    ('⬛', [0, 0, 0]),
    ('🟥', [221, 46, 68]),
    ('🟧', [244, 144, 12]),
    ('🟨', [253, 203, 88]),
    ('🟩', [120, 177, 89]),
    ('🟦', [85, 172, 238]),
    ('🟪', [170, 142, 214]),
    ('🟫', [193, 105, 79]),
];

/// The colour a picture character stands for (`true` = black), or `None` for other characters.
pub(crate) fn cell(ch: char) -> Option<bool> {
    match ch {
        '#' | 'X' | 'x' | '1' => Some(true),
        '.' | '-' | '0' => Some(false),
        _ => None,
    }
}

/// Reads a picture text.
pub(super) fn parse(text: &str) -> Result<Puzzle, LineError> {
    let (first, last) =
        content_span(text).ok_or(LineError::maybe_at(None, ParseErrorKind::Empty))?;
    let height = last - first + 1;
    let rows = text
        .lines()
        .enumerate()
        .skip(first - 1)
        .map(|(i, line)| (Some(i + 1), line.trim_end()));
    if height > MAX_SIDE {
        // Refused before the rows are held: a long file must not cost memory in proportion.
        let width = rows.map(|(_, row)| row.chars().count()).next().unwrap_or(0);
        return Err(too_large(width, height));
    }
    let rows: Vec<_> = rows.take(height).collect();
    let picture = parse_rows(&rows)?;
    Puzzle::from_picture(&picture)
        .map_err(|error| LineError::maybe_at(None, ParseErrorKind::Puzzle(error)))
}

/// The error for a picture with a side larger than [`MAX_SIDE`].
fn too_large(width: usize, height: usize) -> LineError {
    LineError::maybe_at(
        None,
        ParseErrorKind::Puzzle(PuzzleError::TooLarge { width, height }),
    )
}

/// A picture from its rows, each given with the file line it is on (when known).
pub(crate) fn parse_rows(rows: &[(Option<usize>, &str)]) -> Result<Grid<bool>, LineError> {
    let width = rows.first().map_or(0, |(_, row)| row.chars().count());
    if rows.len() > MAX_SIDE || width > MAX_SIDE {
        return Err(too_large(width, rows.len()));
    }
    let mut cells: Vec<Vec<bool>> = Vec::with_capacity(rows.len());
    for (index, &(line, text)) in rows.iter().enumerate() {
        let row = index + 1;
        let parsed = text
            .chars()
            .take(width + 1)
            .enumerate()
            .map(|(i, ch)| {
                cell(ch).ok_or(ParseErrorKind::BadPictureChar {
                    ch,
                    row,
                    column: i + 1,
                })
            })
            .collect::<Result<Vec<bool>, _>>()
            .map_err(|kind| LineError::maybe_at(line, kind))?;
        if parsed.len() != width {
            let kind = ParseErrorKind::RaggedPicture {
                row,
                expected: width,
                found: text.chars().count(),
            };
            return Err(LineError::maybe_at(line, kind));
        }
        cells.push(parsed);
    }
    if cells.is_empty() {
        return Err(LineError::maybe_at(None, ParseErrorKind::Empty));
    }
    Grid::from_rows(cells).ok_or(LineError::maybe_at(None, ParseErrorKind::Empty))
}

/// A legend line's colour: a character, a space, `#rrggbb`, and optionally a space and the colour's
/// name (the character itself when there is none).
pub(crate) fn legend_entry(text: &str) -> Option<Colour> {
    let mut chars = text.trim_end().chars();
    let ch = chars.next()?;
    let rest = chars.as_str().strip_prefix(' ')?;
    let (hex, name) = (rest.get(..7)?, rest.get(7..)?);
    let rgb = hex.starts_with('#').then(|| hex_rgb(hex)).flatten()?;
    let name = match name.strip_prefix(' ') {
        Some(name) if is_line_name(name.trim()) => name.trim().to_string(),
        None if name.is_empty() => ch.to_string(),
        _ => return None,
    };
    Some(Colour::new(&name, rgb).with_letter(ch))
}

/// What a grid character stands for: `None` the background, else its colour's character and
/// value; `Err` for a character that is neither.
fn lookup(legend: &[(char, [u8; 3])], ch: char) -> Result<Option<(char, [u8; 3])>, char> {
    if legend.is_empty() {
        return match ch {
            '.' | '⬜' | '-' | '0' => Ok(None),
            '#' | 'X' | 'x' | '1' => Ok(Some(('#', [0, 0, 0]))),
            _ => SQUARES
                .iter()
                .copied()
                .find(|&(c, _)| c == ch)
                .map(Some)
                .ok_or(ch),
        };
    }
    match ch {
        '.' => Ok(None),
        _ => legend
            .iter()
            .copied()
            .find(|&(c, _)| c == ch)
            .map(Some)
            .ok_or(ch),
    }
}

/// Reads a colour picture text: an optional legend, then the rows.
pub(super) fn parse_colour(text: &str) -> Result<ColourPuzzle, LineError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line))
        .peekable();
    let mut legend: Vec<(char, [u8; 3])> = Vec::new();
    let mut names: Vec<Colour> = Vec::new();
    while let Some(&(number, line)) = lines.peek() {
        if line.trim().is_empty() {
            lines.next();
            continue;
        }
        let Some(colour) = legend_entry(line) else {
            break;
        };
        let ch = colour.letter.unwrap_or(BACKGROUND_LETTER);
        let twice = |name: String| ParseErrorKind::Colour(ColourError::DuplicateName { name });
        let refused = if ch == BACKGROUND_LETTER {
            Some(ParseErrorKind::BackgroundBlock {
                name: ch.to_string(),
            })
        } else if names.iter().any(|c| c.letter == colour.letter) {
            Some(twice(ch.to_string()))
        } else if names.iter().any(|c| c.name == colour.name) {
            Some(twice(colour.name.clone()))
        } else {
            None
        };
        if let Some(kind) = refused {
            return Err(LineError::at(number, kind));
        }
        legend.push((ch, colour.rgb));
        names.push(colour);
        lines.next();
    }
    let rows: Vec<(usize, &str)> = lines
        .map(|(number, line)| (number, line.trim_end()))
        .collect();
    let last = rows.iter().rposition(|(_, row)| !row.is_empty());
    let rows = &rows[..last.map_or(0, |last| last + 1)];
    if rows.is_empty() {
        return Err(LineError::maybe_at(None, ParseErrorKind::Empty));
    }
    let width = rows[0].1.chars().count();
    if rows.len() > MAX_SIDE || width > MAX_SIDE {
        return Err(too_large(width, rows.len()));
    }
    // The colours in use, in legend order (else in order of first use), as (char, rgb).
    let mut used: Vec<(char, [u8; 3])> = Vec::new();
    let mut cells = Vec::with_capacity(rows.len());
    for (index, &(number, text)) in rows.iter().enumerate() {
        let row = index + 1;
        let mut parsed = Vec::with_capacity(width);
        for (column, ch) in (1..).zip(text.chars()) {
            let known = lookup(&legend, ch);
            let entry = known.map_err(|ch| {
                let kind = match legend.is_empty() {
                    true => ParseErrorKind::BadPictureChar { ch, row, column },
                    false => ParseErrorKind::UndefinedColour {
                        name: ch.to_string(),
                    },
                };
                LineError::at(number, kind)
            })?;
            let colour = match entry {
                None => BACKGROUND,
                Some(entry) => {
                    let at = used.iter().position(|&e| e == entry).unwrap_or_else(|| {
                        used.push(entry);
                        used.len() - 1
                    });
                    u8::try_from(at + 1).unwrap_or(u8::MAX)
                }
            };
            parsed.push(colour);
        }
        if parsed.len() != width {
            let kind = ParseErrorKind::RaggedPicture {
                row,
                expected: width,
                found: parsed.len(),
            };
            return Err(LineError::at(number, kind));
        }
        cells.push(parsed);
    }
    if used.len() > MAX_COLOURS {
        let kind = ParseErrorKind::Colour(ColourError::TooManyColours { count: used.len() });
        return Err(LineError::maybe_at(None, kind));
    }
    if !legend.is_empty() {
        // Number the colours in the legend's order.
        let order: Vec<(char, [u8; 3])> = legend
            .iter()
            .copied()
            .filter(|entry| used.contains(entry))
            .collect();
        let renumber: Vec<u8> = used
            .iter()
            .map(|entry| {
                order
                    .iter()
                    .position(|o| o == entry)
                    .map_or(0, |i| i as u8 + 1)
            })
            .collect();
        for cell in cells
            .iter_mut()
            .flatten()
            .filter(|cell| **cell != BACKGROUND)
        {
            *cell = renumber[usize::from(*cell) - 1];
        }
        used = order;
    }
    let colours = used
        .iter()
        .map(
            |&(ch, rgb)| match names.iter().find(|c| c.letter == Some(ch)) {
                Some(named) => named.clone(),
                None => Colour::new(&ch.to_string(), rgb).with_letter(ch),
            },
        )
        .collect();
    let to_error = |error| LineError::maybe_at(None, ParseErrorKind::Colour(error));
    let palette = Palette::new(Colour::new(".", [255, 255, 255]), colours).map_err(to_error)?;
    let picture = Grid::from_rows(cells).ok_or(LineError::maybe_at(None, ParseErrorKind::Empty))?;
    ColourPuzzle::from_picture(&picture, palette).map_err(to_error)
}

/// Writes a colour puzzle's goal as a text grid with its legend: a line `C #rrggbb name` for each
/// colour (its letter, value and name; no name when it is the letter), then the rows, `.` the
/// background.
pub(super) fn write_colour(puzzle: &ColourPuzzle) -> Option<String> {
    let goal = puzzle.goal()?;
    let palette = puzzle.palette();
    let mut text = String::new();
    for (index, colour) in (1..).zip(&palette.colours()[1..]) {
        let letter = palette.letter(index);
        text.push_str(&format!("{letter} {}", colour.hex()));
        if colour.name != letter.to_string() && is_line_name(&colour.name) {
            text.push_str(&format!(" {}", colour.name));
        }
        text.push('\n');
    }
    for row in goal.cells().chunks(goal.width()) {
        text.extend(row.iter().map(|&c| palette.letter(c)));
        text.push('\n');
    }
    Some(text)
}

/// The rows of a picture, `#` for black and `.` for white, one per line.
pub(super) fn write(picture: &Grid<bool>) -> String {
    picture
        .row_strings()
        .iter()
        .map(|row| format!("{row}\n"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_accepted_character() {
        let puzzle = parse("\n#X.\nx1-\n0..  \n\n").unwrap();
        let goal = puzzle.goal().unwrap();
        assert_eq!(goal.row_strings(), ["##.", "##.", "..."]);
    }

    #[test]
    fn blank_line_inside_is_a_ragged_row() {
        let error = parse("##\n\n##\n").unwrap_err();
        assert_eq!(error.line, Some(2));
    }
}
