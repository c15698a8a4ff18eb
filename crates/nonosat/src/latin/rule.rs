//! The paper's deduction rule for Latin squares, "an empty cell whose row and column leave one
//! candidate digit takes it", as solution-path steps and as moves for the search over orders.

use super::LatinSquare;
use crate::explain::orders::StepRules;
use crate::explain::support::minimal_support;
use crate::explain::{Step, StepKind};
use crate::model::{Grid, LineId, Pos};

/// The digits (bit `d` for digit `d`) that no known cell in the row or column of `pos` holds.
fn candidates(cells: &Grid<u8>, pos: Pos) -> u32 {
    let n = cells.width();
    let all = ((1u32 << n) - 1) << 1;
    let seen = cells
        .line(LineId::Row(pos.row))
        .into_iter()
        .chain(cells.line(LineId::Col(pos.col)))
        .fold(0u32, |seen, digit| seen | 1 << digit);
    all & !seen
}

/// The solution path of `square` under the rule: the first empty cell (row by row) that the rule
/// fixes, again and again, until the square is full or no cell has one candidate. Each step's
/// support is a minimal set of known cells of the row and column that leaves one candidate; it
/// always has n - 1 cells, one for each other digit. Returns the steps and the square they reach.
pub fn rule_path(square: &LatinSquare) -> (Vec<Step<u8>>, Grid<u8>) {
    let mut cells = square.cells().clone();
    let mut steps = Vec::new();
    while let Some(pos) = cells
        .positions()
        .find(|&p| cells[p] == 0 && candidates(&cells, p).count_ones() == 1)
    {
        let digit = candidates(&cells, pos).trailing_zeros() as u8;
        let lines = [LineId::Row(pos.row), LineId::Col(pos.col)];
        let known: Vec<Pos> = lines
            .iter()
            .flat_map(|&line| cells.line_positions(line))
            .filter(|&p| p != pos && cells[p] != 0)
            .collect();
        let support = minimal_support(&known, |kept| {
            let mut partial = Grid::filled(cells.width(), cells.height(), 0u8);
            for &p in kept {
                partial[p] = cells[p];
            }
            candidates(&partial, pos) == 1 << digit
        });
        steps.push(Step {
            kind: StepKind::Line,
            lines: lines.to_vec(),
            fixed: vec![(pos, digit)],
            support: support.into_iter().map(|p| (p, cells[p])).collect(),
        });
        cells[pos] = digit;
    }
    (steps, cells)
}

/// The rule as moves over the empty cells of a puzzle with a known unique solution: move `i` fills
/// empty cell `i` (row by row) with its solution digit.
pub struct LatinRules {
    order: usize,
    empty: Vec<Pos>,
    solution: Grid<u8>,
    /// Bit masks of digits given in each row and each column.
    given_rows: Vec<u32>,
    given_cols: Vec<u32>,
}

impl LatinRules {
    /// The moves of `square`, whose unique solution is `solution`.
    ///
    /// # Panics
    /// With more than 64 empty cells.
    pub fn new(square: &LatinSquare, solution: &Grid<u8>) -> LatinRules {
        let n = square.order();
        let empty = square.empty_cells();
        assert!(empty.len() <= 64, "at most 64 empty cells");
        let (mut given_rows, mut given_cols) = (vec![0; n], vec![0; n]);
        for pos in square.cells().positions() {
            let digit = square.cells()[pos];
            if digit != 0 {
                given_rows[pos.row] |= 1 << digit;
                given_cols[pos.col] |= 1 << digit;
            }
        }
        LatinRules {
            order: n,
            empty,
            solution: solution.clone(),
            given_rows,
            given_cols,
        }
    }

    /// The empty cell move `i` fills.
    pub fn cell(&self, step: usize) -> Pos {
        self.empty[step]
    }
}

impl StepRules for LatinRules {
    fn open_cells(&self) -> usize {
        self.empty.len()
    }

    fn available(&self, applied: u64) -> u64 {
        let (mut rows, mut cols) = (self.given_rows.clone(), self.given_cols.clone());
        for (i, &pos) in self.empty.iter().enumerate() {
            if applied >> i & 1 == 1 {
                rows[pos.row] |= 1 << self.solution[pos];
                cols[pos.col] |= 1 << self.solution[pos];
            }
        }
        let all = ((1u32 << self.order) - 1) << 1;
        let mut allowed = 0;
        for (i, &pos) in self.empty.iter().enumerate() {
            if applied >> i & 1 == 0 && (all & !(rows[pos.row] | cols[pos.col])).count_ones() == 1 {
                allowed |= 1 << i;
            }
        }
        allowed
    }
}
