//! `compare`: each method's counts match what the engine's own pieces say, on fixtures and random
//! puzzles.

use crate::brute::{Rng, clues};
use nonosat::Puzzle;
use nonosat::logic::DpLineSolver;
use nonosat::logic::probe::probe;
use nonosat::logic::propagate::propagate;
use nonosat::methods::compare::{Method, Outcome, compare, run};
use nonosat::model::{Cell, Grid};
use nonosat::solve::{Options, Verdict};

#[test]
fn line_logic_stalls_where_probing_solves() {
    let puzzle = Puzzle::new(clues(&[&[2], &[1, 1]]), clues(&[&[1], &[1], &[1], &[1]])).unwrap();
    let comparison = compare(
        &puzzle,
        &[Method::Line, Method::Probing],
        &Options::default(),
    )
    .unwrap();
    let [line, probing] = comparison.runs.as_slice() else {
        panic!("two runs")
    };
    assert_eq!(
        (line.method, line.fixed, line.outcome),
        (Method::Line, 0, Outcome::Stalled)
    );
    assert_eq!(
        (probing.method, probing.fixed, probing.outcome),
        (Method::Probing, 8, Outcome::Solved)
    );
    assert_eq!(comparison.exact.verdict, Verdict::Unique);
}

#[test]
fn contradictions_are_reported_as_such() {
    // Rows "2" and "", columns "2" and "": the only row arrangement has columns "1" and "1".
    let puzzle = Puzzle::new(clues(&[&[2], &[]]), clues(&[&[2], &[]])).unwrap();
    for method in Method::ALL {
        assert_eq!(
            run(method, &puzzle, None).outcome,
            Outcome::Contradiction,
            "{method}"
        );
    }
    assert_eq!(
        compare(&puzzle, &[], &Options::default())
            .unwrap()
            .exact
            .verdict,
        Verdict::None
    );
}

/// Each run's count of fixed cells is what propagation or probing leaves on the grid, and a method
/// that solves the puzzle can only do so when the exact answer is unique.
#[test]
fn counts_match_the_engine_on_random_puzzles() {
    let mut rng = Rng::new(41);
    for round in 0..60 {
        let size = 5 + round % 16;
        let picture = rng.picture(size, size, [0.4, 0.5, 0.6][round % 3]);
        let puzzle = Puzzle::from_picture(&picture).unwrap();
        let comparison = compare(&puzzle, &Method::ALL, &Options::default()).unwrap();
        let mut propagated = Grid::filled(size, size, Cell::Unknown);
        propagate(&puzzle, &mut propagated, &mut DpLineSolver::new()).unwrap();
        let mut probed = Grid::filled(size, size, Cell::Unknown);
        probe(&puzzle, &mut probed, &mut DpLineSolver::new()).unwrap();
        assert_eq!(comparison.runs[0].fixed, propagated.known_count());
        let probing = comparison.runs.last().unwrap();
        assert_eq!(probing.method, Method::Probing);
        assert_eq!(probing.fixed, probed.known_count());
        assert!(
            comparison.runs[0].fixed <= probing.fixed,
            "probing extends line logic"
        );
        let line_methods = comparison
            .runs
            .iter()
            .filter(|run| !matches!(run.method, Method::Probing | Method::KoikeProbing));
        for run in line_methods {
            // Line methods are sound, so none fixes more than the complete line solver; an
            // uncapped complete one (cube2, cube3) fixes exactly as much.
            assert!(run.fixed <= comparison.runs[0].fixed, "{}", run.method);
            if run.lines_skipped == 0 && matches!(run.method, Method::Cube2 | Method::Cube3) {
                assert_eq!(run.fixed, comparison.runs[0].fixed, "{}", run.method);
            }
        }
        for run in &comparison.runs {
            assert!(run.line_calls >= run.passes);
            if run.outcome == Outcome::Solved {
                assert_eq!(comparison.exact.verdict, Verdict::Unique, "{}", run.method);
            }
        }
    }
}

/// A capped method names the lines it left unexamined: each is still open and over its cap, and a
/// complete uncapped method names none.
#[test]
fn capped_methods_name_the_lines_they_left() {
    use nonosat::methods::compare::ENUMERATION_CAP;
    use nonosat::methods::kikuchi::freedom;
    let mut rng = Rng::new(30);
    let mut named = 0;
    for _ in 0..5 {
        let puzzle = Puzzle::from_picture(&rng.picture(30, 30, 0.5)).unwrap();
        for method in [Method::Cube2, Method::Cube3, Method::Line] {
            let result = run(method, &puzzle, None);
            let mut grid = Grid::filled(30, 30, Cell::Unknown);
            propagate(&puzzle, &mut grid, &mut DpLineSolver::new()).unwrap();
            for &line in &result.unexamined {
                assert!(
                    freedom(puzzle.clue(line), 30) > u128::from(ENUMERATION_CAP),
                    "{method} {line}"
                );
            }
            if method == Method::Line {
                assert!(result.unexamined.is_empty());
            }
            named += result.unexamined.len();
        }
    }
    assert!(named > 0, "30x30 random puzzles have lines over the cap");
}

/// A method whose time limit has passed fixes nothing and says it ran out of time, never that it
/// stalled at a fixpoint; without a limit, the same puzzle is solved.
#[test]
fn a_passed_deadline_stops_every_method() {
    let mut rng = Rng::new(12);
    let puzzle = Puzzle::from_picture(&rng.picture(12, 12, 0.6)).unwrap();
    let passed = Some(nonosat::deadline::Deadline::after(
        std::time::Duration::ZERO,
    ));
    for method in Method::ALL {
        let cut = run(method, &puzzle, passed);
        assert_eq!(
            (cut.fixed, cut.outcome),
            (0, Outcome::OutOfTime),
            "{method}"
        );
        assert_ne!(run(method, &puzzle, None).outcome, Outcome::OutOfTime);
    }
}
