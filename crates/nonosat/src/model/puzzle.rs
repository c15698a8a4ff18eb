//! A black-and-white nonogram: row and column clues that fit together, and its optional metadata.

use std::ops::Deref;

use super::{Clue, Clues, Grid, LineId, Nonogram, PuzzleError};

/// A nonogram whose clues are known to be consistent in size.
///
/// Construction checks what can be checked without solving: every clue fits its line and the rows ask
/// for as many black cells as the columns. Whether any grid satisfies the clues is the solver's job.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    clues: Clues<Clue>,
    /// Descriptive fields carried from and to puzzle files.
    pub meta: Metadata,
    goal: Option<Grid<bool>>,
}

/// A puzzle's size, lines and clues: `puzzle.width()`, `puzzle.clue(line)`, ...
impl Deref for Puzzle {
    type Target = Clues<Clue>;

    fn deref(&self) -> &Clues<Clue> {
        &self.clues
    }
}

/// Descriptive fields of a puzzle; none affects solving.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Metadata {
    /// The puzzle's name.
    pub title: Option<String>,
    /// Who made it.
    pub author: Option<String>,
    /// Copyright notice.
    pub copyright: Option<String>,
    /// Licence, as an SPDX code or free text.
    pub license: Option<String>,
}

/// The first line of a grid that breaks its clue, found by [`Puzzle::check`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line} should read {expected} but reads {found}")]
pub struct Mismatch {
    /// The line that breaks its clue.
    pub line: LineId,
    /// The line's clue.
    pub expected: Clue,
    /// The blocks the grid has in that line.
    pub found: Clue,
}

impl Puzzle {
    /// A puzzle from its row clues (top to bottom) and column clues (left to right).
    pub fn new(rows: Vec<Clue>, columns: Vec<Clue>) -> Result<Self, PuzzleError> {
        let clues = Clues::new(rows, columns, |_, _| Ok::<_, PuzzleError>(()))?;
        let row_total: usize = clues.rows().iter().map(Clue::black_cells).sum();
        let column_total: usize = clues.columns().iter().map(Clue::black_cells).sum();
        if row_total != column_total {
            return Err(PuzzleError::TotalsDiffer {
                rows: row_total,
                columns: column_total,
            });
        }
        Ok(Puzzle {
            clues,
            meta: Metadata::default(),
            goal: None,
        })
    }

    /// The puzzle whose unique intended answer is `picture`: its clues read off the picture, which
    /// becomes the goal.
    pub fn from_picture(picture: &Grid<bool>) -> Result<Self, PuzzleError> {
        let (rows, columns) = Clues::of_picture(picture);
        Puzzle::new(rows, columns)?.with_goal(picture.clone())
    }

    /// The same puzzle carrying `goal` as its designer's intended picture.
    pub fn with_goal(mut self, goal: Grid<bool>) -> Result<Self, PuzzleError> {
        self.clues.fit_goal((goal.width(), goal.height()))?;
        self.goal = Some(goal);
        Ok(self)
    }

    /// The designer's intended picture, when the file carries one.
    pub fn goal(&self) -> Option<&Grid<bool>> {
        self.goal.as_ref()
    }

    /// Checks a grid against every clue, by reading the grid's runs afresh; it shares no logic with
    /// any solver. Returns the first line that breaks its clue.
    pub fn check(&self, grid: &Grid<bool>) -> Result<(), Mismatch> {
        match self.clues.first_broken_line(grid) {
            Some((line, expected, found)) => Err(Mismatch {
                line,
                expected: expected.clone(),
                found,
            }),
            None => Ok(()),
        }
    }

    /// The lines of `grid` that break their clues, rows first, read as [`Puzzle::check`] reads
    /// them.
    pub(crate) fn broken_lines<'a>(
        &'a self,
        grid: &'a Grid<bool>,
    ) -> impl Iterator<Item = LineId> + 'a {
        self.clues.broken_lines(grid).map(|(line, ..)| line)
    }
}

impl Nonogram for Puzzle {
    type Clue = Clue;

    fn meta(&self) -> &Metadata {
        &self.meta
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::MAX_SIDE;

    fn clues(lists: &[&[usize]]) -> Vec<Clue> {
        lists
            .iter()
            .map(|blocks| Clue::new(blocks.to_vec()))
            .collect()
    }

    #[test]
    fn from_picture_round_trips_through_check() {
        let picture =
            Grid::from_rows(vec![vec![true, true, false], vec![false, true, true]]).unwrap();
        let puzzle = Puzzle::from_picture(&picture).unwrap();
        assert_eq!(puzzle.rows(), clues(&[&[2], &[2]]).as_slice());
        assert_eq!(puzzle.columns(), clues(&[&[1], &[2], &[1]]).as_slice());
        assert_eq!(puzzle.check(&picture), Ok(()));
        assert_eq!(puzzle.goal(), Some(&picture));
    }

    #[test]
    fn check_names_first_broken_line() {
        let puzzle = Puzzle::new(clues(&[&[1], &[]]), clues(&[&[1], &[]])).unwrap();
        let wrong = Grid::from_rows(vec![vec![false, true], vec![false, false]]).unwrap();
        let mismatch = puzzle.check(&wrong).unwrap_err();
        assert_eq!(mismatch.to_string(), "column 1 should read 1 but reads 0");
    }

    #[test]
    fn new_refuses_inconsistent_clues() {
        assert_eq!(
            Puzzle::new(clues(&[&[2, 2]]), clues(&[&[1], &[1], &[1], &[1]])),
            Err(PuzzleError::ClueTooLong {
                line: LineId::Row(0),
                needs: 5,
                len: 4
            })
        );
        assert_eq!(
            Puzzle::new(clues(&[&[1]]), clues(&[&[1], &[1]])),
            Err(PuzzleError::TotalsDiffer {
                rows: 1,
                columns: 2
            })
        );
        assert_eq!(
            Puzzle::new(vec![], clues(&[&[]])),
            Err(PuzzleError::NoCells)
        );
        let wide = vec![Clue::default(); MAX_SIDE + 1];
        assert!(matches!(
            Puzzle::new(clues(&[&[]]), wide),
            Err(PuzzleError::TooLarge { .. })
        ));
    }
}
