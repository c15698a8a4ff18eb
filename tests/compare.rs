//! `compare`: each method's counts match what the engine's own pieces say, on fixtures and random
//! puzzles; the command prints the table, JSON records, and a summary for collections.

mod brute;

use std::process::Command;

use brute::{Rng, clues};
use nonosat::Puzzle;
use nonosat::compare::{Method, Outcome, compare, run};
use nonosat::line::DpLineSolver;
use nonosat::model::{Cell, Grid};
use nonosat::probe::probe;
use nonosat::propagate::propagate;
use nonosat::unique::{Options, Verdict};

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
            run(method, &puzzle).outcome,
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

fn nonosat(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_nonosat"))
        .args(args)
        .output()
        .unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (
        output.status.code().unwrap(),
        text(output.stdout),
        text(output.stderr),
    )
}

fn bundled(path: &str) -> String {
    format!("{}/puzzles/{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn command_prints_a_table_and_the_exact_verdict() {
    let (code, stdout, _) = nonosat(&["compare", &bundled("seeds/line-logic-counterexample.non")]);
    assert_eq!(code, 0);
    let row = |name: &str| {
        let prefix = format!("{name} ");
        stdout
            .lines()
            .find(|line| line.starts_with(&prefix))
            .unwrap_or_else(|| panic!("{stdout}"))
    };
    assert!(
        stdout.lines().nth(1).unwrap().starts_with("method"),
        "{stdout}"
    );
    for method in ["line", "cube2", "cube3", "cube4", "myillust", "koike"] {
        assert!(row(method).contains("0/8 (0.0%) stalled"), "{stdout}");
    }
    assert!(
        row("koike-probing").contains("8/8 (100.0%) solved"),
        "{stdout}"
    );
    assert!(row("probing").contains("8/8 (100.0%) solved"), "{stdout}");
    assert!(stdout.contains("\nexact (SAT): unique"), "{stdout}");
}

#[test]
fn command_json_record_has_the_documented_fields() {
    let (code, stdout, stderr) = nonosat(&[
        "compare",
        "--json",
        "--methods",
        "probing",
        &bundled("seeds/two-diagonals.non"),
    ]);
    assert_eq!((code, stderr.as_str()), (1, ""));
    let record: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    let mut keys: Vec<&str> = record
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    let expected = [
        "cells",
        "exact",
        "file",
        "height",
        "index",
        "label",
        "methods",
        "schema_version",
        "width",
    ];
    assert_eq!(keys, expected);
    let method = &record["methods"][0];
    assert_eq!(method["method"], "probing");
    assert_eq!(method["outcome"], "stalled");
    assert_eq!(method["fixed"], 0);
    assert!(method["line_calls"].as_u64().unwrap() > 0 && method["time_ms"].is_f64());
    assert_eq!(record["exact"]["verdict"], "multiple");
}

#[test]
fn command_summarises_collections() {
    let (code, stdout, _) = nonosat(&["compare", &bundled("examples/two.nonpack")]);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("\n2 puzzles:\n  line "), "{stdout}");
    assert!(stdout.contains("solves"), "{stdout}");
    assert!(stdout.contains("exact (SAT): 2 unique,"), "{stdout}");
}

#[test]
fn command_refuses_unknown_methods() {
    let (code, _, stderr) = nonosat(&[
        "compare",
        "--methods",
        "guess",
        &bundled("seeds/two-diagonals.non"),
    ]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("unknown method \"guess\"; expected one of: line, cube2, cube3, cube4, myillust, koike, koike-probing, probing"),
        "{stderr}"
    );
}

/// A capped method names the lines it left unexamined: each is still open and over its cap, and a
/// complete uncapped method names none.
#[test]
fn capped_methods_name_the_lines_they_left() {
    use nonosat::compare::ENUMERATION_CAP;
    use nonosat::line::kikuchi::freedom;
    let mut rng = Rng::new(30);
    let mut named = 0;
    for _ in 0..5 {
        let puzzle = Puzzle::from_picture(&rng.picture(30, 30, 0.5)).unwrap();
        for method in [Method::Cube2, Method::Cube3, Method::Line] {
            let result = run(method, &puzzle);
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
