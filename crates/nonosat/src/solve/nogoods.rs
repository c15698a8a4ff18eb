//! What the depth-first search's runs proved before they restarted, kept so that the runs after
//! them do not search it again: reduced nld-nogoods (Lecoutre, Sais, Tabary and Vidal 2007).
//!
//! A run's path is a list of decisions, each a cell's value tried first (a positive decision) or,
//! once every branch below that was searched, the cell's other values (a negative one). At a
//! restart each negative decision on the path says that its positive decision, with every
//! decision above it, leaves no solution the search has not found; and the dead end the run
//! stands at says the same of the whole path. The negative decisions can be dropped from each
//! such set (resolving it with the sets of the negative decisions above it), leaving only
//! positive ones: a cell-value pair per decision, with no reference to the order they came in, so
//! that a later run meets it whatever order it branches in. A run narrows its board by them at
//! every node: when all but one pair of a set hold, that cell loses that value; when all hold, the
//! node is a dead end.
//!
//! "No solution not yet found" is all a search asking for more solutions needs: the solutions
//! below a branch it searched through are in its list already. What the nogoods narrow is never
//! part of the root's fixpoint, which the first run takes before any nogood exists.

use crate::logic::Contradiction;
use crate::logic::board::Board;
use crate::logic::kind::Kind;

/// The nogoods of a search's past runs, each a set of cells with their values.
pub(super) struct Nogoods<K: Kind> {
    sets: Vec<Vec<(usize, K::Value)>>,
}

/// A decision on a run's path: the cell, the value tried first, and whether the search has gone
/// on to the cell's other values (every branch below the value searched through).
#[derive(Clone, Copy)]
pub(super) struct Decision<V> {
    pub(super) cell: usize,
    pub(super) value: V,
    pub(super) negative: bool,
}

impl<K: Kind> Nogoods<K> {
    pub(super) fn new() -> Self {
        Nogoods { sets: Vec::new() }
    }

    /// Records what a run proved that restarts at a dead end with `path`, its decisions from the
    /// root down: a set for each negative decision, and one for the dead end.
    pub(super) fn record<'d>(&mut self, path: impl Iterator<Item = &'d Decision<K::Value>>)
    where
        K::Value: 'd,
    {
        let mut positives = Vec::new();
        for decision in path {
            if decision.negative {
                let mut set = positives.clone();
                set.push((decision.cell, decision.value));
                self.sets.push(set);
            } else {
                positives.push((decision.cell, decision.value));
            }
        }
        self.sets.push(positives);
    }

    /// Narrows `board` (propagated, consistent) until no set says more, propagating each
    /// narrowing; a contradiction when a set holds whole or propagation finds one.
    pub(super) fn narrow(&self, board: &mut Board<'_, K>) -> Result<(), Contradiction> {
        let mut narrowed = true;
        while narrowed {
            narrowed = false;
            for set in &self.sets {
                match last_open(set, board) {
                    LastOpen::Unsettled => {}
                    LastOpen::Holds => return Err(Contradiction),
                    LastOpen::One(cell, value) => {
                        board.narrow(cell, K::without(board.cell(cell), value));
                        board.propagate()?;
                        narrowed = true;
                    }
                }
            }
        }
        Ok(())
    }
}

/// What a nogood's set says on a board.
enum LastOpen<V> {
    /// Some pair is false, or two may yet hold: nothing.
    Unsettled,
    /// Every pair holds.
    Holds,
    /// Every pair holds but this one, which the cell may yet take.
    One(usize, V),
}

/// Whether all of `set` holds on `board`, all but one pair, or less.
fn last_open<K: Kind>(set: &[(usize, K::Value)], board: &Board<'_, K>) -> LastOpen<K::Value> {
    let mut open = None;
    for &(cell, value) in set {
        let known = board.cell(cell);
        if K::is_fixed(known) {
            if K::value_of(known) != value {
                return LastOpen::Unsettled;
            }
        } else if !K::allows(known, value) || open.is_some() {
            return LastOpen::Unsettled;
        } else {
            open = Some((cell, value));
        }
    }
    match open {
        None => LastOpen::Holds,
        Some((cell, value)) => LastOpen::One(cell, value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cell, Grid, Puzzle};

    /// The 2x2 puzzle of one cell in each row and column: two solutions, the two diagonals, and
    /// nothing line logic fixes. Cells are numbered along the rows.
    fn diagonals() -> Puzzle {
        let picture = Grid::from_rows(vec![vec![true, false], vec![false, true]]).unwrap();
        Puzzle::from_picture(&picture).unwrap()
    }

    fn decision(cell: usize, value: bool, negative: bool) -> Decision<bool> {
        Decision {
            cell,
            value,
            negative,
        }
    }

    fn propagated_blank(puzzle: &Puzzle) -> Board<'_, Puzzle> {
        let mut board = Board::new(puzzle, &Grid::filled(2, 2, Cell::Unknown));
        board.queue_all();
        board.propagate().unwrap();
        board
    }

    /// A run that searched through the top-left cell black, then tried it white with the top-right
    /// cell white and met a dead end, leaves a set of one pair for each: the first strikes black
    /// from the top-left cell, and line logic then settles the board on the other diagonal, where
    /// the second is false.
    #[test]
    fn a_set_of_one_open_pair_strikes_its_value() {
        let puzzle = diagonals();
        let mut nogoods = Nogoods::new();
        nogoods.record([decision(0, true, true), decision(1, false, false)].iter());
        assert_eq!(nogoods.sets, vec![vec![(0, true)], vec![(1, false)]]);
        let mut board = propagated_blank(&puzzle);
        assert_eq!(nogoods.narrow(&mut board), Ok(()));
        let cells: Vec<Cell> = (0..4).map(|cell| board.cell(cell)).collect();
        assert_eq!(cells, [Cell::White, Cell::Black, Cell::Black, Cell::White]);
    }

    /// A negative decision's set keeps the positive decisions above it and drops the negative
    /// ones; two runs that refuted both values of a cell leave the root a dead end.
    #[test]
    fn sets_keep_positive_decisions_and_can_refute_the_root() {
        let puzzle = diagonals();
        let mut nogoods = Nogoods::new();
        let path = [
            decision(0, true, false),
            decision(1, false, true),
            decision(3, true, true),
            decision(2, false, false),
        ];
        nogoods.record(path.iter());
        assert_eq!(
            nogoods.sets,
            vec![
                vec![(0, true), (1, false)],
                vec![(0, true), (3, true)],
                vec![(0, true), (2, false)],
            ]
        );
        let mut board = propagated_blank(&puzzle);
        assert_eq!(nogoods.narrow(&mut board), Ok(()));
        assert_eq!(board.cell(0), Cell::Unknown, "no set has one open pair");
        nogoods.record([decision(0, true, false)].iter());
        nogoods.record([decision(0, false, false)].iter());
        assert_eq!(nogoods.narrow(&mut board), Err(Contradiction));
    }
}
