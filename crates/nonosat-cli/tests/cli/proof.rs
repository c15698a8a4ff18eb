//! check --proof and verify-proof.

use super::*;

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
    let weaker_path = without_blocking_clause(std::path::Path::new(&formula_path), &dir);
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

/// A check that times out has nothing to certify: `--proof` then exits 4 with the timeout, not as
/// an internal error, and writes no certificate.
#[test]
fn a_timed_out_check_with_proof_exits_as_a_timeout() {
    let Some(corpus) = crate::common::corpus_dir() else {
        return;
    };
    let dir =
        std::env::temp_dir().join(format!("nonosat-cli-proof-timeout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let proof = dir.join("faase.drat");
    let puzzle = corpus.join("survey/faase.nin");
    let (code, stdout, stderr) = run(
        &[
            "check",
            "--json",
            "--timeout",
            "0.3",
            "--proof",
            proof.to_str().unwrap(),
            puzzle.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code, 4, "{stderr}");
    assert_eq!(stderr, "");
    let record = &records(&stdout)[0];
    assert_eq!(record["verdict"], "timeout");
    assert_eq!(record["certificate"], serde_json::Value::Null);
    assert!(
        !proof.exists(),
        "a timed-out check leaves no certificate behind"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `v -1 1 2` satisfies every clause of (1 2)(-1 2)(1 -2) if the last word wins, but it is no
/// assignment: verify-proof rejects it, naming the variable.
#[test]
fn verify_proof_rejects_a_model_giving_a_variable_both_values() {
    let formula = Temp::new("both-values.cnf", "p cnf 2 3\n1 2 0\n-1 2 0\n1 -2 0\n");
    let model = Temp::new("both-values.model", "s SATISFIABLE\nv -1 1 2 0\n");
    let (code, text, _) = run(&["verify-proof", formula.path(), model.path()], None);
    assert_eq!(code, 6, "{text}");
    assert!(text.starts_with("REJECTED"), "{text}");
    assert!(
        text.contains("the model gives variable 1 both values"),
        "{text}"
    );
    let fine = Temp::new("one-value.model", "s SATISFIABLE\nv 1 2 0\n");
    assert_eq!(
        run(&["verify-proof", formula.path(), fine.path()], None).0,
        1
    );
}

/// 6-Dom in the .nin format: its verdict rests on counting across lines.
fn six_dom() -> String {
    let mut rows = vec!["3", "1"];
    let mut columns = vec!["1", "1"];
    for _ in 1..6 {
        rows.extend(["3 1", "1"]);
        columns.extend(["1 3", "1"]);
    }
    rows.push("1");
    columns.push("3");
    format!("13 13\n{}\n{}\n", rows.join("\n"), columns.join("\n"))
}

/// `check --proof` of a puzzle whose verdict rests on counting writes a certificate of counting
/// steps, which verify-proof accepts, and rejects with a unit of a step negated.
#[test]
fn a_verdict_by_counting_is_certified_by_counting_steps() {
    let dir = TempDir::new("proof-counting");
    let puzzle = dir.file("06-dom.nin", &six_dom());
    let proof = format!("{}/counted", dir.0.display());
    let formula = format!("{proof}.cnf");
    let (code, stdout, stderr) = run(&["check", "--json", "--proof", &proof, &puzzle], None);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(records(&stdout)[0]["certificate"]["kind"], "counting");
    let (code, text, _) = run(&["verify-proof", &formula, &proof], None);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("counting steps over the clues"), "{text}");
    let written = std::fs::read_to_string(&proof).unwrap();
    let first = written.lines().find(|line| line.starts_with('k')).unwrap();
    let (head, units) = first.split_once('|').unwrap();
    let unit: i64 = units.split_whitespace().next().unwrap().parse().unwrap();
    let negated = format!("{head}| {} 0", -unit);
    let bad = dir.file("bad", &written.replacen(first, &negated, 1));
    let (code, text, _) = run(&["verify-proof", &formula, &bad], None);
    assert_eq!(code, 6, "{text}");
    assert!(
        text.contains(&format!(
            "the counting step on line 2 of the proof does not follow: the count does not force {}",
            -unit
        )),
        "{text}"
    );
}
