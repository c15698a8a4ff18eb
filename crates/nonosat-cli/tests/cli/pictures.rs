//! Pictures: --svg and --png.

use super::*;

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
    // The caption is the puzzle's own title, not its path; both solutions are labelled.
    assert!(
        svg.contains(">Two solutions: either diagonal: not unique: two solutions"),
        "{svg}"
    );
    assert!(svg.contains(">solution 1</text>"));
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
    assert!(
        blank.contains(">Koike's 6x6 example: 6x6</text>"),
        "{blank}"
    );
    // The same clue numbers, and the solution's 21 black cells only in the solved one.
    let texts = |svg: &str| svg.lines().filter(|l| l.starts_with("<text")).count();
    assert_eq!(texts(&blank), texts(&solved));
    let black_cells = |svg: &str| {
        svg.lines()
            .filter(|l| l.contains("width=\"24\" height=\"24\" fill=\"#000000\""))
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
fn a_picture_that_cannot_be_written_never_hides_the_verdict() {
    let file = bundled("seeds/koike-6x6.non");
    let (code, stdout, stderr) = run(&["check", "--svg", "/no/such/dir/x.svg", &file], None);
    // The verdict is printed and keeps its exit code; the failure is said after it.
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("verdict: unique"), "{stdout}");
    assert!(
        stderr.contains("nonosat: cannot write /no/such/dir/x.svg: "),
        "{stderr}"
    );
    // In JSON both are records on standard output: the result first, then the error.
    let (code, stdout, _) = run(
        &["check", "--json", "--png", "/no/such/dir/x.png", &file],
        None,
    );
    assert_eq!(code, 0);
    let records = records(&stdout);
    assert_eq!(records.len(), 2, "{stdout}");
    assert_eq!(records[0]["verdict"], "unique", "{stdout}");
    let error = records[1]["error"].as_str().unwrap();
    assert!(error.contains("cannot write /no/such/dir/x.png"), "{error}");
    // Multiple keeps its exit code 1 too.
    let diagonals = bundled("seeds/two-diagonals.non");
    let (code, _, _) = run(&["check", "--svg", "/no/such/dir/x.svg", &diagonals], None);
    assert_eq!(code, 1);
    // And so does a colour puzzle's.
    let colour = Temp::new("unwritable-colour.non", super::colour::TWO_DIAGONALS);
    let (code, stdout, stderr) = run(
        &["check", "--png", "/no/such/dir/x.png", colour.path()],
        None,
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.contains("verdict: multiple"), "{stdout}");
    assert!(
        stderr.contains("cannot write /no/such/dir/x.png"),
        "{stderr}"
    );
}

#[test]
fn a_picture_is_titled_with_the_file_name_never_its_path() {
    let dir = TempDir::new("titled");
    let picture = dir.file("Little-House.txt", "..#..\n.###.\n#####\n.#.#.\n.###.\n");
    let svg = dir.0.join("out.svg");
    let png = dir.0.join("out.png");
    let svg_arg = svg.to_str().unwrap();
    let png_arg = png.to_str().unwrap();
    for (command, caption) in [
        ("clues", ">Little-House.txt: 5x5</text>"),
        ("check", ">Little-House.txt: unique, line-solvable</text>"),
    ] {
        let (code, _, stderr) = run(
            &[command, "--svg", svg_arg, "--png", png_arg, &picture],
            None,
        );
        assert_eq!((code, stderr.as_str()), (0, ""), "{command}");
        let text = std::fs::read_to_string(&svg).unwrap();
        assert!(text.contains(caption), "{command}: {text}");
        assert!(!text.contains(dir.path()), "{command}: {text}");
        assert!(!text.contains("LITTLE"), "{command}: {text}");
        assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    }
}

#[test]
fn a_400_wide_puzzle_gets_a_png_within_the_pixel_budget() {
    // 400x400 (defect 10: 310 wide was refused): triangles in 20x20 squares, so most lines have
    // 20 clue numbers and the page at full-size cells would be about 10,000 pixels a side.
    let rows: Vec<String> = (0..400)
        .map(|row| {
            (0..400)
                .map(|col| if col % 20 <= row % 20 { '#' } else { '.' })
                .collect()
        })
        .collect();
    let dir = TempDir::new("wide");
    let picture = dir.file("wide.txt", &(rows.join("\n") + "\n"));
    let png = dir.0.join("wide.png");
    let (code, stdout, stderr) = run(
        &[
            "check",
            "--timeout",
            "20",
            "--png",
            png.to_str().unwrap(),
            &picture,
        ],
        None,
    );
    assert!(stdout.contains("verdict: "), "{stdout}");
    assert_eq!((code, stderr.as_str()), (0, ""), "{stdout}");
    let image = nonosat::image::Raster::from_png(&std::fs::read(&png).unwrap()).unwrap();
    let pixels = (image.width() * image.height()) as u64;
    assert!(pixels <= nonosat::image::MAX_DRAWN_PIXELS, "{pixels}");
    // At least one pixel a cell, and the solution drawn.
    assert!(image.width() >= 400 && image.height() >= 400);
    assert!(png_has(png.to_str().unwrap(), nonosat::image::Rgb::BLACK));
}

/// A title holding characters XML forbids (`&#0;` and a raw control character) is drawn without
/// them: the SVG stays readable and the PNG renders (it failed with an internal error, exit 0).
#[test]
fn forbidden_characters_leave_the_svg_readable_and_the_png_drawn() {
    let folder = TempDir::new("forbidden-title");
    let puzzle = folder.file(
        "nul.non",
        "title \"A\u{1}B &#0; C\"\nwidth 2\nheight 2\nrows\n2\n0\ncolumns\n1\n1\n",
    );
    let (svg, png) = (folder.0.join("p.svg"), folder.0.join("p.png"));
    let (code, stdout, stderr) = run(
        &[
            "check",
            &puzzle,
            "--svg",
            svg.to_str().unwrap(),
            "--png",
            png.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!((code, stderr.as_str()), (0, ""), "{stdout}");
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(
        !drawn
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t'),
        "{drawn:?}"
    );
    assert!(drawn.contains(">AB  C: unique"), "{drawn}");
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
}
