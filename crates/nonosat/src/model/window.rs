//! The open window of a partly known line: what is left to solve between its settled ends.

use std::ops::Range;

use super::Cell;

/// The part of a line that still needs solving: the cells between its settled ends, and the
/// blocks that lie there.
///
/// A settled end is a run of white cells, or a block found whole at an end of the line (a run of
/// known blacks of that block's length, bounded by the line's end or a known white, with only
/// whites and such blocks before it). A known white decouples the two sides of a line, so the
/// cells outside the window keep their values in every arrangement, and the arrangements of the
/// line are exactly those of the window's blocks inside the window's cells. A run that does not
/// match its block stays inside, where a line solver or an encoding finds the contradiction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineWindow {
    /// The cells still open to arrangement.
    pub cells: Range<usize>,
    /// The blocks of the clue that lie in those cells.
    pub blocks: Range<usize>,
}

impl LineWindow {
    /// The window of `line` under the clue's `blocks`.
    pub fn of(blocks: &[usize], line: &[Cell]) -> Self {
        let (mut start, mut first) = (0, 0);
        loop {
            while line.get(start) == Some(&Cell::White) {
                start += 1;
            }
            let run = line[start..]
                .iter()
                .take_while(|&&c| c == Cell::Black)
                .count();
            let closed = line.get(start + run).is_none_or(|&c| c == Cell::White);
            if run == 0 || !closed || blocks.get(first) != Some(&run) {
                break;
            }
            start += run;
            first += 1;
        }
        let (mut end, mut last) = (line.len(), blocks.len());
        loop {
            while end > start && line[end - 1] == Cell::White {
                end -= 1;
            }
            let run = line[start..end]
                .iter()
                .rev()
                .take_while(|&&c| c == Cell::Black)
                .count();
            let closed = end - run == start || line[end - run - 1] == Cell::White;
            if run == 0 || !closed || last == first || blocks[last - 1] != run {
                break;
            }
            end -= run;
            last -= 1;
        }
        LineWindow {
            cells: start..end,
            blocks: first..last,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window(blocks: &[usize], line: &str) -> LineWindow {
        let line: Vec<Cell> = line.chars().map(Cell::from_symbol).collect();
        LineWindow::of(blocks, &line)
    }

    #[test]
    fn settled_ends_leave_only_the_open_middle() {
        let middle = LineWindow {
            cells: 5..8,
            blocks: 2..3,
        };
        assert_eq!(window(&[2, 1, 2, 3], "##.#.???.###."), middle);
    }

    #[test]
    fn a_run_that_does_not_match_its_block_stays_open() {
        assert_eq!(window(&[3], "##.??").cells, 0..5);
        assert_eq!(
            window(&[1, 2], "#.###"),
            LineWindow {
                cells: 2..5,
                blocks: 1..2
            }
        );
        assert_eq!(window(&[1, 3], "#.###").cells, 5..5);
    }

    #[test]
    fn a_blank_line_is_all_window() {
        assert_eq!(
            window(&[1, 1], "?????"),
            LineWindow {
                cells: 0..5,
                blocks: 0..2
            }
        );
    }
}
