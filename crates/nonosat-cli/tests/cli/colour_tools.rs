//! `fix` and `hint` on colour puzzles from the command line: repairs in text and JSON,
//! each applied repair written, read back and checked by a separate run; the corpus's colour
//! puzzles.

use super::*;

/// A 3x3 colour design with two solutions: the `a` and the background of the top-left 2x2 square
/// may swap diagonals.
const DESIGN: &str = "a #cc3333\nb #3333cc\na.b\n.ab\nbbb\n";

#[test]
fn fix_gives_a_colour_design_hints_and_recolourings() {
    let design = Temp::new("colour-fix-design.txt", DESIGN);
    let (code, stdout, stderr) = run(&["fix", design.path(), "--json"], None);
    assert_eq!((code, stderr.as_str()), (1, ""));
    let record = &records(&stdout)[0];
    assert_eq!(record["verdict"], "multiple");
    assert_eq!(record["colors"][1]["name"], "a");
    // One hint settles it: a cell of the square, given its colour by name.
    let hints = record["hints"]["cells"].as_array().unwrap();
    assert_eq!(hints.len(), 1);
    assert!(hints[0][2].is_string(), "{hints:?}");
    assert_eq!(record["hints"]["proved_minimal"], true);
    let edits = record["edits"].as_array().unwrap();
    assert!(!edits.is_empty());
    for edit in edits {
        assert_eq!(edit["flip"].as_array().unwrap().len(), 1);
        assert_eq!(edit["picture"].as_array().unwrap().len(), 3);
    }
    let (code, text, _) = run(&["fix", design.path()], None);
    assert_eq!(code, 1);
    assert!(
        text.contains("fewest hints: 1 cell (proved minimal"),
        "{text}"
    );
    assert!(text.contains("row 1, column 1: a to background"), "{text}");
}

#[test]
fn applied_colour_repairs_are_written_read_back_and_unique() {
    let design = Temp::new("colour-apply-design.txt", DESIGN);
    for (repair, extension) in [
        ("1", "non"),
        ("2", "xml"),
        ("3", "txt"),
        ("1", "json"),
        ("2", "png"),
        ("hints", "txt"),
    ] {
        let output = Temp::new(&format!("colour-applied-{repair}.{extension}"), "");
        let args = ["fix", design.path(), "--apply", repair, "-o", output.path()];
        let (code, stdout, stderr) = run(&args, None);
        assert_eq!((code, stderr.as_str()), (0, ""), "{repair} {extension}");
        let what = if repair == "hints" {
            "hints".to_owned()
        } else {
            format!("edit {repair}")
        };
        let line = format!(
            "applied {what}: wrote {}, read it back and checked it: unique\n",
            output.path()
        );
        assert!(stdout.ends_with(&line), "{stdout}");
        if repair == "hints" {
            // The givens: one known cell, the rest unknown.
            let written = std::fs::read_to_string(output.path()).unwrap();
            assert_eq!(written.matches('?').count(), 8, "{written}");
            // `hint --state` reads them as a partly solved grid of the design.
            let (code, stdout, stderr) =
                run(&["hint", design.path(), "--state", output.path()], None);
            assert_eq!(code, 0, "{stderr}");
            assert!(stdout.contains(": next: "), "{stdout}");
        } else {
            // A separate run reads the file (a PNG in its two colours): unique.
            let mut check = vec!["check", output.path()];
            if extension == "png" {
                check.extend(["--colors", "2"]);
            }
            let (code, stdout, _) = run(&check, None);
            assert_eq!(code, 0, "{extension}: {stdout}");
        }
    }
}

/// The solution of a colour puzzle file as a text grid with its legend, from `solve --json`.
fn solved_picture(file: &str) -> String {
    let (code, stdout, stderr) = run(&["solve", file, "--json"], None);
    assert_eq!(code, 0, "{stderr}");
    let record = &records(&stdout)[0];
    let mut text = String::new();
    for colour in record["colors"].as_array().unwrap().iter().skip(1) {
        let (char, rgb) = (&colour["char"], &colour["rgb"]);
        text += &format!("{} {}\n", char.as_str().unwrap(), rgb.as_str().unwrap());
    }
    for row in record["solutions"][0].as_array().unwrap() {
        text += row.as_str().unwrap();
        text += "\n";
    }
    text
}

#[test]
fn fix_of_the_corpus_colour_puzzles_finds_their_pictures_unique() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    for name in ["acorn", "spaceShuttle"] {
        let puzzle = dir.join(format!("pbnsolve/{name}.g"));
        let design = Temp::new(
            &format!("colour-fix-{name}.txt"),
            &solved_picture(puzzle.to_str().unwrap()),
        );
        let (code, stdout, stderr) = run(&["fix", design.path(), "--json"], None);
        assert_eq!(code, 0, "{name}: {stderr}");
        let record = &records(&stdout)[0];
        assert_eq!(record["verdict"], "unique", "{name}");
        assert!(record["hints"].is_null() && record["edits"] == serde_json::json!([]));
        assert!(record["colors"].as_array().unwrap().len() > 2, "{name}");
    }
}

#[test]
fn hint_on_colour_givens_names_colours_and_wrong_cells() {
    let puzzle = Temp::new("colour-hint-puzzle.txt", DESIGN);
    // Nothing known: a line step from the clues alone, cells named by the colours they keep.
    let open = Temp::new("colour-hint-open.txt", "???\n???\n???\n");
    let (code, stdout, stderr) = run(
        &["hint", puzzle.path(), "--state", open.path(), "--json"],
        None,
    );
    assert_eq!((code, stderr.as_str()), (0, ""));
    let record = &records(&stdout)[0];
    assert_eq!(record["outcome"], "step");
    let cell = &record["step"]["cells"][0];
    assert!(
        cell["colors"].as_array().is_some_and(|c| !c.is_empty()),
        "{record}"
    );
    assert!(cell.get("black").is_none(), "{record}");
    let (code, text, _) = run(&["hint", puzzle.path(), "--state", open.path()], None);
    assert_eq!(code, 0);
    assert!(text.contains("next: "), "{text}");
    // A letter that is not a colour of the table is refused with its place.
    let bad = Temp::new("colour-hint-bad.txt", "???\n?z?\n???\n");
    let (code, _, stderr) = run(&["hint", puzzle.path(), "--state", bad.path()], None);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("'z' at row 2, column 2 is not a cell: use . for the background, a-b"),
        "{stderr}"
    );
}

#[test]
fn hint_names_the_known_colour_cells_that_are_wrong() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    // acorn.g is unique; a partly solved grid of one cell, tried with every colour: each hint
    // names that cell as wrong exactly when its colour is not the solution's.
    let acorn = dir.join("pbnsolve/acorn.g");
    let acorn = acorn.to_str().unwrap();
    let (code, stdout, _) = run(&["solve", acorn, "--json"], None);
    assert_eq!(code, 0);
    let record = &records(&stdout)[0];
    let rows: Vec<String> = record["solutions"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row.as_str().unwrap().to_owned())
        .collect();
    let colours: Vec<String> = record["colors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|colour| colour["char"].as_str().unwrap().to_owned())
        .collect();
    let (height, width) = (rows.len(), rows[0].chars().count());
    let middle = (height / 2, width / 2);
    let right = rows[middle.0].chars().nth(middle.1).unwrap();
    for colour in &colours {
        let mut grid = vec![vec!['?'; width]; height];
        grid[middle.0][middle.1] = colour.chars().next().unwrap();
        let text: String = grid
            .iter()
            .map(|row| row.iter().collect::<String>() + "\n")
            .collect();
        let state = Temp::new("colour-hint-acorn.txt", &text);
        let (code, stdout, stderr) = run(&["hint", acorn, "--state", state.path(), "--json"], None);
        assert_eq!(code, 0, "{stderr}");
        let record = &records(&stdout)[0];
        let wrong = !colour.starts_with(right);
        let expected = if wrong {
            serde_json::json!([[middle.0, middle.1]])
        } else {
            serde_json::json!([])
        };
        assert_eq!(record["mistakes"], expected, "{colour}");
    }
}
