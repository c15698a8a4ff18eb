//! One engine behind every door: Knotty (shared corpus), which only the library's default search,
//! the race, answers in well under a second, gets the same record from `check --json`, from a
//! batch's child and from `/api/check`, and `count` finds its solutions. Before the doors shared
//! the race, the batch and the server answered `timeout` and `count` found no solution.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};

use super::Server;

/// The time limit every door gets: a guard far above what the race takes on Knotty (a tenth of
/// a second in a release build), and too short for one SAT solver alone (over 20 s).
const SECONDS: &str = "30";

/// Knotty, when the shared corpus is there.
fn knotty() -> Option<PathBuf> {
    Some(crate::common::corpus_dir()?.join("survey/knotty.nin"))
}

/// Runs the binary with `args` and reads its standard output as JSON Lines.
fn records(args: &[&str]) -> Vec<Value> {
    let output = Command::new(env!("CARGO_BIN_EXE_nonosat"))
        .args(args)
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|error| panic!("{error}: {line}")))
        .collect()
}

/// The one record `args` print.
fn record(args: &[&str]) -> Value {
    let mut records = records(args);
    assert_eq!(records.len(), 1, "{args:?} printed {records:?}");
    records.remove(0)
}

/// `record` without what may differ between two runs of the same door: the time, and which two
/// of the puzzle's many solutions the race found first (and so the cells where they differ).
fn comparable(mut record: Value) -> Value {
    for field in ["time_ms", "solutions", "differing_cells"] {
        record[field] = Value::Null;
    }
    record
}

/// A folder of its own under the system's temporary folder, removed when dropped.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Folder {
        let path =
            std::env::temp_dir().join(format!("nonosat-doors-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&path).expect("a temporary folder");
        Folder(path)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The solutions of a record, checked to be two distinct grids of the puzzle's size.
fn two_solutions(record: &Value) {
    let solutions = record["solutions"].as_array().expect("solutions");
    assert_eq!(solutions.len(), 2, "{record}");
    assert_ne!(solutions[0], solutions[1]);
    for solution in solutions {
        assert_eq!(
            solution.as_array().map(Vec::len),
            record["height"].as_u64().map(|h| h as usize)
        );
    }
}

#[test]
fn check_a_batch_and_the_server_give_one_verdict_on_knotty() {
    let Some(knotty) = knotty() else {
        return;
    };
    let path = knotty.to_str().expect("a UTF-8 path");
    let single = record(&[
        "check",
        path,
        "--json",
        "--no-ambiguous",
        "--timeout",
        SECONDS,
    ]);
    assert_eq!(single["verdict"], "multiple", "{single}");
    two_solutions(&single);

    let folder = Folder::new("batch");
    std::fs::copy(&knotty, folder.0.join("knotty.nin")).expect("Knotty copied");
    let folder_path = folder.0.to_str().expect("a UTF-8 path");
    let mut batch = record(&[
        "check",
        folder_path,
        "--jobs",
        "1",
        "--json",
        "--no-ambiguous",
        "--timeout",
        SECONDS,
    ]);
    two_solutions(&batch);
    let batch_file = batch["file"].as_str().expect("a file").to_owned();
    assert_eq!(Path::new(&batch_file), folder.0.join("knotty.nin"));
    batch["file"] = json!(path);

    let server = Server::start(&["--timeout", SECONDS]);
    let text = std::fs::read_to_string(&knotty).expect("Knotty reads");
    let answer = server.post_json(
        "/api/check",
        &json!({ "puzzle": text, "name": path, "ambiguous_cells": false }),
    );
    assert_eq!(answer.status, 200);
    let served = answer.json();
    two_solutions(&served);

    let expected = comparable(single);
    assert_eq!(
        comparable(batch),
        expected,
        "a batch's child and `check` differ"
    );
    assert_eq!(
        comparable(served),
        expected,
        "/api/check and `check` differ"
    );
}

#[test]
fn count_finds_the_solutions_of_knotty() {
    let Some(knotty) = knotty() else {
        return;
    };
    let path = knotty.to_str().expect("a UTF-8 path");
    // Over a cap of 1: the two solutions that decide the verdict, found by the race as `check`
    // finds them. (The race's search past those two goes on with the winner's backend, varisat
    // when the depth-first search wins, which finds no third solution of Knotty in 20 s.)
    let count = record(&["count", path, "--cap", "1", "--json", "--timeout", SECONDS]);
    assert_eq!(count["verdict"], "multiple", "{count}");
    assert_eq!(count["solutions"], 2, "more than the cap of 1: {count}");
    assert_eq!(count["exact"], false, "{count}");
}
