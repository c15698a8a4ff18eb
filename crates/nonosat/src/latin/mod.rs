//! Latin square puzzles, the seed paper's own example (Korekawa et al.): an n x n grid where each
//! row and each column holds every digit 1..n once, some cells given.
//!
//! [`LatinSquare`] reads and checks puzzles, [`solve`] solves and proves uniqueness through the SAT
//! layer, and [`rule`] holds the one deduction rule of the paper ("a cell whose row and column leave
//! one candidate is fixed") with the solution path it gives and the search over deduction orders.

pub mod rule;
pub mod solve;

use std::fmt;

use crate::model::{Grid, LineId, Pos};
use crate::words::counted;

/// The largest order accepted: digits are single characters.
pub const MAX_ORDER: usize = 9;

/// A Latin square file that could not be read, with where the problem is: `l.txt:3: what is
/// wrong`, or `l.txt: what is wrong` when no single line is to blame.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}{}: {kind}", line.map_or(String::new(), |line| format!(":{line}")))]
pub struct LatinError {
    /// The file name as shown to the user.
    pub file: String,
    /// The 1-based line of the file where the problem is, when one line is to blame.
    pub line: Option<usize>,
    /// What is wrong.
    #[source]
    pub kind: LatinErrorKind,
}

/// What is wrong with a Latin square file. Rows and columns are 1-based.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LatinErrorKind {
    /// The file holds no row.
    #[error("the file holds no puzzle")]
    Empty,
    /// The rows are not as many as the first row's cells, or more than [`MAX_ORDER`].
    #[error(
        "a Latin square has as many rows as columns (at most 9): expected {expected} rows, found \
         {found}"
    )]
    NotSquare {
        /// Rows expected.
        expected: usize,
        /// Rows found.
        found: usize,
    },
    /// A row whose length differs from the first row's.
    #[error("row {row} has {} but the first row has {expected}", counted(*found, "cell", "cells"))]
    RaggedRow {
        /// The row.
        row: usize,
        /// Cells of the first row.
        expected: usize,
        /// Cells of this row.
        found: usize,
    },
    /// A character that is neither a digit 1..n nor `.`.
    #[error("{ch:?} at row {row}, column {column} is neither a digit 1..{order} nor .")]
    BadChar {
        /// The character.
        ch: char,
        /// The row.
        row: usize,
        /// The column.
        column: usize,
        /// The square's order n.
        order: usize,
    },
}

/// How a full square breaks the rules or the givens ([`LatinSquare::check`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LatinMismatch {
    /// A row or column that repeats or misses a digit.
    #[error("{line} does not hold each digit 1..{order} once")]
    Line {
        /// The line.
        line: LineId,
        /// The square's order n.
        order: usize,
    },
    /// A given digit that the square changes.
    #[error("r{}c{} changes a given digit", pos.row + 1, pos.col + 1)]
    Given {
        /// The cell of the given.
        pos: Pos,
    },
}

/// An n x n Latin square puzzle: 0 for an empty cell, else the given digit 1..n.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LatinSquare {
    cells: Grid<u8>,
}

impl LatinSquare {
    /// Reads a puzzle: n non-blank lines of n characters, a digit 1..n or `.` each (spaces at the
    /// ends of lines and blank lines around are ignored). `source` names the file in errors.
    pub fn parse(text: &str, file: &str) -> Result<LatinSquare, LatinError> {
        let error = |line: Option<usize>, kind| LatinError {
            file: file.to_owned(),
            line,
            kind,
        };
        let rows: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, line)| (i + 1, line.trim()))
            .filter(|(_, line)| !line.is_empty())
            .collect();
        let Some(&(_, first)) = rows.first() else {
            return Err(error(None, LatinErrorKind::Empty));
        };
        let order = first.chars().count();
        if rows.len() != order || order > MAX_ORDER {
            let kind = LatinErrorKind::NotSquare {
                expected: order.min(MAX_ORDER),
                found: rows.len(),
            };
            return Err(error(None, kind));
        }
        let mut cells = Grid::filled(order, order, 0u8);
        for (row, &(line, text)) in rows.iter().enumerate() {
            let found = text.chars().count();
            if found != order {
                let kind = LatinErrorKind::RaggedRow {
                    row: row + 1,
                    expected: order,
                    found,
                };
                return Err(error(Some(line), kind));
            }
            for (col, ch) in text.chars().enumerate() {
                cells[Pos { row, col }] = match ch.to_digit(10) {
                    Some(digit) if (1..=order as u32).contains(&digit) => digit as u8,
                    _ if ch == '.' => 0,
                    _ => {
                        let kind = LatinErrorKind::BadChar {
                            ch,
                            row: row + 1,
                            column: col + 1,
                            order,
                        };
                        return Err(error(Some(line), kind));
                    }
                };
            }
        }
        Ok(LatinSquare { cells })
    }

    /// A puzzle from its cells (0 for empty).
    ///
    /// # Panics
    /// If the grid is not square, larger than [`MAX_ORDER`], or holds a digit above its order.
    pub fn new(cells: Grid<u8>) -> LatinSquare {
        let n = cells.width();
        assert!(
            cells.height() == n && n <= MAX_ORDER,
            "not a square of order at most 9"
        );
        assert!(
            cells.cells().iter().all(|&d| d as usize <= n),
            "digit above the order"
        );
        LatinSquare { cells }
    }

    /// The order n.
    pub fn order(&self) -> usize {
        self.cells.width()
    }

    /// The cells, 0 for an empty one.
    pub fn cells(&self) -> &Grid<u8> {
        &self.cells
    }

    /// The empty cells, row by row.
    pub fn empty_cells(&self) -> Vec<Pos> {
        self.cells
            .positions()
            .filter(|&p| self.cells[p] == 0)
            .collect()
    }

    /// The same puzzle with `pos` given as `digit`.
    pub fn with(&self, pos: Pos, digit: u8) -> LatinSquare {
        let mut cells = self.cells.clone();
        cells[pos] = digit;
        LatinSquare { cells }
    }

    /// Checks a full square against the rules and the givens, sharing nothing with any solver:
    /// the first line that repeats or misses a digit, or the first given it changes.
    pub fn check(&self, square: &Grid<u8>) -> Result<(), LatinMismatch> {
        let n = self.order();
        for line in self.cells.lines() {
            let mut digits = square.line(line);
            digits.sort_unstable();
            if digits != (1..=n as u8).collect::<Vec<_>>() {
                return Err(LatinMismatch::Line { line, order: n });
            }
        }
        match self
            .cells
            .positions()
            .find(|&p| self.cells[p] != 0 && self.cells[p] != square[p])
        {
            Some(pos) => Err(LatinMismatch::Given { pos }),
            None => Ok(()),
        }
    }
}

/// The square as its rows of digits and `.`.
impl fmt::Display for LatinSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_digits(f, &self.cells)
    }
}

/// Writes `cells` row by row, `.` for 0.
pub fn write_digits(f: &mut impl fmt::Write, cells: &Grid<u8>) -> fmt::Result {
    for row in 0..cells.height() {
        for digit in cells.line(LineId::Row(row)) {
            match digit {
                0 => f.write_char('.')?,
                d => write!(f, "{d}")?,
            }
        }
        f.write_char('\n')?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_digits_and_dots() {
        let square = LatinSquare::parse("\n12.\n.31\n3..\n", "l.txt").unwrap();
        assert_eq!(square.order(), 3);
        assert_eq!(square.empty_cells().len(), 4);
        assert_eq!(square.to_string(), "12.\n.31\n3..\n");
    }

    #[test]
    fn errors_say_what_and_where() {
        let error = |text| LatinSquare::parse(text, "l.txt").unwrap_err().to_string();
        assert_eq!(
            error("12\n"),
            "l.txt: a Latin square has as many rows as columns (at most 9): expected 2 rows, \
             found 1"
        );
        assert_eq!(
            error("12\n1\n"),
            "l.txt:2: row 2 has 1 cell but the first row has 2"
        );
        assert_eq!(
            error("12\n.3\n"),
            "l.txt:2: '3' at row 2, column 2 is neither a digit 1..2 nor ."
        );
    }

    #[test]
    fn check_finds_repeats_and_changed_givens() {
        let square = LatinSquare::parse("1.\n..\n", "l.txt").unwrap();
        let good = Grid::from_rows(vec![vec![1, 2], vec![2, 1]]).unwrap();
        let changed = Grid::from_rows(vec![vec![2, 1], vec![1, 2]]).unwrap();
        let repeated = Grid::from_rows(vec![vec![1, 2], vec![1, 2]]).unwrap();
        assert_eq!(square.check(&good), Ok(()));
        let message = |grid: &Grid<u8>| square.check(grid).unwrap_err().to_string();
        assert_eq!(message(&changed), "r1c1 changes a given digit");
        assert_eq!(
            message(&repeated),
            "column 1 does not hold each digit 1..2 once"
        );
    }
}
