//! Counting across lines is sound: it never fixes a cell against a solution and finds no
//! contradiction in a solvable puzzle; and it is the whole proof of the n-Dom family.

use crate::brute::{Rng, count_solutions, every_small_puzzle};
use nonosat::logic::bits::QuickLineSolver;
use nonosat::logic::count::propagate_with_counts;
use nonosat::logic::probe::NoSolution;
use nonosat::logic::propagate;
use nonosat::{Cell, Clue, Grid, LineId, Puzzle};

/// `puzzle` propagated by line logic and then by counting, with the cells counting added.
fn counted(puzzle: &Puzzle) -> Result<(Grid<Cell>, usize), NoSolution> {
    let mut grid = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    let mut solver = QuickLineSolver::new();
    propagate(puzzle, &mut grid, &mut solver).map_err(|_| NoSolution)?;
    let added = propagate_with_counts(puzzle, &mut grid, &mut solver)?;
    Ok((grid, added))
}

fn assert_agrees(grid: &Grid<Cell>, solutions: &[Grid<bool>]) {
    for solution in solutions {
        for pos in grid.positions() {
            if let Some(black) = grid[pos].known() {
                assert_eq!(
                    black, solution[pos],
                    "counting fixed {pos:?} against a solution"
                );
            }
        }
    }
}

#[test]
fn counting_agrees_with_every_solution_of_every_small_puzzle() {
    let mut helped = 0;
    for (puzzle, solutions) in every_small_puzzle(4) {
        let (grid, added) = counted(&puzzle).expect("every picture's puzzle is solvable");
        assert_agrees(&grid, &solutions);
        helped += usize::from(added > 0);
    }
    // The rule must have had something to do for this test to mean anything.
    assert!(
        helped > 20,
        "counting fixed cells in only {helped} small puzzles"
    );
}

#[test]
fn counting_agrees_with_planted_pictures() {
    let mut rng = Rng::new(41);
    for round in 0..400 {
        let (width, height) = (3 + round % 6, 3 + round / 7 % 6);
        let planted = rng.picture(width, height, [0.3, 0.5, 0.7][round % 3]);
        let puzzle = Puzzle::from_picture(&planted).unwrap();
        let (grid, _) = counted(&puzzle).expect("a planted puzzle is solvable");
        assert_agrees(&grid, &[planted]);
    }
}

#[test]
fn counting_finds_contradictions_only_in_unsolvable_puzzles() {
    // n-Dom with one clue replaced by another of the same sum: line logic fixes nothing in most
    // of them, and many have no solution.
    let same_sum: [&[usize]; 6] = [&[1, 3], &[3, 1], &[2, 2], &[4], &[2, 1], &[1, 2]];
    let mut refuted = 0;
    for n in 3..=4 {
        let original = ndom(n);
        for line in original.lines() {
            for blocks in same_sum {
                let clue = Clue::new(blocks.to_vec());
                if clue.black_cells() != original.clue(line).black_cells() {
                    continue;
                }
                let (mut rows, mut columns) =
                    (original.rows().to_vec(), original.columns().to_vec());
                match line {
                    LineId::Row(r) => rows[r] = clue,
                    LineId::Col(c) => columns[c] = clue,
                }
                let puzzle = Puzzle::new(rows, columns).unwrap();
                let mut grid = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
                let mut solver = QuickLineSolver::new();
                if propagate(&puzzle, &mut grid, &mut solver).is_err() {
                    continue;
                }
                if propagate_with_counts(&puzzle, &mut grid, &mut solver) == Err(NoSolution) {
                    refuted += 1;
                    assert_eq!(
                        count_solutions(&puzzle, 1),
                        0,
                        "counting refuted a solvable puzzle"
                    );
                }
            }
        }
    }
    assert!(
        refuted > 5,
        "counting refuted only {refuted} puzzles that line logic let pass"
    );
}

/// The n-Dom puzzle of `../shared/puzzles/ndom/README.txt`: rows [3], [1], (n-1) x ([3 1], [1]),
/// [1]; columns [1], [1], (n-1) x ([1 3], [1]), [3].
fn ndom(n: usize) -> Puzzle {
    let clue = |blocks: &[usize]| Clue::new(blocks.to_vec());
    let mut rows = vec![clue(&[3]), clue(&[1])];
    let mut columns = vec![clue(&[1]), clue(&[1])];
    for _ in 1..n {
        rows.extend([clue(&[3, 1]), clue(&[1])]);
        columns.extend([clue(&[1, 3]), clue(&[1])]);
    }
    rows.push(clue(&[1]));
    columns.push(clue(&[3]));
    Puzzle::new(rows, columns).unwrap()
}

#[test]
fn counting_solves_n_dom_without_search() {
    for n in 3..=20 {
        let puzzle = ndom(n);
        let (grid, added) = counted(&puzzle).expect("n-Dom is solvable");
        assert!(added > 0, "{n}-Dom: counting fixed nothing");
        assert_eq!(
            grid.known_count(),
            puzzle.cell_count(),
            "{n}-Dom left cells open"
        );
        let picture = grid.to_picture().expect("every cell is known");
        puzzle
            .check(&picture)
            .expect("the counted grid meets every clue");
    }
}
