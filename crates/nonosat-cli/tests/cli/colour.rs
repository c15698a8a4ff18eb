//! Colour puzzles through the command line: check and solve (text and JSON), count, convert and
//! clues round trips, cnf, explain, and what is refused.

use super::*;

/// Two solutions: the `a` cells of the left 2x2 square lie on either diagonal; column 3 is `b`.
pub(super) const TWO_DIAGONALS: &str = "width 3\nheight 2\ncolor a #cc3333\ncolor b #3333cc\n\
    rows\n1a,1b\n1a,1b\ncolumns\n1a\n1a\n2b\n";

/// One solution: `a b` touching, then `b` under the `b`.
const TOUCHING: &str = "width 2\nheight 2\ncolor a #cc3333\ncolor b #3333cc\n\
    rows\n1a,1b\n1b\ncolumns\n1a\n2b\n";

#[test]
fn check_finds_both_colour_solutions_and_every_ambiguous_cell() {
    let file = Temp::new("diagonals.non", TWO_DIAGONALS);
    let (code, stdout, stderr) = run(&["check", file.path()], None);
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.contains("verdict: multiple"), "{stdout}");
    assert!(stdout.contains("ambiguous cells: 4"), "{stdout}");
    assert!(
        stdout.contains("colours: . 0 (#ffffff), a a (#cc3333), b b (#3333cc)"),
        "{stdout}"
    );
    let (code, stdout, _) = run(&["check", file.path(), "--json"], None);
    assert_eq!(code, 1);
    let record = &records(&stdout)[0];
    assert_eq!(record["schema_version"], 2);
    assert_eq!(record["verdict"], "multiple");
    let mut solutions: Vec<Value> = record["solutions"].as_array().unwrap().clone();
    solutions.sort_by_key(Value::to_string);
    assert_eq!(
        Value::Array(solutions),
        serde_json::json!([[".ab", "a.b"], ["a.b", ".ab"]])
    );
    assert_eq!(
        record["ambiguous"],
        serde_json::json!([[0, 0], [0, 1], [1, 0], [1, 1]])
    );
    assert_eq!(
        record["colors"],
        serde_json::json!([
            {"char": ".", "name": "0", "rgb": "#ffffff"},
            {"char": "a", "name": "a", "rgb": "#cc3333"},
            {"char": "b", "name": "b", "rgb": "#3333cc"},
        ])
    );
}

#[test]
fn solve_count_and_unique_check_of_a_colour_puzzle() {
    let file = Temp::new("touching.non", TOUCHING);
    let (code, stdout, _) = run(&["check", file.path(), "--json"], None);
    assert_eq!(code, 0);
    let record = &records(&stdout)[0];
    assert_eq!(record["verdict"], "unique");
    assert_eq!(record["solutions"], serde_json::json!([["ab", ".b"]]));
    let (code, stdout, _) = run(&["solve", file.path()], None);
    assert_eq!(code, 0);
    assert!(stdout.contains("verdict: solved"), "{stdout}");
    let diagonals = Temp::new("count-diagonals.non", TWO_DIAGONALS);
    let (code, stdout, _) = run(&["count", diagonals.path(), "--cap", "5"], None);
    assert_eq!(code, 1);
    assert!(stdout.contains("exactly 2 solutions"), "{stdout}");
    let (_, stdout, _) = run(&["count", diagonals.path(), "--json"], None);
    let record = &records(&stdout)[0];
    assert_eq!(
        (&record["solutions"], &record["exact"]),
        (&Value::from(2), &Value::from(true))
    );
}

#[test]
fn colour_puzzles_convert_to_every_colour_format_and_back() {
    let file = Temp::new("convert-diagonals.non", TWO_DIAGONALS);
    let (code, original, stderr) = run(&["convert", file.path(), "--to", "non"], None);
    assert_eq!(code, 0, "{stderr}");
    for (to, extension) in [
        ("json", "json"),
        ("jsonl", "jsonl"),
        ("xml", "xml"),
        ("olsak", "g"),
    ] {
        let out = Temp::new(&format!("colour-out.{extension}"), "");
        let (code, _, stderr) = run(
            &["convert", file.path(), "--to", to, "-o", out.path()],
            None,
        );
        assert_eq!(code, 0, "{to}: {stderr}");
        let (code, again, stderr) = run(&["convert", out.path(), "--to", "non"], None);
        assert_eq!(code, 0, "{to}: {stderr}");
        assert_eq!(again, original, "{to}");
        let (code, checked, _) = run(&["check", out.path(), "--json"], None);
        assert_eq!(
            (code, records(&checked)[0]["verdict"].clone()),
            (1, "multiple".into())
        );
    }
    let (code, _, stderr) = run(&["convert", file.path(), "--to", "nin"], None);
    assert_eq!(code, 2);
    assert!(stderr.contains("nin"), "{stderr}");
}

#[test]
fn clues_of_a_colour_picture_round_trip_through_check() {
    let picture = Temp::new("picture.txt", "a #cc3333\nb #3333cc\n\nab.\n.bb\naa.\n");
    let (code, non, stderr) = run(&["clues", picture.path(), "--to", "non"], None);
    assert_eq!(code, 0, "{stderr}");
    assert!(non.contains("color"), "{non}");
    let file = Temp::new("picture-clues.non", &non);
    let (code, stdout, stderr) = run(&["check", file.path(), "--json"], None);
    assert!(code == 0 || code == 1, "{stderr}");
    let record = &records(&stdout)[0];
    let solutions = record["solutions"].as_array().unwrap();
    assert!(
        solutions.contains(&serde_json::json!(["ab.", ".bb", "aa."])),
        "{stdout}"
    );
}

#[test]
fn cnf_of_a_colour_puzzle_names_its_colours() {
    let file = Temp::new("cnf-touching.non", TOUCHING);
    let (code, stdout, _) = run(&["cnf", file.path()], None);
    assert_eq!(code, 0);
    assert!(stdout.contains("colour nonogram"), "{stdout}");
    assert!(stdout.contains("c colour 2: b #3333cc"), "{stdout}");
    assert!(stdout.lines().any(|line| line.starts_with("p cnf ")));
    let (code, stdout, _) = run(&["cnf", file.path(), "--json"], None);
    assert_eq!(code, 0);
    let record = &records(&stdout)[0];
    assert_eq!(record["colors"][1]["name"], "a");
    assert!(record["variables"].as_u64().unwrap() >= 12);
}

#[test]
fn explain_gives_a_colour_path_in_text_json_and_a_picture() {
    let file = Temp::new("explain-touching.non", TOUCHING);
    let (code, stdout, stderr) = run(&["explain", file.path()], None);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("difficulty: line-solvable, score 2.33 (SAT: unique)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("path: 4 steps fix 4 of 4 cells, solved"),
        "{stdout}"
    );
    assert!(
        stdout.contains("1. [depth 1] row 1 (clue 1a 1b) fixes r1c1=a r1c2=b from the clues alone"),
        "{stdout}"
    );
    assert!(
        stdout.contains("3. [depth 2, after 2] column 1 (clue 1a) fixes r2c1=. from r2c1=.|b"),
        "{stdout}"
    );
    let (code, stdout, _) = run(&["explain", file.path(), "--json"], None);
    assert_eq!(code, 0);
    let record = &records(&stdout)[0];
    assert_eq!(record["class"], "line-solvable");
    assert_eq!(record["cells_fixed"], 4);
    let steps = record["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 4);
    // Colours named as `check --json` names them: the background is `0`.
    assert_eq!(
        steps[1]["cells"][0],
        serde_json::json!({"row": 1, "column": 0, "colors": ["0", "b"]})
    );
    assert_eq!(
        steps[2]["support"][0]["colors"],
        serde_json::json!(["0", "b"])
    );
    assert_eq!(steps[2]["depends_on"], serde_json::json!([1]));
    let dir = TempDir::new("explain-colour-svg");
    let svg = format!("{}/path.svg", dir.path());
    let (code, _, stderr) = run(&["explain", file.path(), "--svg", &svg], None);
    assert_eq!(code, 0, "{stderr}");
    assert!(std::fs::read_to_string(&svg).unwrap().contains("depth"));
}

#[test]
fn corpus_colour_puzzles_check_from_the_command_line() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let acorn = dir.join("pbnsolve/acorn.g");
    let (code, stdout, stderr) = run(&["check", acorn.to_str().unwrap(), "--json"], None);
    assert_eq!(code, 0, "{stderr}");
    let record = &records(&stdout)[0];
    assert_eq!(record["verdict"], "unique");
    assert_eq!(record["line_solvable"], true);
    assert!(record["colors"].as_array().unwrap().len() > 2);
}

/// The colour table of a `--json` record as `(char, name)` pairs, the background first.
fn colour_table(record: &Value) -> Vec<(String, String)> {
    let colours = record["colors"].as_array().unwrap().iter();
    colours
        .map(|c| {
            (
                c["char"].as_str().unwrap().into(),
                c["name"].as_str().unwrap().into(),
            )
        })
        .collect()
}

/// pbnsolve's acorn.g letters its colours `y` `o` `b` `r` and names them yellow, orange, brown,
/// red: check (text and JSON), convert to every colour format and fix --apply keep both.
#[test]
fn acorn_keeps_its_letters_and_names_through_check_convert_and_fix() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let acorn = dir.join("pbnsolve/acorn.g");
    let acorn = acorn.to_str().unwrap();
    let (code, text, stderr) = run(&["check", acorn], None);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        text.contains(
            "colours: . 0 (#ffffff), y yellow (#ffff00), o orange (#ffa500), b brown (#a52a2a), \
             r red (#ff0000)"
        ),
        "{text}"
    );
    let (_, stdout, _) = run(&["check", acorn, "--json"], None);
    let record = &records(&stdout)[0];
    let table = colour_table(record);
    let expected = [
        (".", "0"),
        ("y", "yellow"),
        ("o", "orange"),
        ("b", "brown"),
        ("r", "red"),
    ];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|&(c, n)| (c.into(), n.into()))
        .collect();
    assert_eq!(table, expected);
    let rows: Vec<String> = record["solutions"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row.as_str().unwrap().to_owned())
        .collect();
    let cells: String = rows.concat();
    assert!(cells.chars().all(|c| ".yobr".contains(c)), "{rows:?}");
    assert!("yobr".chars().all(|c| cells.contains(c)), "{rows:?}");
    // The text view draws the same letters.
    assert!(
        text.contains(
            &rows[10]
                .chars()
                .map(|c| format!(" {c}"))
                .collect::<String>()
        )
    );

    for (to, extension, written) in [
        ("non", "non", ["color y #ffff00 yellow", "\n1y,2y\n"]),
        (
            "xml",
            "xml",
            [
                "<color name=\"yellow\" char=\"y\">ffff00</color>",
                "<count color=\"yellow\">1</count>",
            ],
        ),
        ("olsak", "g", ["   y:y  #ffff00  yellow", "\n1y 2y\n"]),
        (
            "json",
            "json",
            [
                "\"yellow\": {\"rgb\": \"#ffff00\", \"char\": \"y\"}",
                "[1, \"yellow\"]",
            ],
        ),
    ] {
        let out = Temp::new(&format!("acorn-out.{extension}"), "");
        let (code, _, stderr) = run(&["convert", acorn, "--to", to, "-o", out.path()], None);
        assert_eq!(code, 0, "{to}: {stderr}");
        let text = std::fs::read_to_string(out.path()).unwrap();
        for piece in written {
            assert!(text.contains(piece), "{to}: {piece} in\n{text}");
        }
        let (code, stdout, stderr) = run(&["check", out.path(), "--json"], None);
        assert_eq!(code, 0, "{to}: {stderr}");
        assert_eq!(
            colour_table(&records(&stdout)[0])[1..],
            expected[1..],
            "{to}"
        );
    }

    // A design of the solution with a diagonal pair of yellow cells added in the empty top-left
    // corner has two solutions; the edits `fix --apply` writes keep the letters and the names.
    let mut design = String::new();
    for colour in &record["colors"].as_array().unwrap()[1..] {
        let (char, rgb, name) = (&colour["char"], &colour["rgb"], &colour["name"]);
        let (char, rgb, name) = (
            char.as_str().unwrap(),
            rgb.as_str().unwrap(),
            name.as_str().unwrap(),
        );
        design += &format!("{char} {rgb} {name}\n");
    }
    for (i, row) in rows.iter().enumerate() {
        let row = match i {
            0 => format!("y.{}", &row[2..]),
            1 => format!(".y{}", &row[2..]),
            _ => row.clone(),
        };
        design += &row;
        design += "\n";
    }
    let design = Temp::new("acorn-design.txt", &design);
    let (code, stdout, stderr) = run(&["fix", design.path()], None);
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.contains("yellow"), "{stdout}");
    for extension in ["non", "xml", "txt", "json"] {
        let output = Temp::new(&format!("acorn-applied.{extension}"), "");
        let args = ["fix", design.path(), "--apply", "1", "-o", output.path()];
        let (code, stdout, stderr) = run(&args, None);
        assert_eq!((code, stderr.as_str()), (0, ""), "{extension}: {stdout}");
        let (code, stdout, stderr) = run(&["check", output.path(), "--json"], None);
        assert_eq!(code, 0, "{extension}: {stderr}");
        assert_eq!(
            colour_table(&records(&stdout)[0])[1..],
            expected[1..],
            "{extension}"
        );
    }
}

#[test]
fn colour_pictures_draw_clues_on_swatches_and_outline_differing_cells() {
    let file = Temp::new("pictures-diagonals.non", TWO_DIAGONALS);
    let dir = TempDir::new("colour-pictures");
    let svg = dir.0.join("two.svg");
    let png = dir.0.join("two.png");
    let (code, _, stderr) = run(
        &[
            "check",
            file.path(),
            "--svg",
            svg.to_str().unwrap(),
            "--png",
            png.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!((code, stderr.as_str()), (1, ""));
    let svg_text = std::fs::read_to_string(&svg).unwrap();
    // Titled with the file's name, not its folder; both solutions labelled.
    let name = std::path::Path::new(file.path()).file_name().unwrap();
    let caption = format!(">{}: not unique", name.to_str().unwrap());
    assert!(svg_text.contains(&caption), "{caption} in {svg_text}");
    assert!(!svg_text.contains(&std::env::temp_dir().display().to_string()));
    assert!(svg_text.contains(">solution 1</text>"), "{svg_text}");
    assert!(svg_text.contains(">solution 2</text>"), "{svg_text}");
    assert!(
        svg_text.contains(">outlined: another colour in the other solution</text>"),
        "{svg_text}"
    );
    // Clue swatches and solution cells in both colours; the clue text on the dark swatches white.
    for fill in ["#cc3333", "#3333cc"] {
        assert!(svg_text.contains(&format!("fill=\"{fill}\"")), "{fill}");
    }
    let image = nonosat::image::Raster::from_png(&std::fs::read(&png).unwrap()).unwrap();
    let has =
        |colour| (0..image.height()).any(|y| (0..image.width()).any(|x| image.get(x, y) == colour));
    assert!(has(nonosat::image::Rgb(0xcc, 0x33, 0x33)));
    assert!(has(nonosat::image::Rgb(0x33, 0x33, 0xcc)));

    // `clues --svg` draws the blank puzzle: the swatches, no solution, no legend.
    let blank = dir.0.join("blank.svg");
    let (code, _, stderr) = run(
        &[
            "clues",
            file.path(),
            "--to",
            "non",
            "--svg",
            blank.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code, 0, "{stderr}");
    let blank = std::fs::read_to_string(&blank).unwrap();
    assert!(blank.contains("fill=\"#cc3333\""), "{blank}");
    assert!(!blank.contains("solution 2"));
    assert!(!blank.contains("outlined"));
}

/// A 3x2 picture in red, blue and a darker red, on white: `a.b` over `cbb`.
fn colour_picture() -> Vec<u8> {
    use nonosat::image::{Raster, Rgb};
    let mut raster = Raster::filled(3, 2, Rgb::WHITE).unwrap();
    for (x, y, colour) in [
        (0, 0, Rgb(220, 20, 20)),
        (2, 0, Rgb(20, 20, 220)),
        (0, 1, Rgb(200, 40, 20)),
        (1, 1, Rgb(20, 20, 220)),
        (2, 1, Rgb(20, 20, 220)),
    ] {
        raster.set(x, y, colour);
    }
    raster.to_png()
}

#[test]
fn a_colour_png_gives_clues_that_check_finds_again() {
    let dir = TempDir::new("colour-png");
    let png = dir.0.join("picture.png");
    std::fs::write(&png, colour_picture()).unwrap();
    let png = png.to_str().unwrap();
    let non = dir.0.join("picture.non");
    let svg = dir.0.join("picture.svg");
    let (code, _, stderr) = run(
        &["clues", png, "--colors", "3", "-o", non.to_str().unwrap()],
        None,
    );
    assert_eq!(code, 0, "{stderr}");
    let (code, stdout, stderr) = run(
        &[
            "check",
            non.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
            "--json",
        ],
        None,
    );
    assert_eq!(code, 0, "{stderr}");
    let record = &records(&stdout)[0];
    assert_eq!(record["solutions"], serde_json::json!([["a.b", "cbb"]]));
    assert_eq!(record["colors"][3]["rgb"], "#c82814");
    assert!(std::fs::read_to_string(&svg).unwrap().contains("#c82814"));

    // Two colours: the reds are one; without --colors the picture is black and white.
    let (code, stdout, _) = run(&["check", png, "--colors", "2", "--json"], None);
    assert_eq!(code, 0);
    let record = &records(&stdout)[0];
    assert_eq!(record["solutions"], serde_json::json!([["a.b", "abb"]]));
    assert_eq!(record["colors"][1]["rgb"], "#d21e14");
    let (code, stdout, _) = run(&["check", png, "--json"], None);
    assert_eq!(code, 0);
    assert!(records(&stdout)[0].get("colors").is_none(), "{stdout}");
}

#[test]
fn colors_beyond_the_limit_or_on_a_file_with_its_own_colours_is_refused() {
    let file = Temp::new("colors-touching.non", TOUCHING);
    let (code, _, stderr) = run(&["check", file.path(), "--colors", "32"], None);
    assert_eq!(code, 2);
    assert!(stderr.contains("32 is not in 1..=31"), "{stderr}");
    let (code, _, stderr) = run(&["check", file.path(), "--colors", "3"], None);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("--colors reads PNG pictures, and this file is non"),
        "{stderr}"
    );
}

#[test]
fn a_batch_checks_colour_puzzles_beside_black_and_white_ones() {
    let dir = TempDir::new("colour-batch");
    std::fs::write(dir.0.join("a-diagonals.non"), TWO_DIAGONALS).unwrap();
    std::fs::write(dir.0.join("b-touching.non"), TOUCHING).unwrap();
    std::fs::write(
        dir.0.join("c-plain.non"),
        "width 1\nheight 1\nrows\n1\ncolumns\n1\n",
    )
    .unwrap();
    let path = dir.0.to_str().unwrap();
    let (code, stdout, stderr) = run(&["check", path, "--jobs", "2", "--json"], None);
    assert_eq!(code, 1, "{stderr}");
    let records = records(&stdout);
    let verdicts: Vec<(&str, bool)> = records
        .iter()
        .map(|r| (r["verdict"].as_str().unwrap(), r.get("colors").is_some()))
        .collect();
    assert_eq!(
        verdicts,
        [("multiple", true), ("unique", true), ("unique", false)]
    );
    assert_eq!(records[1]["solutions"], serde_json::json!([["ab", ".b"]]));
    assert!(
        records[0]["file"]
            .as_str()
            .unwrap()
            .ends_with("a-diagonals.non")
    );
    let (code, _, stderr) = run(&["check", path, "--colors", "3"], None);
    assert_eq!(code, 2);
    assert!(stderr.contains("--colors needs a single FILE"), "{stderr}");
}

#[test]
fn compare_runs_line_and_probing_on_colour_puzzles_and_names_the_rest() {
    let file = Temp::new("compare-diagonals.non", TWO_DIAGONALS);
    let (code, stdout, stderr) = run(&["compare", file.path()], None);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stdout.contains("is in colour: line and probing only (cube2, cube3, cube4, myillust, koike, koike-probing are black-and-white only)"),
        "{stdout}"
    );
    assert!(stdout.contains("line "), "{stdout}");
    assert!(stdout.contains("probing "), "{stdout}");
    let (code, stdout, _) = run(&["compare", file.path(), "--json"], None);
    assert_eq!(code, 1);
    let record = &records(&stdout)[0];
    let methods: Vec<(&str, &str)> = record["methods"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["method"].as_str().unwrap(),
                m["outcome"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(methods, [("line", "stalled"), ("probing", "stalled")]);
    assert_eq!(record["exact"]["verdict"], "multiple");
    assert_eq!(record["colors"][1]["name"], "a");
    let touching = Temp::new("compare-touching.non", TOUCHING);
    let (code, stdout, _) = run(&["compare", touching.path(), "--json"], None);
    assert_eq!(code, 0);
    let record = &records(&stdout)[0];
    assert_eq!(record["methods"][0]["outcome"], "solved");
    assert_eq!(record["methods"][0]["fixed"], 4);
    let (code, _, stderr) = run(&["compare", file.path(), "--methods", "line,cube2"], None);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("cube2: black-and-white only, and"),
        "{stderr}"
    );
}

#[test]
fn check_proof_of_colour_puzzles_is_verified_by_verify_proof() {
    let dir = TempDir::new("colour-proof");
    for (name, text, kind, code, verdict) in [
        (
            "touching",
            TOUCHING,
            "drat",
            0,
            "verified: the proof refutes the formula",
        ),
        (
            "diagonals",
            TWO_DIAGONALS,
            "model",
            1,
            "verified: the model satisfies the formula",
        ),
    ] {
        let puzzle = dir.0.join(format!("{name}.non"));
        std::fs::write(&puzzle, text).unwrap();
        let proof = dir.0.join(format!("{name}.proof"));
        let proof = proof.to_str().unwrap();
        let (got, stdout, stderr) = run(
            &[
                "check",
                puzzle.to_str().unwrap(),
                "--proof",
                proof,
                "--json",
            ],
            None,
        );
        assert_eq!(got, code, "{name}: {stderr}");
        let record = &records(&stdout)[0];
        assert_eq!(record["certificate"]["kind"], kind, "{name}");
        let formula = format!("{proof}.cnf");
        assert!(
            std::fs::read_to_string(&formula)
                .unwrap()
                .contains("colour nonogram"),
            "{name}"
        );
        let (got, text, _) = run(&["verify-proof", &formula, proof], None);
        assert_eq!(got, code, "{name}: {text}");
        assert!(text.starts_with(verdict), "{name}: {text}");
    }
    // Without its blocking clause the unique puzzle's formula has a model: the proof fails.
    let weaker_path = without_blocking_clause(&dir.0.join("touching.proof.cnf"), &dir.0);
    let proof = dir.0.join("touching.proof");
    let (code, text, _) = run(
        &[
            "verify-proof",
            weaker_path.to_str().unwrap(),
            proof.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code, 6, "{text}");
}

/// Every pixel of a PNG file, row by row.
fn pixels(path: &std::path::Path) -> Vec<Vec<nonosat::image::Rgb>> {
    let raster = nonosat::image::Raster::from_png(&std::fs::read(path).unwrap()).unwrap();
    (0..raster.height())
        .map(|y| (0..raster.width()).map(|x| raster.get(x, y)).collect())
        .collect()
}

/// A PNG file of `rows` in `dir`, each character a colour of `legend` (`.` white).
fn png_of(dir: &TempDir, name: &str, rows: &[&str], legend: &[(char, [u8; 3])]) -> String {
    use nonosat::image::{Raster, Rgb};
    let mut raster = Raster::filled(rows[0].len(), rows.len(), Rgb::WHITE).unwrap();
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            if let Some(&(_, rgb)) = legend.iter().find(|(c, _)| *c == ch) {
                raster.set(x, y, Rgb::from(rgb));
            }
        }
    }
    let path = dir.0.join(name);
    std::fs::write(&path, raster.to_png()).unwrap();
    path.to_str().unwrap().to_owned()
}

#[test]
fn a_colour_png_comes_back_pixel_for_pixel_from_its_clues() {
    let dir = TempDir::new("colour-png-back");
    let png = dir.0.join("picture.png");
    std::fs::write(&png, colour_picture()).unwrap();
    let non = dir.0.join("picture.non");
    let again = dir.0.join("again.png");
    let (png_s, non_s, again_s) = (
        png.to_str().unwrap(),
        non.to_str().unwrap(),
        again.to_str().unwrap(),
    );
    let (code, _, stderr) = run(&["clues", png_s, "--colors", "3", "-o", non_s], None);
    assert_eq!(code, 0, "{stderr}");
    let (code, _, stderr) = run(&["convert", non_s, "--to", "png", "-o", again_s], None);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(pixels(&again), pixels(&png));
    // Clues alone have no picture to write.
    let clues = Temp::new("colour-no-goal.non", TWO_DIAGONALS);
    let (code, _, stderr) = run(&["convert", clues.path(), "--to", "png"], None);
    assert_eq!(code, 2);
    assert!(
        stderr.ends_with("the puzzle has no goal picture, which the png format writes\n"),
        "{stderr}"
    );
}

#[test]
fn a_background_other_than_white_is_named_and_kept() {
    let dir = TempDir::new("colour-background");
    let legend = [
        ('r', [204, 51, 51]),
        ('w', [255, 255, 255]),
        ('c', [255, 255, 204]),
    ];
    let png = png_of(&dir, "cream.png", &["crw", "wcr"], &legend);
    let non = dir.0.join("cream.non");
    let again = dir.0.join("again.png");
    let args = ["--colors", "3", "--background", "#ffffcc"];
    let (code, _, stderr) = run(
        &[&["clues", &png][..], &args, &["-o", non.to_str().unwrap()]].concat(),
        None,
    );
    assert_eq!(code, 0, "{stderr}");
    let text = std::fs::read_to_string(&non).unwrap();
    assert!(
        text.contains("color 0 #ffffcc background\ncolor a #cc3333\ncolor b #ffffff\n"),
        "{text}"
    );
    let (code, _, stderr) = run(
        &[
            "convert",
            non.to_str().unwrap(),
            "--to",
            "png",
            "-o",
            again.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(pixels(&again), pixels(std::path::Path::new(&png)));

    // A background no pixel has, a value that is not a colour, and --background alone.
    let (code, _, stderr) = run(
        &["check", &png, "--colors", "3", "--background", "#008000"],
        None,
    );
    assert_eq!(code, 2);
    assert!(
        stderr.ends_with(
            "cream.png: the background colour #008000 is not in the picture, so no cell would be empty\n"
        ),
        "{stderr}"
    );
    let (code, _, stderr) = run(
        &["check", &png, "--colors", "3", "--background", "#zz"],
        None,
    );
    assert_eq!(code, 2);
    assert!(
        stderr.contains(
            "invalid value '#zz' for '--background <#RRGGBB>': expected a colour as #rrggbb, such as #ffffcc, not \"#zz\""
        ),
        "{stderr}"
    );
    let (code, _, stderr) = run(&["check", &png, "--background", "#ffffcc"], None);
    assert_eq!(code, 2);
    assert!(stderr.contains("--colors <N>"), "{stderr}");
}

#[test]
fn a_colour_png_goal_is_read_in_the_puzzles_colours() {
    let dir = TempDir::new("colour-goal");
    let puzzle = Temp::new("colour-goal.non", TWO_DIAGONALS);
    // The puzzle's colours, given in the other order of first appearance than its table.
    let legend = [('a', [0xcc, 0x33, 0x33]), ('b', [0x33, 0x33, 0xcc])];
    for rows in [["a.b", ".ab"], [".ab", "a.b"]] {
        let goal = png_of(&dir, "goal.png", &rows, &legend);
        let (code, stdout, stderr) =
            run(&["check", puzzle.path(), "--goal", &goal, "--json"], None);
        assert_eq!(code, 1, "{stderr}");
        let record = &records(&stdout)[0];
        assert_eq!(record["verdict"], "multiple");
        assert_eq!(record["solutions"][0], serde_json::json!(rows), "{stdout}");
    }
    let green = [('a', [0xcc, 0x33, 0x33]), ('g', [0, 0xff, 0])];
    let goal = png_of(&dir, "green.png", &["a.g", ".ag"], &green);
    let (code, _, stderr) = run(&["check", puzzle.path(), "--goal", &goal], None);
    assert_eq!(code, 2);
    assert!(
        stderr.ends_with(
            "the picture's colour #00ff00 is not one of the puzzle's (#cc3333, #3333cc)\n"
        ),
        "{stderr}"
    );
}

/// A `.g` colour table that defines `a` only, with clues in `g`: one colour, so read as black
/// and white before, and checked `unique`; now refused as two colours are.
#[test]
fn a_clue_colour_missing_from_the_g_table_is_refused_naming_it() {
    let folder = TempDir::new("undefined-colour");
    let file = folder.file(
        "one.g",
        "#d\n  a:#   red  #ff0000\n: rows\n1g\n1g\n: columns\n1g\n1g\n",
    );
    let (code, stdout, stderr) = run(&["check", &file], None);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert_eq!(
        stderr,
        format!("nonosat: {file}:4: the colour \"g\" is not defined in the colour table\n")
    );
}
