//! Probing is sound: it never fixes a cell against a solution, and it finds no contradiction in a
//! solvable puzzle.

use crate::brute::{Rng, count_solutions};
use nonosat::logic::DpLineSolver;
use nonosat::logic::probe::{NoSolution, probe};
use nonosat::solve::{Options, Verdict, check};
use nonosat::{Cell, Grid, Puzzle};

#[test]
fn probing_agrees_with_every_solution_found() {
    let mut rng = Rng::new(17);
    for round in 0..300 {
        let size = 4 + round % 9;
        let planted = rng.picture(size, size, [0.35, 0.5, 0.65][round % 3]);
        let puzzle = Puzzle::from_picture(&planted).unwrap();
        let mut grid = Grid::filled(size, size, Cell::Unknown);
        probe(&puzzle, &mut grid, &mut DpLineSolver::new()).expect("a solvable puzzle");
        let report = check(&puzzle, &Options::default()).unwrap();
        for solution in report.solutions.iter().chain([&planted]) {
            for pos in grid.positions() {
                if let Some(black) = grid[pos].known() {
                    assert_eq!(
                        black, solution[pos],
                        "probing fixed {pos:?} against a solution"
                    );
                }
            }
        }
        if grid.known_count() == size * size {
            assert_eq!(
                report.verdict,
                Verdict::Unique,
                "a fully probed grid is the only solution"
            );
        }
    }
}

#[test]
fn probing_finds_contradictions_only_in_unsolvable_puzzles() {
    let mut rng = Rng::new(23);
    let mut unsolvable = 0;
    for _ in 0..400 {
        let a = Puzzle::from_picture(&rng.picture(5, 5, 0.5)).unwrap();
        let b = Puzzle::from_picture(&rng.picture(5, 5, 0.5)).unwrap();
        // Rows of one picture with the columns of another: often, but not always, unsolvable.
        let Ok(mixed) = Puzzle::new(a.rows().to_vec(), b.columns().to_vec()) else {
            continue;
        };
        let mut grid = Grid::filled(5, 5, Cell::Unknown);
        let probed = probe(&mixed, &mut grid, &mut DpLineSolver::new());
        let count = count_solutions(&mixed, 1);
        if probed == Err(NoSolution) {
            unsolvable += 1;
            assert_eq!(count, 0, "probing refuted a solvable puzzle");
        }
    }
    assert!(
        unsolvable > 10,
        "the sample must exercise the contradiction path"
    );
}
