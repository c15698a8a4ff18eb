//! Line logic as a solution path needs it, black-and-white or colour alike: a line solved from
//! its clue, propagation that fails, the trial values of a probe, and the class of a path cut
//! short.
//!
//! [`Puzzle`] knows a cell as a [`Cell`] and its steps fix cells to black or white (`bool`);
//! [`ColourPuzzle`] knows a cell as the set of colours it may still take ([`Colours`], bit 0 the
//! background), and its steps narrow cells to smaller sets (a single colour when fixed).

use super::rating::Class;
use crate::logic::colour::{ColourLineSolver, Colours, propagate_colour, propagate_colour_lines};
use crate::logic::kind::Kind;
use crate::logic::probe::probe;
use crate::logic::propagate::{Stuck, propagate, propagate_lines};
use crate::logic::{Contradiction, DpLineSolver};
use crate::model::{Cell, ColourPuzzle, Grid, LineId, Puzzle};
use crate::solve::CheckError;

/// Line propagation that met a line with no arrangement.
pub struct Failed {
    /// The line.
    pub line: LineId,
    /// Line solves before it.
    pub solves: usize,
    /// The lines whose solving changed a cell before it, in order, when known.
    pub read: Option<Vec<LineId>>,
}

/// A kind of puzzle whose lines a solution path solves (what is known of a cell is its
/// [`Kind::Known`], a cell of which nothing is known [`Kind::open`]).
pub trait LineLogic: Kind<Mismatch: Into<CheckError>> {
    /// What a step records of a cell: its colour (`bool`, black) or the colours left.
    type StepValue: Copy + Eq + std::fmt::Debug;
    /// The line solver, with its work tables.
    type Solver: Default;

    /// Every line, rows first.
    fn every_line(&self) -> Vec<LineId>;

    /// Whether the cell has more than one value left.
    fn is_open(known: Self::Known) -> bool;

    /// `line` of cells `cells` narrowed by its clue, or a contradiction.
    fn solve(
        &self,
        solver: &mut Self::Solver,
        line: LineId,
        cells: &[Self::Known],
    ) -> Result<Vec<Self::Known>, Contradiction>;

    /// Propagates `grid` from `lines` to a fixpoint; the line that fails, if one does.
    fn propagate(
        &self,
        solver: &mut Self::Solver,
        grid: &mut Grid<Self::Known>,
        lines: Vec<LineId>,
    ) -> Result<(), Failed>;

    /// The values a probe tries in an open cell, in order.
    fn trials(&self, known: Self::Known) -> Vec<Self::Known>;

    /// What a cell known as `known` becomes once `trial` is refuted.
    fn refuted(known: Self::Known, trial: Self::Known) -> Self::Known;

    /// The value a step records for a cell known as `known`.
    fn value(known: Self::Known) -> Self::StepValue;

    /// The cell known as `value` says.
    fn known(value: Self::StepValue) -> Self::Known;

    /// The class of a path cut short at `grid` after `probes` probes, with the score of its
    /// class when it is not the path's own (see [`rating`](super::rating)).
    fn cut_short(&self, grid: &Grid<Self::Known>, probes: usize) -> (Class, Option<f64>);
}

/// The cells of `grid` with more than one value left.
pub(super) fn open_cells<P: LineLogic>(grid: &Grid<P::Known>) -> usize {
    grid.cells()
        .iter()
        .filter(|&&cell| P::is_open(cell))
        .count()
}

impl LineLogic for Puzzle {
    type StepValue = bool;
    type Solver = DpLineSolver;

    fn every_line(&self) -> Vec<LineId> {
        self.lines().collect()
    }

    fn is_open(known: Cell) -> bool {
        known == Cell::Unknown
    }

    fn solve(
        &self,
        solver: &mut DpLineSolver,
        line: LineId,
        cells: &[Cell],
    ) -> Result<Vec<Cell>, Contradiction> {
        solver.solve(self.clue(line), cells)
    }

    fn propagate(
        &self,
        solver: &mut DpLineSolver,
        grid: &mut Grid<Cell>,
        lines: Vec<LineId>,
    ) -> Result<(), Failed> {
        match propagate_lines(self, grid, solver, lines) {
            Ok(_) => Ok(()),
            Err(Stuck { line, before }) => {
                let mut read: Vec<LineId> = Vec::new();
                for changed in before.deductions.iter().map(|d| d.line) {
                    if changed != line && !read.contains(&changed) {
                        read.push(changed);
                    }
                }
                Err(Failed {
                    line,
                    solves: before.line_solves,
                    read: Some(read),
                })
            }
        }
    }

    fn trials(&self, _: Cell) -> Vec<Cell> {
        vec![Cell::Black, Cell::White]
    }

    fn refuted(_: Cell, trial: Cell) -> Cell {
        match trial {
            Cell::Black => Cell::White,
            _ => Cell::Black,
        }
    }

    fn value(known: Cell) -> bool {
        known == Cell::Black
    }

    fn known(black: bool) -> Cell {
        Cell::from_black(black)
    }

    /// Propagation, then probing without supports, decide whether lines or probes would finish.
    fn cut_short(&self, grid: &Grid<Cell>, probes: usize) -> (Class, Option<f64>) {
        let mut grid = grid.clone();
        let solver = &mut DpLineSolver::new();
        let solved = |grid: &Grid<Cell>| grid.known_count() == self.cell_count();
        if probes == 0 && propagate(self, &mut grid, solver).is_ok() && solved(&grid) {
            Class::LineSolvable
        } else if probe(self, &mut grid, solver).is_ok() && solved(&grid) {
            Class::NeedsProbing
        } else {
            Class::NeedsSearch
        }
        .with_open(open_cells::<Puzzle>(&grid))
    }
}

impl LineLogic for ColourPuzzle {
    type StepValue = Colours;
    type Solver = ColourLineSolver;

    fn every_line(&self) -> Vec<LineId> {
        self.lines().collect()
    }

    fn is_open(known: Colours) -> bool {
        known.count_ones() > 1
    }

    fn solve(
        &self,
        solver: &mut ColourLineSolver,
        line: LineId,
        cells: &[Colours],
    ) -> Result<Vec<Colours>, Contradiction> {
        solver.solve(self.clue(line), cells)
    }

    fn propagate(
        &self,
        solver: &mut ColourLineSolver,
        grid: &mut Grid<Colours>,
        lines: Vec<LineId>,
    ) -> Result<(), Failed> {
        // The colour propagation does not say which lines it read: a probe's support is then
        // sought among every known cell.
        propagate_colour_lines(self, grid, solver, lines)
            .map(|_| ())
            .map_err(|stuck| Failed {
                line: stuck.line,
                solves: 0,
                read: None,
            })
    }

    fn trials(&self, known: Colours) -> Vec<Colours> {
        (0..32)
            .map(|colour| 1 << colour)
            .filter(|&bit| known & bit != 0)
            .collect()
    }

    fn refuted(known: Colours, trial: Colours) -> Colours {
        known & !trial
    }

    fn value(known: Colours) -> Colours {
        known
    }

    fn known(value: Colours) -> Colours {
        value
    }

    /// Line propagation alone: a path that propagation does not finish is `unrated`.
    fn cut_short(&self, grid: &Grid<Colours>, probes: usize) -> (Class, Option<f64>) {
        let mut grid = grid.clone();
        let solver = &mut ColourLineSolver::new();
        let propagated = propagate_colour(self, &mut grid, solver).is_ok();
        if probes == 0 && propagated && open_cells::<ColourPuzzle>(&grid) == 0 {
            (Class::LineSolvable, None)
        } else {
            (Class::Unrated, Some(0.0))
        }
    }
}
