//! The clues of a nonogram of either kind, rows and columns, and what follows from them alone: its
//! size, its lines, a line's clue, the clues of a picture, the first line a grid breaks, and why
//! a set of clues is not a puzzle.
//!
//! [`Puzzle`](super::Puzzle) holds `Clues<Clue>` and [`ColourPuzzle`](super::ColourPuzzle)
//! `Clues<ColourClue>`; each dereferences to its clues, so that `puzzle.width()`,
//! `puzzle.clue(line)` and the other accessors are written once for both.

use std::ops::Deref;

use super::{Grid, LineId, Metadata};
use crate::words::counted;

/// The largest width or height accepted, in cells. Larger puzzles are refused before any work.
pub const MAX_SIDE: usize = 1000;

/// Why a set of clues is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The puzzle has no rows or no columns.
    #[error("the puzzle has no rows or no columns")]
    NoCells,
    /// A side is larger than [`MAX_SIDE`].
    #[error("the puzzle is {width}x{height}; sides larger than {MAX_SIDE} cells are not accepted")]
    TooLarge {
        /// Number of columns asked for.
        width: usize,
        /// Number of rows asked for.
        height: usize,
    },
    /// A clue needs more cells than its line has.
    #[error("the clue of {line} needs at least {needs} cells but the line has {len}")]
    ClueTooLong {
        /// The line whose clue does not fit.
        line: LineId,
        /// Cells the clue needs at the least.
        needs: usize,
        /// Cells the line has.
        len: usize,
    },
    /// The row clues and the column clues ask for different numbers of black cells.
    #[error(
        "the row clues ask for {} but the column clues ask for {columns}",
        counted(*rows, "black cell", "black cells")
    )]
    TotalsDiffer {
        /// Black cells the rows ask for.
        rows: usize,
        /// Black cells the columns ask for.
        columns: usize,
    },
    /// The goal picture is not the size of the puzzle.
    #[error(
        "the goal picture is {}x{} but the puzzle is {}x{}",
        goal.0, goal.1, puzzle.0, puzzle.1
    )]
    GoalSize {
        /// The goal's width and height.
        goal: (usize, usize),
        /// The puzzle's width and height.
        puzzle: (usize, usize),
    },
}

/// A kind of nonogram as its clues: what each layer's trait of a kind
/// ([`Kind`](crate::logic::kind::Kind), [`Encodable`](crate::cnf::Encodable)) starts from. Its
/// size, lines and clues are its [`Clues`], to which it dereferences.
pub trait Nonogram: Deref<Target = Clues<Self::Clue>> {
    /// A line's clue.
    type Clue;

    /// The puzzle's title and other descriptive fields from its file.
    fn meta(&self) -> &Metadata;
}

/// What the clues of a kind of nonogram have in common: a clue is read off a line of values `V`
/// (`bool`, black, or a colour index) and needs a shortest line.
pub trait LineClue<V>: Clone + PartialEq {
    /// The clue a line of `cells` reads.
    fn read(cells: Vec<V>) -> Self;

    /// Length of the shortest line the clue fits.
    fn shortest(&self) -> usize;
}

/// The row clues (top to bottom) and column clues (left to right) of a puzzle, each known to fit
/// its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clues<C> {
    rows: Vec<C>,
    columns: Vec<C>,
}

impl<C> Clues<C> {
    /// The clues, once the puzzle has cells, no side over [`MAX_SIDE`], and every line passes
    /// `check_line` (what its kind asks of a clue) and fits its clue, in line order.
    pub(super) fn new<V, E: From<PuzzleError>>(
        rows: Vec<C>,
        columns: Vec<C>,
        mut check_line: impl FnMut(LineId, &C) -> Result<(), E>,
    ) -> Result<Self, E>
    where
        C: LineClue<V>,
    {
        let (width, height) = (columns.len(), rows.len());
        if width == 0 || height == 0 {
            return Err(PuzzleError::NoCells.into());
        }
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(PuzzleError::TooLarge { width, height }.into());
        }
        let clues = Clues { rows, columns };
        for line in clues.lines() {
            let (clue, len) = (clues.clue(line), clues.line_len(line));
            check_line(line, clue)?;
            if clue.shortest() > len {
                let needs = clue.shortest();
                return Err(PuzzleError::ClueTooLong { line, needs, len }.into());
            }
        }
        Ok(clues)
    }

    /// The row and column clues `picture` reads.
    pub(super) fn of_picture<V: Clone>(picture: &Grid<V>) -> (Vec<C>, Vec<C>)
    where
        C: LineClue<V>,
    {
        let clues = |kind: fn(usize) -> LineId, count| {
            (0..count)
                .map(|i| C::read(picture.line(kind(i))))
                .collect::<Vec<_>>()
        };
        (
            clues(LineId::Row, picture.height()),
            clues(LineId::Col, picture.width()),
        )
    }

    /// Whether a goal picture of `size` (width, height) is the puzzle's size.
    pub(super) fn fit_goal(&self, size: (usize, usize)) -> Result<(), PuzzleError> {
        let puzzle = (self.width(), self.height());
        if size != puzzle {
            return Err(PuzzleError::GoalSize { goal: size, puzzle });
        }
        Ok(())
    }

    /// Each line of `grid` whose runs, read afresh, are not its clue, with its clue and what it
    /// reads, rows first: the check of a solution against its clues, sharing no logic with any
    /// solver.
    ///
    /// # Panics
    /// If the grid's size is not the clues'.
    pub(super) fn broken_lines<'a, V: Clone>(
        &'a self,
        grid: &'a Grid<V>,
    ) -> impl Iterator<Item = (LineId, &'a C, C)> + 'a
    where
        C: LineClue<V>,
    {
        assert_eq!(
            (grid.width(), grid.height()),
            (self.width(), self.height()),
            "grid size"
        );
        grid.lines().filter_map(|line| {
            let (expected, found) = (self.clue(line), C::read(grid.line(line)));
            (&found != expected).then_some((line, expected, found))
        })
    }

    /// The first of [`Clues::broken_lines`].
    pub(super) fn first_broken_line<'a, V: Clone>(
        &'a self,
        grid: &'a Grid<V>,
    ) -> Option<(LineId, &'a C, C)>
    where
        C: LineClue<V>,
    {
        self.broken_lines(grid).next()
    }

    /// The clues of another kind, each clue turned by `turn`.
    pub(super) fn map_clues<D>(&self, turn: impl Fn(&C) -> D) -> Clues<D> {
        Clues {
            rows: self.rows.iter().map(&turn).collect(),
            columns: self.columns.iter().map(&turn).collect(),
        }
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.columns.len()
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// Number of cells.
    pub fn cell_count(&self) -> usize {
        self.width() * self.height()
    }

    /// Row clues, top to bottom.
    pub fn rows(&self) -> &[C] {
        &self.rows
    }

    /// Column clues, left to right.
    pub fn columns(&self) -> &[C] {
        &self.columns
    }

    /// The clue of one line.
    pub fn clue(&self, line: LineId) -> &C {
        line.of(&self.rows, &self.columns)
    }

    /// The clue of line `number`: rows first (`0..height`), then columns.
    pub fn line_clue(&self, number: usize) -> &C {
        match number.checked_sub(self.height()) {
            None => &self.rows[number],
            Some(col) => &self.columns[col],
        }
    }

    /// Number of cells in one line.
    pub fn line_len(&self, line: LineId) -> usize {
        match line {
            LineId::Row(_) => self.width(),
            LineId::Col(_) => self.height(),
        }
    }

    /// Every line: rows top to bottom, then columns left to right.
    pub fn lines(&self) -> impl Iterator<Item = LineId> + use<C> {
        LineId::all(self.width(), self.height())
    }
}
