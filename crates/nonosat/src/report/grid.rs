//! Grids as text: rows of characters (`#` and `.`, or a colour puzzle's letters), and grids drawn
//! for the terminal with numbered rulers and marked cells.

use std::fmt::Write;

use crate::model::{Grid, LineId, Palette, Pos};

/// The rows of a colour grid, one letter of `palette` a cell (`.` the background).
pub fn colour_rows(grid: &Grid<u8>, palette: &Palette) -> Vec<String> {
    (0..grid.height())
        .map(|row| {
            grid.line(LineId::Row(row))
                .into_iter()
                .map(|colour| palette.letter(colour))
                .collect()
        })
        .collect()
}

/// Draws `grid` two characters a cell (`#` black, `.` white), with 1-based row numbers on the left
/// and column numbers every five columns above. Cells in `marked` are drawn `X` (black) or `o`
/// (white) instead, to stand out.
pub fn draw_grid(grid: &Grid<bool>, marked: &[Pos]) -> String {
    let symbol = |pos: Pos| match (grid[pos], marked.contains(&pos)) {
        (true, false) => '#',
        (false, false) => '.',
        (true, true) => 'X',
        (false, true) => 'o',
    };
    draw_with(grid, symbol, |_| false)
}

/// Draws a colour grid as [`draw_grid`] does, each cell its colour's letter in `palette` (`.` the
/// background). A cell in `marked` has `MARK` (`*`) before it instead of a space: letters are the
/// file's own (`y` `o` `b` `r`, digits, signs), so no change of case could mark them.
pub fn draw_colour_grid(grid: &Grid<u8>, palette: &Palette, marked: &[Pos]) -> String {
    draw_with(
        grid,
        |pos| palette.letter(grid[pos]),
        |pos| marked.contains(&pos),
    )
}

/// What stands before a marked cell of a colour grid.
pub(super) const MARK: char = '*';

/// Draws `grid` two characters a cell, with numbered rulers: `symbol` gives each cell's character,
/// and the space before a cell is [`MARK`] when `mark` says so.
fn draw_with<T>(
    grid: &Grid<T>,
    symbol: impl Fn(Pos) -> char,
    mark: impl Fn(Pos) -> bool,
) -> String {
    let margin = grid.height().to_string().len() + 1;
    let mut out = String::new();
    let mut ruler = vec![' '; margin + 2 * grid.width() + 4];
    let mut free_from = 0;
    for col in 0..grid.width() {
        let (number, at) = ((col + 1).to_string(), margin + 2 * col);
        if (col == 0 || (col + 1) % 5 == 0) && at >= free_from {
            ruler.splice(at..at + number.len(), number.chars());
            free_from = at + number.len() + 1;
        }
    }
    let ruler: String = ruler.into_iter().collect();
    let _ = writeln!(out, "{}", ruler.trim_end());
    for row in 0..grid.height() {
        let _ = write!(out, "{:>width$}", row + 1, width = margin - 1);
        for col in 0..grid.width() {
            let pos = Pos { row, col };
            out.push(if mark(pos) { MARK } else { ' ' });
            out.push(symbol(pos));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_rulers_and_marks() {
        let grid =
            Grid::from_rows(vec![vec![true, false, true], vec![false, true, false]]).unwrap();
        let drawn = draw_grid(&grid, &[Pos { row: 1, col: 1 }]);
        assert_eq!(drawn, "  1\n1 # . #\n2 . X .\n");
    }

    #[test]
    fn ruler_numbers_every_fifth_column() {
        let grid = Grid::filled(12, 1, false);
        let first_line = draw_grid(&grid, &[]).lines().next().unwrap().to_owned();
        assert_eq!(first_line, "  1       5         10");
    }
}
