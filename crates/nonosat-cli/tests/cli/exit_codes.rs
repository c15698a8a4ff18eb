//! Exit codes.

use super::*;

#[test]
fn check_of_a_unique_puzzle_exits_0() {
    let file = bundled("seeds/koike-6x6.non");
    let (code, stdout, stderr) = run(&["check", &file], None);
    assert_eq!(code, 0);
    assert!(
        stdout.starts_with(&format!(
            "{file}: 6x6 puzzle\nverdict: unique: exactly one solution\n"
        )),
        "{stdout}"
    );
    assert_eq!(stderr, "");
}

#[test]
fn check_of_a_puzzle_with_two_solutions_exits_1() {
    let (code, stdout, _) = run(&["check", &bundled("seeds/two-diagonals.non")], None);
    assert_eq!(code, 1);
    assert!(
        stdout.contains(
            "verdict: multiple: at least two solutions, shown below; they differ in 4 cells\n"
        ),
        "{stdout}"
    );
}

#[test]
fn check_and_solve_of_an_unsolvable_puzzle_exit_3() {
    let file = Temp::new("none.nin", NO_SOLUTION_NIN);
    let (code, stdout, _) = run(&["check", file.path()], None);
    assert_eq!(code, 3);
    assert!(
        stdout.contains("verdict: no solution: no grid satisfies every clue\n"),
        "{stdout}"
    );
    // The line that line logic found impossible, as explain names it.
    assert!(
        stdout.contains("line propagation: meets column 1, which cannot be completed"),
        "{stdout}"
    );
    for command in ["check", "solve"] {
        let (code, stdout, _) = run(&[command, "--json", file.path()], None);
        assert_eq!(code, 3, "{command}");
        let record = &records(&stdout)[0];
        assert_eq!(record["verdict"], "none");
        assert_eq!(record["solutions"], serde_json::json!([]));
    }
}

#[test]
fn solve_of_a_solvable_puzzle_exits_0_even_when_not_unique() {
    let file = bundled("seeds/two-diagonals.non");
    let (code, stdout, _) = run(&["solve", &file], None);
    assert_eq!(code, 0);
    assert!(
        stdout.contains("verdict: solved (uniqueness not checked; use `check`)\n"),
        "{stdout}"
    );
    let (code, stdout, _) = run(&["solve", "--json", &file], None);
    assert_eq!(code, 0);
    let record = &records(&stdout)[0];
    assert_eq!(record["verdict"], "solved");
    assert_eq!(record["solutions"].as_array().unwrap().len(), 1);
    assert_eq!(record["differing_cells"], serde_json::json!([]));
}

#[test]
fn malformed_file_exits_2_naming_file_and_line_on_stderr() {
    let file = Temp::new("malformed.nin", MALFORMED_NIN);
    for command in ["check", "solve", "clues", "cnf"] {
        let (code, stdout, stderr) = run(&[command, file.path()], None);
        assert_eq!(code, 2, "{command}");
        assert_eq!(stdout, "", "{command}");
        assert_eq!(
            stderr,
            format!("nonosat: {}:3: \"x\" is not a number\n", file.path()),
            "{command}"
        );
    }
}

#[test]
fn missing_file_exits_2_naming_the_file() {
    let file = std::env::temp_dir().join(format!("nonosat-cli-{}-absent.non", std::process::id()));
    let file = file.to_str().unwrap();
    let (code, stdout, stderr) = run(&["check", file], None);
    assert_eq!(code, 2);
    assert_eq!(stdout, "");
    assert!(
        stderr.starts_with(&format!("nonosat: {file}: cannot read the file: ")),
        "{stderr}"
    );
}

#[test]
fn usage_errors_exit_2_with_a_message_on_stderr() {
    let file = bundled("seeds/koike-6x6.non");
    let cases: [&[&str]; 10] = [
        &["check", "--bogus", &file],
        &["check", "--timeout", "0", &file],
        &["check", "--timeout", "-1", &file],
        &["check", "--timeout", "abc", &file],
        &["check", "--format", "svg", &file],
        &["check", "--threshold", "256", &file],
        &["check"],
        &["frobnicate", &file],
        &["cnf", "--index", "x", &file],
        &[],
    ];
    for args in cases {
        let (code, stdout, stderr) = run(args, None);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(stdout, "", "{args:?}");
        assert!(stderr.contains("error:"), "{args:?}: {stderr}");
    }
    let (_, _, stderr) = run(&["check", "--timeout", "0", &file], None);
    assert!(
        stderr.contains(
            "the timeout must be more than 0 seconds and at most 1000000000 (10^9), not 0"
        ),
        "{stderr}"
    );
    let (_, _, stderr) = run(&["check", "--timeout", "abc", &file], None);
    assert!(
        stderr.contains("\"abc\" is not a number of seconds"),
        "{stderr}"
    );
}

#[test]
fn exit_code_of_several_puzzles_is_the_most_serious_one() {
    let unique = std::fs::read_to_string(bundled("seeds/koike-6x6.non")).unwrap();
    let multiple = std::fs::read_to_string(bundled("seeds/two-diagonals.non")).unwrap();
    let none = "width 2\nheight 2\nrows\n2\n0\ncolumns\n2\n0\n";
    let pack = Temp::new(
        "unique-multiple.nonpack",
        &format!("{unique}====\n{multiple}"),
    );
    assert_eq!(run(&["check", pack.path()], None).0, 1);
    assert_eq!(run(&["solve", pack.path()], None).0, 0);
    let pack = Temp::new(
        "multiple-none-unique.nonpack",
        &format!("{multiple}====\n{none}====\n{unique}"),
    );
    let (code, text, _) = run(&["check", pack.path()], None);
    assert_eq!(code, 3);
    assert!(
        text.contains(": multiple (4 ambiguous cells), needs search"),
        "{text}"
    );
    assert_eq!(run(&["check", "--json", pack.path()], None).0, 3);
}
