//! Files of several puzzles.

use super::*;

#[test]
fn multi_puzzle_files_give_one_json_record_per_puzzle_with_index_and_label() {
    for (path, labels) in [
        ("examples/two.nonpack", vec!["#1", "#2"]),
        ("examples/lines.jsonl", vec!["#1", "#2", "#3"]),
        ("examples/frame-and-plus.txt", vec!["$1", "$2"]),
    ] {
        let file = bundled(path);
        let (code, stdout, stderr) = run(&["check", "--json", &file], None);
        assert_eq!(code, 0, "{path}");
        assert_eq!(stderr, "", "{path}");
        let records = records(&stdout);
        assert_eq!(records.len(), labels.len(), "{path}");
        for (index, (record, label)) in records.iter().zip(&labels).enumerate() {
            assert_eq!(record["index"], index, "{path}");
            assert_eq!(record["label"], *label, "{path}");
            assert_eq!(record["file"], file.as_str(), "{path}");
            assert_eq!(record["verdict"], "unique", "{path}");
        }
    }
    let (_, stdout, _) = run(&["check", "--json", &bundled("examples/lines.jsonl")], None);
    let titles: Vec<Value> = records(&stdout)
        .iter()
        .map(|r| r["title"].clone())
        .collect();
    assert_eq!(titles, ["dot", "bar", "gap"]);
}

#[test]
fn multi_puzzle_check_prints_one_line_per_puzzle_then_a_summary() {
    let file = bundled("examples/two.nonpack");
    let (code, stdout, _) = run(&["check", &file], None);
    assert_eq!(code, 0);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert!(
        lines[0].starts_with(&format!(
            "{file} #1: unique, line-solvable (42/42 cells by propagation), "
        )),
        "{stdout}"
    );
    assert!(
        lines[1].starts_with(&format!(
            "{file} #2: unique, line-solvable (6/6 cells by propagation), "
        )),
        "{stdout}"
    );
    assert_eq!(lines[2], "");
    assert!(
        stdout.contains("\n\n2 puzzles: 2 unique, 2 line-solvable; "),
        "{stdout}"
    );

    let file = bundled("examples/frame-and-plus.txt");
    let (_, stdout, _) = run(&["check", &file], None);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert!(
        lines[0].starts_with(&format!("{file} $1: unique, ")),
        "{stdout}"
    );
    assert!(
        lines[1].starts_with(&format!("{file} $2: unique, ")),
        "{stdout}"
    );
    assert!(lines[3].starts_with("2 puzzles: 2 unique, "), "{stdout}");
    assert!(stdout.ends_with(")\n"), "{stdout}");
}

#[test]
fn multi_puzzle_solve_draws_every_puzzle_and_a_summary() {
    let file = bundled("examples/lines.jsonl");
    let (code, stdout, _) = run(&["solve", &file], None);
    assert_eq!(code, 0);
    for label in ["#1", "#2", "#3"] {
        assert!(
            stdout.contains(&format!("{file} {label}: ")),
            "{label}: {stdout}"
        );
    }
    assert_eq!(stdout.matches("verdict: solved").count(), 3);
    assert!(stdout.contains("\n3 puzzles: 3 solved, "), "{stdout}");
}
