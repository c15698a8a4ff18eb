//! Kikuchi's freedom, cube2, cube3 and cube4 against brute force, the DP line solver and planted
//! pictures.

use std::path::Path;

use crate::brute::{cells, common_cells, lines_by_clue, partial_lines, varied_puzzles};
use nonosat::formats::read_path;
use nonosat::logic::propagate::propagate;
use nonosat::logic::{Contradiction, DpLineSolver, LineSolver};
use nonosat::methods::kikuchi::{Cube2, Cube3, Cube4, freedom};
use nonosat::solve::{Options, check};
use nonosat::{Cell, Clue, Grid, Puzzle};

fn clue(blocks: &[usize]) -> Clue {
    Clue::new(blocks.to_vec())
}

/// Every clue of up to 12 cells, in every line length up to 12: the freedom is the number of lines
/// of that length with that clue (0 when it does not fit).
#[test]
fn freedom_counts_every_arrangement_up_to_length_12() {
    let by_len: Vec<_> = (0..=12).map(lines_by_clue).collect();
    for (blocks, _) in &by_len[12] {
        for (len, groups) in by_len.iter().enumerate() {
            let count = groups
                .iter()
                .find(|(b, _)| b == blocks)
                .map_or(0, |(_, masks)| masks.len());
            assert_eq!(
                freedom(&clue(blocks), len),
                count as u128,
                "{blocks:?} in {len}"
            );
        }
    }
}

/// Koike's 30-cell example lines.
#[test]
fn freedom_of_koikes_30_cell_lines() {
    assert_eq!(freedom(&clue(&[2, 1, 1, 1, 3, 1, 1, 2, 2, 3]), 30), 1_001);
    assert_eq!(freedom(&clue(&[1, 1, 1, 1]), 30), 17_550);
}

#[test]
fn freedom_saturates_instead_of_overflowing() {
    // C(128, 64) fits in a u128 although C(128, 63) * 65 does not.
    assert_eq!(
        freedom(&clue(&[1; 64]), 191),
        23_951_146_041_928_082_866_135_587_776_380_551_750
    );
    assert_eq!(freedom(&clue(&[1; 200]), 1000), u128::MAX);
}

/// Every clue that fits a line of `len`, with every partial line of that length: `solver` gives what
/// the DP solver gives, which is what brute force gives, contradictions included.
fn agrees_with_dp_on_every_partial_line(solver: &mut impl LineSolver, len: usize) {
    let mut dp = DpLineSolver::new();
    let groups = lines_by_clue(len);
    for (black, white) in partial_lines(len) {
        let line = cells(black, white, len);
        for (blocks, masks) in &groups {
            let clue = clue(blocks);
            let expected = dp.solve(&clue, &line);
            assert_eq!(
                expected,
                common_cells(masks, black, white, len).ok_or(Contradiction)
            );
            let got = solver.solve_line(&clue, &line);
            assert_eq!(got, expected, "clue {blocks:?} on line {line:?}");
        }
    }
}

#[test]
fn cube2_is_a_complete_line_solver_up_to_length_9() {
    let mut cube2 = Cube2::new();
    for len in 0..=9 {
        agrees_with_dp_on_every_partial_line(&mut cube2, len);
    }
    assert_eq!(cube2.counters().lines_skipped, 0);
}

#[test]
fn cube3_is_a_complete_line_solver_up_to_length_9() {
    let mut cube3 = Cube3::new();
    for len in 0..=9 {
        agrees_with_dp_on_every_partial_line(&mut cube3, len);
    }
    assert_eq!(cube3.counters().lines_skipped, 0);
}

#[test]
fn clues_longer_than_the_line_are_contradictions() {
    for len in 0..=5 {
        let clue = clue(&[len + 1]);
        for (black, white) in partial_lines(len) {
            let line = cells(black, white, len);
            assert_eq!(Cube2::new().solve_line(&clue, &line), Err(Contradiction));
            assert_eq!(Cube3::new().solve_line(&clue, &line), Err(Contradiction));
            assert_eq!(Cube4::new(0).solve_line(&clue, &line), Err(Contradiction));
        }
    }
}

/// The grid `solver` propagates `puzzle` to from an empty grid.
fn fixpoint(puzzle: &Puzzle, solver: &mut impl LineSolver) -> Grid<Cell> {
    let mut grid = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    propagate(puzzle, &mut grid, solver).expect("a puzzle made from a picture has a solution");
    grid
}

#[test]
fn cube_methods_reach_the_dp_fixpoint_on_random_puzzles() {
    let (mut cube2, mut cube3) = (Cube2::new(), Cube3::new());
    let mut cube4 = Cube4::new(u128::MAX);
    for (i, (puzzle, _)) in varied_puzzles(2024, 200).iter().enumerate() {
        let expected = fixpoint(puzzle, &mut DpLineSolver::new());
        assert_eq!(fixpoint(puzzle, &mut cube2), expected, "puzzle {i} cube2");
        assert_eq!(fixpoint(puzzle, &mut cube3), expected, "puzzle {i} cube3");
        assert_eq!(fixpoint(puzzle, &mut cube4), expected, "puzzle {i} cube4");
    }
    for counters in [cube2.counters(), cube3.counters(), cube4.counters()] {
        assert_eq!(counters.lines_skipped, 0);
        assert!(counters.arrangements_enumerated > 0);
    }
}

/// With a small θ cube4 skips lines but every cell it fixes is right: it agrees with the planted
/// picture and with every solution the SAT check finds.
#[test]
fn cube4_with_a_small_threshold_is_sound() {
    let mut cube4 = Cube4::new(20);
    let mut fixed = 0;
    for (i, (puzzle, _)) in varied_puzzles(77, 200).iter().enumerate() {
        let grid = fixpoint(puzzle, &mut cube4);
        let report = check(puzzle, &Options::default()).unwrap();
        let solutions = report.solutions.iter().chain(puzzle.goal());
        for solution in solutions {
            for pos in grid.positions() {
                if let Some(black) = grid[pos].known() {
                    assert_eq!(black, solution[pos], "puzzle {i} at {pos:?}");
                }
            }
        }
        fixed += grid.known_count();
    }
    assert!(cube4.counters().lines_skipped > 0);
    assert!(fixed > 0);
}

/// Cube4 examines exactly the lines whose freedom is at most θ.
#[test]
fn cube4_skips_lines_freer_than_its_threshold() {
    let line = vec![Cell::Unknown; 10];
    let seven = clue(&[7]); // freedom 4
    let mut cube4 = Cube4::new(3);
    assert_eq!(cube4.solve_line(&seven, &line), Ok(line.clone()));
    assert_eq!(cube4.counters().lines_skipped, 1);
    let mut cube4 = Cube4::new(4);
    let solved = cube4.solve_line(&seven, &line).unwrap();
    assert_eq!(solved, DpLineSolver::new().solve(&seven, &line).unwrap());
    assert_eq!(cube4.counters().lines_skipped, 0);
    assert_eq!(cube4.counters().arrangements_enumerated, 4);
}

/// A line with more arrangements than the limit is returned unchanged and counted; at the limit it
/// is solved.
#[test]
fn lines_over_the_arrangement_limit_are_skipped() {
    let four_ones = clue(&[1, 1, 1, 1]); // 17,550 arrangements in 30 cells
    let mut line = vec![Cell::Unknown; 30];
    line[0] = Cell::Black;
    let expected = DpLineSolver::new().solve(&four_ones, &line).unwrap();
    assert_ne!(expected, line);

    let mut cube2 = Cube2::new().with_max_arrangements(17_549);
    let mut cube3 = Cube3::new().with_max_arrangements(17_549);
    let mut cube4 = Cube4::new(u128::MAX).with_max_arrangements(17_549);
    for solver in [&mut cube2 as &mut dyn LineSolver, &mut cube3, &mut cube4] {
        assert_eq!(solver.solve_line(&four_ones, &line), Ok(line.clone()));
    }
    for counters in [cube2.counters(), cube3.counters(), cube4.counters()] {
        assert_eq!(counters.lines_skipped, 1);
        assert_eq!(counters.arrangements_enumerated, 0);
    }

    let mut cube3 = Cube3::new().with_max_arrangements(17_550);
    assert_eq!(cube3.solve_line(&four_ones, &line), Ok(expected.clone()));
    assert_eq!(cube3.counters().lines_skipped, 0);
    // The arrangements with a black first cell: the other three blocks in cells 2..30.
    assert_eq!(
        cube3.counters().arrangements_enumerated,
        freedom(&clue(&[1, 1, 1]), 28) as u64
    );
    let mut cube2 = Cube2::new().with_max_arrangements(17_550);
    assert_eq!(cube2.solve_line(&four_ones, &line), Ok(expected));
}

/// The paper's Theorem 4.1 is false: this puzzle has one solution, and no cube method fixes a cell.
#[test]
fn theorem_4_1_counterexample_is_not_solved() {
    let rows = vec![clue(&[2]), clue(&[1, 1])];
    let puzzle = Puzzle::new(rows, vec![clue(&[1]); 4]).unwrap();
    assert_eq!(fixpoint(&puzzle, &mut Cube2::new()).known_count(), 0);
    assert_eq!(fixpoint(&puzzle, &mut Cube3::new()).known_count(), 0);
    assert_eq!(fixpoint(&puzzle, &mut Cube4::default()).known_count(), 0);
}

/// The paper's whale (Figure 1) is solved by each method.
#[test]
fn the_papers_whale_is_solved() {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("puzzles/seeds/kikuchi-whale.non");
    let puzzle = read_path::<Puzzle>(&path, None).unwrap().remove(0).puzzle;
    let goal = puzzle.goal().unwrap().map(|&black| Cell::from_black(black));
    assert_eq!(fixpoint(&puzzle, &mut Cube2::new()), goal);
    assert_eq!(fixpoint(&puzzle, &mut Cube3::new()), goal);
    assert_eq!(fixpoint(&puzzle, &mut Cube4::default()), goal);
}

/// The freedom of a partly known line counts exactly the arrangements that agree with its known cells,
/// on every clue and every partial line up to length 9, and is Theorem 2.1's freedom on an empty line.
#[test]
fn consistent_arrangements_count_agreeing_arrangements() {
    use nonosat::methods::kikuchi::consistent_arrangements;
    for len in 0..=9 {
        for (blocks, masks) in crate::brute::lines_by_clue(len) {
            let clue = Clue::new(blocks.clone());
            for (black, white) in crate::brute::partial_lines(len) {
                let agreeing = masks
                    .iter()
                    .filter(|&&m| m & black == black && m & white == 0)
                    .count();
                let line = crate::brute::cells(black, white, len);
                assert_eq!(
                    consistent_arrangements(&clue, &line),
                    agreeing as u128,
                    "{blocks:?} {line:?}"
                );
            }
            let empty = vec![Cell::Unknown; len];
            assert_eq!(consistent_arrangements(&clue, &empty), freedom(&clue, len));
        }
    }
}

/// With its default θ, cube4 postpones free lines until their crossing lines have narrowed them. At
/// its fixpoint it agrees with the complete line solver's wherever it fixed a cell, and it equals it
/// whenever every line's freedom has come down to θ.
#[test]
fn cube4_with_the_default_threshold_reaches_the_dp_fixpoint_unless_a_line_stays_free() {
    use nonosat::methods::kikuchi::{DEFAULT_THRESHOLD, consistent_arrangements};
    let mut rng = crate::brute::Rng::new(4);
    let (mut postponed, mut equal, mut still_free) = (0, 0, 0);
    for round in 0..100 {
        let size = 10 + round % 21;
        let puzzle = Puzzle::from_picture(&rng.picture(size, size, 0.5)).unwrap();
        let mut cube4 = Cube4::default();
        let expected = fixpoint(&puzzle, &mut DpLineSolver::new());
        let got = fixpoint(&puzzle, &mut cube4);
        for pos in got.positions() {
            if got[pos] != Cell::Unknown {
                assert_eq!(
                    got[pos], expected[pos],
                    "puzzle {round}: cube4 fixed {pos:?} wrongly"
                );
            }
        }
        let free = puzzle.lines().any(|line| {
            consistent_arrangements(puzzle.clue(line), &got.line(line)) > DEFAULT_THRESHOLD
        });
        if free {
            still_free += 1;
        } else {
            assert_eq!(
                got, expected,
                "puzzle {round}: no line above θ, so the fixpoints agree"
            );
            equal += 1;
        }
        postponed += usize::from(cube4.counters().lines_skipped > 0);
    }
    // The sample exercises every case: 35 postpone a line, 76 end equal, 24 keep a free line.
    assert!(
        postponed > 20 && equal > 50 && still_free > 10,
        "{postponed} {equal} {still_free}"
    );
}
