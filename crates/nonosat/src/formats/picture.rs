//! Pictures as text grids: one line per row, `#` `X` `x` `1` for black, `.` `-` `0` for white.
//!
//! Whitespace at the end of a line and blank lines before and after the picture are ignored; every
//! row must have the same length. The clues are read off the picture, which becomes the goal.

use super::error::{LineError, ParseErrorKind};
use super::text::content_span;
use crate::model::{Grid, MAX_SIDE, Puzzle, PuzzleError};

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
