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
fn a_picture_that_cannot_be_written_is_an_error() {
    let file = bundled("seeds/koike-6x6.non");
    let (code, _, stderr) = run(&["check", "--svg", "/no/such/dir/x.svg", &file], None);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("nonosat: cannot write /no/such/dir/x.svg: "),
        "{stderr}"
    );
}
