//! Ambiguous cells and enumeration against brute force: every grid up to 4x4, random 5x5 and 6x6.

use std::collections::HashSet;
use std::sync::Mutex;
use std::time::Duration;

use crate::brute::{Rng, all_solutions, every_small_puzzle, picture_from_masks, satisfies};
use nonosat::deadline::Deadline;
use nonosat::solve::{Options, Strategy, Verdict, check, check_verdict_first};
use nonosat::{Grid, Pos, Puzzle};

/// The cells where some two of `solutions` differ, row by row (of either kind).
pub(crate) fn differing_somewhere<V: PartialEq>(solutions: &[Grid<V>]) -> Vec<Pos> {
    let first = &solutions[0];
    first
        .positions()
        .filter(|&pos| solutions.iter().any(|s| s[pos] != first[pos]))
        .collect()
}

fn deep(max_solutions: usize) -> Options {
    Options::default()
        .with_max_solutions(max_solutions)
        .with_ambiguous_cells(true)
}

/// Checks the ambiguous cells of `puzzle`, and enumeration up to several limits, against its
/// complete list of solutions, under every backend choice (each backend, by size, and the race).
fn assert_matches_brute_force(puzzle: &Puzzle, solutions: &[Grid<bool>]) {
    for backend in Strategy::all() {
        assert_matches_brute_force_with(puzzle, solutions, backend);
    }
}

fn assert_matches_brute_force_with(puzzle: &Puzzle, solutions: &[Grid<bool>], backend: Strategy) {
    let deep = |max_solutions| deep(max_solutions).with_strategy(backend);
    let report = check(puzzle, &deep(2)).unwrap();
    let expected = match solutions {
        [] | [_] => Vec::new(),
        _ => differing_somewhere(solutions),
    };
    assert_eq!(report.ambiguous, Some(expected), "{puzzle:?}");
    assert!(report.ambiguous_complete, "{puzzle:?}");
    let everything: HashSet<&Grid<bool>> = solutions.iter().collect();
    for limit in [2, 3, solutions.len().max(2), solutions.len() + 1] {
        let report = check(puzzle, &deep(limit)).unwrap();
        let found: HashSet<&Grid<bool>> = report.solutions.iter().collect();
        assert_eq!(found.len(), report.solutions.len(), "distinct solutions");
        assert!(found.is_subset(&everything), "{puzzle:?}");
        assert_eq!(report.solutions.len(), solutions.len().min(limit.max(1)));
        let all_found = report.solutions.len() == solutions.len();
        // Exhausted means proved complete: only claimed when every solution is there, and always
        // claimed when the limit leaves room to prove it.
        assert!(!report.exhausted || all_found, "{puzzle:?}");
        if solutions.len() < limit || solutions.len() <= 1 {
            assert!(report.exhausted, "{puzzle:?} limit {limit}");
        }
        assert!(report.solutions.iter().all(|s| satisfies(puzzle, s)));
    }
}

/// Every picture of every size up to 4x4, grouped by clues: each group is the complete set of
/// solutions of its clues.
#[test]
fn every_grid_up_to_4x4() {
    let mut multiple = 0;
    for (puzzle, pictures) in every_small_puzzle(4) {
        multiple += usize::from(pictures.len() > 1);
        assert_matches_brute_force(&puzzle, &pictures);
    }
    assert!(multiple > 1000, "the set must hold many ambiguous puzzles");
}

/// Random 5x5 and 6x6 pictures, without and with the picture as the goal.
#[test]
fn random_5x5_and_6x6() {
    let mut rng = Rng::new(55);
    let mut multiple = 0;
    for round in 0..300 {
        let size = 5 + round % 2;
        let density = [0.3, 0.5, 0.7][round % 3];
        let picture = rng.picture(size, size, density);
        let with_goal = Puzzle::from_picture(&picture).unwrap();
        let bare = Puzzle::new(with_goal.rows().to_vec(), with_goal.columns().to_vec()).unwrap();
        let solutions = all_solutions(&bare, usize::MAX);
        multiple += usize::from(solutions.len() > 1);
        assert_matches_brute_force(&bare, &solutions);
        assert_matches_brute_force(&with_goal, &solutions);
    }
    assert!(multiple > 30, "the set must hold ambiguous puzzles");
}

/// A puzzle with no solution and a unique one: nothing is ambiguous, and the list is exhaustive.
#[test]
fn unique_and_unsolvable_puzzles_have_no_ambiguous_cells() {
    let unique = Puzzle::from_picture(&picture_from_masks(&[0b01, 0b11], 2)).unwrap();
    let report = check(&unique, &deep(5)).unwrap();
    assert_eq!(report.verdict, Verdict::Unique);
    assert_eq!(report.ambiguous, Some(Vec::new()));
    assert!(report.exhausted);
    let plain = check(&unique, &Options::default()).unwrap();
    assert_eq!(plain.ambiguous, None, "only computed when asked for");
}

/// A time limit that cuts the search short before the verdict leaves the ambiguous cells unknown,
/// never empty.
#[test]
fn a_time_out_leaves_the_ambiguous_cells_unknown() {
    let mut rng = Rng::new(9);
    let puzzle = Puzzle::from_picture(&rng.picture(25, 25, 0.5)).unwrap();
    let bare = Puzzle::new(puzzle.rows().to_vec(), puzzle.columns().to_vec()).unwrap();
    let options = deep(2).with_deadline(Some(Deadline::after(Duration::ZERO)));
    let report = check(&bare, &options).unwrap();
    assert_eq!(report.verdict, Verdict::Timeout);
    assert_eq!(report.ambiguous, None);
    assert!(!report.exhausted);
    // Limits that expire during the search (which ones do depends on the machine): whenever the
    // verdict is a time-out, nothing is claimed about the ambiguous cells.
    let mut timed_out = 0;
    for round in 0..20 {
        let puzzle = Puzzle::from_picture(&rng.picture(30, 30, 0.5)).unwrap();
        let bare = Puzzle::new(puzzle.rows().to_vec(), puzzle.columns().to_vec()).unwrap();
        let limit = Duration::from_millis(1 + round % 4);
        let options = deep(2).with_deadline(Some(Deadline::after(limit)));
        let report = check(&bare, &options).unwrap();
        if report.verdict == Verdict::Timeout {
            timed_out += 1;
            assert_eq!(report.ambiguous, None);
            assert!(!report.ambiguous_complete);
        }
    }
    println!("{timed_out} of 20 checks timed out during the search");
}

/// The verdict is announced once, before the detail; when the time limit passes right after it,
/// the ambiguous cells are those found so far: proved ambiguous (a subset of brute force's), at
/// least where the two solutions differ, and marked incomplete unless they are all of them; the
/// cells left undecided hold every other ambiguous cell.
#[test]
fn a_detail_cut_short_keeps_the_cells_found_so_far() {
    let mut rng = Rng::new(77);
    let mut cut_short = 0;
    for round in 0..60 {
        let picture = rng.picture(5 + round % 2, 6, 0.5);
        let puzzle = Puzzle::from_picture(&picture).unwrap();
        let bare = Puzzle::new(puzzle.rows().to_vec(), puzzle.columns().to_vec()).unwrap();
        let solutions = all_solutions(&bare, usize::MAX);
        if solutions.len() < 2 {
            continue;
        }
        let expected = differing_somewhere(&solutions);
        for backend in Strategy::all() {
            let deadline = Deadline::after(Duration::from_millis(100));
            let announced = Mutex::new(Vec::new());
            let wait_out_the_limit = |report: &nonosat::solve::Report| {
                announced.lock().unwrap().push(report.verdict);
                std::thread::sleep(deadline.remaining());
            };
            let options = deep(2).with_strategy(backend).with_deadline(Some(deadline));
            let report = check_verdict_first(&bare, &options, &wait_out_the_limit).unwrap();
            assert_eq!(*announced.lock().unwrap(), [Verdict::Multiple]);
            assert_eq!(report.verdict, Verdict::Multiple);
            let found = report.ambiguous.clone().expect("the cells found so far");
            assert!(found.iter().all(|pos| expected.contains(pos)), "{bare:?}");
            assert!(
                report
                    .differing_cells()
                    .iter()
                    .all(|pos| found.contains(pos))
            );
            // Every cell outside the two lists is claimed in the backbone: each truly ambiguous
            // cell must be in one of them, and none in both.
            let undecided = &report.undecided;
            assert!(undecided.iter().all(|pos| !found.contains(pos)), "{bare:?}");
            assert!(
                expected
                    .iter()
                    .all(|pos| found.contains(pos) || undecided.contains(pos)),
                "{bare:?}"
            );
            assert_eq!(report.ambiguous_complete, undecided.is_empty(), "{bare:?}");
            if report.ambiguous_complete {
                assert_eq!(found, expected, "{bare:?}");
            } else {
                cut_short += 1;
            }
        }
    }
    assert!(
        cut_short > 10,
        "the limit must cut the search short often: {cut_short}"
    );
}
