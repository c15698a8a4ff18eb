//! compare: its table, JSON record, summaries and refusals; names of formats and methods.

use super::*;

#[test]
fn command_prints_a_table_and_the_exact_verdict() {
    let (code, stdout, _) = run(
        &["compare", &bundled("seeds/line-logic-counterexample.non")],
        None,
    );
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
    let (code, stdout, stderr) = run(
        &[
            "compare",
            "--json",
            "--methods",
            "probing",
            &bundled("seeds/two-diagonals.non"),
        ],
        None,
    );
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
    let (code, stdout, _) = run(&["compare", &bundled("examples/two.nonpack")], None);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("\n2 puzzles:\n  line "), "{stdout}");
    assert!(stdout.contains("solves"), "{stdout}");
    assert!(stdout.contains("exact (SAT): 2 unique,"), "{stdout}");
}

#[test]
fn command_refuses_unknown_methods() {
    let (code, _, stderr) = run(
        &[
            "compare",
            "--methods",
            "guess",
            &bundled("seeds/two-diagonals.non"),
        ],
        None,
    );
    assert_eq!(code, 2);
    assert!(
        stderr.contains(
            "invalid value 'guess' for '--methods <LIST>'\n  [possible values: line, cube2, \
             cube3, cube4, myillust, koike, koike-probing, probing]"
        ),
        "{stderr}"
    );
}

#[test]
fn formats_are_named_in_any_case_and_unknown_ones_listed() {
    let heart = bundled("examples/heart.nin");
    let (code, _, _) = run(&["check", &heart, "--format", "NIN"], None);
    assert_eq!(code, 0);
    let (code, _, stderr) = run(&["check", &heart, "--format", "svg"], None);
    assert_eq!(code, 2);
    assert!(
        stderr.contains(
            "invalid value 'svg' for '--format <FORMAT>'\n  [possible values: non, nonpack, nin, \
             tournament, json, jsonl, picture, png, pbm, xml, olsak, mk, cwd, tatham, verhor]"
        ),
        "{stderr}"
    );
}

/// A random 500x500 puzzle is over the clause limit after propagation: refused at once, with the
/// same exit code (2) whatever the limit; a 200x200 one (under it) keeps `--timeout 1`, `cube4`
/// included. Times are printed (`--nocapture`); the bound asserted is generous, for loaded
/// machines: it catches a method that ignores the deadline (cube4 took 1.6 s of a 0.5 s share).
#[test]
fn compare_refuses_the_clause_limit_first_and_keeps_its_limit_on_large_puzzles() {
    let folder = TempDir::new("compare-large");
    let large = folder.file("r500.txt", &(random_picture_of(500, 5).join("\n") + "\n"));
    for limit in ["1", "3"] {
        let started = std::time::Instant::now();
        let (code, _, stderr) = run(&["compare", &large, "--timeout", limit], None);
        let took = started.elapsed().as_secs_f64();
        println!("500x500 --timeout {limit}: exit {code} in {took:.2} s");
        assert_eq!(code, 2, "--timeout {limit}: {stderr}");
        assert!(
            stderr.contains("clauses; the limit is 30000000"),
            "{stderr}"
        );
        assert!(
            took < 1.5,
            "--timeout {limit}: {took:.2} s before the refusal"
        );
    }
    let medium = folder.file("r200.txt", &(random_picture_of(200, 6).join("\n") + "\n"));
    let started = std::time::Instant::now();
    let (code, stdout, _) = run(&["compare", &medium, "--timeout", "1"], None);
    let took = started.elapsed().as_secs_f64();
    println!("200x200 --timeout 1: exit {code} in {took:.2} s");
    assert_eq!(code, 4, "{stdout}");
    assert!(took < 3.0, "{took:.2} s for --timeout 1");
}
