//! The seed papers' examples, as fixtures in puzzles/seeds/, give the verdicts recorded for them.

use std::path::Path;

use nonosat::Puzzle;
use nonosat::formats::read_path;
use nonosat::solve::{GoalReport, Options, Verdict, check};

/// Checks a fixture: its verdict, whether line propagation alone solves it, and, for a unique puzzle
/// that carries a goal, that the solution is the goal.
fn assert_fixture(file: &str, verdict: Verdict, line_solvable: bool) {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("puzzles/seeds")
        .join(file);
    let puzzle = read_path::<Puzzle>(&path, None).unwrap().remove(0).puzzle;
    let report = check(&puzzle, &Options::default()).unwrap();
    assert_eq!(report.verdict, verdict, "{file}");
    assert_eq!(report.line_solvable, line_solvable, "{file}");
    if let Some(goal) = puzzle.goal() {
        assert_eq!(report.goal, Some(GoalReport::Solves), "{file}");
        if verdict == Verdict::Unique {
            assert_eq!(&report.solutions[0], goal, "{file}");
        }
    }
}

macro_rules! fixture_tests {
    ($($name:ident: $file:literal => $verdict:ident, line_solvable: $solvable:literal;)*) => {
        $(#[test]
        fn $name() {
            assert_fixture($file, Verdict::$verdict, $solvable);
        })*
    };
}

fixture_tests! {
    koike_6x6_has_the_papers_unique_answer: "koike-6x6.non" => Unique, line_solvable: true;
    kikuchi_whale_is_unique_and_line_solvable: "kikuchi-whale.non" => Unique, line_solvable: true;
    line_logic_cannot_solve_this_unique_puzzle: "line-logic-counterexample.non" => Unique, line_solvable: false;
    two_diagonals_are_two_solutions: "two-diagonals.non" => Multiple, line_solvable: false;
}

/// The whale's clues were derived from its picture: the row clues are Kikuchi's.
#[test]
fn kikuchi_whale_rows_are_the_papers() {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("puzzles/seeds/kikuchi-whale.non");
    let puzzle = read_path::<Puzzle>(&path, None).unwrap().remove(0).puzzle;
    let rows: Vec<String> = puzzle.rows().iter().map(ToString::to_string).collect();
    let paper = [
        "2 2", "2 1 2", "1 1 1", "1 1 1", "1", "3", "5 1", "1 5 2", "10", "10",
    ];
    assert_eq!(rows, paper);
    assert_eq!(
        puzzle.columns()[3].to_string(),
        "9",
        "column d: all but the first row"
    );
}
