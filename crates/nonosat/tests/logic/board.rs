//! The search's board reaches the same fixpoint as `propagate`, finds the same contradictions, and
//! undoes exactly what it fixed.

use crate::brute::Rng;
use crate::past_a_word;
use nonosat::logic::board::Board;
use nonosat::logic::{DpLineSolver, propagate};
use nonosat::{Cell, Grid, Puzzle};

#[test]
fn board_propagation_equals_propagate_and_undo_restores() {
    check_against_propagate(41, 600, |round| (3 + round % 7, 3 + round % 5));
}

/// Lines longer than a word go through the dynamic program, the crossing ones bit-parallel.
#[test]
fn lines_longer_than_a_word_too() {
    check_against_propagate(43, 300, |round| past_a_word(round, 7));
}

/// Propagates `rounds` random puzzles of the sizes `size` gives, with some cells given, on a
/// board and by `propagate`.
fn check_against_propagate(seed: u64, rounds: usize, size: impl Fn(usize) -> (usize, usize)) {
    let mut rng = Rng::new(seed);
    let mut contradictions = 0;
    for round in 0..rounds {
        let (width, height) = size(round);
        let planted = rng.picture(width, height, [0.3, 0.5, 0.7][round % 3]);
        let puzzle = Puzzle::from_picture(&planted).unwrap();
        // Some cells given, a few of them against the planted picture, so that some grids have
        // no solution.
        let mut start = Grid::filled(width, height, Cell::Unknown);
        for pos in start.positions().collect::<Vec<_>>() {
            if rng.below(4) == 0 {
                let flip = rng.below(12) == 0;
                start[pos] = Cell::from_black(planted[pos] != flip);
            }
        }
        let mut expected = start.clone();
        let reference = propagate(&puzzle, &mut expected, &mut DpLineSolver::new());

        let mut board = Board::new(&puzzle, &start);
        let mark = board.mark();
        board.queue_all();
        let result = board.propagate();
        assert_eq!(result.is_ok(), reference.is_ok(), "round {round}");
        if result.is_ok() {
            assert_eq!(
                board.grid(),
                expected,
                "round {round}: a different fixpoint"
            );
        } else {
            contradictions += 1;
        }
        board.undo(mark);
        assert_eq!(board.grid(), start, "round {round}: undo left cells fixed");
    }
    assert!(
        contradictions > rounds / 30,
        "only {contradictions} infeasible grids"
    );
}
