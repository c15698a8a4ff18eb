//! Every puzzle of the shared corpus with a known verdict gets that verdict (EXPECTED.tsv), and a
//! unique puzzle's solution equals the goal its file carries.

use std::path::Path;
use std::time::Duration;

use nonosat::Puzzle;
use nonosat::deadline::Deadline;
use nonosat::formats::{Format, read_path};
use nonosat::solve::{GoalReport, Options, Verdict, check};

/// Pictures published beside puzzles that do not carry their own goal (see survey/README).
const GOAL_FILES: [(&str, &str); 2] = [
    ("survey/knotty.nin", "survey/knotty-goal.txt"),
    ("survey/faase.nin", "survey/faase-solution1.txt"),
];

/// A guard against a hang, far above any expected time; a timeout fails the test.
const TIME_LIMIT: Duration = Duration::from_secs(300);

/// The rows of EXPECTED.tsv under `folder` that have a known verdict: (path, verdict).
fn expected(corpus: &Path, folder: &str) -> Vec<(String, Verdict)> {
    let table = std::fs::read_to_string(corpus.join("EXPECTED.tsv")).expect("EXPECTED.tsv");
    table
        .lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let verdict = match fields.get(2).copied()? {
                "unique" => Verdict::Unique,
                "multiple" => Verdict::Multiple,
                _ => return None,
            };
            fields[0]
                .starts_with(folder)
                .then(|| (fields[0].to_owned(), verdict))
        })
        .collect()
}

fn check_folder(folder: &str, at_least: usize) {
    let Some(corpus) = crate::common::corpus_dir() else {
        return;
    };
    let rows = expected(&corpus, folder);
    assert!(
        rows.len() >= at_least,
        "{folder}: only {} rows in EXPECTED.tsv",
        rows.len()
    );
    for (path, verdict) in rows {
        let mut puzzle = read_path::<Puzzle>(&corpus.join(&path), None)
            .unwrap()
            .remove(0)
            .puzzle;
        if let Some((_, goal_file)) = GOAL_FILES.iter().find(|(file, _)| *file == path) {
            let picture =
                read_path::<Puzzle>(&corpus.join(goal_file), Some(Format::Picture)).unwrap();
            puzzle = puzzle
                .with_goal(picture[0].puzzle.goal().unwrap().clone())
                .unwrap();
        }
        let report = check(
            &puzzle,
            &Options::default().with_deadline(Some(Deadline::after(TIME_LIMIT))),
        )
        .unwrap();
        assert_eq!(report.verdict, verdict, "{path}");
        if let Some(goal) = puzzle.goal() {
            assert_eq!(
                report.goal,
                Some(GoalReport::Solves),
                "{path}: the goal must solve it"
            );
            if verdict == Verdict::Unique {
                assert_eq!(&report.solutions[0], goal, "{path}");
            }
        }
    }
}

#[test]
fn jwilk_puzzles_get_their_known_verdicts() {
    check_folder("jwilk/", 150);
}

#[test]
fn nonogram_db_puzzles_get_their_known_verdicts_and_goals() {
    check_folder("nonogram-db/", 35);
}

#[test]
fn ndom_puzzles_are_unique() {
    check_folder("ndom/", 12);
}

#[test]
fn survey_puzzles_get_their_known_verdicts() {
    check_folder("survey/", 4);
}

#[test]
fn lalafrogkk_puzzle_is_multiple() {
    check_folder("lalafrogkk/", 1);
}

/// `check` on the folders as a batch gives each file of the folder its known verdict, in the
/// sorted order of the walk, and its summary counts what it printed.
#[test]
fn a_batch_over_corpus_folders_gets_the_known_verdicts() {
    let Some(corpus) = crate::common::corpus_dir() else {
        return;
    };
    let folders = ["jwilk", "nonogram-db"];
    let mut args = vec![
        "check".to_owned(),
        "--json".into(),
        "--jobs".into(),
        "2".into(),
    ];
    args.extend(folders.map(|f| corpus.join(f).to_string_lossy().into_owned()));
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_nonosat"))
        .args(&args)
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    let records: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let files: Vec<String> = records
        .iter()
        .map(|r| r["file"].as_str().unwrap().to_owned())
        .collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted, "the walk is in sorted order");
    let prefix = format!("{}/", corpus.display());
    let mut known = 0;
    for folder in folders {
        for (path, verdict) in expected(&corpus, folder) {
            let record = records
                .iter()
                .find(|r| r["file"].as_str() == Some(&format!("{prefix}{path}")))
                .unwrap_or_else(|| panic!("{path} is not in the batch"));
            assert_eq!(record["verdict"], verdict.name(), "{path}");
            known += 1;
        }
    }
    assert!(known >= 150, "only {known} known verdicts");
    let unique = records.iter().filter(|r| r["verdict"] == "unique").count();
    let line = format!("  unique         {unique:>7}");
    assert!(stderr.lines().any(|l| l == line), "{line:?} in {stderr}");
}

/// pbnsolve's eight black-and-white examples (`.mk` and `bicycle.g`), which its README says are
/// unique and line-solvable, read and check so.
#[test]
fn pbnsolve_black_and_white_examples_are_unique_by_line_logic() {
    let Some(corpus) = crate::common::corpus_dir() else {
        return;
    };
    let names = [
        "bicycle.g",
        "bird.mk",
        "bird3.mk",
        "c++.mk",
        "flintstones.mk",
        "gentleman.mk",
        "olympics.mk",
        "owl.mk",
    ];
    for name in names {
        let path = corpus.join("pbnsolve").join(name);
        let puzzle = read_path::<Puzzle>(&path, None).unwrap().remove(0).puzzle;
        let report = check(&puzzle, &Options::default()).unwrap();
        assert_eq!(report.verdict, Verdict::Unique, "{name}");
        assert!(report.line_solvable, "{name}");
    }
}

/// pbnsolve's colour examples are never read as black and white: `bird2.g` and `spaceShuttle.g`
/// have one colour letter beside unlettered (black) numbers, and reading them as one colour would
/// answer "no solution".
#[test]
fn pbnsolve_colour_examples_are_not_read_as_black_and_white() {
    let Some(corpus) = crate::common::corpus_dir() else {
        return;
    };
    for name in [
        "acorn.g",
        "alladin.g",
        "bird2.g",
        "rose.g",
        "spaceShuttle.g",
    ] {
        let error = read_path::<Puzzle>(&corpus.join("pbnsolve").join(name), None).unwrap_err();
        assert!(error.to_string().contains("colour"), "{name}: {error}");
    }
}
