//! Verdicts against brute-force solution counts: every small grid, every small clue set, random
//! larger puzzles, and planted answers.

use std::time::Duration;

use proptest::prelude::*;

use crate::brute::{
    Rng, clues, count_solutions, every_small_puzzle, lines_by_clue, pictures, property_config,
    satisfies,
};
use nonosat::deadline::Deadline;
use nonosat::solve::{self, GoalReport, Options, Verdict, check, solve};
use nonosat::{Clue, Grid, Puzzle};

fn expected_verdict(count: usize) -> Verdict {
    match count {
        0 => Verdict::None,
        1 => Verdict::Unique,
        _ => Verdict::Multiple,
    }
}

/// Checks `puzzle` under every backend choice (each backend, by size, and the race) and compares
/// with a known solution count; returns the report's solutions under the last choice.
fn assert_verdict(puzzle: &Puzzle, count: usize) -> Vec<Grid<bool>> {
    let mut solutions = Vec::new();
    for backend in solve::Strategy::all() {
        solutions = assert_verdict_with(puzzle, count, backend);
    }
    solutions
}

fn assert_verdict_with(puzzle: &Puzzle, count: usize, backend: solve::Strategy) -> Vec<Grid<bool>> {
    let report = check(puzzle, &Options::default().with_strategy(backend)).unwrap();
    assert_eq!(report.verdict, expected_verdict(count), "{puzzle:?}");
    assert_eq!(report.solutions.len(), count.min(2));
    for solution in &report.solutions {
        assert!(satisfies(puzzle, solution), "{puzzle:?}");
    }
    if let [a, b] = report.solutions.as_slice() {
        assert_ne!(a, b);
        assert_eq!(report.differing_cells(), a.differences(b));
    }
    if report.line_solvable {
        assert_eq!(
            report.verdict,
            Verdict::Unique,
            "line logic only fixes forced cells"
        );
    }
    report.solutions
}

/// Every picture of every size up to 4x4: the clues read off it, then `check`; the verdict matches
/// the number of pictures that share those clues.
#[test]
fn every_grid_up_to_4x4() {
    for (puzzle, pictures) in every_small_puzzle(4) {
        let solutions = assert_verdict(&puzzle, pictures.len());
        assert!(solutions.iter().all(|s| pictures.contains(s)));
    }
}

/// Every pair of row and column clue lists for 3x3 with equal black totals, solvable or not: the
/// "no solution" answer is checked here against brute force.
#[test]
fn every_3x3_clue_set_including_unsolvable_ones() {
    let options: Vec<Clue> = lines_by_clue(3)
        .into_iter()
        .map(|(c, _)| Clue::new(c))
        .collect();
    let mut none_seen = 0;
    for r in 0..options.len().pow(3) {
        for c in 0..options.len().pow(3) {
            let pick = |mut code: usize| {
                (0..3)
                    .map(|_| {
                        let clue = options[code % options.len()].clone();
                        code /= options.len();
                        clue
                    })
                    .collect()
            };
            let Ok(puzzle) = Puzzle::new(pick(r), pick(c)) else {
                continue;
            };
            let count = count_solutions(&puzzle, 3);
            none_seen += usize::from(count == 0);
            assert_verdict(&puzzle, count);
        }
    }
    assert!(
        none_seen > 100,
        "the exhaustive set must contain unsolvable clue sets"
    );
}

proptest! {
    #![proptest_config(property_config(300))]

    /// Random pictures of 5x5 and 6x6 at several densities, against the brute-force count.
    #[test]
    fn random_5x5_and_6x6_against_brute_force(
        picture in (5usize..=6).prop_flat_map(|size| {
            pictures(Just(size), Just(size), prop::sample::select(vec![0.3, 0.5, 0.7]))
        })
    ) {
        let puzzle = Puzzle::from_picture(&picture).unwrap();
        let puzzle = Puzzle::new(puzzle.rows().to_vec(), puzzle.columns().to_vec()).unwrap();
        assert_verdict(&puzzle, count_solutions(&puzzle, 2));
    }
}

/// Random clue sets for 5x5 (equal totals, usually unsolvable) against the brute-force count.
#[test]
fn random_5x5_clue_sets_against_brute_force() {
    let mut rng = Rng::new(5);
    let options: Vec<Clue> = lines_by_clue(5)
        .into_iter()
        .map(|(c, _)| Clue::new(c))
        .collect();
    let mut tried = 0;
    while tried < 300 {
        let mut pick = || {
            (0..5)
                .map(|_| options[rng.below(options.len() as u64) as usize].clone())
                .collect()
        };
        let Ok(puzzle) = Puzzle::new(pick(), pick()) else {
            continue;
        };
        tried += 1;
        assert_verdict(&puzzle, count_solutions(&puzzle, 2));
    }
}

proptest! {
    #![proptest_config(property_config(60))]

    /// Planted answers up to 30x30: the planted picture is a solution, so the verdict is unique
    /// (and the solution is the planted one) or multiple (two different solutions).
    #[test]
    fn planted_answers_up_to_30x30(
        planted in pictures(5usize..=30, 5usize..=30, prop::sample::select(vec![0.35, 0.5, 0.65]))
    ) {
        let puzzle = Puzzle::from_picture(&planted).unwrap();
        let bare = Puzzle::new(puzzle.rows().to_vec(), puzzle.columns().to_vec()).unwrap();
        let mut verdicts = Vec::new();
        for backend in solve::Strategy::all() {
            let options = Options::default().with_strategy(backend);
            let report = check(&bare, &options).unwrap();
            assert!(report.solutions.iter().all(|s| satisfies(&bare, s)));
            match report.verdict {
                Verdict::Unique => assert_eq!(report.solutions, vec![planted.clone()]),
                Verdict::Multiple => assert_ne!(report.solutions[0], report.solutions[1]),
                other => panic!("a planted puzzle cannot be {other}"),
            }
            // With the goal carried along, the goal is the first solution and the verdict is the
            // same.
            let with_goal = check(&puzzle, &options).unwrap();
            assert_eq!(with_goal.verdict, report.verdict);
            assert_eq!(with_goal.solutions[0], planted);
            assert_eq!(with_goal.goal, Some(GoalReport::Solves));
            verdicts.push(report.verdict);
        }
        assert!(verdicts.windows(2).all(|pair| pair[0] == pair[1]), "{verdicts:?}");
    }
}

#[test]
fn smallest_unique_puzzle_that_line_logic_cannot_solve() {
    let puzzle = Puzzle::new(clues(&[&[2], &[1, 1]]), clues(&[&[1], &[1], &[1], &[1]])).unwrap();
    let report = check(&puzzle, &Options::default()).unwrap();
    assert_eq!(report.verdict, Verdict::Unique);
    assert_eq!(report.fixed_by_propagation, 0);
    assert!(!report.line_solvable);
    assert_eq!(report.solutions[0].row_strings(), [".##.", "#..#"]);
}

#[test]
fn two_by_two_diagonals_are_multiple() {
    let puzzle = Puzzle::new(clues(&[&[1], &[1]]), clues(&[&[1], &[1]])).unwrap();
    let report = check(&puzzle, &Options::default()).unwrap();
    assert_eq!(report.verdict, Verdict::Multiple);
    assert_eq!(report.differing_cells().len(), 4);
}

#[test]
fn goal_that_breaks_a_clue_is_reported() {
    let puzzle = Puzzle::new(clues(&[&[1], &[1]]), clues(&[&[1], &[1]])).unwrap();
    let goal = Grid::from_rows(vec![vec![true, true], vec![false, false]]).unwrap();
    let report = check(&puzzle.with_goal(goal).unwrap(), &Options::default()).unwrap();
    let Some(GoalReport::Breaks(mismatch)) = report.goal else {
        panic!("goal should break a clue")
    };
    assert_eq!(mismatch.to_string(), "row 1 should read 1 but reads 2");
    assert_eq!(report.verdict, Verdict::Multiple);
}

#[test]
fn solve_stops_at_one_solution() {
    let puzzle = Puzzle::new(clues(&[&[1], &[1]]), clues(&[&[1], &[1]])).unwrap();
    let report = solve(&puzzle, &Options::default()).unwrap();
    assert_eq!(report.verdict, Verdict::Solved);
    assert_eq!(report.solutions.len(), 1);
    let unsolvable = Puzzle::new(clues(&[&[2], &[]]), clues(&[&[1], &[], &[1]])).unwrap();
    assert_eq!(
        solve(&unsolvable, &Options::default()).unwrap().verdict,
        Verdict::None
    );
}

#[test]
fn zero_timeout_answers_timeout() {
    let mut rng = Rng::new(3);
    let puzzle = Puzzle::from_picture(&rng.picture(20, 20, 0.5)).unwrap();
    let options = Options::default().with_deadline(Some(Deadline::after(Duration::ZERO)));
    let report = check(&puzzle, &options).unwrap();
    assert_eq!(report.verdict, Verdict::Timeout);
    assert!(report.solutions.is_empty());
}

/// With a (generous) time limit the solver runs in its deadline mode; verdicts and solutions must be
/// the same as without one, through every stage: first solve, nearby search, open search.
#[test]
fn time_limit_mode_gives_the_same_answers() {
    let mut rng = Rng::new(99);
    let generous =
        Options::default().with_deadline(Some(Deadline::after(Duration::from_secs(600))));
    for round in 0..40 {
        let size = 6 + round % 15;
        let puzzle = Puzzle::from_picture(&rng.picture(size, size, 0.5)).unwrap();
        let bare = Puzzle::new(puzzle.rows().to_vec(), puzzle.columns().to_vec()).unwrap();
        for candidate in [&puzzle, &bare] {
            let plain = check(candidate, &Options::default()).unwrap();
            let limited = check(candidate, &generous).unwrap();
            assert_eq!(limited.verdict, plain.verdict);
            assert_eq!(
                limited.solutions, plain.solutions,
                "the search is deterministic"
            );
        }
    }
}
