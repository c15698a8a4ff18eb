//! convert, pictures in.

use super::*;

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
    // PNG writes the goal picture, one pixel a cell; a puzzle without a goal has none to write.
    let nin = bundled("examples/heart.nin");
    for command in ["convert", "clues"] {
        let (code, stdout, stderr) = run(&[command, &nin, "--to", "png"], None);
        assert_eq!((code, stdout.as_str()), (2, ""));
        assert!(
            stderr.ends_with("the puzzle has no goal picture, which the png format writes\n"),
            "{stderr}"
        );
    }
    let png = TempDir::new("heart-png");
    let written = png.0.join("heart.png");
    let (code, _, stderr) = run(
        &[
            "convert",
            &heart,
            "--to",
            "png",
            "-o",
            written.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code, 0, "{stderr}");
    let (code, again, _) = run(&["convert", written.to_str().unwrap(), "--to", "nin"], None);
    let (_, original, _) = run(&["convert", &heart, "--to", "nin"], None);
    assert_eq!((code, again), (0, original));
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
