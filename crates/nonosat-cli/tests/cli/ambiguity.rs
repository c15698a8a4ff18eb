//! Ambiguous cells and --max-solutions.

use super::*;

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
    assert_eq!(record["ambiguous_complete"], true);
    let (_, text, _) = run(&["check", "--max-solutions", "10", picture.path()], None);
    // The verdict is printed first, then refined once the third solution is found.
    let verdicts: Vec<&str> = text.lines().filter(|l| l.starts_with("verdict:")).collect();
    assert_eq!(
        verdicts,
        [
            "verdict: multiple: at least two solutions, shown below; they differ in 8 cells",
            "verdict: multiple: exactly 3 solutions, shown below"
        ],
        "{text}"
    );
    assert_eq!(text.matches("8x8 puzzle").count(), 1, "{text}");
    assert!(text.contains("ambiguous cells: 16 (each"), "{text}");
    let (_, text, _) = run(&["check", picture.path()], None);
    assert_eq!(text.matches("verdict:").count(), 1, "{text}");
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

/// Faase (shared corpus): its verdict in about a second, its ambiguous cells not all found in
/// minutes. When the limit passes during their search, the text and the record both say how many
/// open cells were left undecided, none of them among the ambiguous cells found.
#[test]
fn a_limit_during_the_ambiguous_cells_leaves_the_rest_undecided() {
    let Some(corpus) = crate::common::corpus_dir() else {
        return;
    };
    let faase = corpus.join("survey/faase.nin");
    let faase = faase.to_str().unwrap();
    let (code, text, _) = run(&["check", "--timeout", "8", faase], None);
    assert_eq!(code, 1, "{text}");
    let line = text
        .lines()
        .find(|line| line.starts_with("ambiguous cells: at least "))
        .unwrap_or_else(|| panic!("{text}"));
    let undecided: usize = line
        .split("the time limit left ")
        .nth(1)
        .and_then(|rest| rest.strip_suffix(" other open cells undecided"))
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(undecided > 0, "{line}");
    let (_, stdout, _) = run(&["check", "--json", "--timeout", "8", faase], None);
    let record = &records(&stdout)[0];
    assert_eq!(record["ambiguous_complete"], false, "{record}");
    let undecided = record["undecided"].as_array().unwrap();
    let ambiguous = record["ambiguous"].as_array().unwrap();
    assert!(!undecided.is_empty());
    assert!(undecided.iter().all(|cell| !ambiguous.contains(cell)));
}
