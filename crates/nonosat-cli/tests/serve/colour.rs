//! Colour puzzles through the API: every endpoint answers the record `--json` prints for the same
//! colour file; a puzzle comes as a JSON object (in `puzzle`, or as the whole body); a colour PNG
//! is read in colour with `colors`; title and author are carried into the files written.

use std::path::PathBuf;
use std::process::Command;

use base64::Engine;
use serde_json::{Value, json};

use super::Server;

/// A 3x3 design in red and blue with two solutions (the red cells of the top rows swap).
const TWO_REDS: &str = "r #cc3333 red\nb #3366cc blue\nr.b\n.rb\nbbb\n";

/// A 4x4 design in three colours that is unique.
const UNIQUE: &str = "r #cc3333 red\nb #3366cc blue\ng #33aa55 green\nrrbb\nr..b\ngggg\n.gg.\n";

/// `text` written to a file of the test's own under the target directory.
fn written(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("serve-colour-{name}"));
    std::fs::write(&path, text).expect("the temporary file is written");
    path
}

/// The one JSON record the binary prints for `args`, with its time zeroed.
fn printed(args: &[&str]) -> Value {
    let output = Command::new(env!("CARGO_BIN_EXE_nonosat"))
        .args(args)
        .output()
        .expect("the binary runs");
    let mut record: Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|error| panic!("{args:?}: {error}: {output:?}"));
    record["time_ms"] = json!(0);
    record
}

/// The answer of `endpoint` to `body`, 200 and JSON, with its time zeroed.
fn served(server: &Server, endpoint: &str, body: &Value) -> Value {
    served_text(server, &format!("/api/{endpoint}"), &body.to_string())
}

/// The answer to a POST of the JSON text `body` to `path`, 200 and JSON, with its time zeroed.
fn served_text(server: &Server, path: &str, body: &str) -> Value {
    let json = [("Content-Type", "application/json")];
    let answer = server.send("POST", path, &json, body.as_bytes());
    let text = String::from_utf8_lossy(&answer.body);
    assert_eq!(answer.status, 200, "{path}: {text}");
    let mut record = answer.json();
    record["time_ms"] = json!(0);
    record
}

#[test]
fn colour_answers_are_the_records_of_json_output() {
    let server = Server::start(&[]);
    for (name, text) in [("two-reds.txt", TWO_REDS), ("unique.txt", UNIQUE)] {
        let path = written(name, text);
        let path = path.to_str().expect("a UTF-8 path");
        let body = json!({ "puzzle": text, "name": path });
        for endpoint in ["check", "solve", "explain"] {
            let record = served(&server, endpoint, &body);
            if endpoint != "explain" {
                assert!(record["colors"].is_array(), "{endpoint}: {record}");
            }
            if endpoint == "check" && name == "two-reds.txt" {
                assert_eq!(record["verdict"], "multiple");
            }
            // The same record, the solutions shown included, from either door.
            assert_eq!(
                record,
                printed(&[endpoint, path, "--json"]),
                "{endpoint} {name}"
            );
        }
        if name == "unique.txt" {
            let state = written("unique.state", "r???\n????\n????\n????\n");
            let hinted = served(
                &server,
                "hint",
                &json!({ "puzzle": text, "name": path, "state": ["r???", "????", "????", "????"] }),
            );
            let command = printed(&["hint", path, "--state", state.to_str().unwrap(), "--json"]);
            assert_eq!(hinted, command);
            assert_eq!(hinted["outcome"], "step");
            let fixed = served(&server, "fix", &body);
            assert_eq!(fixed, printed(&["fix", path, "--json"]));
            assert_eq!(fixed["verdict"], "unique");
        }
    }
}

#[test]
fn a_colour_design_is_repaired_and_a_repair_makes_it_unique() {
    let server = Server::start(&[]);
    let fixed = served(
        &server,
        "fix",
        &json!({ "puzzle": TWO_REDS, "format": "picture" }),
    );
    assert_eq!(fixed["verdict"], "multiple");
    assert_eq!(fixed["ambiguous"].as_array().map(Vec::len), Some(4));
    let hints = fixed["hints"]["cells"].as_array().expect("hint cells");
    assert_eq!(hints.len(), 1, "one given cell settles the swap: {fixed}");
    assert_eq!(fixed["hints"]["proved_minimal"], true);
    let edit = fixed["edits"][0]["picture"]
        .as_array()
        .expect("an edit's picture");
    let legend = "r #cc3333 red\nb #3366cc blue\n";
    let rows: Vec<&str> = edit.iter().filter_map(Value::as_str).collect();
    let repaired = format!("{legend}{}\n", rows.join("\n"));
    let record = served(
        &server,
        "check",
        &json!({ "puzzle": repaired, "format": "picture" }),
    );
    assert_eq!(record["verdict"], "unique", "{repaired}");
    assert_eq!(record["solutions"][0], json!(rows));
}

#[test]
fn a_puzzle_comes_as_a_json_object_or_as_the_whole_body() {
    let server = Server::start(&[]);
    // Written out, not built with `json!`, whose objects sort their keys: the colours' order
    // is the palette's.
    let clues = r##"{"colors": {"red": "#cc3333", "blue": "#3366cc"},
        "rows": [[[1, "red"], [1, "blue"]], [[1, "blue"], [1, "red"]]],
        "columns": [[[1, "red"], [1, "blue"]], [[1, "blue"], [1, "red"]]]}"##;
    let body = format!(r#"{{"puzzle": {clues}, "name": "two"}}"#);
    let inside = served_text(&server, "/api/check", &body);
    assert_eq!(inside["verdict"], "unique");
    assert_eq!(inside["file"], "two");
    // The colours keep the order sent (red before blue: `a` and `b`).
    assert_eq!(inside["solutions"][0], json!(["ab", "ba"]));
    // The whole body a puzzle: the other fields in the query string.
    let path = "/api/check?name=whole&ambiguous_cells=false";
    let whole = served_text(&server, path, clues);
    assert_eq!(whole["file"], "whole");
    assert_eq!(whole["solutions"], inside["solutions"]);
    let plain = json!({ "rows": [[1], [1]], "columns": [[1], [1]] });
    let record = served(&server, "check", &plain);
    assert_eq!(record["verdict"], "multiple");
    assert!(record["colors"].is_null(), "black and white: {record}");
    // An object that is not a puzzle, or one given another format, is refused with the reason.
    let bad = json!({ "puzzle": { "rows": [[3]], "columns": [[1]] } });
    let message = server.post_json("/api/check", &bad).error(400);
    assert!(message.contains("3"), "{message}");
    let other = json!({ "puzzle": plain, "format": "non" });
    let message = server.post_json("/api/check", &other).error(400);
    assert!(message.contains("leave out `format`"), "{message}");
    let number = json!({ "puzzle": 7 });
    let message = server.post_json("/api/check", &number).error(400);
    assert!(message.contains("a string) or a puzzle"), "{message}");
}

#[test]
fn a_colour_png_is_read_in_colour_with_colors() {
    let server = Server::start(&[]);
    let converted = served(
        &server,
        "convert",
        &json!({ "puzzle": UNIQUE, "format": "picture", "to": "png" }),
    );
    assert_eq!(converted["extension"], "png");
    assert!(converted["text"].is_null());
    let png = converted["base64"].as_str().expect("base64");
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(png)
        .expect("base64");
    assert!(bytes.starts_with(b"\x89PNG"));
    let body = json!({ "file_base64": png, "name": "design.png", "colors": 4 });
    let record = served(&server, "check", &body);
    assert_eq!(record["verdict"], "unique");
    let colours: Vec<&str> = record["colors"]
        .as_array()
        .expect("a colour table")
        .iter()
        .filter_map(|colour| colour["rgb"].as_str())
        .collect();
    assert_eq!(colours, ["#ffffff", "#cc3333", "#3366cc", "#33aa55"]);
    // Without `colors`, as on the command line, the picture is read in black and white.
    let plain = served(
        &server,
        "check",
        &json!({ "file_base64": png, "name": "design.png" }),
    );
    assert!(plain["colors"].is_null(), "{plain}");
    let bad = json!({ "file_base64": png, "name": "a.png", "colors": 2, "background": "#zz" });
    let message = server.post_json("/api/check", &bad).error(400);
    assert!(message.contains("`background`"), "{message}");
}

#[test]
fn title_and_author_are_written_into_the_files() {
    let server = Server::start(&[]);
    for (body, to) in [
        (json!({ "puzzle": UNIQUE, "format": "picture" }), "non"),
        (json!({ "puzzle": UNIQUE, "format": "picture" }), "xml"),
        (json!({ "grid": ["#.", ".#"] }), "json"),
    ] {
        let mut body = body;
        body["to"] = json!(to);
        body["title"] = json!("Garden gate");
        body["author"] = json!("A. Designer");
        let text = served(&server, "convert", &body)["text"]
            .as_str()
            .expect("a text format")
            .to_owned();
        assert!(text.contains("Garden gate"), "{to}: {text}");
        assert!(text.contains("A. Designer"), "{to}: {text}");
    }
}
