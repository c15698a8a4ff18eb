//! Every puzzle of the shared corpus with a known verdict gets that verdict (EXPECTED.tsv), and a
//! unique puzzle's solution equals the goal its file carries.

mod common;

use std::path::Path;
use std::time::Duration;

use nonosat::formats::{Format, read_path};
use nonosat::unique::{GoalReport, Options, Verdict, check};

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
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let rows = expected(&corpus, folder);
    assert!(
        rows.len() >= at_least,
        "{folder}: only {} rows in EXPECTED.tsv",
        rows.len()
    );
    for (path, verdict) in rows {
        let mut puzzle = read_path(&corpus.join(&path), None)
            .unwrap()
            .remove(0)
            .puzzle;
        if let Some((_, goal_file)) = GOAL_FILES.iter().find(|(file, _)| *file == path) {
            let picture = read_path(&corpus.join(goal_file), Some(Format::Picture)).unwrap();
            puzzle = puzzle
                .with_goal(picture[0].puzzle.goal().unwrap().clone())
                .unwrap();
        }
        let report = check(
            &puzzle,
            &Options {
                timeout: Some(TIME_LIMIT),
                ..Options::default()
            },
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
