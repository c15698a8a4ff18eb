//! Rectangular grids of cells, addressed by 0-based row and column.

use std::fmt;

/// A cell's position: 0-based row (top first) and column (left first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// Row index, 0 at the top.
    pub row: usize,
    /// Column index, 0 at the left.
    pub col: usize,
}

/// One line of a grid: a row (0-based, top first) or a column (0-based, left first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LineId {
    /// The row with this 0-based index.
    Row(usize),
    /// The column with this 0-based index.
    Col(usize),
}

impl LineId {
    /// Every line of a grid of `width` columns and `height` rows: the rows top to bottom, then
    /// the columns left to right.
    pub fn all(width: usize, height: usize) -> impl Iterator<Item = LineId> {
        (0..height)
            .map(LineId::Row)
            .chain((0..width).map(LineId::Col))
    }

    /// This line's entry of `rows` or `columns`.
    pub fn of<'a, T>(self, rows: &'a [T], columns: &'a [T]) -> &'a T {
        match self {
            LineId::Row(r) => &rows[r],
            LineId::Col(c) => &columns[c],
        }
    }
}

impl fmt::Display for LineId {
    /// 1-based, as a person counts: `row 1`, `column 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineId::Row(r) => write!(f, "row {}", r + 1),
            LineId::Col(c) => write!(f, "column {}", c + 1),
        }
    }
}

/// What is known of a cell while solving.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Not decided yet.
    #[default]
    Unknown,
    /// Known to be white (empty).
    White,
    /// Known to be black (filled).
    Black,
}

impl Cell {
    /// The known colour as a bool (`true` = black), or `None` while unknown.
    pub fn known(self) -> Option<bool> {
        match self {
            Cell::Unknown => None,
            Cell::White => Some(false),
            Cell::Black => Some(true),
        }
    }

    /// The cell known to have this colour (`true` = black).
    pub fn from_black(black: bool) -> Self {
        if black { Cell::Black } else { Cell::White }
    }

    /// The cell as text: `#` black, `.` white, `?` unknown.
    pub fn symbol(self) -> char {
        match self {
            Cell::Black => '#',
            Cell::White => '.',
            Cell::Unknown => '?',
        }
    }

    /// The cell a character stands for, as [`Cell::symbol`] writes it; any other character is
    /// unknown.
    pub fn from_symbol(ch: char) -> Self {
        match ch {
            '#' => Cell::Black,
            '.' => Cell::White,
            _ => Cell::Unknown,
        }
    }
}

/// A `height` x `width` grid stored row by row.
///
/// `Grid<bool>` is a picture or solution (`true` = black); `Grid<Cell>` is a partly solved grid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    width: usize,
    height: usize,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid with every cell set to `value`.
    pub fn filled(width: usize, height: usize, value: T) -> Self {
        Grid {
            width,
            height,
            cells: vec![value; width * height],
        }
    }

    /// A grid from its rows, or `None` unless every row has the same length.
    pub fn from_rows(rows: Vec<Vec<T>>) -> Option<Self> {
        let height = rows.len();
        let width = rows.first().map_or(0, Vec::len);
        if rows.iter().any(|row| row.len() != width) {
            return None;
        }
        Some(Grid {
            width,
            height,
            cells: rows.into_iter().flatten().collect(),
        })
    }

    /// The cells of one line, in order (left to right, or top to bottom).
    pub fn line(&self, id: LineId) -> Vec<T> {
        self.line_positions(id)
            .map(|pos| self[pos].clone())
            .collect()
    }
}

impl<T> Grid<T> {
    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Every cell, row by row.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// Every position, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<T> {
        let (width, height) = (self.width, self.height);
        (0..height).flat_map(move |row| (0..width).map(move |col| Pos { row, col }))
    }

    /// Every line: the rows top to bottom, then the columns left to right.
    pub fn lines(&self) -> impl Iterator<Item = LineId> + use<T> {
        LineId::all(self.width, self.height)
    }

    /// The positions of one line's cells, in order.
    pub fn line_positions(&self, id: LineId) -> impl Iterator<Item = Pos> + use<T> {
        let (len, fixed) = match id {
            LineId::Row(row) => (self.width, row),
            LineId::Col(col) => (self.height, col),
        };
        (0..len).map(move |i| match id {
            LineId::Row(_) => Pos { row: fixed, col: i },
            LineId::Col(_) => Pos { row: i, col: fixed },
        })
    }

    /// A grid of the same size whose cells are `f` of this one's.
    pub fn map<U>(&self, f: impl Fn(&T) -> U) -> Grid<U> {
        Grid {
            width: self.width,
            height: self.height,
            cells: self.cells.iter().map(f).collect(),
        }
    }

    fn index(&self, pos: Pos) -> usize {
        assert!(
            pos.row < self.height && pos.col < self.width,
            "{pos:?} is outside the grid"
        );
        pos.row * self.width + pos.col
    }
}

impl<T> std::ops::Index<Pos> for Grid<T> {
    type Output = T;
    fn index(&self, pos: Pos) -> &T {
        &self.cells[Grid::index(self, pos)]
    }
}

impl<T> std::ops::IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, pos: Pos) -> &mut T {
        let i = Grid::index(self, pos);
        &mut self.cells[i]
    }
}

impl<T: PartialEq> Grid<T> {
    /// The positions where this grid and `other` (of the same size) differ, row by row.
    pub fn differences(&self, other: &Grid<T>) -> Vec<Pos> {
        assert_eq!(
            (self.width, self.height),
            (other.width, other.height),
            "grid sizes differ"
        );
        self.positions()
            .filter(|&pos| self[pos] != other[pos])
            .collect()
    }
}

impl Grid<bool> {
    /// The rows as text, `#` for black and `.` for white.
    pub fn row_strings(&self) -> Vec<String> {
        self.cells
            .chunks(self.width.max(1))
            .take(self.height)
            .map(|row| {
                row.iter()
                    .map(|&black| if black { '#' } else { '.' })
                    .collect()
            })
            .collect()
    }

    /// Number of black cells.
    pub fn black_count(&self) -> usize {
        self.cells.iter().filter(|&&black| black).count()
    }
}

impl Grid<Cell> {
    /// Number of cells whose colour is known.
    pub fn known_count(&self) -> usize {
        self.cells
            .iter()
            .filter(|cell| cell.known().is_some())
            .count()
    }

    /// The picture, once every cell is known.
    pub fn to_picture(&self) -> Option<Grid<bool>> {
        let cells = self
            .cells
            .iter()
            .map(|cell| cell.known())
            .collect::<Option<Vec<_>>>()?;
        Some(Grid {
            width: self.width,
            height: self.height,
            cells,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_address_rows_then_columns() {
        let grid = Grid::from_rows(vec![vec![1, 2, 3], vec![4, 5, 6]]).unwrap();
        assert_eq!(grid.line(LineId::Row(1)), vec![4, 5, 6]);
        assert_eq!(grid.line(LineId::Col(2)), vec![3, 6]);
        let lines: Vec<_> = grid.lines().collect();
        assert_eq!(lines.len(), 5);
        assert_eq!(lines[2], LineId::Col(0));
    }

    #[test]
    fn from_rows_rejects_ragged_rows() {
        assert!(Grid::from_rows(vec![vec![true], vec![true, false]]).is_none());
    }

    #[test]
    fn row_strings_and_differences() {
        let a = Grid::from_rows(vec![vec![true, false], vec![false, true]]).unwrap();
        let b = Grid::from_rows(vec![vec![false, true], vec![false, true]]).unwrap();
        assert_eq!(a.row_strings(), vec!["#.", ".#"]);
        assert_eq!(
            a.differences(&b),
            vec![Pos { row: 0, col: 0 }, Pos { row: 0, col: 1 }]
        );
    }

    #[test]
    fn cells_read_back_from_their_symbols() {
        for cell in [Cell::Black, Cell::White, Cell::Unknown] {
            assert_eq!(Cell::from_symbol(cell.symbol()), cell);
        }
        assert_eq!(Cell::from_symbol('x'), Cell::Unknown);
    }

    #[test]
    fn partial_grid_becomes_picture_when_known() {
        let mut grid = Grid::filled(2, 1, Cell::Unknown);
        assert_eq!(grid.to_picture(), None);
        grid[Pos { row: 0, col: 0 }] = Cell::Black;
        grid[Pos { row: 0, col: 1 }] = Cell::White;
        assert_eq!(grid.known_count(), 2);
        assert_eq!(grid.to_picture().unwrap().row_strings(), vec!["#."]);
    }
}
