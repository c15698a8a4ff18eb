//! The --json record.

use super::*;

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
        "ambiguous_complete",
        "undecided",
        "line_solvable",
        "line_refuted",
        "fixed_by_propagation",
        "fixed_by_counting",
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

        assert_eq!(record["schema_version"], 2);
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
        assert_eq!(record["ambiguous_complete"], true);
        assert_eq!(record["undecided"], serde_json::json!([]));
        assert_eq!(record["line_refuted"], false);
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
    assert_eq!(record["schema_version"], 2);
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
