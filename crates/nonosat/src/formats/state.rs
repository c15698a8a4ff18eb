//! Partly solved grids: one line per row, `#` black, `.` white, `?` unknown (a picture's other
//! black and white characters, `X x 1` and `- 0`, are accepted too). Blank lines before and after
//! the grid and spaces at the ends of lines are ignored.

use std::path::Path;

use super::error::{LineError, ParseErrorKind};
use super::picture::cell;
use super::text::content_span;
use super::{ParseError, display_name, read_path_text};
use crate::model::{Cell, Grid, Puzzle};
use crate::words::counted;

/// Reads a partly solved grid of `puzzle` from `text`; `source` names the file in errors.
pub fn parse(text: &str, source: &str, puzzle: &Puzzle) -> Result<Grid<Cell>, ParseError> {
    parse_lines(text, puzzle).map_err(|error| error.in_file(&display_name(source)))
}

/// Reads a partly solved grid of `puzzle` from a file (`-` for standard input).
pub fn read(path: &Path, puzzle: &Puzzle) -> Result<Grid<Cell>, ParseError> {
    parse(&read_path_text(path)?, &path.to_string_lossy(), puzzle)
}

/// Writes a partly solved grid as [`parse`] reads it: `#` black, `.` white, `?` unknown.
pub fn write(grid: &Grid<Cell>) -> String {
    let mut text = String::with_capacity((grid.width() + 1) * grid.height());
    for pos in grid.positions() {
        text.push(grid[pos].symbol());
        if pos.col + 1 == grid.width() {
            text.push('\n');
        }
    }
    text
}

fn parse_lines(text: &str, puzzle: &Puzzle) -> Result<Grid<Cell>, LineError> {
    let size = (puzzle.width(), puzzle.height());
    let wrong_size = |line, found| {
        LineError::maybe_at(
            line,
            ParseErrorKind::StateSize {
                found,
                puzzle: size,
            },
        )
    };
    let Some((first, last)) = content_span(text) else {
        return Err(LineError::maybe_at(None, ParseErrorKind::Empty));
    };
    let rows = last - first + 1;
    if rows != puzzle.height() {
        return Err(wrong_size(None, counted(rows, "row", "rows")));
    }
    let mut grid = Grid::filled(size.0, size.1, Cell::Unknown);
    for (row, text) in text.lines().skip(first - 1).take(rows).enumerate() {
        let line = Some(first + row);
        let text = text.trim();
        let length = text.chars().count();
        if length != puzzle.width() {
            return Err(wrong_size(
                line,
                format!("{} in row {}", counted(length, "cell", "cells"), row + 1),
            ));
        }
        for (col, ch) in text.chars().enumerate() {
            let value = match ch {
                '?' => Cell::Unknown,
                _ => cell(ch).map(Cell::from_black).ok_or_else(|| {
                    let (row, column) = (row + 1, col + 1);
                    LineError::maybe_at(line, ParseErrorKind::BadStateChar { ch, row, column })
                })?,
            };
            grid[crate::model::Pos { row, col }] = value;
        }
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Clue;

    fn puzzle() -> Puzzle {
        let clue = |b: &[usize]| Clue::new(b.to_vec());
        Puzzle::new(vec![clue(&[2]), clue(&[1])], vec![clue(&[2]), clue(&[1])]).unwrap()
    }

    #[test]
    fn written_grids_read_back() {
        let mut grid = Grid::filled(2, 2, Cell::Unknown);
        grid[crate::model::Pos { row: 0, col: 1 }] = Cell::Black;
        grid[crate::model::Pos { row: 1, col: 0 }] = Cell::White;
        assert_eq!(write(&grid), "?#\n.?\n");
        assert_eq!(parse(&write(&grid), "s.txt", &puzzle()).unwrap(), grid);
    }

    #[test]
    fn reads_known_and_unknown_cells() {
        let grid = parse("\n#?\n?.\n\n", "s.txt", &puzzle()).unwrap();
        assert_eq!(
            grid.cells(),
            [Cell::Black, Cell::Unknown, Cell::Unknown, Cell::White]
        );
    }

    #[test]
    fn errors_say_what_and_where() {
        let error = |text| parse(text, "s.txt", &puzzle()).unwrap_err().to_string();
        assert_eq!(
            error("#?\n"),
            "s.txt: the grid has 1 row, but the puzzle is 2x2"
        );
        assert_eq!(
            error("#?\n?\n"),
            "s.txt:2: the grid has 1 cell in row 2, but the puzzle is 2x2"
        );
        assert_eq!(
            error("#?\n?o\n"),
            "s.txt:2: 'o' at row 2, column 2 is not a cell: use # for black, . for white, ? for \
             unknown"
        );
    }
}
