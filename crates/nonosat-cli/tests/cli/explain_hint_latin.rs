//! explain, hint, latin.

use super::*;

#[test]
fn explain_json_has_steps_class_score_and_hardest_step() {
    let svg = Temp::new("path.svg", "");
    let png = Temp::new("path.png", "");
    let puzzle = bundled("seeds/koike-6x6.non");
    let args = [
        "explain",
        &puzzle,
        "--json",
        "--svg",
        svg.path(),
        "--png",
        png.path(),
    ];
    let (code, stdout, _) = run(&args, None);
    assert_eq!(code, 0);
    let record = &records(&stdout)[0];
    for key in [
        "steps",
        "class",
        "score",
        "hardest_step",
        "depth",
        "widest_layer",
        "stop",
    ] {
        assert!(keys(record).contains(key), "no {key}");
    }
    assert_eq!(record["class"], "line-solvable");
    let step = &record["steps"][0];
    for key in ["kind", "lines", "cells", "support", "depends_on", "depth"] {
        assert!(keys(step).contains(key), "no {key} in a step");
    }
    assert!(
        std::fs::read_to_string(svg.path())
            .unwrap()
            .starts_with("<svg")
    );
    assert!(std::fs::read(png.path()).unwrap().starts_with(b"\x89PNG"));
}

#[test]
fn explain_of_a_puzzle_line_logic_cannot_start_needs_probing() {
    let puzzle = bundled("seeds/line-logic-counterexample.non");
    let (code, stdout, _) = run(&["explain", &puzzle], None);
    assert_eq!(code, 0);
    assert!(stdout.contains("difficulty: needs probing"), "{stdout}");
    assert!(stdout.contains("probe: if r"), "{stdout}");
}

#[test]
fn hint_names_the_next_step_and_wrong_cells() {
    let puzzle = bundled("seeds/koike-6x6.non");
    let state = Temp::new(
        "state.txt",
        "??????\n??????\n??????\n??????\n??????\n?????#\n",
    );
    let (code, stdout, _) = run(&["hint", &puzzle, "--state", state.path(), "--json"], None);
    assert_eq!(code, 0);
    let record = &records(&stdout)[0];
    assert_eq!(record["outcome"], "step");
    assert!(record["step"]["support"].as_array().unwrap().is_empty());
    let solution = run(&["solve", &puzzle, "--json"], None).1;
    let last_row = records(&solution)[0]["solutions"][0][5]
        .as_str()
        .unwrap()
        .to_owned();
    let wrong_mark = if last_row.ends_with('#') { 0 } else { 1 };
    assert_eq!(record["mistakes"].as_array().unwrap().len(), wrong_mark);

    let bad = Temp::new("bad-state.txt", "??????\n??x???\n");
    let (code, _, stderr) = run(&["hint", &puzzle, "--state", bad.path()], None);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("the grid has 2 rows, but the puzzle is 6x6"),
        "{stderr}"
    );
}

#[test]
fn latin_solves_proves_unique_and_refuses_bad_digits() {
    let square = bundled("examples/latin-5x5.txt");
    let (code, stdout, _) = run(&["latin", &square, "--orders", "1000000"], None);
    assert_eq!(code, 0);
    assert!(stdout.contains("unique"));
    assert!(stdout.contains("14 steps by the rule, solved"), "{stdout}");
    assert!(stdout.contains("longest deduction"));
    let bad = Temp::new("latin.txt", "12\n3.\n");
    let (code, _, stderr) = run(&["latin", bad.path()], None);
    assert_eq!(code, 2);
    assert!(
        stderr.contains(":2: '3' at row 2, column 1 is neither a digit 1..2 nor ."),
        "{stderr}"
    );
}

#[test]
fn explain_of_a_bundle_gives_one_line_each_and_svg_needs_one_puzzle() {
    let bundle = bundled("examples/two.nonpack");
    let (code, stdout, _) = run(&["explain", &bundle], None);
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert!(
        stdout.lines().all(|line| line.contains("line-solvable")),
        "{stdout}"
    );
    let (code, _, stderr) = run(&["explain", &bundle, "--svg", "unused.svg"], None);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("holds 2 puzzles; choose one with --index"),
        "{stderr}"
    );
}

/// Defect 7 of issue 14: `latin` exits 1 on several solutions and 3 on none, as `check` does.
#[test]
fn latin_exit_codes_follow_the_verdict() {
    for (square, code, says) in [
        ("1.\n..\n", 0, "unique"),
        ("..\n..\n", 1, "multiple"),
        ("1.\n.2\n", 3, "Latin square, none"),
    ] {
        let file = Temp::new("latin-verdict.txt", square);
        let (found, stdout, stderr) = run(&["latin", file.path()], None);
        assert_eq!(found, code, "{square:?}: {stdout}{stderr}");
        assert!(stdout.contains(says), "{square:?}: {stdout}");
        let (found, stdout, _) = run(&["latin", file.path(), "--json"], None);
        assert_eq!(found, code, "{square:?}: {stdout}");
    }
}

/// A hint whose check behind the wrong cells ran out of time says so and exits 4, and its JSON
/// tells `mistakes: []` from "none found in time"; with time, the list is complete.
#[test]
fn a_hint_cut_short_says_so_and_exits_4() {
    let puzzle = Temp::new("hint-random.nin", &nin_of(&random_picture()));
    let state = Temp::new("hint-blank.txt", &("?".repeat(20) + "\n").repeat(20));
    let args = ["hint", puzzle.path(), "--state", state.path()];
    let (code, stdout, _) = run(
        &[&args[..], &["--timeout", "1e-7", "--json"]].concat(),
        None,
    );
    assert_eq!(code, 4, "{stdout}");
    let record = &records(&stdout)[0];
    assert_eq!(record["outcome"], "step", "a line step needs no time");
    assert_eq!(record["mistakes"], serde_json::json!([]));
    assert_eq!(record["mistakes_complete"], false);
    let (code, stdout, _) = run(&[&args[..], &["--timeout", "1e-7"]].concat(), None);
    assert_eq!(code, 4);
    assert!(
        stdout.contains("the time limit passed before the known cells were checked"),
        "{stdout}"
    );
    let (code, stdout, _) = run(&[&args[..], &["--json"]].concat(), None);
    assert_eq!(code, 0);
    assert_eq!(records(&stdout)[0]["mistakes_complete"], true);
}
