//! Partly solved grids: one line per row, `#` black, `.` white, `?` unknown (a picture's other
//! black and white characters, `X x 1` and `- 0`, are accepted too). Blank lines before and after
//! the grid and spaces at the ends of lines are ignored.
//!
//! A colour puzzle's partly solved grid has `.` for the background, the letters of the puzzle's
//! colours (its file's, such as `y` `o` `b` `r`, else `a`, `b`, ...; as in `--json` solution rows
//! and the colour table of the records), and `?` for a cell whose colour is unknown.

use std::path::Path;

use super::error::{LineError, ParseErrorKind};
use super::picture::cell;
use super::text::content_span;
use super::{ParseError, display_name, read_path_text};
use crate::model::{Cell, ColourPuzzle, GENERATED_LETTERS, Grid, Pos, Puzzle, UNKNOWN_LETTER};
use crate::words::counted;

/// Reads a partly solved grid of `puzzle` from `text`; `source` names the file in errors.
pub fn parse(text: &str, source: &str, puzzle: &Puzzle) -> Result<Grid<Cell>, ParseError> {
    let cell = |ch: char, row: usize, column: usize| match ch {
        '?' => Ok(Cell::Unknown),
        _ => cell(ch)
            .map(Cell::from_black)
            .ok_or(ParseErrorKind::BadStateChar { ch, row, column }),
    };
    let size = (puzzle.width(), puzzle.height());
    parse_lines(text, size, Cell::Unknown, cell)
        .map_err(|error| error.in_file(&display_name(source)))
}

/// Reads a partly solved grid of `puzzle` from a file (`-` for standard input).
pub fn read(path: &Path, puzzle: &Puzzle) -> Result<Grid<Cell>, ParseError> {
    parse(&read_path_text(path)?, &path.to_string_lossy(), puzzle)
}

/// Writes a partly solved grid as [`parse`] reads it: `#` black, `.` white, `?` unknown.
pub fn write(grid: &Grid<Cell>) -> String {
    write_with(grid, Cell::symbol)
}

/// Reads a partly solved grid of the colour `puzzle` from `text`; `source` names the file in
/// errors. Each cell is its colour index (0 the background), or `None` for `?`.
pub fn parse_colour(
    text: &str,
    source: &str,
    puzzle: &ColourPuzzle,
) -> Result<Grid<Option<u8>>, ParseError> {
    let palette = puzzle.palette();
    let letters = letter_list(&palette.letters());
    let cell = |ch: char, row: usize, column: usize| match ch {
        UNKNOWN_LETTER => Ok(None),
        _ => palette.index_of_letter(ch).map(Some).ok_or_else(|| {
            ParseErrorKind::BadColourStateChar {
                ch,
                row,
                column,
                letters: letters.clone(),
            }
        }),
    };
    let size = (puzzle.width(), puzzle.height());
    parse_lines(text, size, None, cell).map_err(|error| error.in_file(&display_name(source)))
}

/// Reads a partly solved grid of the colour `puzzle` from a file (`-` for standard input).
pub fn read_colour(path: &Path, puzzle: &ColourPuzzle) -> Result<Grid<Option<u8>>, ParseError> {
    parse_colour(&read_path_text(path)?, &path.to_string_lossy(), puzzle)
}

/// Writes a partly solved grid of the colour `puzzle` as [`parse_colour`] reads it.
pub fn write_colour(grid: &Grid<Option<u8>>, puzzle: &ColourPuzzle) -> String {
    let palette = puzzle.palette();
    write_with(grid, |cell| {
        cell.map_or(UNKNOWN_LETTER, |c| palette.letter(c))
    })
}

/// The colours' letters for a message: `a-d` when they are the first generated ones, else each
/// one (`y o b r`).
fn letter_list(letters: &str) -> String {
    let count = letters.chars().count();
    match letters.chars().last() {
        Some(last) if count > 1 && GENERATED_LETTERS.starts_with(letters) => {
            format!("a-{last}")
        }
        _ => letters
            .chars()
            .map(String::from)
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// One line per row, one character a cell as `symbol` gives it.
fn write_with<T: Copy>(grid: &Grid<T>, symbol: impl Fn(T) -> char) -> String {
    let mut text = String::with_capacity((grid.width() + 1) * grid.height());
    for pos in grid.positions() {
        text.push(symbol(grid[pos]));
        if pos.col + 1 == grid.width() {
            text.push('\n');
        }
    }
    text
}

/// The grid of `size` (width, height) in `text`, each cell read by `cell` from its character,
/// row and column (1-based).
fn parse_lines<T: Copy>(
    text: &str,
    size: (usize, usize),
    unknown: T,
    cell: impl Fn(char, usize, usize) -> Result<T, ParseErrorKind>,
) -> Result<Grid<T>, LineError> {
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
    if rows != size.1 {
        return Err(wrong_size(None, counted(rows, "row", "rows")));
    }
    let mut grid = Grid::filled(size.0, size.1, unknown);
    for (row, text) in text.lines().skip(first - 1).take(rows).enumerate() {
        let line = Some(first + row);
        let text = text.trim();
        let length = text.chars().count();
        if length != size.0 {
            return Err(wrong_size(
                line,
                format!("{} in row {}", counted(length, "cell", "cells"), row + 1),
            ));
        }
        for (col, ch) in text.chars().enumerate() {
            grid[Pos { row, col }] =
                cell(ch, row + 1, col + 1).map_err(|kind| LineError::maybe_at(line, kind))?;
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
    fn colour_grids_read_back_and_name_their_letters_in_errors() {
        use crate::model::{Block, Colour, ColourClue, Palette};
        let palette = Palette::new(
            Colour::new("white", [255; 3]),
            vec![
                Colour::new("red", [200, 0, 0]),
                Colour::new("blue", [0, 0, 200]),
            ],
        )
        .unwrap();
        let clue = |colour| ColourClue::new(vec![Block { len: 1, colour }]);
        let rows = vec![clue(1), clue(2)];
        let columns = vec![clue(1), clue(2)];
        let puzzle = ColourPuzzle::new(rows, columns, palette).unwrap();
        let grid = Grid::from_rows(vec![vec![Some(1), None], vec![Some(0), Some(2)]]).unwrap();
        assert_eq!(write_colour(&grid, &puzzle), "a?\n.b\n");
        assert_eq!(parse_colour("a?\n.b\n", "s.txt", &puzzle).unwrap(), grid);
        assert_eq!(
            parse_colour("a?\n.c\n", "s.txt", &puzzle)
                .unwrap_err()
                .to_string(),
            "s.txt:2: 'c' at row 2, column 2 is not a cell: use . for the background, a-b for the \
             colours, ? for unknown"
        );
        // The file's own letters: red `r`, blue `b`.
        let palette = Palette::new(
            Colour::new("white", [255; 3]),
            vec![
                Colour::new("red", [200, 0, 0]).with_letter('r'),
                Colour::new("blue", [0, 0, 200]).with_letter('b'),
            ],
        )
        .unwrap();
        let (rows, columns) = (puzzle.rows().to_vec(), puzzle.columns().to_vec());
        let puzzle = ColourPuzzle::new(rows, columns, palette).unwrap();
        assert_eq!(write_colour(&grid, &puzzle), "r?\n.b\n");
        assert_eq!(parse_colour("r?\n.b\n", "s.txt", &puzzle).unwrap(), grid);
        assert_eq!(
            parse_colour("a?\n.b\n", "s.txt", &puzzle)
                .unwrap_err()
                .to_string(),
            "s.txt:1: 'a' at row 1, column 1 is not a cell: use . for the background, r b for the \
             colours, ? for unknown"
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
