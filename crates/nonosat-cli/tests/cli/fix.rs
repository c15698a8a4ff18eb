//! `fix --apply`: the repair written in the format the file name asks for, read back by `check`
//! as a separate run, and refusals that say why; the warning for a blank PNG.

use super::*;

/// A 5x5 design with several solutions (23 ambiguous cells).
const DESIGN: &str = "#..#.\n.#...\n..#.#\n#...#\n.##..\n";

/// The goal picture of a puzzle file, as `convert --to picture` writes it.
fn picture_of(file: &str) -> Vec<String> {
    let (code, stdout, stderr) = run(&["convert", file, "--to", "picture"], None);
    assert_eq!(code, 0, "{stderr}");
    stdout.lines().map(str::to_owned).collect()
}

#[test]
fn an_applied_edit_is_written_in_the_format_named_and_checks_unique() {
    let design = Temp::new("fix-design.txt", DESIGN);
    let (code, stdout, _) = run(&["fix", design.path(), "--json"], None);
    assert_eq!(code, 1);
    let proposed = &records(&stdout)[0]["edits"];
    for (number, extension) in [(1, "non"), (2, "png"), (3, "pbm"), (1, "xml"), (2, "txt")] {
        let output = Temp::new(&format!("fix-repaired.{extension}"), "");
        let number_text = number.to_string();
        let args = [
            "fix",
            design.path(),
            "--apply",
            &number_text,
            "-o",
            output.path(),
        ];
        let (code, stdout, stderr) = run(&args, None);
        assert_eq!((code, stderr.as_str()), (0, ""), "{extension}");
        let line = format!(
            "applied edit {number}: wrote {}, read it back and checked it: unique",
            output.path()
        );
        assert!(stdout.ends_with(&format!("{line}\n")), "{stdout}");
        // A separate run reads the file: unique, and its picture is the edit proposed.
        let (code, stdout, _) = run(&["check", output.path()], None);
        assert_eq!(code, 0, "{extension}: {stdout}");
        let expected: Vec<String> = proposed[number - 1]["picture"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row.as_str().unwrap().to_owned())
            .collect();
        assert_eq!(picture_of(output.path()), expected, "{extension}");
    }
}

#[test]
fn applied_hints_are_written_as_givens_and_leave_one_solution() {
    let design = Temp::new("fix-hints-design.txt", DESIGN);
    let output = Temp::new("fix-hints.txt", "");
    let args = [
        "fix",
        design.path(),
        "--apply",
        "hints",
        "-o",
        output.path(),
        "--json",
    ];
    let (code, stdout, stderr) = run(&args, None);
    assert_eq!((code, stderr.as_str()), (0, ""));
    let record = &records(&stdout)[0];
    assert_eq!(record["applied"]["repair"], "hints");
    assert_eq!(record["applied"]["verdict"], "unique");
    let givens = std::fs::read_to_string(output.path()).unwrap();
    let hints = record["hints"]["cells"].as_array().unwrap();
    let given: Vec<(usize, usize, bool)> = givens
        .lines()
        .enumerate()
        .flat_map(|(row, line)| {
            line.chars()
                .enumerate()
                .filter(|&(_, ch)| ch != '?')
                .map(move |(col, ch)| (row, col, ch == '#'))
        })
        .collect();
    let listed: Vec<(usize, usize, bool)> = hints
        .iter()
        .map(|hint| serde_json::from_value(hint.clone()).unwrap())
        .collect();
    assert_eq!(given, listed);
    assert!(!given.is_empty());
    // The givens file is a partly solved grid that `hint` reads.
    let (code, _, stderr) = run(&["hint", design.path(), "--state", output.path()], None);
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn apply_refuses_what_it_cannot_do_and_says_why() {
    let design = Temp::new("fix-refused-design.txt", DESIGN);
    let output = Temp::new("fix-refused.non", "");
    std::fs::remove_file(output.path()).unwrap();
    let (code, _, stderr) = run(
        &["fix", design.path(), "--apply", "9", "-o", output.path()],
        None,
    );
    assert_eq!(code, 2);
    assert!(
        stderr.contains("there is no edit 9: fix proposed 5 edits"),
        "{stderr}"
    );
    for bad in ["0", "x"] {
        let (code, _, stderr) = run(&["fix", design.path(), "--apply", bad, "-o", "o.non"], None);
        assert_eq!(code, 2);
        assert!(
            stderr.contains("is neither `hints` nor the number of an edit"),
            "{stderr}"
        );
    }
    let (code, _, stderr) = run(&["fix", design.path(), "--apply", "1"], None);
    assert_eq!(code, 2);
    assert!(stderr.contains("--output <FILE>"), "{stderr}");
    // A unique design: nothing to apply, nothing written, exit 0.
    let unique = Temp::new("fix-unique.txt", "##.\n.#.\n...\n");
    let (code, stdout, _) = run(
        &["fix", unique.path(), "--apply", "1", "-o", output.path()],
        None,
    );
    assert_eq!(code, 0);
    assert!(
        stdout.ends_with("nothing applied: the design is already unique\n"),
        "{stdout}"
    );
    assert!(!std::path::Path::new(output.path()).exists());
}

#[test]
fn a_png_that_reads_blank_is_warned_about() {
    let design = Temp::new("fix-png-design.txt", DESIGN);
    let png = Temp::new("fix-blank.png", "");
    let (code, _, _) = run(
        &["fix", design.path(), "--apply", "1", "-o", png.path()],
        None,
    );
    assert_eq!(code, 0);
    let (code, _, stderr) = run(&["check", png.path()], None);
    assert_eq!((code, stderr.as_str()), (0, ""));
    let (code, _, stderr) = run(&["check", png.path(), "--threshold", "0"], None);
    assert_eq!(code, 0);
    let expected = format!(
        "nonosat: warning: {}: the picture reads as empty: no pixel is darker than --threshold 0; \
         a higher --threshold may find the drawing\n",
        png.path()
    );
    assert_eq!(stderr, expected);
}

#[test]
fn an_applied_edit_keeps_its_verdict_when_the_picture_cannot_be_written() {
    let design = Temp::new("fix-picture-design.txt", DESIGN);
    let output = Temp::new("fix-picture-repaired.non", "");
    let svg = Temp::new("fix-picture.svg", "");
    let args = ["fix", design.path(), "--apply", "1", "-o", output.path()];
    // Written: the picture of the repairs, beside the repair applied.
    let with_svg = [&args[..], &["--svg", svg.path()]].concat();
    let (code, stdout, stderr) = run(&with_svg, None);
    assert_eq!((code, stderr.as_str()), (0, ""), "{stdout}");
    assert!(stdout.contains("applied edit 1: wrote"), "{stdout}");
    let drawn = std::fs::read_to_string(svg.path()).unwrap();
    assert!(drawn.contains(">edit 1</text>"), "{drawn}");
    // Not written: the repaired design's verdict and exit code stay, the failure comes after.
    let unwritable = [&args[..], &["--png", "/no/such/dir/x.png"]].concat();
    let (code, stdout, stderr) = run(&unwritable, None);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("checked it: unique"), "{stdout}");
    assert!(
        stderr.contains("cannot write /no/such/dir/x.png"),
        "{stderr}"
    );
}

/// When every edit tried leaves several solutions, `fix` says so, as opposed to a time limit that
/// cut the edits short (`edits_cut_short` false in JSON), and `--apply` writes nothing: on an 8x8
/// diagonal, any one cell changed leaves other permutations of the diagonal.
#[test]
fn fix_says_why_it_found_no_edit_and_applies_none() {
    let diagonal: String = (0..8)
        .map(|row| format!("{}#{}\n", ".".repeat(row), ".".repeat(7 - row)))
        .collect();
    let design = Temp::new("fix-diagonal.txt", &diagonal);
    let (_, stdout, _) = run(&["fix", design.path(), "--json"], None);
    let record = &records(&stdout)[0];
    assert_eq!(record["edits"], serde_json::json!([]), "{record}");
    assert_eq!(record["edits_cut_short"], false, "{record}");
    assert_eq!(record["undecided"], serde_json::json!([]), "{record}");
    let (_, stdout, _) = run(&["fix", design.path()], None);
    assert!(
        stdout.contains("no edit tried makes the design unique"),
        "{stdout}"
    );
    let output = Temp::new("fix-diagonal-out.non", "");
    std::fs::remove_file(output.path()).unwrap();
    let (_, stdout, _) = run(
        &["fix", design.path(), "--apply", "1", "-o", output.path()],
        None,
    );
    assert!(
        stdout.contains("nothing applied: no edit tried makes the design unique"),
        "{stdout}"
    );
    assert!(!std::path::Path::new(output.path()).exists());
}
