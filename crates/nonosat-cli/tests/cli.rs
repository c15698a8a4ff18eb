//! End-to-end tests of the `nonosat` binary: exit codes, the `--json` records, multi-puzzle files,
//! standard input, `clues`, `convert`, pictures in, `--goal`, `cnf`, `--timeout`, help and closed
//! pipes, batches over many files and directories, the `--svg`/`--png` pictures, and the commands
//! of the later issues.
//!
//! Only bundled puzzles (`puzzles/`) and temporary files written here are used, so these tests
//! always run.

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::Value;

// ---------------------------------------------------------------------------------------------
// Helpers

/// Runs the binary with `args`, feeding `stdin` when given; returns (exit code, stdout, stderr).
fn run(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nonosat"))
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    if let Some(text) = stdin {
        let mut pipe = child.stdin.take().expect("stdin is piped");
        pipe.write_all(text.as_bytes())
            .expect("stdin takes the text");
    }
    let output = child.wait_with_output().expect("the binary finishes");
    let code = output.status.code().expect("the binary exits, not killed");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("output is UTF-8");
    (code, text(output.stdout), text(output.stderr))
}

/// A bundled puzzle, by its path under `puzzles/`.
fn bundled(path: &str) -> String {
    format!(
        "{}/puzzles/{path}",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    )
}

/// A temporary file, removed when dropped; the name holds the process id, so runs don't collide.
struct Temp(PathBuf);

impl Temp {
    fn new(name: &str, content: &str) -> Temp {
        let path = std::env::temp_dir().join(format!("nonosat-cli-{}-{name}", std::process::id()));
        std::fs::write(&path, content).expect("temp file written");
        Temp(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("temp path is UTF-8")
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Every line of `stdout` as JSON.
fn records(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

/// The keys of a JSON object.
fn keys(record: &Value) -> BTreeSet<&str> {
    let object = record.as_object().expect("a JSON object");
    object.keys().map(String::as_str).collect()
}

/// A `.nin` text of the clues of `picture` (rows of `#` and `.`).
fn nin_of(picture: &[String]) -> String {
    let blocks = |cells: &[bool]| {
        let runs: Vec<String> = cells
            .split(|&black| !black)
            .filter(|run| !run.is_empty())
            .map(|run| run.len().to_string())
            .collect();
        if runs.is_empty() {
            "0".to_owned()
        } else {
            runs.join(" ")
        }
    };
    let grid: Vec<Vec<bool>> = picture
        .iter()
        .map(|row| row.chars().map(|c| c == '#').collect())
        .collect();
    let (height, width) = (grid.len(), grid[0].len());
    let mut lines = vec![format!("{width} {height}")];
    lines.extend(grid.iter().map(|row| blocks(row)));
    for col in 0..width {
        let column: Vec<bool> = grid.iter().map(|row| row[col]).collect();
        lines.push(blocks(&column));
    }
    lines.join("\n") + "\n"
}

/// A 20x20 picture of pseudo-random cells (a 64-bit LCG, fixed seed): its clues have several
/// solutions and line propagation leaves 79 of the 400 cells open.
fn random_picture() -> Vec<String> {
    let mut state: u64 = 12345;
    (0..20)
        .map(|_| {
            (0..20)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    if (state >> 33) & 1 == 1 { '#' } else { '.' }
                })
                .collect()
        })
        .collect()
}

/// 2x2, rows `2` / `0`, columns `2` / `0`: both sides ask for 2 black cells, yet no grid fits. The
/// rows allow one grid only (`##` over `..`), and its columns read `1` / `1`, not `2` / `0`.
const NO_SOLUTION_NIN: &str = "2 2\n2\n0\n2\n0\n";

/// A `.nin` with a word where a number belongs, on line 3.
const MALFORMED_NIN: &str = "3 2\n3\nx\n1\n1\n1\n";

// ---------------------------------------------------------------------------------------------
// Exit codes

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
        stderr.contains("the timeout must be more than 0 seconds, not 0"),
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

// ---------------------------------------------------------------------------------------------
// The --json record

#[test]
fn check_json_record_has_exactly_the_documented_keys_and_types() {
    let common = [
        "schema_version",
        "file",
        "index",
        "label",
        "title",
        "width",
        "height",
        "verdict",
        "solutions",
        "differing_cells",
        "ambiguous",
        "line_solvable",
        "fixed_by_propagation",
        "cells",
        "time_ms",
    ];
    // Koike's puzzle carries a goal, the counterexample does not.
    for (path, has_goal) in [
        ("seeds/koike-6x6.non", true),
        ("seeds/line-logic-counterexample.non", false),
    ] {
        let file = bundled(path);
        let (code, stdout, stderr) = run(&["check", "--json", &file], None);
        assert_eq!(code, 0);
        assert_eq!(stderr, "");
        assert_eq!(stdout.lines().count(), 1);
        let record = &records(&stdout)[0];
        let mut expected: BTreeSet<&str> = common.into_iter().collect();
        if has_goal {
            expected.insert("goal");
        }
        assert_eq!(keys(record), expected, "{path}");

        assert_eq!(record["schema_version"], 1);
        assert_eq!(record["file"], file.as_str());
        assert_eq!(record["index"], 0);
        assert_eq!(record["label"], "");
        assert!(record["title"].is_string());
        assert!(record["width"].is_u64() && record["height"].is_u64());
        assert_eq!(record["verdict"], "unique");
        assert!(record["line_solvable"].is_boolean());
        assert!(record["fixed_by_propagation"].is_u64());
        assert_eq!(
            record["cells"].as_u64().unwrap(),
            record["width"].as_u64().unwrap() * record["height"].as_u64().unwrap()
        );
        assert!(record["time_ms"].as_f64().unwrap() >= 0.0);
        assert_eq!(record["differing_cells"], serde_json::json!([]));
        assert_eq!(record["ambiguous"], serde_json::json!([]));
        let solutions = record["solutions"].as_array().unwrap();
        assert_eq!(solutions.len(), 1);
        let rows = solutions[0].as_array().unwrap();
        assert_eq!(rows.len() as u64, record["height"].as_u64().unwrap());
        for row in rows {
            let row = row.as_str().unwrap();
            assert_eq!(row.len() as u64, record["width"].as_u64().unwrap());
            assert!(row.chars().all(|c| c == '#' || c == '.'), "{row}");
        }
        if has_goal {
            assert_eq!(record["goal"], serde_json::json!({"is_solution": true}));
        }
    }
}

#[test]
fn check_json_pins_the_counterexample_solution_and_propagation_counts() {
    let (_, stdout, _) = run(
        &[
            "check",
            "--json",
            &bundled("seeds/line-logic-counterexample.non"),
        ],
        None,
    );
    let record = &records(&stdout)[0];
    assert_eq!(record["title"], "Unique, yet line logic fixes no cell");
    assert_eq!(record["width"], 4);
    assert_eq!(record["height"], 2);
    assert_eq!(record["solutions"], serde_json::json!([[".##.", "#..#"]]));
    assert_eq!(record["line_solvable"], false);
    assert_eq!(record["fixed_by_propagation"], 0);
    assert_eq!(record["cells"], 8);
}

#[test]
fn check_json_of_two_diagonals_gives_both_solutions_and_all_four_differing_cells() {
    let (code, stdout, _) = run(
        &["check", "--json", &bundled("seeds/two-diagonals.non")],
        None,
    );
    assert_eq!(code, 1);
    let record = &records(&stdout)[0];
    assert_eq!(record["verdict"], "multiple");
    let solutions: BTreeSet<Vec<String>> = record["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|grid| serde_json::from_value(grid.clone()).unwrap())
        .collect();
    let expected: BTreeSet<Vec<String>> = [vec!["#.", ".#"], vec![".#", "#."]]
        .into_iter()
        .map(|grid| grid.into_iter().map(String::from).collect())
        .collect();
    assert_eq!(solutions, expected);
    assert_eq!(
        record["differing_cells"],
        serde_json::json!([[0, 0], [0, 1], [1, 0], [1, 1]])
    );
    assert!(!keys(record).contains("goal"));
}

#[test]
fn json_error_records_go_to_stdout_with_exit_2() {
    let file = Temp::new("malformed-json.nin", MALFORMED_NIN);
    let (code, stdout, stderr) = run(&["check", "--json", file.path()], None);
    assert_eq!(code, 2);
    assert_eq!(stderr, "");
    let record = &records(&stdout)[0];
    assert_eq!(
        keys(record),
        BTreeSet::from(["schema_version", "file", "error"])
    );
    assert_eq!(record["schema_version"], 1);
    assert_eq!(record["file"], file.path());
    assert_eq!(
        record["error"],
        format!("{}:3: \"x\" is not a number", file.path())
    );

    let missing = format!("{}.absent", file.path());
    let (code, stdout, stderr) = run(&["solve", "--json", &missing], None);
    assert_eq!(code, 2);
    assert_eq!(stderr, "");
    let record = &records(&stdout)[0];
    assert_eq!(
        keys(record),
        BTreeSet::from(["schema_version", "file", "error"])
    );
    assert!(
        record["error"]
            .as_str()
            .unwrap()
            .starts_with(&format!("{missing}: cannot read the file: ")),
        "{record}"
    );
}

#[test]
fn json_error_record_of_one_puzzle_carries_its_index_and_the_others_still_run() {
    // 1000x30: 30 rows of 250 ones and columns of 7 or 8 ones (7500 black cells each way). No line
    // is fixed by propagation, and the rows' encoding would exceed the clause limit.
    let ones = |n: usize| vec!["1"; n].join(",");
    let mut huge = String::from("width 1000\nheight 30\nrows\n");
    huge += &format!("{}\n", ones(250)).repeat(30);
    huge += "columns\n";
    huge += &format!("{}\n", ones(7)).repeat(500);
    huge += &format!("{}\n", ones(8)).repeat(500);
    let small = std::fs::read_to_string(bundled("seeds/two-diagonals.non")).unwrap();
    let pack = Temp::new("too-many-clauses.nonpack", &format!("{small}====\n{huge}"));
    let (code, stdout, stderr) = run(&["check", "--json", pack.path()], None);
    assert_eq!(code, 2);
    assert_eq!(stderr, "");
    let records = records(&stdout);
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["verdict"], "multiple");
    assert_eq!(
        keys(&records[1]),
        BTreeSet::from(["schema_version", "file", "index", "error"])
    );
    assert_eq!(records[1]["index"], 1);
    let error = records[1]["error"].as_str().unwrap();
    assert!(
        error.starts_with(&format!("{} #2: the puzzle would need up to ", pack.path())),
        "{error}"
    );
    assert!(error.ends_with("clauses; the limit is 30000000"), "{error}");
}

// ---------------------------------------------------------------------------------------------
// Files of several puzzles

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

// ---------------------------------------------------------------------------------------------
// Standard input and formats

#[test]
fn stdin_gives_the_same_verdict_as_the_file() {
    // Everything but the file name and the time.
    let essence = |stdout: &str| -> Vec<Value> {
        records(stdout)
            .into_iter()
            .map(|mut record| {
                let object = record.as_object_mut().unwrap();
                object.remove("file");
                object.remove("time_ms");
                record
            })
            .collect()
    };
    for (path, format) in [
        ("seeds/two-diagonals.non", None),
        ("examples/heart.nin", None),
        ("examples/lines.jsonl", None),
        ("examples/frame-and-plus.txt", None),
        ("examples/heart.txt", None),
        ("examples/heart.json", None),
        ("examples/two.nonpack", Some("nonpack")),
        ("examples/heart.nin", Some("nin")),
    ] {
        let file = bundled(path);
        let text = std::fs::read_to_string(&file).unwrap();
        let (file_code, from_file, _) = run(&["check", "--json", &file], None);
        let mut args = vec!["check", "--json"];
        if let Some(format) = format {
            args.extend(["--format", format]);
        }
        args.push("-");
        let (stdin_code, from_stdin, stderr) = run(&args, Some(&text));
        assert_eq!(stderr, "", "{path}");
        assert_eq!(stdin_code, file_code, "{path}");
        assert_eq!(essence(&from_stdin), essence(&from_file), "{path}");
        assert!(records(&from_stdin).iter().all(|r| r["file"] == "-"));
    }
}

#[test]
fn stdin_errors_are_shown_as_stdin() {
    // Without a name there is no extension: `--format` says how to read the text.
    let (code, stdout, stderr) = run(&["check", "--format", "nin", "-"], Some(MALFORMED_NIN));
    assert_eq!(code, 2);
    assert_eq!(stdout, "");
    assert_eq!(stderr, "nonosat: <stdin>:3: \"x\" is not a number\n");
}

#[test]
fn format_flag_overrides_the_extension() {
    let text = std::fs::read_to_string(bundled("seeds/two-diagonals.non")).unwrap();
    let file = Temp::new("really-non.json", &text);
    let (code, _, stderr) = run(&["check", file.path()], None);
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with(&format!(
            "nonosat: {}:1: expected a JSON object",
            file.path()
        )),
        "{stderr}"
    );
    let (code, stdout, _) = run(&["check", "--format", "non", file.path()], None);
    assert_eq!(code, 1);
    assert!(stdout.contains("verdict: multiple"), "{stdout}");
    // Format names ignore case.
    assert_eq!(run(&["check", "--format", "NON", file.path()], None).0, 1);
}

// ---------------------------------------------------------------------------------------------
// clues

#[test]
fn clues_of_a_picture_pipe_into_check_as_unique() {
    let (code, clues, stderr) = run(&["clues", &bundled("seeds/kikuchi-whale.txt")], None);
    assert_eq!(code, 0);
    assert_eq!(stderr, "");
    // The bundled .non is exactly this output under a title line.
    let seed = std::fs::read_to_string(bundled("seeds/kikuchi-whale.non")).unwrap();
    let (_, untitled) = seed.split_once('\n').unwrap();
    assert_eq!(clues, untitled);

    let (code, stdout, _) = run(&["check", "-"], Some(&clues));
    assert_eq!(code, 0);
    assert!(
        stdout.starts_with("-: 10x10 puzzle\nverdict: unique: exactly one solution\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("goal picture: satisfies the clues\n"),
        "{stdout}"
    );
}

#[test]
fn clues_to_nin_and_json_reread_to_the_same_clues() {
    let picture = bundled("seeds/kikuchi-whale.txt");
    let (code, nin, _) = run(&["clues", "--to", "nin", &picture], None);
    assert_eq!(code, 0);
    assert!(nin.starts_with("10 10\n2 2\n2 1 2\n1 1 1\n"), "{nin}");
    assert_eq!(nin.lines().count(), 21);

    let (code, json, _) = run(&["clues", "--to", "json", &picture], None);
    assert_eq!(code, 0);
    let object: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(object["rows"][0], serde_json::json!([2, 2]));
    assert_eq!(object["columns"][3], serde_json::json!([9]));
    assert_eq!(object["goal"][0], "##..##....");

    // Every written form, read back and written as .nin, gives the same clues.
    for (name, text) in [("whale.nin", &nin), ("whale.json", &json)] {
        let written = Temp::new(name, text);
        let (code, again, _) = run(&["clues", "--to", "nin", written.path()], None);
        assert_eq!(code, 0, "{name}");
        assert_eq!(again, nin, "{name}");
    }
    for to in ["non", "nonpack", "jsonl", "picture"] {
        let (code, text, _) = run(&["clues", "--to", to, &picture], None);
        assert_eq!(code, 0, "{to}");
        let (code, again, _) = run(&["clues", "--to", "nin", "-"], Some(&text));
        assert_eq!(code, 0, "{to}");
        assert_eq!(again, nin, "{to}");
    }
}

#[test]
fn clues_output_flag_writes_the_file_and_nothing_to_stdout() {
    let picture = bundled("seeds/kikuchi-whale.txt");
    let out = Temp::new("whale-out.nin", "");
    let (code, stdout, stderr) = run(&["clues", "--to", "nin", "-o", out.path(), &picture], None);
    assert_eq!((code, stdout.as_str(), stderr.as_str()), (0, "", ""));
    let (_, expected, _) = run(&["clues", "--to", "nin", &picture], None);
    assert_eq!(std::fs::read_to_string(out.path()).unwrap(), expected);
    let (code, stdout, _) = run(&["check", out.path()], None);
    assert_eq!(code, 0);
    assert!(stdout.contains("verdict: unique"), "{stdout}");
}

#[test]
fn clues_refuses_formats_that_cannot_hold_the_puzzles() {
    let cases = [
        (
            "seeds/kikuchi-whale.txt",
            "tournament",
            "the tournament format holds 25x25 puzzles only, not 10x10\n",
        ),
        (
            "examples/heart.nin",
            "picture",
            "the puzzle has no goal picture, which the picture format writes\n",
        ),
        (
            "examples/two.nonpack",
            "nin",
            "the nin format holds exactly one puzzle, but 2 were given\n",
        ),
    ];
    for (path, to, message) in cases {
        let (code, stdout, stderr) = run(&["clues", "--to", to, &bundled(path)], None);
        assert_eq!(code, 2, "{path} to {to}");
        assert_eq!(stdout, "", "{path} to {to}");
        let file = bundled(path);
        assert_eq!(
            stderr,
            format!("nonosat: {file}: {message}"),
            "{path} to {to}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// --goal

#[test]
fn goal_that_is_the_solution_is_reported_as_one() {
    let goal = Temp::new("counterexample-goal.txt", ".##.\n#..#\n");
    let file = bundled("seeds/line-logic-counterexample.non");
    let (code, stdout, _) = run(&["check", "--json", "--goal", goal.path(), &file], None);
    assert_eq!(code, 0);
    let record = &records(&stdout)[0];
    assert_eq!(record["verdict"], "unique");
    assert_eq!(record["goal"], serde_json::json!({"is_solution": true}));
    assert_eq!(record["solutions"], serde_json::json!([[".##.", "#..#"]]));

    let (code, stdout, _) = run(&["check", "--goal", goal.path(), &file], None);
    assert_eq!(code, 0);
    assert!(
        stdout.contains("goal picture: satisfies the clues\n"),
        "{stdout}"
    );
}

#[test]
fn goal_that_breaks_a_clue_is_reported_with_the_line_it_breaks() {
    let goal = Temp::new("wrong-goal.txt", "##..\n#..#\n");
    let file = bundled("seeds/line-logic-counterexample.non");
    let (code, stdout, _) = run(&["check", "--json", "--goal", goal.path(), &file], None);
    assert_eq!(code, 0);
    let record = &records(&stdout)[0];
    assert_eq!(
        record["goal"],
        serde_json::json!({"is_solution": false, "broken_line": "column 1"})
    );
}

#[test]
fn goal_of_the_wrong_size_exits_2_naming_the_goal_file() {
    let goal = Temp::new("small-goal.txt", ".##\n#..\n");
    let file = bundled("seeds/line-logic-counterexample.non");
    let (code, stdout, stderr) = run(&["check", "--goal", goal.path(), &file], None);
    assert_eq!(code, 2);
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        format!(
            "nonosat: --goal {}: the goal picture is 3x2 but the puzzle is 4x2\n",
            goal.path()
        )
    );
    let (code, stdout, _) = run(&["check", "--json", "--goal", goal.path(), &file], None);
    assert_eq!(code, 2);
    let record = &records(&stdout)[0];
    assert_eq!(record["file"], goal.path());
    assert!(record["error"].as_str().unwrap().contains(goal.path()));
}

#[test]
fn goal_needs_a_file_of_one_puzzle() {
    let goal = Temp::new("pack-goal.txt", ".##.\n#..#\n");
    let file = bundled("examples/two.nonpack");
    let (code, _, stderr) = run(&["check", "--goal", goal.path(), &file], None);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        format!(
            "nonosat: --goal {}: needs a FILE of one puzzle, and {file} holds 2\n",
            goal.path()
        )
    );
}

// ---------------------------------------------------------------------------------------------
// cnf

/// The clause lines of a DIMACS text, after checking its comments and its `p cnf` header:
/// (variables, clauses).
fn dimacs(text: &str) -> (usize, Vec<Vec<i64>>) {
    let mut lines = text.lines();
    let header = lines
        .by_ref()
        .find(|line| !line.starts_with("c "))
        .expect("a header");
    let counts: Vec<usize> = header
        .strip_prefix("p cnf ")
        .unwrap_or_else(|| panic!("not a header: {header}"))
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    let clauses: Vec<Vec<i64>> = lines
        .map(|line| {
            let mut literals: Vec<i64> = line.split(' ').map(|n| n.parse().unwrap()).collect();
            assert_eq!(literals.pop(), Some(0), "clause ends with 0: {line}");
            assert!(!literals.contains(&0), "{line}");
            literals
        })
        .collect();
    assert_eq!(counts[1], clauses.len(), "the header counts the clauses");
    let largest = clauses.iter().flatten().map(|lit| lit.unsigned_abs()).max();
    assert_eq!(
        largest,
        Some(counts[0] as u64),
        "the header counts the variables"
    );
    (counts[0], clauses)
}

#[test]
fn cnf_starts_with_comments_mapping_cells_and_a_matching_header() {
    let (code, text, stderr) = run(&["cnf", &bundled("seeds/two-diagonals.non")], None);
    assert_eq!((code, stderr.as_str()), (0, ""));
    let comments: Vec<&str> = text.lines().take_while(|l| l.starts_with("c ")).collect();
    assert_eq!(
        comments,
        [
            "c nonosat encoding of a 2x2 nonogram",
            "c title: Two solutions: either diagonal",
            "c cell (row r, column c), both 0-based, is variable r*2 + c + 1; true = black",
            "c variables 1..=4 are cells; the rest are line auxiliaries",
        ]
    );
    let (variables, clauses) = dimacs(&text);
    assert!(variables > 4);
    assert!(!clauses.is_empty());
}

#[test]
fn cnf_output_is_byte_identical_across_runs() {
    for path in ["seeds/koike-6x6.non", "examples/heart.json"] {
        let first = run(&["cnf", &bundled(path)], None);
        let second = run(&["cnf", &bundled(path)], None);
        assert_eq!(first.0, 0);
        assert_eq!(first, second, "{path}");
        let first = run(&["cnf", "--json", &bundled(path)], None);
        assert_eq!(
            first,
            run(&["cnf", "--json", &bundled(path)], None),
            "{path}"
        );
    }
}

#[test]
fn cnf_propagate_turns_a_line_solvable_puzzle_into_unit_clauses() {
    let file = bundled("seeds/koike-6x6.non");
    let (_, plain, _) = run(&["cnf", &file], None);
    let (code, propagated, _) = run(&["cnf", "--propagate", &file], None);
    assert_eq!(code, 0);
    let (_, plain) = dimacs(&plain);
    let (variables, propagated) = dimacs(&propagated);
    assert!(propagated.len() < plain.len());
    // Every cell fixed, no line left to encode: one unit clause per cell.
    assert_eq!(variables, 36);
    assert_eq!(propagated.len(), 36);
    assert!(propagated.iter().all(|clause| clause.len() == 1));
    // The units spell the solution: the first row is `.#.###`.
    let first_row: Vec<i64> = propagated.iter().take(6).map(|c| c[0]).collect();
    assert_eq!(first_row, [-1, 2, -3, 4, 5, 6]);
}

#[test]
fn cnf_json_gives_the_same_variables_and_clauses_as_dimacs() {
    let file = bundled("seeds/two-diagonals.non");
    let (_, text, _) = run(&["cnf", &file], None);
    let (variables, clauses) = dimacs(&text);
    let (code, stdout, _) = run(&["cnf", "--json", &file], None);
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().count(), 1);
    let record = &records(&stdout)[0];
    assert_eq!(
        keys(record),
        BTreeSet::from([
            "schema_version",
            "file",
            "index",
            "width",
            "height",
            "variables",
            "cell_variable",
            "clauses",
        ])
    );
    assert_eq!(record["schema_version"], 1);
    assert_eq!(record["index"], 0);
    assert_eq!(record["width"], 2);
    assert_eq!(record["height"], 2);
    assert_eq!(record["variables"], variables);
    assert_eq!(record["clauses"], serde_json::json!(clauses));
}

#[test]
fn cnf_of_a_multi_puzzle_file_needs_an_index() {
    let file = bundled("examples/two.nonpack");
    let (code, stdout, stderr) = run(&["cnf", &file], None);
    assert_eq!(code, 2);
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        format!("nonosat: {file} holds 2 puzzles; choose one with --index (0-based)\n")
    );
    let (code, stdout, _) = run(&["cnf", "--index", "1", &file], None);
    assert_eq!(code, 0);
    assert!(
        stdout.starts_with(
            "c nonosat encoding of a 3x2 nonogram\n\
             c title: Corner, with an empty last row written as a blank line\n"
        ),
        "{stdout}"
    );
    dimacs(&stdout);
    let (code, _, stderr) = run(&["cnf", "--index", "2", &file], None);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        format!("nonosat: {file} holds 2 puzzles; --index 2 is out of range\n")
    );
    let (code, stdout, _) = run(&["cnf", "--json", "--index", "1", &file], None);
    assert_eq!(code, 0);
    assert_eq!(records(&stdout)[0]["index"], 1);
}

#[test]
fn cnf_output_flag_writes_the_file() {
    let file = bundled("seeds/koike-6x6.non");
    let out = Temp::new("koike.cnf", "");
    let (code, stdout, _) = run(&["cnf", "-o", out.path(), &file], None);
    assert_eq!((code, stdout.as_str()), (0, ""));
    let (_, expected, _) = run(&["cnf", &file], None);
    assert_eq!(std::fs::read_to_string(out.path()).unwrap(), expected);
}

// ---------------------------------------------------------------------------------------------
// --timeout

#[test]
fn tiny_timeout_answers_timeout_and_exits_4() {
    let file = Temp::new("random-20x20.nin", &nin_of(&random_picture()));
    for timeout in ["1e-9", "0.000001"] {
        let (code, stdout, stderr) = run(
            &["check", "--json", "--timeout", timeout, file.path()],
            None,
        );
        assert_eq!(code, 4, "{timeout}");
        assert_eq!(stderr, "");
        let record = &records(&stdout)[0];
        assert_eq!(record["verdict"], "timeout");
        assert_eq!(record["solutions"], serde_json::json!([]));
        // Propagation ran and left cells open: the answer needed the search the deadline cut off.
        assert_eq!(record["line_solvable"], false);
        assert!(record["fixed_by_propagation"].as_u64().unwrap() < 400);

        let (code, stdout, _) = run(&["solve", "--timeout", timeout, file.path()], None);
        assert_eq!(code, 4, "{timeout}");
        assert!(
            stdout.contains("verdict: timed out before an answer\n"),
            "{stdout}"
        );
    }
    // Without the limit the same puzzle gets an answer.
    let (code, stdout, _) = run(&["check", "--json", file.path()], None);
    assert_eq!(code, 1);
    assert_eq!(records(&stdout)[0]["verdict"], "multiple");
}

// ---------------------------------------------------------------------------------------------
// Help, version, pipes

#[test]
fn help_lists_the_exit_codes_and_exits_0() {
    let (code, stdout, _) = run(&["--help"], None);
    assert_eq!(code, 0);
    assert!(stdout.contains("\nExit codes:\n"), "{stdout}");
    for line in [
        "  0  unique (check, compare, count), solved (solve), done (clues, convert, cnf),",
        "  1  multiple solutions",
        "  2  bad input or usage",
        "  3  no solution",
        "  4  timed out",
        "  6  the certificate was rejected (verify-proof)",
    ] {
        assert!(stdout.contains(line), "{line}: {stdout}");
    }
    let (code, stdout, _) = run(&["check", "--help"], None);
    assert_eq!(code, 0);
    assert!(stdout.contains("--timeout <SECONDS>"), "{stdout}");
}

#[test]
fn version_prints_the_package_version_and_exits_0() {
    let (code, stdout, _) = run(&["--version"], None);
    assert_eq!(code, 0);
    assert_eq!(stdout, format!("nonosat {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn closed_stdout_pipe_ends_the_run_without_a_panic() {
    // 3000 puzzles, each with two solutions: far more output than a pipe buffers, so writes meet the
    // closed pipe; the exit code is that of the puzzles handled so far (1, multiple).
    let many = Temp::new(
        "many.jsonl",
        &"{\"rows\": [[1], [1]], \"columns\": [[1], [1]]}\n".repeat(3000),
    );
    for json in [true, false] {
        let mut args = vec!["check", many.path()];
        if json {
            args.insert(1, "--json");
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_nonosat"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 10];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        let status = child.wait().unwrap();
        assert_ne!(status.code(), Some(101), "{stderr}");
        assert_eq!(status.code(), Some(1), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

// ---------------------------------------------------------------------------------------------
// convert, pictures in

#[test]
fn convert_writes_every_writable_format_and_each_reads_back_to_the_same_clues() {
    let heart = bundled("examples/heart.non");
    let (code, nin, _) = run(&["convert", "--to", "nin", &heart], None);
    assert_eq!(code, 0);
    assert_eq!(
        nin,
        std::fs::read_to_string(bundled("examples/heart.nin")).unwrap()
    );
    for (to, extension) in [
        ("non", "non"),
        ("nonpack", "nonpack"),
        ("json", "json"),
        ("jsonl", "jsonl"),
        ("verhor", "json"),
        ("xml", "xml"),
        ("olsak", "g"),
        ("cwd", "cwd"),
        ("tatham", "txt"),
        ("picture", "txt"),
        ("pbm", "pbm"),
    ] {
        let out = Temp::new(&format!("heart-out.{extension}"), "");
        let (code, stdout, stderr) = run(&["convert", &heart, "--to", to, "-o", out.path()], None);
        assert_eq!(
            (code, stdout.as_str(), stderr.as_str()),
            (0, "", ""),
            "{to}"
        );
        let (code, again, stderr) = run(&["convert", "--to", "nin", out.path()], None);
        assert_eq!(code, 0, "{to}: {stderr}");
        assert_eq!(again, nin, "{to}");
    }
}

#[test]
fn convert_needs_to_and_refuses_what_a_format_cannot_hold() {
    let heart = bundled("examples/heart.non");
    let (code, _, stderr) = run(&["convert", &heart], None);
    assert_eq!(code, 2);
    assert!(stderr.contains("--to <FORMAT>"), "{stderr}");
    let (code, stdout, stderr) = run(&["convert", &heart, "--to", "png"], None);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert_eq!(
        stderr,
        format!(
            "nonosat: {heart}: the png format is read but not written; `check --png` draws puzzles\n"
        )
    );
    let nin = bundled("examples/heart.nin");
    let (code, _, stderr) = run(&["convert", &nin, "--to", "pbm"], None);
    assert_eq!(code, 2);
    assert!(stderr.ends_with("the puzzle has no goal picture, which the pbm format writes\n"));
}

#[test]
fn png_picture_checks_as_a_unique_puzzle_with_its_goal() {
    let png = bundled("examples/heart.png");
    let (code, stdout, _) = run(&["check", "--json", &png], None);
    assert_eq!(code, 0, "{stdout}");
    let record = &records(&stdout)[0];
    assert_eq!(record["verdict"], "unique");
    assert_eq!(record["goal"]["is_solution"], true, "{record}");
    // Above the ink's brightness nothing is dark: an empty picture, still unique.
    let (code, text, _) = run(
        &["convert", "--threshold", "60", &png, "--to", "tatham"],
        None,
    );
    assert_eq!((code, text.as_str()), (0, "7x6:////////////\n"));
    let (code, _, stderr) = run(&["check", "--threshold", "300", &png], None);
    assert_eq!(code, 2);
    assert!(stderr.contains("300"), "{stderr}");
}

#[test]
fn oversized_picture_is_refused_with_its_size() {
    let wide = Temp::new("wide.pbm", &format!("P1\n1200 1\n{}\n", "0".repeat(1200)));
    let (code, stdout, stderr) = run(&["check", wide.path()], None);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert_eq!(
        stderr,
        format!(
            "nonosat: {}: the image is 1200x1 pixels, but one pixel is one cell and a puzzle may \
             be at most 1000 cells a side: scale the picture down to one pixel a cell\n",
            wide.path()
        )
    );
}

#[test]
fn goal_picture_may_be_a_png_read_with_the_threshold() {
    let nin = bundled("examples/heart.nin");
    let png = bundled("examples/heart.png");
    let (code, stdout, _) = run(&["check", "--json", &nin, "--goal", &png], None);
    assert_eq!(code, 0);
    assert_eq!(records(&stdout)[0]["goal"]["is_solution"], true);
    let (code, stdout, _) = run(
        &["check", "--json", "--threshold", "60", &nin, "--goal", &png],
        None,
    );
    assert_eq!(code, 0);
    assert_eq!(
        records(&stdout)[0]["goal"]["is_solution"],
        false,
        "{stdout}"
    );
}

#[test]
fn picture_with_two_solutions_exits_1_naming_the_differing_cells() {
    let diagonal = Temp::new("diagonal.pbm", "P1\n2 2\n1 0\n0 1\n");
    let (code, stdout, _) = run(&["check", "--json", diagonal.path()], None);
    assert_eq!(code, 1);
    let record = &records(&stdout)[0];
    assert_eq!(record["verdict"], "multiple");
    assert_eq!(record["goal"]["is_solution"], true);
    assert_eq!(
        record["differing_cells"].as_array().map(Vec::len),
        Some(4),
        "{record}"
    );
}

// ---------------------------------------------------------------------------------------------
// explain, hint, latin

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

// ---------------------------------------------------------------------------------------------
// Ambiguous cells and --max-solutions

/// A 4x4 block of three solutions (the two diagonals of 2x2 squares mixed) beside a fixed part:
/// every cell of the block is ambiguous although the first two solutions differ in only 8.
const THREE_WAYS: &str =
    "#..#....\n.##.....\n.##..#..\n#..#.#..\n.....##.\n##......\n.#..#...\n#...#..#\n";

#[test]
fn check_reports_every_ambiguous_cell_and_max_solutions_enumerates() {
    let picture = Temp::new("three-ways.txt", THREE_WAYS);
    let (code, stdout, _) = run(&["check", "--json", picture.path()], None);
    assert_eq!(code, 1);
    let record = &records(&stdout)[0];
    let block: Vec<[usize; 2]> = (0..4)
        .flat_map(|row| (0..4).map(move |col| [row, col]))
        .collect();
    assert_eq!(record["ambiguous"], serde_json::json!(block));
    assert_eq!(record["solutions"].as_array().unwrap().len(), 2);
    let (code, stdout, _) = run(
        &["check", "--json", "--max-solutions", "10", picture.path()],
        None,
    );
    assert_eq!(code, 1);
    let record = &records(&stdout)[0];
    assert_eq!(record["solutions"].as_array().unwrap().len(), 3);
    let (_, text, _) = run(&["check", "--max-solutions", "10", picture.path()], None);
    assert!(text.contains("multiple: exactly 3 solutions"), "{text}");
    assert!(text.contains("ambiguous cells: 16"), "{text}");
    let (code, _, stderr) = run(&["check", "--max-solutions", "1", picture.path()], None);
    assert_eq!(code, 2, "{stderr}");
}

/// `--no-ambiguous` keeps the verdict and the two solutions and leaves the ambiguous cells unset,
/// in one file and in a batch, whose children get the flag.
#[test]
fn no_ambiguous_skips_the_ambiguous_cells_alone() {
    let picture = Temp::new("three-ways-quick.txt", THREE_WAYS);
    for batch in [false, true] {
        let mut args = vec!["check", "--json", "--no-ambiguous", picture.path()];
        if batch {
            args.extend(["--jobs", "1"]);
        }
        let (code, stdout, stderr) = run(&args, None);
        assert_eq!(code, 1, "{stderr}");
        let record = &records(&stdout)[0];
        assert_eq!(record["verdict"], "multiple");
        assert_eq!(record["solutions"].as_array().unwrap().len(), 2);
        assert!(record["ambiguous"].is_null(), "{record}");
        let full = records(&run(&["check", "--json", picture.path()], None).1)[0].clone();
        assert_eq!(record["differing_cells"], full["differing_cells"]);
    }
}

#[test]
fn count_is_exact_under_the_cap_and_a_bound_above_it() {
    let picture = Temp::new("three-ways-count.txt", THREE_WAYS);
    let line = |cap: &str| run(&["count", "--cap", cap, picture.path()], None);
    let (code, text, _) = line("2");
    assert_eq!(code, 1);
    assert!(text.contains(": more than 2 solutions,"), "{text}");
    let (_, text, _) = line("3");
    assert!(text.contains(": exactly 3 solutions,"), "{text}");
    let (_, stdout, _) = run(&["count", "--json", "--cap", "1", picture.path()], None);
    let record = &records(&stdout)[0];
    assert_eq!(record["solutions"], 2);
    assert_eq!(record["exact"], false);
    let (code, stdout, _) = run(&["count", "--json", &bundled("seeds/koike-6x6.non")], None);
    assert_eq!(code, 0);
    let record = &records(&stdout)[0];
    assert_eq!(
        (&record["solutions"], &record["exact"]),
        (&serde_json::json!(1), &serde_json::json!(true))
    );
}

// ---------------------------------------------------------------------------------------------
// check --proof and verify-proof

#[test]
fn check_proof_writes_a_certificate_that_verify_proof_accepts() {
    let dir = std::env::temp_dir().join(format!("nonosat-cli-proof-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let proof = dir.join("unique.drat");
    let proof_path = proof.to_str().unwrap();
    let formula_path = format!("{proof_path}.cnf");
    let puzzle = bundled("seeds/line-logic-counterexample.non");
    let (code, stdout, _) = run(&["check", "--json", "--proof", proof_path, &puzzle], None);
    assert_eq!(code, 0);
    let record = &records(&stdout)[0];
    assert_eq!(record["certificate"]["kind"], "drat");
    assert_eq!(record["certificate"]["formula"], formula_path.as_str());
    let (code, text, _) = run(&["verify-proof", &formula_path, proof_path], None);
    assert_eq!(code, 0, "{text}");
    assert!(text.starts_with("verified: the proof refutes the formula"));

    // The same proof against the formula without its blocking clause (which has a model).
    let formula = std::fs::read_to_string(&formula_path).unwrap();
    let lines: Vec<&str> = formula.lines().collect();
    let header = lines.iter().position(|l| l.starts_with("p cnf")).unwrap();
    let fields: Vec<&str> = lines[header].split(' ').collect();
    let count: usize = fields[3].parse().unwrap();
    let mut weaker: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    weaker[header] = format!("p cnf {} {}", fields[2], count - 1);
    weaker.pop();
    let weaker_path = dir.join("weaker.cnf");
    std::fs::write(&weaker_path, weaker.join("\n") + "\n").unwrap();
    let (code, text, _) = run(
        &["verify-proof", weaker_path.to_str().unwrap(), proof_path],
        None,
    );
    assert_eq!(code, 6, "{text}");
    assert!(text.starts_with("REJECTED"));

    // A second solution is certified by a model.
    let model = dir.join("multiple.model");
    let model_path = model.to_str().unwrap();
    let diagonals = bundled("seeds/two-diagonals.non");
    assert_eq!(
        run(&["check", "--proof", model_path, &diagonals], None).0,
        1
    );
    let (code, text, _) = run(
        &["verify-proof", &format!("{model_path}.cnf"), model_path],
        None,
    );
    assert_eq!(code, 1, "{text}");
    assert!(text.starts_with("verified: the model satisfies the formula"));

    // A malformed proof is a clear error, with its line.
    let bad = dir.join("bad.drat");
    std::fs::write(&bad, "1 2\n").unwrap();
    let (code, text, _) = run(
        &["verify-proof", &formula_path, bad.to_str().unwrap()],
        None,
    );
    assert_eq!(code, 6);
    assert!(
        text.contains("bad.drat:line 1: the clause does not end in 0"),
        "{text}"
    );
    std::fs::write(&bad, [b'a', 0x02, 0x81, 0xff, 0x00]).unwrap();
    let (code, _, stderr) = run(
        &["verify-proof", &formula_path, bad.to_str().unwrap()],
        None,
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("binary DRAT is not supported"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fix_proposes_hints_and_edits_and_needs_a_picture() {
    let picture = Temp::new("three-ways-fix.txt", THREE_WAYS);
    let (code, stdout, _) = run(&["fix", "--json", "--edits", "2", picture.path()], None);
    assert_eq!(code, 1);
    let record = &records(&stdout)[0];
    assert_eq!(record["verdict"], "multiple");
    assert_eq!(record["hints"]["proved_minimal"], true);
    assert_eq!(record["hints"]["cells"].as_array().unwrap().len(), 2);
    assert_eq!(record["edits"].as_array().unwrap().len(), 2);
    let svg = format!("{}.svg", picture.path());
    let (_, text, _) = run(&["fix", "--svg", &svg, picture.path()], None);
    assert!(
        text.contains("fewest hints: 2 cells (proved minimal"),
        "{text}"
    );
    let drawn = std::fs::read_to_string(&svg).unwrap();
    std::fs::remove_file(&svg).unwrap();
    assert!(
        drawn.starts_with("<svg") && drawn.contains(">2 hints</text>"),
        "{drawn}"
    );
    assert!(text.contains("edits that make the puzzle unique"), "{text}");
    let (code, text, _) = run(&["fix", &bundled("seeds/koike-6x6.non")], None);
    assert_eq!(code, 0);
    assert!(text.contains("unique: nothing to fix"), "{text}");
    let (code, _, stderr) = run(
        &["fix", &bundled("seeds/line-logic-counterexample.non")],
        None,
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("has no picture to repair"), "{stderr}");
}

// ---------------------------------------------------------------------------------------------
// tiles

/// Three PNG pictures in, one JSON record out: its tiles and layouts rebuild every input pixel,
/// and the drawings are written.
#[test]
fn tiles_from_png_pictures_rebuild_every_pixel() {
    use nonosat::image::{Raster, Rgb};
    let (red, green, blue, white) = (
        Rgb(255, 0, 0),
        Rgb(0, 160, 0),
        Rgb(0, 0, 255),
        Rgb(255, 255, 255),
    );
    let pictures = [
        [red, red, green, white, white, blue],
        [green, blue, blue, red, white, white],
        [white, red, blue, green, green, red],
    ];
    let dir = std::env::temp_dir().join(format!("nonosat-cli-{}-tiles", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut paths = Vec::new();
    for (index, cells) in pictures.iter().enumerate() {
        let mut raster = Raster::filled(3, 2, white).unwrap();
        for (cell, &colour) in cells.iter().enumerate() {
            raster.set(cell % 3, cell / 3, colour);
        }
        let path = dir.join(format!("g{}.png", index + 1));
        std::fs::write(&path, raster.to_png()).unwrap();
        paths.push(path.to_str().unwrap().to_owned());
    }
    let out = dir.join("out");
    let mut args = vec!["tiles", "--json", "--out", out.to_str().unwrap()];
    args.extend(paths.iter().map(String::as_str));
    let (code, stdout, stderr) = run(&args, None);
    assert_eq!(code, 0, "{stderr}");
    let record: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(record["exists"], true);
    assert_eq!(record["method"], "formula");
    assert_eq!(record["cells"], 6);
    let palette: Vec<String> = record["palette"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry[1].as_str().unwrap().to_owned())
        .collect();
    let tiles = record["tiles"].as_array().unwrap();
    assert_eq!(tiles.len(), 6);
    for (picture, cells) in pictures.iter().enumerate() {
        let layout = record["layouts"][picture].as_array().unwrap();
        let mut used = BTreeSet::new();
        for (cell, placement) in layout.iter().enumerate() {
            let tile = placement[0].as_u64().unwrap() as usize;
            assert!(
                used.insert(tile),
                "tile {tile} used twice in picture {picture}"
            );
            let side = placement[1].as_str().unwrap();
            let shown = tiles[tile][side].as_u64().unwrap() as usize;
            assert_eq!(
                palette[shown],
                cells[cell].hex(),
                "picture {picture} cell {cell}"
            );
            let front_up = tiles[tile]["front_pictures"]
                .as_array()
                .unwrap()
                .contains(&Value::from(picture + 1));
            assert_eq!(front_up, side == "front");
        }
    }
    for name in ["tiles.png", "tiles.svg", "picture-3.png", "tiles.txt"] {
        assert!(out.join(name).exists(), "{name} written");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Text grids with a legend; pictures of different sizes are refused with where.
#[test]
fn tiles_from_text_grids_recolour_when_needed_and_refuse_bad_input() {
    let legend = Temp::new(
        "tiles-legend.txt",
        "a #ff0000\nb #ee1100\nc #00ff00\nd #0000ff\n",
    );
    let g1 = Temp::new("tiles-g1.txt", "ab\n");
    let g2 = Temp::new("tiles-g2.txt", "cc\n");
    let g3 = Temp::new("tiles-g3.txt", "dd\n");
    let (code, stdout, stderr) = run(
        &[
            "tiles",
            "--legend",
            legend.path(),
            g1.path(),
            g2.path(),
            g3.path(),
        ],
        None,
    );
    assert_eq!(code, 3, "recoloured: {stdout}{stderr}");
    assert!(stdout.contains("tiles exist: no"), "{stdout}");
    assert!(stdout.contains("Algorithm 1 (paper)"), "{stdout}");
    let wide = Temp::new("tiles-wide.txt", "abc\n");
    let (code, _, stderr) = run(&["tiles", g1.path(), wide.path()], None);
    assert_eq!(code, 2);
    assert!(
        stderr.contains(&format!(
            "{}: is 3x1, but {} is 2x1",
            wide.path(),
            g1.path()
        )),
        "{stderr}"
    );
}

// ---------------------------------------------------------------------------------------------
// Batches: check over several files, directories, --jobs

/// A temporary folder, removed with what it holds when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("nonosat-cli-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("temp folder made");
        TempDir(path)
    }

    /// Writes `content` to `name` (which may hold a subfolder) and returns the file's path.
    fn file(&self, name: &str, content: &str) -> String {
        let path = self.0.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, content).expect("temp file written");
        path.to_str().unwrap().to_owned()
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("temp path is UTF-8")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The records of `stdout` without their times, which differ from run to run.
fn timeless(stdout: &str) -> Vec<Value> {
    let mut records = records(stdout);
    for record in &mut records {
        record.as_object_mut().unwrap().remove("time_ms");
    }
    records
}

/// Three puzzles, one a line: two solutions, one solution that line logic cannot find, and one
/// that line logic solves.
const THREE_JSONL: &str = "{\"rows\": [[1], [1]], \"columns\": [[1], [1]]}\n\
    {\"rows\": [[2], [1, 1]], \"columns\": [[1], [1], [1], [1]]}\n\
    {\"title\": \"full\", \"rows\": [[2], [2]], \"columns\": [[2], [2]]}\n";

#[test]
fn a_batch_prints_in_input_order_whatever_the_jobs() {
    let dir = TempDir::new("order");
    // The slowest puzzle first, so that with several jobs later ones finish before it.
    let random = dir.file("a-random.nin", &nin_of(&random_picture()));
    let three = dir.file("b/three.jsonl", THREE_JSONL);
    let none = dir.file("c-none.nin", NO_SOLUTION_NIN);
    let two = bundled("seeds/two-diagonals.non");
    let run_with = |jobs: &str| run(&["check", "--json", "--jobs", jobs, &two, dir.path()], None);
    let (code, one_job, _) = run_with("1");
    assert_eq!(code, 3, "no solution outranks multiple");
    let places: Vec<(String, u64)> = records(&one_job)
        .iter()
        .map(|r| {
            (
                r["file"].as_str().unwrap().to_owned(),
                r["index"].as_u64().unwrap(),
            )
        })
        .collect();
    let expected = [
        (two.clone(), 0),
        (random, 0),
        (three.clone(), 0),
        (three.clone(), 1),
        (three, 2),
        (none, 0),
    ];
    assert_eq!(places, expected);
    for jobs in ["2", "4"] {
        let (code, stdout, _) = run_with(jobs);
        assert_eq!(code, 3);
        assert_eq!(timeless(&stdout), timeless(&one_job), "--jobs {jobs}");
    }
}

#[test]
fn batch_records_are_those_of_checking_each_file_alone() {
    let three = Temp::new("three.jsonl", THREE_JSONL);
    let koike = bundled("seeds/koike-6x6.non");
    let (code, batch, stderr) = run(&["check", "--json", three.path(), &koike], None);
    assert_eq!(code, 1, "{stderr}");
    let (_, alone_three, _) = run(&["check", "--json", three.path()], None);
    let (_, alone_koike, _) = run(&["check", "--json", &koike], None);
    let alone = timeless(&(alone_three + &alone_koike));
    assert_eq!(timeless(&batch), alone);
    assert_eq!(alone[2]["label"], "#3");
    assert_eq!(alone[2]["title"], "full");
    // The summary goes to standard error with --json, so standard output is JSON Lines only.
    for line in [
        "summary of 4 puzzles",
        "  unique               3",
        "  multiple             1",
        "  line-solvable        2",
        "  errors               0",
    ] {
        assert!(stderr.lines().any(|l| l == line), "{line:?} in {stderr}");
    }
}

#[test]
fn a_batch_in_text_prints_one_line_a_puzzle_then_the_table() {
    let three = Temp::new("three-text.jsonl", THREE_JSONL);
    let (code, stdout, _) = run(&["check", "--jobs", "2", three.path()], None);
    assert_eq!(code, 1);
    let lines: Vec<&str> = stdout.lines().collect();
    let file = three.path();
    assert!(lines[0].starts_with(&format!(
        "{file} #1: multiple (4 ambiguous cells), needs search (0/4 cells"
    )));
    assert!(lines[1].starts_with(&format!("{file} #2: unique, needs search (0/8 cells")));
    assert!(lines[2].starts_with(&format!("{file} #3: unique, line-solvable (4/4 cells")));
    assert_eq!(lines[3], "");
    assert_eq!(lines[4], "summary of 3 puzzles");
    assert!(stdout.contains("wall clock, --jobs 2;"), "{stdout}");
}

#[test]
fn a_malformed_file_is_reported_and_the_batch_goes_on() {
    let dir = TempDir::new("malformed");
    let bad = dir.file("a-bad.nin", "4 2\n2\nx\n1\n1\n1\n1\n");
    let good = dir.file("b-good.nin", "4 2\n2\n1 1\n1\n1\n1\n1\n");
    let notes = dir.file("notes.md", "not a puzzle\n");
    let (code, stdout, stderr) = run(&["check", "--json", dir.path()], None);
    assert_eq!(code, 2, "bad input outranks the verdicts");
    let records = records(&stdout);
    assert_eq!(records.len(), 2, "{stdout}");
    assert_eq!(records[0]["file"], bad.as_str());
    let error = records[0]["error"].as_str().unwrap();
    assert!(error.starts_with(&format!("{bad}:3: ")), "{error}");
    assert_eq!(records[1]["file"], good.as_str());
    assert_eq!(records[1]["verdict"], "unique");
    assert!(
        stderr.contains(&format!("nonosat: skipped {notes}: not a puzzle file")),
        "{stderr}"
    );
    assert!(
        stderr.lines().any(|l| l == "  errors               1"),
        "{stderr}"
    );
    assert!(
        stderr.lines().any(|l| l == "  skipped files        1"),
        "{stderr}"
    );

    // Without --json the error goes to standard error, the verdicts still to standard output.
    let (code, stdout, stderr) = run(&["check", dir.path()], None);
    assert_eq!(code, 2);
    assert!(stdout.starts_with(&format!("{good}: unique")), "{stdout}");
    assert!(stderr.contains(&format!("nonosat: {bad}:3: ")), "{stderr}");
}

#[test]
fn a_batch_timeout_answers_timeout_and_exits_4() {
    let dir = TempDir::new("timeout");
    dir.file("random.nin", &nin_of(&random_picture()));
    dir.file("two.jsonl", THREE_JSONL.lines().next().unwrap());
    let (code, stdout, stderr) = run(
        &[
            "check",
            "--json",
            "--jobs",
            "2",
            "--timeout",
            "1e-9",
            dir.path(),
        ],
        None,
    );
    assert_eq!(code, 4, "{stderr}");
    for record in records(&stdout) {
        assert_eq!(record["verdict"], "timeout", "{record}");
        assert_eq!(record["solutions"], serde_json::json!([]));
    }
    assert!(
        stderr.lines().any(|l| l == "  timed out            2"),
        "{stderr}"
    );
    // The same batch with time enough answers.
    let (code, stdout, _) = run(&["check", "--json", "--timeout", "60", dir.path()], None);
    assert_eq!(code, 1);
    assert!(records(&stdout).iter().all(|r| r["verdict"] == "multiple"));
}

#[test]
fn interrupting_a_batch_prints_what_was_done_and_exits_130() {
    let many = Temp::new("many-random.jsonl", &{
        let puzzle = run(
            &["clues", "--to", "jsonl", "-"],
            Some(&random_picture().join("\n")),
        )
        .1;
        puzzle.repeat(2000)
    });
    let mut child = Command::new(env!("CARGO_BIN_EXE_nonosat"))
        .args(["check", "--json", "--jobs", "1", many.path()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    std::io::BufRead::read_line(&mut stdout, &mut first).unwrap();
    let interrupt = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupt.success());
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{stderr}");
    let done = records(&(first + &rest));
    assert!(!done.is_empty() && done.len() < 2000, "{}", done.len());
    for (index, record) in done.iter().enumerate() {
        assert_eq!(record["index"], index, "printed in order, without gaps");
    }
    assert!(stderr.contains("summary of 2000 puzzles"), "{stderr}");
    assert!(stderr.contains("  not checked"), "{stderr}");
    assert!(stderr.contains("nonosat: interrupted"), "{stderr}");
}

#[test]
fn a_batch_refuses_options_for_one_puzzle() {
    let file = bundled("seeds/koike-6x6.non");
    for (option, value) in [("--svg", "x.svg"), ("--png", "x.png"), ("--goal", "x.txt")] {
        let (code, stdout, stderr) = run(&["check", option, value, &file, &file], None);
        assert_eq!(code, 2, "{option}");
        assert_eq!(stdout, "");
        assert_eq!(
            stderr,
            format!("nonosat: {option} needs a single FILE, not a batch\n")
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Pictures: --svg and --png

/// Whether the PNG at `path` has a pixel of `colour`.
fn png_has(path: &str, colour: nonosat::image::Rgb) -> bool {
    let image = nonosat::image::Raster::from_png(&std::fs::read(path).unwrap()).unwrap();
    (0..image.height()).any(|y| (0..image.width()).any(|x| image.get(x, y) == colour))
}

#[test]
fn check_draws_two_solutions_with_their_differing_cells_in_colour() {
    use nonosat::report::{DIFFERING_BLACK, DIFFERING_WHITE};
    let svg = Temp::new("two.svg", "");
    let png = Temp::new("two.png", "");
    let file = bundled("seeds/two-diagonals.non");
    let (code, _, stderr) = run(
        &["check", "--svg", svg.path(), "--png", png.path(), &file],
        None,
    );
    assert_eq!((code, stderr.as_str()), (1, ""));
    let svg = std::fs::read_to_string(svg.path()).unwrap();
    assert!(
        svg.contains("not unique: two solutions, 4 cells differ</text>"),
        "{svg}"
    );
    assert!(svg.contains(">solution 2</text>"));
    assert!(svg.contains(">black here, white in the other solution</text>"));
    assert!(png_has(png.path(), DIFFERING_BLACK));
    assert!(png_has(png.path(), DIFFERING_WHITE));

    // A unique puzzle: the solution in black, nothing coloured, no legend.
    let (code, _, _) = run(
        &[
            "check",
            "--png",
            png.path(),
            &bundled("seeds/koike-6x6.non"),
        ],
        None,
    );
    assert_eq!(code, 0);
    assert!(png_has(png.path(), nonosat::image::Rgb::BLACK));
    assert!(!png_has(png.path(), DIFFERING_BLACK));
    assert!(!png_has(png.path(), DIFFERING_WHITE));
}

#[test]
fn clues_draws_a_blank_puzzle_to_print() {
    let dir = TempDir::new("blank");
    let blank = dir.0.join("blank.svg");
    let solved = dir.0.join("solved.svg");
    let koike = bundled("seeds/koike-6x6.non");
    let (code, _, _) = run(&["clues", "--svg", blank.to_str().unwrap(), &koike], None);
    assert_eq!(code, 0);
    let (code, _, _) = run(&["solve", "--svg", solved.to_str().unwrap(), &koike], None);
    assert_eq!(code, 0);
    let blank = std::fs::read_to_string(blank).unwrap();
    let solved = std::fs::read_to_string(solved).unwrap();
    // The same clue numbers, and the solution's 21 black cells only in the solved one.
    let texts = |svg: &str| svg.lines().filter(|l| l.starts_with("<text")).count();
    assert_eq!(texts(&blank), texts(&solved));
    let black_cells = |svg: &str| {
        svg.lines()
            .filter(|l| l.contains("width=\"26\" height=\"26\" fill=\"#000000\""))
            .count()
    };
    assert_eq!(black_cells(&blank), 0);
    assert_eq!(black_cells(&solved), 21);
}

#[test]
fn several_puzzles_give_numbered_pictures() {
    let three = Temp::new("three-pictures.jsonl", THREE_JSONL);
    let dir = TempDir::new("numbered");
    let out = dir.0.join("p.svg");
    let (code, _, stderr) = run(
        &["check", "--svg", out.to_str().unwrap(), three.path()],
        None,
    );
    assert_eq!(code, 1, "{stderr}");
    let mut names: Vec<String> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["p-1.svg", "p-2.svg", "p-3.svg"]);
}

#[test]
fn a_picture_that_cannot_be_written_is_an_error() {
    let file = bundled("seeds/koike-6x6.non");
    let (code, _, stderr) = run(&["check", "--svg", "/no/such/dir/x.svg", &file], None);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("nonosat: cannot write /no/such/dir/x.svg: "),
        "{stderr}"
    );
}
