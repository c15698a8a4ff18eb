//! Reading and writing puzzle files: pinned error messages, round trips, fixtures and the corpus.

mod brute;
mod common;

use std::path::{Path, PathBuf};

use proptest::prelude::*;

use nonosat::formats::{
    self, Entry, Format, MAX_FILE_BYTES, ParseErrorKind, ReadOptions, WriteError,
};
use nonosat::model::ColourPuzzle;
use nonosat::{Clue, Grid, Puzzle};

// ---------------------------------------------------------------------------------------------
// Helpers

/// The message of the error `text` gives when read as file `source` (format from the name).
fn error_of(text: &str, source: &str) -> String {
    match formats::parse::<Puzzle>(text, source, None) {
        Ok(entries) => panic!("{source} parsed into {} puzzles", entries.len()),
        Err(error) => error.to_string(),
    }
}

/// The message of the error `text` gives when read in `format`.
fn error_as(text: &str, source: &str, format: Format) -> String {
    match formats::parse::<Puzzle>(text, source, Some(format)) {
        Ok(entries) => panic!("{source} parsed into {} puzzles", entries.len()),
        Err(error) => error.to_string(),
    }
}

/// The only puzzle of a text.
fn only_puzzle(text: &str, source: &str) -> Puzzle {
    let mut entries =
        formats::parse::<Puzzle>(text, source, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(entries.len(), 1, "{source}");
    entries.remove(0).puzzle
}

/// Pictures up to `max_side` a side, whose black density is itself random.
fn pictures(max_side: usize) -> impl Strategy<Value = Grid<bool>> {
    brute::pictures(1..=max_side, 1..=max_side, 0.0..=1.0)
}

/// Puzzles up to `max_side` a side, each with its picture as goal.
fn puzzles(max_side: usize) -> impl Strategy<Value = Puzzle> {
    pictures(max_side).prop_map(|picture| Puzzle::from_picture(&picture).unwrap())
}

/// 25x25 puzzles, the size of the tournament format, with their pictures as goals.
fn tournament_puzzles() -> impl Strategy<Value = Puzzle> {
    brute::pictures(Just(25), Just(25), 0.0..=1.0)
        .prop_map(|picture| Puzzle::from_picture(&picture).unwrap())
}

/// A title made of pieces that need escaping in some format.
fn texts() -> impl Strategy<Value = String> {
    const PIECES: [&str; 15] = [
        "a", "Zebra", "é", "©", "&", "&amp;", "\"", "<", ">", "\n", "\t", " ", ";", "#", "====",
    ];
    prop::collection::vec(prop::sample::select(&PIECES[..]), 0..6)
        .prop_map(|pieces| pieces.concat())
}

/// The folder of the example puzzles written for these tests.
fn examples() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("puzzles/examples")
}

/// A clue from its numbers.
fn clue(blocks: &[usize]) -> Clue {
    Clue::new(blocks.to_vec())
}

// ---------------------------------------------------------------------------------------------
// Pinned error messages, one per kind of bad input

#[test]
fn nin_word_in_a_clue() {
    assert_eq!(
        error_of("3 4\n1\n1\n1\nx3\n", "puzzle.nin"),
        "puzzle.nin:5: \"x3\" is not a number"
    );
}

#[test]
fn nin_size_line_not_two_numbers() {
    assert_eq!(
        error_of("3 x\n1\n", "puzzle.nin"),
        "puzzle.nin:1: the first line should be the width and the height, but reads \"3 x\""
    );
    assert_eq!(
        error_of("\n\n3\n", "puzzle.nin"),
        "puzzle.nin:3: the first line should be the width and the height, but reads \"3\""
    );
}

#[test]
fn nin_too_few_clue_lines() {
    assert_eq!(
        error_of("2 2\n1\n1\n1\n", "puzzle.nin"),
        "puzzle.nin: the columns section should have 2 clue lines but has 1"
    );
}

#[test]
fn nin_lines_after_the_clues_are_ignored() {
    // As in Wilk's reader, on which his data142.nin depends.
    let puzzle = only_puzzle("2 2\n1\n1\n1\n1\n1\nanything\n", "puzzle.nin");
    assert_eq!(puzzle.rows(), [clue(&[1]), clue(&[1])]);
}

#[test]
fn zero_among_clue_numbers() {
    assert_eq!(
        error_of("3 1\n1 0 1\n1\n0\n1\n", "a.nin"),
        "a.nin:2: a clue has a 0 among other numbers; 0 must stand alone"
    );
}

#[test]
fn number_larger_than_any_line() {
    assert_eq!(
        error_of("2 1\n1001\n", "a.nin"),
        "a.nin:2: \"1001\" is too large: no line may be longer than 1000 cells"
    );
    assert_eq!(
        error_of("99999999999999999999999 1\n", "a.nin"),
        "a.nin:1: \"99999999999999999999999\" is too large: no line may be longer than 1000 cells"
    );
}

#[test]
fn row_clue_too_long_points_at_its_line() {
    let mut text = String::from(
        "catalogue \"tests\"\ntitle \"Long row\"\nby \"nonosat\"\ncopyright \"none\"\n\
         license CC0-1.0\n\nwidth 10\nheight 3\n\n\nrows\n1\n1\n5,6\n\ncolumns\n",
    );
    text += &"0\n".repeat(10);
    assert_eq!(
        error_of(&text, "puzzle.non"),
        "puzzle.non:14: the clue of row 3 needs at least 12 cells but the line has 10"
    );
}

#[test]
fn column_clue_too_long_points_at_its_line() {
    assert_eq!(
        error_of("2 2\n1\n1\n1\n1 1\n", "a.nin"),
        "a.nin:5: the clue of column 2 needs at least 3 cells but the line has 2"
    );
}

#[test]
fn row_and_column_totals_differ() {
    assert_eq!(
        error_of("2 2\n1\n1\n1\n0\n", "a.nin"),
        "a.nin: the row clues ask for 2 black cells but the column clues ask for 1"
    );
}

#[test]
fn puzzle_without_cells() {
    assert_eq!(
        error_of("0 0\n", "a.nin"),
        "a.nin: the puzzle has no rows or no columns"
    );
}

#[test]
fn non_missing_keys() {
    assert_eq!(
        error_of("title \"x\"\nheight 2\n", "a.non"),
        "a.non: the `width` key is missing"
    );
    assert_eq!(
        error_of("width 1\nheight 1\ncolumns\n1\n", "a.non"),
        "a.non: the `rows` key is missing"
    );
}

#[test]
fn non_size_not_a_number() {
    assert_eq!(
        error_of("width ten\n", "a.non"),
        "a.non:1: \"ten\" is not a number"
    );
}

#[test]
fn non_section_before_its_size() {
    assert_eq!(
        error_of("width 1\nrows\n1\n", "a.non"),
        "a.non:2: `rows` comes before `height`, which must come first"
    );
}

#[test]
fn non_key_given_twice() {
    assert_eq!(
        error_of("width 1\nwidth 2\n", "a.non"),
        "a.non:2: the `width` key appears twice"
    );
}

#[test]
fn non_section_cut_short_by_a_keyword() {
    assert_eq!(
        error_of("width 2\nheight 3\nrows\n1\n1\ncolumns\n1\n1\n", "a.non"),
        "a.non:6: the rows section should have 3 clue lines but has 2"
    );
}

#[test]
fn non_section_cut_short_by_a_bad_token_names_it() {
    assert_eq!(
        error_of(
            "width 3\nheight 5\nrows\n1\n1\nx\n1\n1\ncolumns\n1\n1\n1\n",
            "m.non"
        ),
        "m.non:6: \"x\" is neither a clue nor a keyword: the rows section should have 5 clue \
         lines but has 2 before it"
    );
}

#[test]
fn non_section_with_extra_clue_lines() {
    assert_eq!(
        error_of("width 2\nheight 1\nrows\n1\n1\ncolumns\n1\n0\n", "a.non"),
        "a.non:5: the rows section should have 1 clue line but has 2"
    );
}

#[test]
fn non_colour_puzzles() {
    assert_eq!(
        error_of("width 2\nheight 1\nrows\n1a,1b\n", "a.non"),
        "a.non:4: colour puzzles are not supported yet"
    );
    assert_eq!(
        error_of("title \"c\"\ncolor a #ff0000\n", "a.non"),
        "a.non:2: colour puzzles are not supported yet"
    );
}

#[test]
fn non_goal_of_the_wrong_length() {
    assert_eq!(
        error_of(
            "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"101\"\n",
            "a.non"
        ),
        "a.non:8: the goal has 3 cells but the puzzle has 2"
    );
}

/// A goal that breaks the clues is read, as a goal given with `--goal` is: the check reports it as
/// "not a solution" and goes on.
#[test]
fn non_goal_that_breaks_the_clues_is_read_and_checked() {
    let text = "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"01\"\n";
    let puzzle = only_puzzle(text, "a.non");
    let mismatch = puzzle.check(puzzle.goal().unwrap()).unwrap_err();
    assert_eq!(mismatch.to_string(), "column 1 should read 1 but reads 0");
    let xml = xml_puzzle("<solution><image>|X.|\n|.X|</image></solution>\n");
    let puzzle = only_puzzle(&xml, "a.xml");
    let mismatch = puzzle.check(puzzle.goal().unwrap()).unwrap_err();
    assert_eq!(mismatch.to_string(), "row 2 should read 2 but reads 1");
}

#[test]
fn non_text_without_any_keyword() {
    assert_eq!(
        error_of("hello\nworld\n", "a.non"),
        "a.non: no puzzle found: the text looks like no format nonosat reads (a .non file needs \
         `width`, `height`, `rows` and `columns`; a picture is rows of `#` and `.`, one character \
         a cell without spaces, a colour picture's legend lines `C #rrggbb` at its top; see \
         docs/formats.md, or give --format)"
    );
}

#[test]
fn a_printed_solution_pasted_as_a_picture_says_what_a_picture_is() {
    assert_eq!(
        error_of("  1\n1 # #\n2 . .\n", "s.txt"),
        "s.txt:1: ' ' at row 1, column 1 of the picture is neither black (# X x 1) nor white \
         (. - 0); a picture has one character a cell, without spaces (a grid as nonosat prints it \
         needs its row and column numbers and spaces taken out)"
    );
}

#[test]
fn picture_with_ragged_rows() {
    assert_eq!(
        error_of("##.\n#.\n", "p.txt"),
        "p.txt:2: row 2 of the picture has 2 cells but row 1 has 3"
    );
}

#[test]
fn picture_with_a_stray_character() {
    assert_eq!(
        error_of("\n#.#\n#a#\n", "p.txt"),
        "p.txt:3: 'a' at row 2, column 2 of the picture is neither black (# X x 1) nor white (. - 0)"
    );
}

#[test]
fn picture_too_large() {
    assert_eq!(
        error_of(&"#\n".repeat(1001), "p.txt"),
        "p.txt: the puzzle is 1x1001; sides larger than 1000 cells are not accepted"
    );
}

#[test]
fn nonpack_divider_inside_a_section() {
    assert_eq!(
        error_of("width 1\nheight 2\nrows\n1\n====\nwidth 1\n", "a.nonpack"),
        "a.nonpack:5: the rows section should have 2 clue lines but has 1"
    );
}

#[test]
fn json_syntax_error_has_line_and_column() {
    assert_eq!(
        error_of("{\"rows\": [[1]],\n \"columns\": [[1]\n}\n", "a.json"),
        "a.json:3: column 1: expected `,` or `]`"
    );
}

#[test]
fn json_of_the_wrong_shape() {
    assert_eq!(
        error_of("{\"columns\": [[1]]}", "a.json"),
        "a.json:1: column 18: missing field `rows`"
    );
    assert_eq!(
        error_of("{\"rows\": [[-1]], \"columns\": [[1]]}", "a.json"),
        "a.json:1: column 13: \"-1\" is negative: clue numbers and sizes count cells"
    );
    assert_eq!(
        error_of("{\"rows\": [[1e20]], \"columns\": [[1]]}", "a.json"),
        "a.json:1: column 15: \"1e20\" is not a whole number: write clue numbers and sizes like 3"
    );
    assert_eq!(
        error_of("{\"rows\": [[\"a\"]], \"columns\": [[1]]}", "a.json"),
        "a.json:1: column 14: invalid type: string \"a\", expected a whole number of cells"
    );
    assert_eq!(
        error_of(
            "{\"rows\": [[99999999999999999999]], \"columns\": [[1]]}",
            "a.json"
        ),
        "a.json:1: column 31: \"1e20\" is not a whole number: write clue numbers and sizes like 3"
    );
    // serde would read an array of the fields as the object; a puzzle must be an object.
    let expected = "expected a JSON object such as {\"rows\": [[1]], \"columns\": [[1]]}";
    assert_eq!(
        error_of("\n[null, null, null, null, [[1]], [[1]], null]", "a.json"),
        format!("a.json:2: {expected}")
    );
    assert_eq!(
        error_of("{\"rows\": [[1]], \"columns\": [[1]]}\n[[1]]\n", "a.jsonl"),
        format!("a.jsonl:2: {expected}")
    );
}

#[test]
fn json_clue_errors_have_no_line() {
    assert_eq!(
        error_of("{\"rows\": [[1, 0]], \"columns\": [[1]]}", "a.json"),
        "a.json: a clue has a 0 among other numbers; 0 must stand alone"
    );
    assert_eq!(
        error_of(
            "{\"rows\": [[1]], \"columns\": [[1]], \"goal\": [\"a\"]}",
            "a.json"
        ),
        "a.json: 'a' at row 1, column 1 of the picture is neither black (# X x 1) nor white (. - 0)"
    );
}

#[test]
fn json_lines_errors_name_the_object_line() {
    let good = "{\"rows\": [[1]], \"columns\": [[1]]}\n";
    assert_eq!(
        error_of(
            &format!("{good}\n{{\"rows\": [[2]], \"columns\": [[1]]}}\n"),
            "a.jsonl"
        ),
        "a.jsonl:3: the clue of row 1 needs at least 2 cells but the line has 1"
    );
    assert_eq!(
        error_of(&format!("{good}{{\"rows\": [[1]]"), "a.jsonl"),
        "a.jsonl:2: column 14: EOF while parsing an object"
    );
}

#[test]
fn tournament_line_after_a_complete_puzzle() {
    let text = format!("$1\n{}junk\n", "0\n".repeat(50));
    assert_eq!(
        error_of(&text, "t.txt"),
        "t.txt:52: \"junk\" follows the 50 clue lines of a puzzle; expected a `$N` line or the end"
    );
}

#[test]
fn tournament_puzzle_cut_short() {
    let text = format!("$1\n{}$2\n", "0\n".repeat(30));
    assert_eq!(
        error_of(&text, "t.txt"),
        "t.txt:32: the rows section should have 25 clue lines but has 5"
    );
}

#[test]
fn tournament_clue_too_long() {
    let text = format!("$1\n26\n{}", "0\n".repeat(49));
    assert_eq!(
        error_of(&text, "t.txt"),
        "t.txt:2: the clue of column 1 needs at least 26 cells but the line has 25"
    );
}

/// A 2x2 webpbn puzzle (rows `1 / 2`, columns `2 / 1`) with `extra` inside its `<puzzle>`.
fn xml_puzzle(extra: &str) -> String {
    format!(
        "<?xml version=\"1.0\"?>\n<puzzleset>\n<puzzle>\n\
         <clues type=\"rows\"><line><count>1</count></line><line><count>2</count></line></clues>\n\
         <clues type=\"columns\"><line><count>2</count></line><line><count>1</count></line></clues>\n\
         {extra}</puzzle>\n</puzzleset>\n"
    )
}

#[test]
fn xml_errors_name_their_line() {
    assert_eq!(only_puzzle(&xml_puzzle(""), "a.xml").width(), 2);
    let cases = [
        (
            xml_puzzle("<title>a</titel>\n"),
            "a.xml:6: XML: </titel> where </title> was expected",
        ),
        (
            xml_puzzle("").replace(
                "<count>2</count></line></clues>\n<clues type=\"columns\">",
                "<count>z</count></line></clues>\n<clues type=\"columns\">",
            ),
            "a.xml:4: \"z\" is not a number",
        ),
        (
            xml_puzzle("").replacen("<count>1</count>", "<count color=\"red\">1</count>", 2),
            "a.xml:4: colour puzzles are not supported yet",
        ),
        (
            xml_puzzle("").replace("<puzzle>", "<puzzle type=\"triddler\">"),
            "a.xml:3: triddlers (triangular puzzles) are not supported yet",
        ),
        (
            xml_puzzle("").replace("rows", "lines"),
            "a.xml:3: the `<clues type=\"rows\">` key is missing",
        ),
        (
            xml_puzzle("<solution><image>\n|X.|\n|X|\n</image></solution>\n"),
            "a.xml:6: XML: row 2 of the solution image has 1 cell, but the puzzle is 2 wide",
        ),
        (
            xml_puzzle("<solution><image>|X.|\n|Xo|</image></solution>\n"),
            "a.xml:6: XML: 'o' at row 2, column 2 of the solution image is neither the ink's \
             character nor the background's",
        ),
        (
            "<html>\n</html>".to_string(),
            "a.xml:1: XML: the root element is <html>, not <puzzleset>",
        ),
        (
            "<puzzleset>\n</puzzleset>".to_string(),
            "a.xml: the file holds no puzzle",
        ),
        (
            xml_puzzle("&hellip;"),
            "a.xml:6: XML: unknown entity `&hellip;`",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(error_of(&text, "a.xml"), expected, "{text}");
    }
}

#[test]
fn olsak_errors() {
    let cases = [
        (": rows\n1\n", "a.g: the `: columns` key is missing"),
        (
            "#d\n 0: #FFFFFF white\n",
            "a.g: the `: rows` key is missing",
        ),
        (
            ": rows\n1\n: columns\n1x2\n",
            "a.g:4: \"1x2\" is not a number",
        ),
        (
            ": rows\n1a 1b\n: columns\n1a\n1b\n",
            "a.g:2: colour puzzles are not supported yet",
        ),
        (
            "#t\n: a\n1\n",
            "a.g:1: triddlers (triangular puzzles) are not supported yet",
        ),
        (
            ": a\n1\n: b\n1\n: c\n1\n: d\n1\n: e\n: f\n",
            "a.g:5: triddlers (triangular puzzles, six sections) are not supported yet",
        ),
        (
            ": rows\n2\n: columns\n1\n\n",
            "a.g: the row clues ask for 2 black cells but the column clues ask for 1",
        ),
    ];
    // A blank line is an empty clue, even the last line of the file: here a second, empty column.
    let puzzle = only_puzzle(": rows\n1\n: columns\n1\n\n", "a.g");
    assert_eq!((puzzle.width(), puzzle.height()), (2, 1));
    for (text, expected) in cases {
        assert_eq!(error_of(text, "a.g"), expected, "{text}");
    }
}

#[test]
fn cwd_errors() {
    let cases = [
        (
            "2 2\n1\n1\n1\n1\n",
            "a.cwd:1: the first line should be the number of rows, but reads \"2 2\"",
        ),
        (
            "1\nx\n1\n1\n",
            "a.cwd:2: the second line should be the number of columns, but reads \"x\"",
        ),
        (
            "1\n2\n1\n1\n",
            "a.cwd: the columns section should have 2 clue lines but has 1",
        ),
        (
            "1\n1\n1\n1\n\n1\n",
            "a.cwd:6: \"1\" follows the 1 row clues and 1 column clues",
        ),
        (
            "1\n1\n2\n1\n",
            "a.cwd:3: the clue of row 1 needs at least 2 cells but the line has 1",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(error_of(text, "a.cwd"), expected, "{text}");
    }
}

#[test]
fn tatham_errors() {
    let cases = [
        (
            "2x1 1/1/2",
            "a.txt:1: a game id is `WxH:` and the clues, but this one has no `:`",
        ),
        (
            "2x1:1/1",
            "a.txt:1: a 2x1 game id needs 3 clues (2 for the columns, then 1 for the rows), but this one has 2",
        ),
        ("2x1:1/1/1.x", "a.txt:1: \"x\" is not a number"),
        (
            "2x1:1/1/2,aB",
            "a.txt:1: game ids that fix cells (a `,` after the clues) are not supported yet",
        ),
        (
            "\n2x1:1/1/2\n2x1:1/1/2\n",
            "a.txt:3: a file holds one game id, on one line",
        ),
        (
            "2x1:2/1/2",
            "a.txt:1: the clue of column 1 needs at least 2 cells but the line has 1",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(error_as(text, "a.txt", Format::Tatham), expected, "{text}");
    }
}

#[test]
fn pbm_errors() {
    let cases: [(&[u8], &str); 8] = [
        (
            b"P1\n2 2\n1 0\n0 2\n",
            "a.pbm:4: '2' where a pixel (0 or 1) was expected",
        ),
        (
            b"P1\n2 2\n1 0\n0\n",
            "a.pbm: not a readable image: the file ends before the 2x2 pixels of its image",
        ),
        (
            b"P4\n9 2\n\xff\xff\xff",
            "a.pbm: not a readable image: the file ends before the 9x2 pixels of its image",
        ),
        (b"P1\nx 2\n", "a.pbm:2: expected the width of the image"),
        (
            b"P1\n1 1\n1\nP1\n",
            "a.pbm:4: the file goes on after the image; it must hold one image",
        ),
        (
            b"P1\n2000 1\n",
            "a.pbm: the image is 2000x1 pixels, but one pixel is one cell and a puzzle may be at \
             most 1000 cells a side: scale the picture down to one pixel a cell",
        ),
        // A side too long for any integer type is named as given, not wrapped or saturated.
        (
            b"P1\n99999999999999999999 2\n",
            "a.pbm:2: the width of the image, 99999999999999999999, is too large: a puzzle may \
             be at most 1000 cells a side",
        ),
        (
            b"P4 3\n# comment\n184467440737095516160\n",
            "a.pbm:3: the height of the image, 184467440737095516160, is too large: a puzzle may \
             be at most 1000 cells a side",
        ),
    ];
    for (bytes, expected) in cases {
        let path = temp_file("a.pbm", bytes);
        let error = formats::read_path::<Puzzle>(&path, None).unwrap_err();
        let message = error
            .to_string()
            .replace(&path.display().to_string(), "a.pbm");
        assert_eq!(message, expected);
    }
}

#[test]
fn png_errors() {
    let path = temp_file("broken.png", b"\x89PNG\r\n\x1a\nnot a png at all");
    let error = formats::read_path::<Puzzle>(&path, None).unwrap_err();
    assert!(
        matches!(error.kind, ParseErrorKind::Image { .. }),
        "{error}"
    );
    let wide = nonosat::image::Raster::filled(1500, 2, nonosat::image::Rgb::WHITE).unwrap();
    let path = temp_file("wide.png", &wide.to_png());
    let error = formats::read_path::<Puzzle>(&path, None).unwrap_err();
    assert_eq!(
        error.kind,
        ParseErrorKind::ImageTooLarge {
            width: 1500,
            height: 2
        }
    );
}

#[test]
fn ver_hor_json_errors() {
    assert_eq!(
        error_of("{\"ver\": [[1]]}", "a.json"),
        "a.json:1: column 14: missing field `hor`"
    );
    assert_eq!(
        error_of(
            "{\"ver\": [[1]], \"hor\": [[1]], \"rows\": [[1]]}",
            "a.json"
        ),
        "a.json:1: the object has both `rows`/`columns` and `ver`/`hor`: which clues are meant?"
    );
    assert_eq!(
        error_of("{\"ver\": [[2]], \"hor\": [[1]]}", "a.json"),
        "a.json: the clue of column 1 needs at least 2 cells but the line has 1"
    );
}

#[test]
fn empty_input_in_every_format() {
    for format in Format::ALL {
        assert_eq!(
            error_as(" \n\n", "-", format),
            "<stdin>: the file holds no puzzle",
            "{format}"
        );
    }
}

/// A file under the test's own temporary folder.
fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn file_that_is_not_utf8() {
    let path = temp_file("not-utf8.nin", b"1 1\n1\n\xff\n");
    let error = formats::read_path::<Puzzle>(&path, None).unwrap_err();
    assert_eq!(error.kind, ParseErrorKind::NotUtf8);
    assert_eq!(
        error.to_string(),
        format!("{}:3: the file is not UTF-8 text", path.display())
    );
}

#[test]
fn file_too_large_is_refused_before_reading() {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("too-large.nin");
    let file = std::fs::File::create(&path).unwrap();
    // A sparse file: nothing is written, the size is all that is checked.
    file.set_len(MAX_FILE_BYTES + 1).unwrap();
    let error = formats::read_path::<Puzzle>(&path, None).unwrap_err();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(
        error.to_string(),
        format!(
            "{}: the file is too large (67108865 bytes or more; the limit is 67108864 bytes)",
            path.display()
        )
    );
}

#[test]
fn missing_file() {
    let error = formats::read_path::<Puzzle>(Path::new("no/such/file.non"), None).unwrap_err();
    assert!(matches!(error.kind, ParseErrorKind::Io { .. }));
    assert_eq!(
        error.to_string(),
        "no/such/file.non: cannot read the file: No such file or directory (os error 2)"
    );
}

#[test]
fn write_errors() {
    let puzzle = only_puzzle("2 1\n2\n1\n1\n", "a.nin");
    for format in [Format::Picture, Format::Pbm] {
        assert_eq!(
            formats::write(&puzzle, format),
            Err(WriteError::NoGoal { format })
        );
    }
    assert_eq!(
        formats::write(&puzzle, Format::Pbm)
            .unwrap_err()
            .to_string(),
        "the puzzle has no goal picture, which the pbm format writes"
    );
    assert_eq!(
        formats::write(&puzzle, Format::Png)
            .unwrap_err()
            .to_string(),
        "the png format is not text; `check --png` draws puzzles"
    );
    let error = formats::write(&puzzle, Format::Tournament).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the tournament format holds 25x25 puzzles only, not 2x1"
    );
    let error = formats::write_all(&[puzzle.clone(), puzzle], Format::Nin).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the nin format holds exactly one puzzle, but 2 were given"
    );
}

// ---------------------------------------------------------------------------------------------
// Round trips

/// Every format that writes any single puzzle with a goal.
const WRITTEN_ONE_BY_ONE: [Format; 13] = [
    Format::Non,
    Format::NonPack,
    Format::Nin,
    Format::Json,
    Format::JsonLines,
    Format::Picture,
    Format::Pbm,
    Format::Xml,
    Format::Olsak,
    Format::Mk,
    Format::Cwd,
    Format::Tatham,
    Format::VerHor,
];

/// Asserts that `back`, read from what was written of `puzzle` in `format`, is the same puzzle as
/// far as the format can tell.
fn assert_same(format: Format, puzzle: &Puzzle, back: &Puzzle, text: &str) {
    let context = format!("{format}:\n{text}");
    assert_eq!(back.rows(), puzzle.rows(), "{context}");
    assert_eq!(back.columns(), puzzle.columns(), "{context}");
    match format {
        Format::Non | Format::NonPack | Format::Json | Format::JsonLines => {
            assert_eq!(back, puzzle, "{context}");
        }
        Format::Xml => {
            assert_eq!(back.goal(), puzzle.goal(), "{context}");
            assert_eq!(back.meta.title, puzzle.meta.title, "{context}");
            assert_eq!(back.meta.author, puzzle.meta.author, "{context}");
            assert_eq!(back.meta.copyright, puzzle.meta.copyright, "{context}");
        }
        Format::Picture | Format::Pbm => assert_eq!(back.goal(), puzzle.goal(), "{context}"),
        Format::Nin
        | Format::Tournament
        | Format::Olsak
        | Format::Mk
        | Format::Cwd
        | Format::Tatham
        | Format::VerHor
        | Format::Png => {}
    }
}

#[test]
fn writers_round_trip_metadata_and_goal() {
    let mut puzzle = only_puzzle(".##.##.\n#######\n.#####.\n", "heart.txt");
    puzzle.meta.title = Some("Tom & \"Jerry\" <3>\n©".to_string());
    puzzle.meta.author = Some("A. N. Other".to_string());
    puzzle.meta.copyright = Some("&copy; nobody".to_string());
    puzzle.meta.license = Some("free for all".to_string());
    for format in WRITTEN_ONE_BY_ONE {
        let text = formats::write(&puzzle, format).unwrap();
        let back = only_puzzle(&text, &format!("written.{}", format.extension()));
        assert_same(format, &puzzle, &back, &text);
    }
}

#[test]
fn writers_output_is_pinned() {
    let mut puzzle = only_puzzle("#.\n##\n", "p.txt");
    puzzle.meta.title = Some("L".to_string());
    puzzle.meta.license = Some("CC0-1.0".to_string());
    let write = |format| formats::write(&puzzle, format).unwrap();
    assert_eq!(
        write(Format::Non),
        "title \"L\"\nlicense CC0-1.0\nwidth 2\nheight 2\n\nrows\n1\n2\n\ncolumns\n2\n1\n\n\
         goal \"1011\"\n"
    );
    assert_eq!(write(Format::Nin), "2 2\n1\n2\n2\n1\n");
    assert_eq!(
        write(Format::Json),
        "{\n  \"title\": \"L\",\n  \"license\": \"CC0-1.0\",\n  \"rows\": [\n    [1],\n    [2]\n  ],\n  \
         \"columns\": [\n    [2],\n    [1]\n  ],\n  \"goal\": [\n    \"#.\",\n    \"##\"\n  ]\n}\n"
    );
    assert_eq!(
        write(Format::JsonLines),
        "{\"title\":\"L\",\"license\":\"CC0-1.0\",\"rows\":[[1],[2]],\"columns\":[[2],[1]],\
         \"goal\":[\"#.\",\"##\"]}\n"
    );
    assert_eq!(write(Format::Picture), "#.\n##\n");
}

proptest! {
    #![proptest_config(brute::property_config(400))]

    /// Every writer's output reads back to the same puzzle, by content alone, with or without
    /// metadata that needs escaping.
    #[test]
    fn random_pictures_round_trip_through_every_writer(
        mut puzzle in puzzles(15),
        meta in prop::option::of((texts(), texts(), prop::sample::select(vec!["CC-BY-3.0", "free & open", ""]))),
    ) {
        if let Some((title, copyright, license)) = meta {
            puzzle.meta.title = Some(title);
            puzzle.meta.copyright = Some(copyright);
            puzzle.meta.license = Some(license.to_string());
        }
        for format in WRITTEN_ONE_BY_ONE {
            let text = formats::write(&puzzle, format).unwrap();
            // Read back by content alone, as from standard input; a CWD file of nothing but
            // the digits 0 and 1 looks like a picture, so CWD is named.
            let source = match format {
                Format::Cwd => "written.cwd",
                _ => "-",
            };
            let back = only_puzzle(&text, source);
            assert_same(format, &puzzle, &back, &text);
        }
    }
}

proptest! {
    #![proptest_config(brute::property_config(40))]

    /// Collections read back with their labels, in order.
    #[test]
    fn random_collections_round_trip_with_labels(
        small in prop::collection::vec(puzzles(9), 1..=4),
        tournament in prop::collection::vec(tournament_puzzles(), 1..=4),
    ) {
        for format in [
            Format::NonPack,
            Format::JsonLines,
            Format::Tournament,
            Format::Xml,
        ] {
            let puzzles = match format {
                Format::Tournament => &tournament,
                _ => &small,
            };
            let count = puzzles.len();
            let text = formats::write_all(puzzles, format).unwrap();
            let entries = formats::parse::<Puzzle>(&text, "-", None).unwrap_or_else(|e| panic!("{e}"));
            let labels: Vec<String> = entries.iter().map(|e| e.label.clone()).collect();
            let expected: Vec<String> = match (format, count) {
                (Format::Tournament, _) => (1..=count).map(|i| format!("${i}")).collect(),
                (_, 1) => vec![String::new()],
                _ => (1..=count).map(|i| format!("#{i}")).collect(),
            };
            assert_eq!(labels, expected, "{}", format);
            for (puzzle, entry) in puzzles.iter().zip(&entries) {
                assert_same(format, puzzle, &entry.puzzle, &text);
            }
        }
    }
}

/// Pieces that mutations insert: digits, punctuation, keywords and text of the formats.
const PIECES: [&str; 26] = [
    "0", "1", "9", "#", ".", "$", "{", "}", "[", "]", ",", "\"", " ", "\t", "\n", "", "width",
    "rows", "====", "é", "-", "1001", "&", ";", "goal \"", "\r\n",
];

/// Files of every written format: one puzzle in each format, two as JSON Lines, a tournament.
fn written_files() -> impl Strategy<Value = String> {
    prop_oneof![
        (
            puzzles(8),
            prop::sample::select(WRITTEN_ONE_BY_ONE.to_vec())
        )
            .prop_map(|(puzzle, format)| formats::write(&puzzle, format).unwrap()),
        puzzles(8).prop_map(|puzzle| {
            formats::write_all(&[puzzle.clone(), puzzle], Format::JsonLines).unwrap()
        }),
        tournament_puzzles()
            .prop_map(|puzzle| formats::write(&puzzle, Format::Tournament).unwrap()),
    ]
}

proptest! {
    #![proptest_config(brute::property_config(3000))]

    /// A written file with up to three spans replaced by pieces of the formats reads, or gives an
    /// error, under detection and under every format, but never panics.
    #[test]
    fn mutated_files_give_errors_not_panics(
        file in written_files(),
        edits in prop::collection::vec(
            (any::<prop::sample::Index>(), 0usize..4, prop::sample::select(&PIECES[..])),
            1..=3,
        ),
    ) {
        let mut chars: Vec<char> = file.chars().collect();
        for (at, length, piece) in edits {
            let start = at.index(chars.len() + 1);
            let end = (start + length).min(chars.len());
            chars.splice(start..end, piece.chars());
        }
        let text: String = chars.into_iter().collect();
        let _ = formats::parse::<Puzzle>(&text, "-", None);
        for format in Format::ALL {
            let _ = formats::parse::<Puzzle>(&text, "-", Some(format));
        }
    }
}

#[test]
fn mutations_of_the_kind_above_are_errors() {
    let nin = "2 2\n1\n1\n1\n1\n";
    for (at, piece) in [(0, "x"), (4, "1001"), (6, "{"), (2, "-")] {
        let mut text = nin.to_owned();
        text.insert_str(at, piece);
        assert!(
            formats::parse::<Puzzle>(&text, "-", None).is_err(),
            "{text:?}"
        );
    }
}

#[test]
fn long_inputs_take_linear_time() {
    // Pathological shapes of a few megabytes: any quadratic step would take minutes here.
    let blank_lines = "\n".repeat(4_000_000) + "z";
    let ones = "1\n".repeat(2_000_000);
    let ampersands = format!("title \"{}\"\nwidth 1\n", "&".repeat(4_000_000));
    let long_row = "#".repeat(4_000_000);
    for text in [&blank_lines, &ones, &ampersands, &long_row] {
        let _ = formats::parse::<Puzzle>(text, "-", None);
        for format in Format::ALL {
            assert!(formats::parse::<Puzzle>(text, "-", Some(format)).is_err());
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Fixtures in puzzles/examples, one test each

/// The heart every `heart*` fixture describes.
fn heart() -> Puzzle {
    let puzzle = Puzzle::new(
        vec![
            clue(&[2, 2]),
            clue(&[7]),
            clue(&[7]),
            clue(&[5]),
            clue(&[3]),
            clue(&[1]),
        ],
        [2, 4, 5, 5, 5, 4, 2].iter().map(|&n| clue(&[n])).collect(),
    )
    .unwrap();
    let picture = Grid::from_rows(
        [
            ".##.##.", "#######", "#######", ".#####.", "..###..", "...#...",
        ]
        .iter()
        .map(|row| row.chars().map(|c| c == '#').collect())
        .collect(),
    )
    .unwrap();
    puzzle.with_goal(picture).unwrap()
}

/// Reads a fixture, checking its detection by name and by content, and returns its entries.
fn read_fixture(file: &str, format: Format, labels: &[&str]) -> Vec<Entry> {
    let path = examples().join(file);
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(formats::detect_bytes(Some(file), &bytes), format, "by name");
    assert_eq!(formats::detect_bytes(None, &bytes), format, "by content");
    let entries = formats::read_path::<Puzzle>(&path, None).unwrap_or_else(|e| panic!("{e}"));
    let found: Vec<&str> = entries.iter().map(|e| e.label.as_str()).collect();
    assert_eq!(found, labels);
    entries
}

macro_rules! heart_fixtures {
    ($($name:ident: $file:literal, $format:ident, has_goal: $goal:literal;)*) => {$(
        #[test]
        fn $name() {
            let entries = read_fixture($file, Format::$format, &[""]);
            let puzzle = &entries[0].puzzle;
            let heart = heart();
            assert_eq!(puzzle.rows(), heart.rows());
            assert_eq!(puzzle.columns(), heart.columns());
            if $goal {
                assert_eq!(puzzle.goal(), heart.goal());
            }
        }
    )*};
}

heart_fixtures! {
    fixture_non_with_escaped_metadata_and_goal: "heart.non", Non, has_goal: true;
    fixture_nin_width_first: "heart.nin", Nin, has_goal: false;
    fixture_json_with_goal_rows: "heart.json", Json, has_goal: true;
    fixture_picture_of_hashes_and_dots: "heart.txt", Picture, has_goal: true;
    fixture_picture_of_crosses: "heart-knotty-style.txt", Picture, has_goal: true;
    fixture_webpbn_xml_with_doctype_colours_and_solution: "heart.xml", Xml, has_goal: true;
    fixture_olsak_with_palette_and_colour_letters: "heart.g", Olsak, has_goal: false;
    fixture_cwd_height_first_with_blank_separators: "heart.cwd", Cwd, has_goal: false;
    fixture_tatham_game_id_columns_first: "heart-tatham.txt", Tatham, has_goal: false;
    fixture_ver_hor_json: "heart-verhor.json", Json, has_goal: false;
    fixture_pbm_plain_with_comment_and_packed_row: "heart.pbm", Pbm, has_goal: true;
    fixture_pbm_binary: "heart-p4.pbm", Pbm, has_goal: true;
    fixture_png_dark_red_on_grey: "heart.png", Png, has_goal: true;
}

#[test]
fn fixture_xml_metadata_is_unescaped() {
    let entries = read_fixture("heart.xml", Format::Xml, &[""]);
    let meta = &entries[0].puzzle.meta;
    assert_eq!(meta.title.as_deref(), Some("Heart & Soul"));
    assert_eq!(
        meta.copyright.as_deref(),
        Some("© 2025 the nonosat authors")
    );
}

#[test]
fn fixture_png_threshold_below_the_ink_makes_it_white() {
    let path = examples().join("heart.png");
    // The ink's brightness is 65: a threshold of 65 or less leaves every pixel white.
    for (threshold, black) in [(60, 0), (65, 0), (66, 27), (200, 27), (201, 42)] {
        let options = ReadOptions::default().with_threshold(threshold);
        let entries = formats::read_path_with::<Puzzle>(&path, None, &options).unwrap();
        let goal = entries[0].puzzle.goal().unwrap();
        assert_eq!(goal.black_count(), black, "threshold {threshold}");
    }
}

#[test]
fn fixture_non_metadata_is_unescaped() {
    let entries = read_fixture("heart.non", Format::Non, &[""]);
    let meta = &entries[0].puzzle.meta;
    assert_eq!(meta.title.as_deref(), Some("Heart & Soul"));
    assert_eq!(meta.author.as_deref(), Some("nonosat"));
    assert_eq!(
        meta.copyright.as_deref(),
        Some("© 2025 the nonosat authors")
    );
    assert_eq!(meta.license.as_deref(), Some("CC0-1.0"));
}

#[test]
fn fixture_nonpack_with_a_blank_empty_clue() {
    let entries = read_fixture("two.nonpack", Format::NonPack, &["#1", "#2"]);
    assert_eq!(entries[0].puzzle.rows(), heart().rows());
    let corner = &entries[1].puzzle;
    assert_eq!(corner.rows(), [clue(&[1]), Clue::default()]);
    assert_eq!(
        corner.columns(),
        [clue(&[1]), Clue::default(), Clue::default()]
    );
}

#[test]
fn fixture_jsonl_with_a_blank_line_between_objects() {
    let entries = read_fixture("lines.jsonl", Format::JsonLines, &["#1", "#2", "#3"]);
    let titles: Vec<_> = entries
        .iter()
        .map(|e| e.puzzle.meta.title.clone().unwrap_or_default())
        .collect();
    assert_eq!(titles, ["dot", "bar", "gap"]);
    assert_eq!(entries[2].puzzle.goal().unwrap().row_strings(), ["#.#"]);
}

#[test]
fn fixture_tournament_columns_first() {
    let entries = read_fixture("frame-and-plus.txt", Format::Tournament, &["$1", "$2"]);
    let frame = &entries[0].puzzle;
    assert_eq!(frame.rows()[0], clue(&[25]));
    assert_eq!(frame.rows()[1], clue(&[1, 1]));
    assert_eq!(frame.columns()[0], clue(&[25]));
    let plus = &entries[1].puzzle;
    assert_eq!(plus.columns()[12], clue(&[25]));
    assert_eq!(plus.columns()[0], clue(&[1]));
}

// ---------------------------------------------------------------------------------------------
// The shared corpus

/// Every file under `dir` whose name ends with `suffix`, sorted.
fn files_under(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.to_string_lossy().ends_with(suffix) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The entries of a corpus file, which must parse.
fn read_corpus(path: &Path) -> Vec<Entry> {
    formats::read_path::<Puzzle>(path, None).unwrap_or_else(|e| panic!("{e}"))
}

/// The value of a `key N` line of a `.non` text, read without the library.
fn non_number(text: &str, key: &str) -> usize {
    text.lines()
        .find_map(|line| line.strip_prefix(key)?.trim().parse().ok())
        .unwrap()
}

#[test]
fn corpus_nin_files_parse_with_their_sizes() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let files = files_under(&dir, ".nin");
    assert!(files.len() >= 168, "{} .nin files", files.len());
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let size: Vec<usize> = text
            .split_whitespace()
            .take(2)
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(
            formats::detect(None, &text),
            Format::Nin,
            "{}",
            path.display()
        );
        let entries = read_corpus(path);
        assert_eq!(entries.len(), 1);
        let puzzle = &entries[0].puzzle;
        assert_eq!(
            vec![puzzle.width(), puzzle.height()],
            size,
            "{}",
            path.display()
        );
    }
    let ndom = only_puzzle(
        &std::fs::read_to_string(dir.join("ndom/14-dom.nin")).unwrap(),
        "14-dom.nin",
    );
    assert_eq!((ndom.width(), ndom.height()), (29, 29));
}

#[test]
fn corpus_non_files_parse_with_their_sizes_and_goals() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let files = files_under(&dir.join("nonogram-db"), ".non");
    assert!(files.len() >= 39, "{} .non files", files.len());
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        assert_eq!(
            formats::detect(None, &text),
            Format::Non,
            "{}",
            path.display()
        );
        let entries = read_corpus(path);
        assert_eq!(entries.len(), 1);
        let puzzle = &entries[0].puzzle;
        let size = (non_number(&text, "width "), non_number(&text, "height "));
        assert_eq!(
            (puzzle.width(), puzzle.height()),
            size,
            "{}",
            path.display()
        );
        assert!(puzzle.goal().is_some(), "{}", path.display());
        assert!(puzzle.meta.title.is_some(), "{}", path.display());
        assert!(puzzle.meta.license.is_some(), "{}", path.display());
    }
}

#[test]
fn corpus_tournament_files_hold_1000_puzzles() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    for name in ["taai2011.txt", "icga2017.txt"] {
        let path = dir.join("tournament").join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(formats::detect(Some(name), &text), Format::Tournament);
        let entries = read_corpus(&path);
        assert_eq!(entries.len(), 1000, "{name}");
        for (i, entry) in entries.iter().enumerate() {
            assert_eq!(entry.label, format!("${}", i + 1));
            assert_eq!((entry.puzzle.width(), entry.puzzle.height()), (25, 25));
        }
    }
}

#[test]
fn corpus_lalafrogkk_headerless_tournament_puzzle() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let path = dir.join("lalafrogkk/PuzzleCannotSolve.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        formats::detect(Some("PuzzleCannotSolve.txt"), &text),
        Format::Tournament
    );
    let entries = read_corpus(&path);
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].label, "");
    let puzzle = &entries[0].puzzle;
    assert_eq!((puzzle.width(), puzzle.height()), (25, 25));
    // Columns come first: the file's first line is the first column's clue.
    assert_eq!(puzzle.columns()[0], clue(&[3, 2, 2, 1, 1]));
}

#[test]
fn corpus_survey_pictures_fit_their_puzzles() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    for (picture, puzzle) in [
        ("knotty-goal.txt", "knotty.nin"),
        ("faase-solution1.txt", "faase.nin"),
    ] {
        let picture_path = dir.join("survey").join(picture);
        let text = std::fs::read_to_string(&picture_path).unwrap();
        assert_eq!(formats::detect(Some(picture), &text), Format::Picture);
        let from_picture = &read_corpus(&picture_path)[0].puzzle;
        let nin = &read_corpus(&dir.join("survey").join(puzzle))[0].puzzle;
        assert_eq!(from_picture.rows(), nin.rows(), "{picture}");
        assert_eq!(from_picture.columns(), nin.columns(), "{picture}");
        let goal = from_picture.goal().unwrap();
        assert_eq!(nin.check(goal), Ok(()));
    }
}

#[test]
fn corpus_every_file_reads_or_fails_without_panic() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let files = files_under(&dir, "");
    assert!(files.len() > 200);
    for path in &files {
        // Unsupported files (colour XML, triddlers, Markdown) must give an error, never a panic.
        let _ = formats::read_path::<Puzzle>(path, None);
    }
}

/// Whether a webpbn file is one this crate refuses, judged from its text alone: a triddler, or
/// counts of more than one colour (every number-loom count names its colour).
fn refused_by_its_text(text: &str) -> Option<&'static str> {
    if text.contains("type=\"triddler\"") {
        return Some("triddlers (triangular puzzles) are not supported yet");
    }
    let colours: std::collections::BTreeSet<&str> = text
        .split("<count color=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect();
    (colours.len() > 1).then_some("colour puzzles are not supported yet")
}

#[test]
fn corpus_number_loom_xml_black_and_white_read_colour_and_triddlers_refused() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let files = files_under(&dir.join("number-loom/puzzles"), ".xml");
    assert!(files.len() >= 30, "{} files", files.len());
    let mut read = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        match (
            refused_by_its_text(&text),
            formats::read_path::<Puzzle>(path, None),
        ) {
            (None, Ok(entries)) => {
                assert_eq!(entries.len(), 1, "{}", path.display());
                let puzzle = &entries[0].puzzle;
                let report = nonosat::solve::solve(puzzle, &Default::default()).unwrap();
                let solution = &report.solutions[0];
                assert_eq!(puzzle.check(solution), Ok(()), "{}", path.display());
                read += 1;
            }
            (Some(reason), Err(error)) => {
                assert!(error.to_string().ends_with(reason), "{error}");
                assert!(error.line.is_some(), "{error}");
            }
            (expected, got) => panic!("{}: expected {expected:?}, got {got:?}", path.display()),
        }
    }
    assert!(read >= 20, "{read} black-and-white puzzles");
}

#[test]
fn corpus_number_loom_pngs_give_the_clues_of_their_xml_twins() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let loom = dir.join("number-loom");
    // The same pictures, drawn as PNG and written as webpbn XML under other names.
    let twins = [
        ("apron", "front_and_center"),
        ("carry_on_bag", "rolling_behind_you"),
        ("clock", "too_early"),
        ("compact_fluorescent_lightbulb", "a_different_double_helix"),
        ("ear", "taking_waves"),
        ("hair_dryer", "air_wettener"),
        ("keys", "off_the_ring"),
        ("ladle", "soups_on"),
        ("myst_falling_man", "atrus"),
        ("number_loom", "logo"),
        ("ringed_planet", "roche_limit"),
        ("stroller", "full_of_crackers"),
        ("sunglasses", "too_bright"),
        ("tandem_stationary_bike", "not_invented_yet_2"),
        ("tea", "steeping"),
        ("telephone_recevier", "pick_up_in_the_90s"),
        ("tissue_box", "soft_strong_and_disposable"),
        ("tornado", "too_much_weather"),
        ("usb_type_a", "try_turning_it_over"),
    ];
    for (png, xml) in twins {
        let picture = &read_corpus(&loom.join(format!("png/{png}.png")))[0].puzzle;
        let puzzle = &read_corpus(&loom.join(format!("puzzles/{xml}.xml")))[0].puzzle;
        assert_eq!(picture.rows(), puzzle.rows(), "{png} / {xml}");
        assert_eq!(picture.columns(), puzzle.columns(), "{png} / {xml}");
        assert_eq!(puzzle.check(picture.goal().unwrap()), Ok(()), "{png}");
    }
    // Every PNG reads, at one cell a pixel: the size is the one in the image's header.
    let pngs = files_under(&loom.join("png"), ".png");
    assert!(pngs.len() >= 30);
    for path in pngs {
        let bytes = std::fs::read(&path).unwrap();
        let side = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        let puzzle = &read_corpus(&path)[0].puzzle;
        assert_eq!(
            (puzzle.width(), puzzle.height()),
            (side(16), side(20)),
            "{}",
            path.display()
        );
    }
}

#[test]
fn corpus_number_loom_olsak_triddler_is_refused_on_its_marker_line() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let error =
        formats::read_path::<Puzzle>(&dir.join("number-loom/triddler/blob.g"), None).unwrap_err();
    assert_eq!(error.line, Some(1));
    assert!(
        error
            .to_string()
            .ends_with("triddlers (triangular puzzles) are not supported yet")
    );
}

#[test]
fn corpus_nin_and_non_files_convert_to_every_text_format_and_back() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let mut files = files_under(&dir.join("jwilk"), ".nin");
    files.extend(files_under(&dir.join("nonogram-db"), ".non"));
    assert!(files.len() > 150);
    for path in &files {
        for entry in read_corpus(path) {
            let puzzle = &entry.puzzle;
            for format in [
                Format::Xml,
                Format::Olsak,
                Format::Cwd,
                Format::Tatham,
                Format::VerHor,
            ] {
                let text = formats::write(puzzle, format).unwrap();
                let source = format!("written.{}", format.extension());
                let back = only_puzzle(&text, &source);
                assert_same(format, puzzle, &back, &text);
            }
        }
    }
}

proptest! {
    #![proptest_config(brute::property_config(2000))]

    /// The bundled PNG and PBM pictures with up to four bytes changed, cut or inserted read, or
    /// give an error, but never panic.
    #[test]
    fn mutated_binary_pictures_give_errors_not_panics(
        base in prop::sample::select(vec!["heart.png", "heart-p4.pbm", "heart.pbm"]),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<u8>()), 1..=4),
    ) {
        let mut bytes = std::fs::read(examples().join(base)).unwrap();
        for (at, edit, byte) in edits {
            let at = at.index(bytes.len());
            match edit {
                0 => bytes[at] = byte,
                1 => bytes.truncate(at),
                _ => bytes.insert(at, byte),
            }
            if bytes.is_empty() {
                bytes.push(b'P');
            }
        }
        let options = ReadOptions::default();
        let _ = formats::parse_bytes::<Puzzle>(&bytes, "-", None, &options);
        for format in [Format::Png, Format::Pbm] {
            let _ = formats::parse_bytes::<Puzzle>(&bytes, "-", Some(format), &options);
        }
    }
}

#[test]
fn cut_binary_pictures_are_errors() {
    let options = ReadOptions::default();
    for base in ["heart.png", "heart-p4.pbm", "heart.pbm"] {
        let bytes = std::fs::read(examples().join(base)).unwrap();
        let cut = &bytes[..bytes.len() / 2];
        assert!(
            formats::parse_bytes::<Puzzle>(cut, "-", None, &options).is_err(),
            "{base}"
        );
    }
}

proptest! {
    #![proptest_config(brute::property_config(100))]

    /// Pictures drawn in two shades of ink and two of paper read back as the same picture, from
    /// PNG and from P4 PBM.
    #[test]
    fn random_pictures_round_trip_through_png_and_p4_images(
        (picture, shades) in pictures(20).prop_flat_map(|picture| {
            let cells = picture.cells().len();
            (Just(picture), prop::collection::vec(any::<bool>(), cells))
        })
    ) {
        use nonosat::image::{Raster, Rgb};
        let (width, height) = (picture.width(), picture.height());
        // PNG: black and a dark grey as ink, white and a light grey as paper.
        let mut image = Raster::filled(width, height, Rgb::WHITE).unwrap();
        // P4: each row packed into whole bytes, most significant bit first, built here by hand.
        let mut p4 = format!("P4\n{width} {height}\n").into_bytes();
        for (y, row) in picture.cells().chunks(width).enumerate() {
            let mut packed = vec![0u8; width.div_ceil(8)];
            for (x, &black) in row.iter().enumerate() {
                let colour = match (black, shades[y * width + x]) {
                    (true, false) => Rgb::BLACK,
                    (true, true) => Rgb(90, 90, 90),
                    (false, false) => Rgb::WHITE,
                    (false, true) => Rgb(180, 180, 180),
                };
                image.set(x, y, colour);
                packed[x / 8] |= u8::from(black) << (7 - x % 8);
            }
            p4.extend(packed);
        }
        let options = ReadOptions::default();
        for (bytes, format) in [(image.to_png(), Format::Png), (p4, Format::Pbm)] {
            let entries = formats::parse_bytes::<Puzzle>(&bytes, "-", None, &options).unwrap();
            assert_eq!(entries[0].puzzle.goal(), Some(&picture), "{format}");
        }
    }
}

/// Colour puzzles of a text, or the error's message with its file and line.
fn colour_puzzles(text: &str, source: &str) -> Result<Vec<nonosat::model::ColourPuzzle>, String> {
    let entries = formats::parse::<ColourPuzzle>(text, source, None);
    entries
        .map(|entries| entries.into_iter().map(|entry| entry.puzzle).collect())
        .map_err(|error| error.to_string())
}

const COLOUR_XML: &str = "<puzzleset><puzzle backgroundcolor=\"white\">\n\
    <color name=\"white\" char=\".\">fff</color>\n\
    <color name=\"red\" char=\"r\">cc3333</color>\n\
    <color name=\"black\" char=\"X\">000</color>\n\
    <clues type=\"columns\"><line><count color=\"red\">1</count></line>\n\
    <line><count>1</count></line></clues>\n\
    <clues type=\"rows\"><line><count color=\"red\">1</count><count>1</count></line></clues>\n\
    <solution><image>|rX|</image></solution>\n\
    </puzzle></puzzleset>";

#[test]
fn webpbn_colour_puzzles_read_with_their_table_and_goal() {
    let puzzle = colour_puzzles(COLOUR_XML, "c.xml").unwrap().remove(0);
    let names: Vec<_> = puzzle
        .palette()
        .colours()
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(names, ["white", "red", "black"]);
    assert_eq!(puzzle.palette().colour(1).hex(), "#cc3333");
    assert_eq!(puzzle.rows()[0].to_string(), "1:1 1:2");
    assert_eq!(puzzle.goal().unwrap().cells(), [1, 2]);
    // A black-and-white file is the one-colour case.
    let plain = COLOUR_XML
        .replace(
            "<count color=\"red\">1</count><count>1</count>",
            "<count>2</count>",
        )
        .replace(" color=\"red\"", "")
        .replace("|rX|", "|XX|");
    let puzzle = colour_puzzles(&plain, "c.xml");
    let puzzle = puzzle.unwrap_or_else(|error| panic!("{error}")).remove(0);
    assert_eq!(puzzle.palette().len(), 1);
    assert!(puzzle.to_black_and_white().is_some());
}

#[test]
fn webpbn_colour_errors_name_their_line() {
    let cases = [
        (
            COLOUR_XML.replacen("color=\"red\">1", "color=\"blue\">1", 1),
            "c.xml:5: the colour \"blue\" is not defined in the colour table",
        ),
        (
            COLOUR_XML.replacen("color=\"red\">1", "color=\"white\">1", 1),
            "c.xml:5: a clue block has the background colour \"white\"; blocks must be coloured",
        ),
        (
            COLOUR_XML.replacen("name=\"black\"", "name=\"red\"", 1),
            "c.xml:4: the colour \"red\" is defined twice",
        ),
        (
            COLOUR_XML.replacen("|rX|", "|Xr|", 1),
            "c.xml:8: the goal does not fit the clues: row 1 should read 1r 1X but reads 1X 1r",
        ),
        (
            COLOUR_XML.replacen("|rX|", "|rq|", 1),
            "c.xml:8: XML: 'q' at row 1, column 2 of the solution image is no colour's character",
        ),
        (
            COLOUR_XML.replacen("|rX|", "|rX", 1),
            "c.xml:8: XML: row 1 of the solution image is not written between `|`",
        ),
        (
            COLOUR_XML.replacen("|rX|", "|r|", 1),
            "c.xml:8: XML: row 1 of the solution image has 1 cell, but the puzzle is 2 wide",
        ),
        (
            COLOUR_XML.replacen("|rX|", "|rX|\n|rX|", 1),
            "c.xml:8: XML: the solution image has 2 rows, but the puzzle is 1 high",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(colour_puzzles(&text, "c.xml").unwrap_err(), expected);
    }
}

const COLOUR_G: &str = "A test\n#d\n   0:   white\n   1:*  black\n   r:r  #cc3333  red\n\
    : rows\n1r 1\n: columns\n1r\n1\n: end\nfree text after the end\n";

#[test]
fn olsak_colour_puzzles_read_with_their_table() {
    let puzzle = colour_puzzles(COLOUR_G, "c.g").unwrap().remove(0);
    let names: Vec<_> = puzzle
        .palette()
        .colours()
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    // Names from the colour words (an X11 name, else the comment), letters from the clues.
    assert_eq!(names, ["white", "black", "red"]);
    assert_eq!(puzzle.palette().letters(), "1r");
    assert_eq!(puzzle.palette().colour(2).rgb, [0xcc, 0x33, 0x33]);
    assert_eq!(puzzle.rows()[0].to_string(), "1:2 1:1");
    // Without a table every letter is a colour of its own.
    let open = colour_puzzles(": rows\n1a 1b\n: columns\n1a\n1b\n", "o.g").unwrap();
    assert_eq!(open[0].palette().len(), 2);
}

#[test]
fn olsak_colour_errors_name_their_line() {
    let cases = [
        (
            COLOUR_G.replace("1r 1\n", "1g 1\n"),
            "c.g:7: the colour \"g\" is not defined in the colour table",
        ),
        (
            COLOUR_G.replace("   1:*  black\n", "   r:*  black\n"),
            "c.g:5: the colour \"r\" is defined twice",
        ),
        (
            COLOUR_G.replace("   r:r  #cc3333  red\n", "   rr\n"),
            "c.g:5: a colour line should read `<letter>:<char> <colour>`",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(colour_puzzles(&text, "c.g").unwrap_err(), expected);
    }
}

/// Names a colour may have in a file, some needing escapes, one of several words.
const COLOUR_NAMES: [&str; 10] = [
    "yellow",
    "dark green",
    "a",
    "Z",
    "<b>",
    "c&d",
    "\"q\"",
    "ü",
    "#1",
    "orange/black",
];

/// Letters a colour may have in a file: ASCII letters, which every colour format writes, and
/// (`odd`) characters some formats cannot put after a clue number.
const COLOUR_LETTERS: [char; 8] = ['y', 'o', 'B', 'a', 'X', 'r', 'b', 'Q'];
const ODD_LETTERS: [char; 6] = ['1', '3', '&', '#', '*', 'é'];

/// A random colour picture up to 12x12 whose colours `1..=m` are all used, with its puzzle: each
/// colour named from [`COLOUR_NAMES`], with a letter from [`COLOUR_LETTERS`] (or [`ODD_LETTERS`]
/// when `odd`) or none; the background `paper` or `background`, white or cream.
fn random_colour_puzzle(rng: &mut brute::Rng, odd: bool) -> nonosat::model::ColourPuzzle {
    use nonosat::model::{Colour, ColourPuzzle, Palette};
    let (width, height) = (1 + rng.below(12) as usize, 1 + rng.below(12) as usize);
    let colours = 1 + rng.below(6) as u8;
    let mut cells: Vec<u8> = (0..width * height)
        .map(|_| match rng.below(3) {
            0 => 0,
            _ => 1 + rng.below(u64::from(colours)) as u8,
        })
        .collect();
    // Renumber so that the colours used are 1, 2, ... in order of first use.
    let mut used: Vec<u8> = Vec::new();
    for cell in cells.iter_mut().filter(|cell| **cell != 0) {
        let index = used.iter().position(|&c| c == *cell).unwrap_or_else(|| {
            used.push(*cell);
            used.len() - 1
        });
        *cell = index as u8 + 1;
    }
    let mut names: Vec<&str> = COLOUR_NAMES.to_vec();
    let palette_colours = (0..used.len() as u8)
        .map(|i| {
            let name = names.remove(rng.below(names.len() as u64) as usize);
            let colour = Colour::new(name, [i * 30, 255 - i * 20, 7]);
            let letters: &[char] = if odd { &ODD_LETTERS } else { &COLOUR_LETTERS };
            match rng.below(4) {
                0 => colour,
                _ => colour.with_letter(letters[rng.below(letters.len() as u64) as usize]),
            }
        })
        .collect();
    let background = match rng.below(2) {
        0 => Colour::new("background", [255; 3]),
        _ => Colour::new("paper", [255, 250, 230]),
    };
    let palette = Palette::new(background, palette_colours).unwrap();
    let rows = cells.chunks(width).map(<[u8]>::to_vec).collect();
    let mut puzzle = ColourPuzzle::from_picture(&Grid::from_rows(rows).unwrap(), palette).unwrap();
    puzzle.meta.title = Some("A & B".to_string());
    puzzle
}

/// Every colour of a palette as (name, letter, `#rrggbb`), the background first.
fn colour_table(puzzle: &nonosat::model::ColourPuzzle) -> Vec<(String, char, String)> {
    let palette = puzzle.palette();
    (0..=palette.len() as u8)
        .map(|i| {
            (
                palette.colour(i).name.clone(),
                palette.letter(i),
                palette.colour(i).hex(),
            )
        })
        .collect()
}

/// The colour formats `formats::write_colour` writes.
const COLOUR_FORMATS: [Format; 6] = [
    Format::Non,
    Format::Xml,
    Format::Olsak,
    Format::Json,
    Format::JsonLines,
    Format::Picture,
];

/// `puzzle` written in `format` and read back.
fn colour_round_trip(
    puzzle: &nonosat::model::ColourPuzzle,
    format: Format,
) -> (nonosat::model::ColourPuzzle, String) {
    let text = formats::write(puzzle, format).unwrap();
    let entries = formats::parse::<ColourPuzzle>(&text, "w", Some(format));
    let back = entries
        .unwrap_or_else(|error| panic!("{format}: {error}\n{text}"))
        .remove(0)
        .puzzle;
    (back, text)
}

/// Colour writers are inverses of the readers: clues, goal, and every colour's name, letter and
/// value come back (a picture has no place for the background's name and value).
#[test]
fn colour_writers_round_trip() {
    let mut rng = brute::Rng::new(41);
    for _ in 0..300 {
        let puzzle = random_colour_puzzle(&mut rng, false);
        for format in COLOUR_FORMATS {
            let (back, text) = colour_round_trip(&puzzle, format);
            assert_eq!(back.rows(), puzzle.rows(), "{format}\n{text}");
            assert_eq!(back.columns(), puzzle.columns(), "{format}");
            let (table, table_back) = (colour_table(&puzzle), colour_table(&back));
            match format {
                Format::Picture => assert_eq!(table_back[1..], table[1..], "{format}\n{text}"),
                _ => assert_eq!(table_back, table, "{format}\n{text}"),
            }
            let goal = if format == Format::Olsak {
                None
            } else {
                puzzle.goal()
            };
            assert_eq!(back.goal(), goal, "{format}");
            if !matches!(format, Format::Olsak | Format::Picture) {
                assert_eq!(back.meta.title, puzzle.meta.title, "{format}");
            }
        }
    }
    let two_colours = random_colour_puzzle(&mut brute::Rng::new(3), false);
    if two_colours.palette().len() > 1 {
        let refused = formats::write(&two_colours, Format::Nin).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "the nin format has no colours; write colour puzzles as non, xml, olsak, json or jsonl"
        );
    }
}

/// Letters a format cannot write after a clue number (`.non` takes ASCII letters, `.g` no digit
/// but `1`) are written as free ones; names and values still come back, and the letters stay
/// distinct.
#[test]
fn colour_writers_replace_the_letters_their_format_cannot_hold() {
    let mut rng = brute::Rng::new(7);
    for _ in 0..200 {
        let puzzle = random_colour_puzzle(&mut rng, true);
        for format in COLOUR_FORMATS {
            let (back, text) = colour_round_trip(&puzzle, format);
            assert_eq!(back.rows(), puzzle.rows(), "{format}\n{text}");
            let names = |p: &nonosat::model::ColourPuzzle| {
                let table = colour_table(p);
                table[1..]
                    .iter()
                    .map(|(name, _, hex)| (name.clone(), hex.clone()))
                    .collect::<Vec<_>>()
            };
            assert_eq!(names(&back), names(&puzzle), "{format}\n{text}");
            let letters = back.palette().letters();
            let mut distinct: Vec<char> = letters.chars().collect();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), back.palette().len(), "{format}\n{text}");
            let kept = match format {
                Format::Non => letters.chars().all(|c| c.is_ascii_alphabetic() || c == '1'),
                Format::Olsak => letters.chars().all(|c| !c.is_ascii_digit() || c == '1'),
                _ => letters == puzzle.palette().letters(),
            };
            assert!(kept, "{format}: {letters}\n{text}");
        }
    }
}

/// pbnsolve's acorn.g names its colours y, o, b, r (yellow, orange, brown, red): every colour
/// format keeps the letters and the names.
#[test]
fn acorn_letters_and_names_survive_every_colour_format() {
    let text = "#d\n  y:y  yellow\n  o:o  orange\n  b:b  brown\n  r:r  red\n:\n\
                1y 1o\n1b 1r\n:\n1y 1b\n1o 1r\n:\n";
    let puzzle = colour_puzzles(text, "acorn.g").unwrap().remove(0);
    let table: Vec<(String, char)> = colour_table(&puzzle)
        .into_iter()
        .map(|(name, letter, _)| (name, letter))
        .collect();
    let expected = [
        ("0", '.'),
        ("yellow", 'y'),
        ("orange", 'o'),
        ("brown", 'b'),
        ("red", 'r'),
    ];
    let expected: Vec<(String, char)> = expected.iter().map(|&(n, l)| (n.to_string(), l)).collect();
    assert_eq!(table, expected);
    assert_eq!(puzzle.rows()[1].text(puzzle.palette()), "1b 1r");
    let goal = Grid::from_rows(vec![vec![1, 2], vec![3, 4]]).unwrap();
    let puzzle = puzzle.with_goal(goal).unwrap();
    for format in COLOUR_FORMATS {
        let (back, written) = colour_round_trip(&puzzle, format);
        assert_eq!(
            colour_table(&back)[1..],
            colour_table(&puzzle)[1..],
            "{format}\n{written}"
        );
        assert!(
            written.contains("yellow") && written.contains('y'),
            "{format}\n{written}"
        );
    }
}

#[test]
fn non_colour_puzzles_read_with_their_colour_lines() {
    let text = "color a #cc3333\ncolor b #3366cc\nwidth 2\nheight 1\nrows\n1a,1b\ncolumns\n1a\n1b\n\
                goal \"ab\"\n";
    let puzzle = colour_puzzles(text, "c.non").unwrap().remove(0);
    assert_eq!(puzzle.palette().colour(2).hex(), "#3366cc");
    assert_eq!(puzzle.goal().unwrap().cells(), [1, 2]);
    let undefined = text.replace("1a\n1b\n", "1a\n1c\n");
    assert_eq!(
        colour_puzzles(&undefined, "c.non").unwrap_err(),
        "c.non:9: the colour \"c\" is not defined in the colour table"
    );
    let twice = text.replace("color b", "color a");
    assert_eq!(
        colour_puzzles(&twice, "c.non").unwrap_err(),
        "c.non:2: the colour \"a\" is defined twice"
    );
    let bad = text.replace("color b #3366cc", "color b blue");
    assert_eq!(
        colour_puzzles(&bad, "c.non").unwrap_err(),
        "c.non:2: a colour line should read `color <letter> #rrggbb [name]`"
    );
    let named = text.replace("color b #3366cc", "color b #3366cc  deep  blue ");
    let puzzle = colour_puzzles(&named, "c.non").unwrap().remove(0);
    assert_eq!(puzzle.palette().colour(2).name, "deep  blue");
    assert_eq!(puzzle.palette().letters(), "ab");
}

#[test]
fn json_colour_puzzles_read_and_black_and_white_readers_refuse_them() {
    let text = r##"{"colors": {"r": "#cc3333", "b": "#3366cc"}, "rows": [[[1, "r"], [1, "b"]]],
        "columns": [[[1, "r"]], [[1, "b"]]], "goal": ["rb"]}"##;
    let puzzle = colour_puzzles(text, "c.json").unwrap().remove(0);
    let names: Vec<_> = puzzle
        .palette()
        .colours()
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(names, ["background", "r", "b"]);
    assert_eq!(puzzle.goal().unwrap().cells(), [1, 2]);
    let refused = formats::parse::<Puzzle>(text, "c.json", None).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "c.json:1: colour puzzles are not supported yet"
    );
    let undefined = text.replace("[[1, \"b\"]]]", "[[1, \"g\"]]]");
    assert_eq!(
        colour_puzzles(&undefined, "c.json").unwrap_err(),
        "c.json:1: the colour \"g\" is not defined in the colour table"
    );
}

/// Colour puzzles of a text grid (`--format picture`), or the error's message.
fn grid_puzzles(text: &str, source: &str) -> Result<Vec<nonosat::model::ColourPuzzle>, String> {
    let entries = formats::parse::<ColourPuzzle>(text, source, Some(Format::Picture));
    entries
        .map(|entries| entries.into_iter().map(|entry| entry.puzzle).collect())
        .map_err(|error| error.to_string())
}

#[test]
fn colour_text_grids_read_with_a_legend_or_colour_squares() {
    let text = "r #cc3333\nb #3366cc\n\n.rb\nbb.\n";
    let puzzle = grid_puzzles(text, "c.txt").unwrap().remove(0);
    assert_eq!(puzzle.palette().colour(1).hex(), "#cc3333");
    assert_eq!(puzzle.goal().unwrap().cells(), [0, 1, 2, 2, 2, 0]);
    assert_eq!(puzzle.rows()[1].to_string(), "2:2");
    let undefined = text.replace("bb.", "bg.");
    assert_eq!(
        grid_puzzles(&undefined, "c.txt").unwrap_err(),
        "c.txt:5: the colour \"g\" is not defined in the colour table"
    );
    let twice = text.replace("b #3366cc", "r #3366cc");
    assert_eq!(
        grid_puzzles(&twice, "c.txt").unwrap_err(),
        "c.txt:2: the colour \"r\" is defined twice"
    );
    let squares = grid_puzzles("⬜🟧\n🟪⬛\n", "s.txt").unwrap().remove(0);
    assert_eq!(squares.palette().len(), 3);
}

#[test]
fn corpus_number_loom_colour_square_grid_reads() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let path = dir.join("number-loom/char-grid/unicode_colors.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let puzzle = grid_puzzles(&text, "unicode_colors.txt").unwrap().remove(0);
    assert_eq!((puzzle.width(), puzzle.height()), (5, 8));
    assert!(puzzle.palette().len() >= 5, "{:?}", puzzle.palette());
}

// ---------------------------------------------------------------------------------------------
// PNG pictures read in colour (`--colors N`)

/// A PNG picture of `rows`, each pixel one of the given colours.
fn colour_png(rows: &[&[nonosat::image::Rgb]]) -> Vec<u8> {
    use nonosat::image::{Raster, Rgb};
    let mut raster = Raster::filled(rows[0].len(), rows.len(), Rgb::WHITE).unwrap();
    for (y, row) in rows.iter().enumerate() {
        for (x, &colour) in row.iter().enumerate() {
            raster.set(x, y, colour);
        }
    }
    raster.to_png()
}

/// The colour puzzle of a file read with `--colors most`.
fn read_in_colour(path: &Path, most: u8) -> Result<formats::Puzzles, formats::ParseError> {
    let options = ReadOptions::default().with_colours(Some(most));
    formats::read_path_any(path, None, &options)
}

#[test]
fn png_in_colour_keeps_its_colours_or_quantises_them() {
    use nonosat::image::Rgb;
    let (red, dark_red, blue) = (Rgb(220, 20, 20), Rgb(200, 40, 20), Rgb(20, 20, 220));
    let white = Rgb::WHITE;
    let bytes = colour_png(&[&[red, white, blue], &[dark_red, blue, white]]);
    let path = temp_file("three-colours.png", &bytes);
    let formats::Puzzles::Colour(entries) = read_in_colour(&path, 3).unwrap() else {
        panic!("a colour puzzle");
    };
    let puzzle = &entries[0].puzzle;
    let colours: Vec<(&str, [u8; 3])> = puzzle
        .palette()
        .colours()
        .iter()
        .map(|c| (c.name.as_str(), c.rgb))
        .collect();
    assert_eq!(
        colours,
        [
            ("white", [255, 255, 255]),
            ("a", [220, 20, 20]),
            ("b", [20, 20, 220]),
            ("c", [200, 40, 20])
        ]
    );
    let goal = puzzle.goal().unwrap();
    assert_eq!(goal.line(nonosat::LineId::Row(1)), vec![3, 2, 0]);
    assert_eq!(puzzle.check(goal), Ok(()));

    // Two colours: the reds merge into their mean.
    let formats::Puzzles::Colour(entries) = read_in_colour(&path, 2).unwrap() else {
        panic!("a colour puzzle");
    };
    let puzzle = &entries[0].puzzle;
    assert_eq!(puzzle.palette().colour(1).rgb, [210, 30, 20]);
    assert_eq!(
        puzzle.goal().unwrap().line(nonosat::LineId::Col(0)),
        vec![1, 1]
    );

    // One colour is black and white.
    let formats::Puzzles::BlackAndWhite(entries) = read_in_colour(&path, 1).unwrap() else {
        panic!("black and white");
    };
    assert_eq!(
        entries[0].puzzle.goal().unwrap().row_strings(),
        ["#.#", "##."]
    );
}

#[test]
fn png_in_colour_errors_name_the_file_and_the_limit() {
    let png = temp_file("limit.png", &colour_png(&[&[nonosat::image::Rgb::BLACK]]));
    for most in [0, 32] {
        let error = read_in_colour(&png, most).unwrap_err().to_string();
        assert_eq!(
            error,
            format!(
                "{}: --colors {most}: a picture is read with 1 to 31 colours besides white",
                png.display()
            )
        );
    }
    let non = temp_file(
        "not-a-picture.non",
        b"width 1\nheight 1\nrows\n1\ncolumns\n1\n",
    );
    let error = read_in_colour(&non, 3).unwrap_err().to_string();
    assert_eq!(
        error,
        format!(
            "{}: --colors reads PNG pictures, and this file is non: its colours come from the file",
            non.display()
        )
    );
}

#[test]
fn corpus_number_loom_colour_pngs_round_trip_through_clues_and_check() {
    use nonosat::solve::{Options, Verdict, check};
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let mut coloured = 0;
    for path in files_under(&dir.join("number-loom/png"), ".png") {
        let formats::Puzzles::Colour(entries) = read_in_colour(&path, 31).unwrap() else {
            continue;
        };
        coloured += 1;
        let puzzle = &entries[0].puzzle;
        let goal = puzzle.goal().unwrap();
        assert_eq!(puzzle.check(goal), Ok(()), "{}", path.display());
        // Clues written as .non and read back are the same puzzle; check finds the picture.
        let non = formats::write(puzzle, Format::Non).unwrap();
        let again = formats::parse::<ColourPuzzle>(&non, "again.non", None).unwrap();
        assert_eq!(again[0].puzzle.rows(), puzzle.rows(), "{}", path.display());
        // The same colours; `.non` names the background `0`.
        let colours = |p: &nonosat::model::ColourPuzzle| p.palette().colours()[1..].to_vec();
        assert_eq!(colours(&again[0].puzzle), colours(puzzle));
        let report = check(&again[0].puzzle, &Options::default()).unwrap();
        assert_eq!(report.verdict, Verdict::Unique, "{}", path.display());
        assert_eq!(&report.solutions[0], goal, "{}", path.display());
        // Quantised to two colours, the picture still gives clues its goal fits.
        if let formats::Puzzles::Colour(two) = read_in_colour(&path, 2).unwrap() {
            let two = &two[0].puzzle;
            assert!(two.palette().len() <= 3);
            assert_eq!(two.check(two.goal().unwrap()), Ok(()));
        }
    }
    assert!(coloured >= 8, "{coloured} colour pictures");
}

// ---------------------------------------------------------------------------------------------
// Colour puzzles written as PNG pictures

/// Every pixel of a PNG picture, row by row.
fn png_pixels(bytes: &[u8]) -> Vec<Vec<nonosat::image::Rgb>> {
    let raster = nonosat::image::Raster::from_png(bytes).unwrap();
    (0..raster.height())
        .map(|y| (0..raster.width()).map(|x| raster.get(x, y)).collect())
        .collect()
}

/// The picture of a PNG file read in colour (on `background`, white when `None`), its clues
/// written as `.non` and read back, then written as PNG again.
fn png_through_clues(path: &Path, background: Option<nonosat::image::Rgb>) -> Option<Vec<u8>> {
    let options = ReadOptions::default()
        .with_colours(Some(31))
        .with_background(background);
    let formats::Puzzles::Colour(entries) = formats::read_path_any(path, None, &options).unwrap()
    else {
        return None;
    };
    let non = formats::write(&entries[0].puzzle, Format::Non).unwrap();
    let clues = formats::parse::<ColourPuzzle>(&non, "clues.non", None).unwrap();
    Some(formats::write_bytes(&clues[0].puzzle, Format::Png).unwrap())
}

#[test]
fn corpus_number_loom_colour_pngs_give_the_same_pixels_through_clues() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let mut coloured = 0;
    for path in files_under(&dir.join("number-loom/png"), ".png") {
        let Some(written) = png_through_clues(&path, None) else {
            continue;
        };
        coloured += 1;
        let original = std::fs::read(&path).unwrap();
        assert_eq!(
            png_pixels(&written),
            png_pixels(&original),
            "{}",
            path.display()
        );
    }
    assert!(coloured >= 8, "{coloured} colour pictures");
}

/// A random picture of two to five distinct colours besides its background (white or another),
/// each used at least once, and the background on some pixel.
fn random_colour_picture()
-> impl Strategy<Value = (nonosat::image::Rgb, Vec<Vec<nonosat::image::Rgb>>)> {
    use nonosat::image::Rgb;
    let rgb = any::<[u8; 3]>().prop_map(Rgb::from);
    (
        prop_oneof![Just(Rgb::WHITE), rgb.clone()],
        proptest::collection::vec(rgb, 2..=5),
        1usize..=6,
        1usize..=6,
    )
        .prop_flat_map(|(background, colours, width, height)| {
            let count = colours.len() + 1;
            let cells = proptest::collection::vec(0..count, width * height);
            (Just(background), Just(colours), Just(width), cells)
        })
        .prop_filter_map(
            "distinct colours, each used, and the background",
            |(background, colours, width, cells)| {
                let mut all = vec![background];
                all.extend(&colours);
                let distinct = (1..all.len()).all(|i| !all[..i].contains(&all[i]));
                let used = (0..all.len()).all(|c| cells.contains(&c));
                (distinct && used).then(|| {
                    let rows = cells
                        .chunks(width)
                        .map(|row| row.iter().map(|&c| all[c]).collect())
                        .collect();
                    (background, rows)
                })
            },
        )
}

proptest! {
    #![proptest_config(brute::property_config(60))]

    /// A colour picture read in colour, its clues written and read back, and written as PNG gives
    /// the same pixels, on white or on another background named as such.
    #[test]
    fn random_colour_pngs_give_the_same_pixels_through_clues(
        (background, rows) in random_colour_picture()
    ) {
        let rows_ref: Vec<&[nonosat::image::Rgb]> = rows.iter().map(Vec::as_slice).collect();
        let bytes = colour_png(&rows_ref);
        let path = temp_file("random-colour.png", &bytes);
        let named = (background != nonosat::image::Rgb::WHITE).then_some(background);
        let written = png_through_clues(&path, named).expect("a colour puzzle");
        prop_assert_eq!(png_pixels(&written), rows);
    }
}

#[test]
fn png_is_written_in_colour_only_when_its_colours_differ() {
    use nonosat::model::{Colour, ColourPuzzle, Palette};
    let palette = |second: [u8; 3]| {
        Palette::new(
            Colour::new("white", [255; 3]),
            vec![Colour::new("r", [204, 51, 51]), Colour::new("s", second)],
        )
        .unwrap()
    };
    let picture = Grid::from_rows(vec![vec![1, 0, 2]]).unwrap();
    let same = ColourPuzzle::from_picture(&picture, palette([204, 51, 51])).unwrap();
    let error = formats::write_bytes(&same, Format::Png).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the colours \"r\" and \"s\" are both #cc3333, which a PNG picture cannot tell apart"
    );
    let apart = ColourPuzzle::from_picture(&picture, palette([51, 51, 204])).unwrap();
    let bytes = formats::write_bytes(&apart, Format::Png).unwrap();
    use nonosat::image::Rgb;
    assert_eq!(
        png_pixels(&bytes),
        [[Rgb(204, 51, 51), Rgb::WHITE, Rgb(51, 51, 204)]]
    );
    let clues_only = ColourPuzzle::new(
        apart.rows().to_vec(),
        apart.columns().to_vec(),
        apart.palette().clone(),
    )
    .unwrap();
    let error = formats::write_bytes(&clues_only, Format::Png).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the puzzle has no goal picture, which the png format writes"
    );
}

#[test]
fn a_named_background_must_be_in_the_picture() {
    use nonosat::image::Rgb;
    let cream = Rgb(255, 255, 204);
    let red = Rgb(204, 51, 51);
    let blue = Rgb(51, 51, 204);
    let path = temp_file(
        "cream.png",
        &colour_png(&[&[cream, red, Rgb::WHITE], &[blue, cream, red]]),
    );
    let read = |background| {
        let options = ReadOptions::default()
            .with_colours(Some(4))
            .with_background(Some(background));
        formats::read_path_any(&path, None, &options)
    };
    let formats::Puzzles::Colour(entries) = read(cream).unwrap() else {
        panic!("a colour puzzle");
    };
    let puzzle = &entries[0].puzzle;
    assert_eq!(puzzle.palette().colour(0).rgb, [255, 255, 204]);
    assert_eq!(puzzle.palette().len(), 3, "white is a colour on cream");
    assert_eq!(
        puzzle.goal().unwrap().line(nonosat::LineId::Row(1)),
        vec![3, 0, 1]
    );
    let error = read(Rgb(0, 128, 0)).unwrap_err().to_string();
    assert_eq!(
        error,
        format!(
            "{}: the background colour #008000 is not in the picture, so no cell would be empty",
            path.display()
        )
    );
}
