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
use crate::model::{ColourPuzzle, GENERATED_LETTERS, Grid, Pos, Puzzle, UNKNOWN_LETTER};
use crate::words::counted;

/// A kind of puzzle whose partly solved grids are read and written, a known cell's value being
/// `V`: black (`true`) or white for [`Puzzle`], a colour index (0 the background) for
/// [`ColourPuzzle`]. Sealed: implemented for those two.
pub trait Partial<V>: sealed::Sealed {
    /// The puzzle's width and height.
    fn size(&self) -> (usize, usize);

    /// The known value `ch` stands for at `row` and `column` (1-based), `None` for `?`.
    ///
    /// # Errors
    /// When `ch` stands for no cell of this puzzle.
    fn read_cell(&self, ch: char, row: usize, column: usize) -> Result<Option<V>, ParseErrorKind>;

    /// The character of a cell, as [`read_cell`](Self::read_cell) reads it.
    fn cell_char(&self, cell: Option<V>) -> char;
}

mod sealed {
    /// Only the library's kinds of puzzle have partly solved grids.
    pub trait Sealed {}
    impl Sealed for crate::model::Puzzle {}
    impl Sealed for crate::model::ColourPuzzle {}
}

impl Partial<bool> for Puzzle {
    fn size(&self) -> (usize, usize) {
        (self.width(), self.height())
    }

    fn read_cell(
        &self,
        ch: char,
        row: usize,
        column: usize,
    ) -> Result<Option<bool>, ParseErrorKind> {
        match ch {
            UNKNOWN_LETTER => Ok(None),
            _ => cell(ch)
                .map(Some)
                .ok_or(ParseErrorKind::BadStateChar { ch, row, column }),
        }
    }

    fn cell_char(&self, cell: Option<bool>) -> char {
        match cell {
            Some(true) => '#',
            Some(false) => '.',
            None => UNKNOWN_LETTER,
        }
    }
}

impl Partial<u8> for ColourPuzzle {
    fn size(&self) -> (usize, usize) {
        (self.width(), self.height())
    }

    fn read_cell(&self, ch: char, row: usize, column: usize) -> Result<Option<u8>, ParseErrorKind> {
        let palette = self.palette();
        match ch {
            UNKNOWN_LETTER => Ok(None),
            _ => palette.index_of_letter(ch).map(Some).ok_or_else(|| {
                ParseErrorKind::BadColourStateChar {
                    ch,
                    row,
                    column,
                    letters: letter_list(&palette.letters()),
                }
            }),
        }
    }

    fn cell_char(&self, cell: Option<u8>) -> char {
        cell.map_or(UNKNOWN_LETTER, |colour| self.palette().letter(colour))
    }
}

/// Reads a partly solved grid of `puzzle` from `text`, each cell its value or `None` for `?`;
/// `source` names the file in errors.
pub fn parse<V: Copy, P: Partial<V>>(
    text: &str,
    source: &str,
    puzzle: &P,
) -> Result<Grid<Option<V>>, ParseError> {
    let cell = |ch, row, column| puzzle.read_cell(ch, row, column);
    parse_lines(text, puzzle.size(), cell).map_err(|error| error.in_file(&display_name(source)))
}

/// Reads a partly solved grid of `puzzle` from a file (`-` for standard input).
pub fn read<V: Copy, P: Partial<V>>(
    path: &Path,
    puzzle: &P,
) -> Result<Grid<Option<V>>, ParseError> {
    parse(&read_path_text(path)?, &path.to_string_lossy(), puzzle)
}

/// Writes a partly solved grid of `puzzle` as [`parse`] reads it: one line per row, one
/// character a cell.
pub fn write<V: Copy, P: Partial<V>>(grid: &Grid<Option<V>>, puzzle: &P) -> String {
    let mut text = String::with_capacity((grid.width() + 1) * grid.height());
    for pos in grid.positions() {
        text.push(puzzle.cell_char(grid[pos]));
        if pos.col + 1 == grid.width() {
            text.push('\n');
        }
    }
    text
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

/// The grid of `size` (width, height) in `text`, each cell read by `cell` from its character,
/// row and column (1-based).
fn parse_lines<V: Copy>(
    text: &str,
    size: (usize, usize),
    cell: impl Fn(char, usize, usize) -> Result<Option<V>, ParseErrorKind>,
) -> Result<Grid<Option<V>>, LineError> {
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
    let mut grid = Grid::filled(size.0, size.1, None);
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
        let mut grid = Grid::filled(2, 2, None);
        grid[Pos { row: 0, col: 1 }] = Some(true);
        grid[Pos { row: 1, col: 0 }] = Some(false);
        assert_eq!(write(&grid, &puzzle()), "?#\n.?\n");
        assert_eq!(
            parse(&write(&grid, &puzzle()), "s.txt", &puzzle()).unwrap(),
            grid
        );
    }

    #[test]
    fn reads_known_and_unknown_cells() {
        let grid = parse("\n#?\nX-\n\n", "s.txt", &puzzle()).unwrap();
        assert_eq!(grid.cells(), [Some(true), None, Some(true), Some(false)]);
    }

    /// A 2x2 puzzle of a red and a blue cell, its colours lettered `letters` (the generated
    /// letters when `None`).
    fn colour_puzzle(letters: Option<[char; 2]>) -> ColourPuzzle {
        use crate::model::{Block, Colour, ColourClue, Palette};
        let named = [("red", [200, 0, 0]), ("blue", [0, 0, 200])];
        let colours = named.into_iter().enumerate().map(|(i, (name, rgb))| {
            let colour = Colour::new(name, rgb);
            match letters {
                Some(letters) => colour.with_letter(letters[i]),
                None => colour,
            }
        });
        let palette = Palette::new(Colour::new("white", [255; 3]), colours.collect()).unwrap();
        let clue = |colour| ColourClue::new(vec![Block { len: 1, colour }]);
        ColourPuzzle::new(vec![clue(1), clue(2)], vec![clue(1), clue(2)], palette).unwrap()
    }

    #[test]
    fn colour_grids_read_back_and_name_their_letters_in_errors() {
        let grid = Grid::from_rows(vec![vec![Some(1), None], vec![Some(0), Some(2)]]).unwrap();
        let error = |text, puzzle| parse(text, "s.txt", puzzle).unwrap_err().to_string();
        let puzzle = colour_puzzle(None);
        assert_eq!(write(&grid, &puzzle), "a?\n.b\n");
        assert_eq!(parse("a?\n.b\n", "s.txt", &puzzle).unwrap(), grid);
        assert_eq!(
            error("a?\n.c\n", &puzzle),
            "s.txt:2: 'c' at row 2, column 2 is not a cell: use . for the background, a-b for the \
             colours, ? for unknown"
        );
        // The file's own letters: red `r`, blue `b`.
        let puzzle = colour_puzzle(Some(['r', 'b']));
        assert_eq!(write(&grid, &puzzle), "r?\n.b\n");
        assert_eq!(parse("r?\n.b\n", "s.txt", &puzzle).unwrap(), grid);
        assert_eq!(
            error("a?\n.b\n", &puzzle),
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
