//! The API: every endpoint's answer, the same records as `--json`, each input kind (a file's
//! text, base64, raw bytes, a drawn grid), and the errors: bad JSON, unknown formats and fields,
//! grids and bodies over the limits, all 4xx with a message.

use base64::Engine;
use serde_json::{Value, json};

use super::{Server, bundled, clues_of, rows_of};

/// Checks a check record against the drawn picture it came from, with clues computed here: every
/// solution has the picture's clues; a unique answer is the picture; two solutions differ exactly
/// at the differing cells, which are ambiguous. Answers whether the ambiguous cells were all
/// found: the record leaves them null when their search ran out of time.
pub(super) fn assert_answers(record: &Value, drawn: &[String]) -> bool {
    let solutions = solutions_of(record, drawn);
    match record["verdict"].as_str().expect("a verdict") {
        "unique" => {
            assert_eq!(solutions, [drawn.to_vec()]);
            assert_eq!(record["ambiguous"], json!([]));
            true
        }
        "multiple" => {
            let [first, second, ..] = solutions.as_slice() else {
                panic!("multiple without two solutions: {record}");
            };
            let differing: Vec<Value> = first
                .iter()
                .zip(second)
                .enumerate()
                .flat_map(|(row, (a, b))| {
                    a.chars()
                        .zip(b.chars())
                        .enumerate()
                        .filter(|(_, (x, y))| x != y)
                        .map(move |(col, _)| json!([row, col]))
                })
                .collect();
            assert!(!differing.is_empty(), "two equal solutions");
            assert_eq!(record["differing_cells"], Value::Array(differing.clone()));
            if record["ambiguous"].is_null() {
                return false;
            }
            let ambiguous = record["ambiguous"].as_array().expect("ambiguous cells");
            assert!(differing.iter().all(|cell| ambiguous.contains(cell)));
            true
        }
        other => panic!("a drawn picture has a solution, not {other}: {record}"),
    }
}

/// Checks the verdict alone (`ambiguous_cells: false`) against the drawn picture: every solution
/// has its clues, a unique one is the picture, and several are two that differ.
pub(super) fn assert_verdict(record: &Value, drawn: &[String]) {
    let solutions = solutions_of(record, drawn);
    match record["verdict"].as_str() {
        Some("unique") => assert_eq!(solutions, [drawn.to_vec()]),
        Some("multiple") => assert!(solutions.len() == 2 && solutions[0] != solutions[1]),
        _ => panic!("a drawn picture has a solution: {record}"),
    }
}

/// The solutions of a check record, each checked to have the clues of the drawn picture.
fn solutions_of(record: &Value, drawn: &[String]) -> Vec<Vec<String>> {
    let solutions: Vec<Vec<String>> = record["solutions"]
        .as_array()
        .expect("solutions")
        .iter()
        .map(rows_of)
        .collect();
    let clues = clues_of(drawn);
    for solution in &solutions {
        assert_eq!(clues_of(solution), clues, "a solution breaks the clues");
    }
    solutions
}

fn rows(picture: &[&str]) -> Vec<String> {
    picture.iter().map(|row| (*row).to_owned()).collect()
}

#[test]
fn a_drawn_grid_is_checked_and_its_ambiguity_shown() {
    let server = Server::start(&[]);
    let diagonal = rows(&["#.", ".#"]);
    let answer = server.post_json("/api/check", &json!({ "grid": diagonal }));
    assert_eq!(answer.status, 200);
    assert!(answer.content_type().starts_with("application/json"));
    let record = answer.json();
    assert_eq!(record["verdict"], "multiple");
    assert_eq!(record["ambiguous"].as_array().unwrap().len(), 4);
    assert!(assert_answers(&record, &diagonal));
    let heart = rows(&[".##.##.", "#######", ".#####.", "..###..", "...#..."]);
    let record = server
        .post_json("/api/check", &json!({ "grid": heart }))
        .json();
    assert_eq!(record["verdict"], "unique");
    assert_eq!(record["goal"]["is_solution"], true);
    assert!(assert_answers(&record, &heart));
}

#[test]
fn answers_are_the_records_of_json_output() {
    let server = Server::start(&[]);
    let path = super::bundled_path("seeds/koike-6x6.non");
    let text = String::from_utf8(bundled("seeds/koike-6x6.non")).unwrap();
    for (endpoint, command) in [
        ("check", "check"),
        ("solve", "solve"),
        ("explain", "explain"),
    ] {
        let answer = server.post_json(
            &format!("/api/{endpoint}"),
            &json!({ "puzzle": text, "name": path }),
        );
        assert_eq!(answer.status, 200, "{endpoint}");
        let mut served = answer.json();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_nonosat"))
            .args([command, &path, "--json"])
            .output()
            .expect("the binary runs");
        let mut printed: Value = serde_json::from_slice(&output.stdout).expect("a JSON record");
        for record in [&mut served, &mut printed] {
            record["time_ms"] = json!(0);
        }
        assert_eq!(served, printed, "{endpoint} and `{command} --json` differ");
    }
}

#[test]
fn pictures_come_as_raw_bytes_or_base64_and_files_in_every_format() {
    let server = Server::start(&[]);
    let png = bundled("examples/heart.png");
    let raw = server.post_file("/api/check?name=heart.png", &png);
    assert_eq!(raw.status, 200, "{}", String::from_utf8_lossy(&raw.body));
    let encoded = base64::engine::general_purpose::STANDARD.encode(&png);
    let based = server.post_json(
        "/api/check",
        &json!({ "file_base64": encoded, "format": "png" }),
    );
    assert_eq!(based.status, 200);
    let (raw, based) = (raw.json(), based.json());
    assert_eq!(raw["verdict"], "unique");
    assert_eq!(raw["solutions"], based["solutions"]);
    // The same heart in each format the examples hold reads to the same solution.
    for file in [
        "heart.non",
        "heart.nin",
        "heart.g",
        "heart.cwd",
        "heart.xml",
        "heart.json",
        "heart-verhor.json",
        "heart-tatham.txt",
        "heart.pbm",
        "heart-p4.pbm",
        "heart.txt",
    ] {
        let bytes = bundled(&format!("examples/{file}"));
        let answer = server.post_file(&format!("/api/check?name={file}"), &bytes);
        assert_eq!(
            answer.status,
            200,
            "{file}: {}",
            String::from_utf8_lossy(&answer.body)
        );
        assert_eq!(answer.json()["solutions"], raw["solutions"], "{file}");
    }
}

#[test]
fn malformed_requests_get_a_4xx_with_a_message() {
    let server = Server::start(&[]);
    let json_body = |body: &str| {
        server.send(
            "POST",
            "/api/check",
            &[("Content-Type", "application/json")],
            body.as_bytes(),
        )
    };
    let message = json_body(r##"{"grid": ["#.", ".#"]"##).error(400);
    assert!(message.starts_with("malformed JSON: "), "{message}");
    assert!(message.contains("line 1 column"), "{message}");
    let message = json_body(r##"{"grid": ["#."], "colour": 3}"##).error(400);
    assert!(message.contains("unknown field `colour`"), "{message}");
    let message = server
        .post_json("/api/check", &json!({ "puzzle": "x", "format": "gif" }))
        .error(400);
    assert!(
        message.starts_with("unknown format `gif`: one of non, "),
        "{message}"
    );
    let message = server
        .post_json("/api/convert", &json!({ "grid": ["#"], "to": "docx" }))
        .error(400);
    assert!(message.starts_with("unknown format `docx`"), "{message}");
    let message = server.post_json("/api/check", &json!({})).error(400);
    assert!(message.starts_with("no puzzle: "), "{message}");
    let message = server
        .post_json("/api/check", &json!({ "grid": ["#"], "puzzle": "#" }))
        .error(400);
    assert!(message.starts_with("several puzzles: "), "{message}");
    let message = server
        .post_json("/api/check", &json!({ "grid": ["#.", "#"] }))
        .error(400);
    assert!(
        message.starts_with("request:2: row 2"),
        "a ragged grid names its line: {message}"
    );
    let message = server
        .post_json("/api/check", &json!({ "grid": ["#z"] }))
        .error(400);
    assert!(message.starts_with("request:1: "), "{message}");
    let bad_clue = "width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n";
    let message = server
        .post_json(
            "/api/check",
            &json!({ "puzzle": bad_clue, "name": "bad.non" }),
        )
        .error(400);
    assert!(
        message.starts_with("bad.non"),
        "the error names the input: {message}"
    );
    let message = server
        .post_json("/api/check", &json!({ "grid": ["#"], "timeout": -1 }))
        .error(400);
    assert!(message.contains("timeout"), "{message}");
    let message = server
        .post_json(
            "/api/fix",
            &json!({ "puzzle": "5x5:1/4/3.1/4/1/1/3/5/1.1/3" }),
        )
        .error(400);
    assert!(message.contains("no picture to repair"), "{message}");
    let message = server
        .post_json("/api/hint", &json!({ "grid": ["#"] }))
        .error(400);
    assert!(message.contains("no `state`"), "{message}");
    let message = server
        .post_json("/api/sheet", &json!({ "grid": ["#"], "image": "gif" }))
        .error(400);
    assert!(message.contains("svg or png"), "{message}");
    let message = server.send("GET", "/api/nothing", &[], b"").error(404);
    assert!(message.contains("/api/nothing"), "{message}");
    let message = server
        .send("GET", "/assets/secret.txt", &[], b"")
        .error(404);
    assert!(message.contains("secret.txt"), "{message}");
}

#[test]
fn oversized_grids_and_bodies_are_refused_with_their_size() {
    let server = Server::start(&[]);
    let wide = vec!["#".repeat(201)];
    let message = server
        .post_json("/api/check", &json!({ "grid": wide }))
        .error(413);
    assert_eq!(
        message,
        "the puzzle is 201x1 cells; the server takes at most 200 a side"
    );
    let tall = vec![".".to_owned(); 300];
    assert!(
        server
            .post_json("/api/check", &json!({ "grid": tall }))
            .error(413)
            .contains("1x300")
    );
    // A puzzle file over the side limit, in another format.
    let tatham = format!("300x1:{}/300", vec!["1"; 300].join("/"));
    let message = server
        .post_json("/api/check", &json!({ "puzzle": tatham }))
        .error(413);
    assert!(message.contains("300x1"), "{message}");
    let body = vec![b'#'; 4 * 1024 * 1024 + 1];
    let message = server.post_file("/api/check", &body).error(413);
    assert_eq!(
        message,
        "the request body is over the limit of 4194304 bytes"
    );
    // A picture over the library's own limit (1000 a side) is refused with the server's.
    for (width, height) in [(1200, 1), (300, 2)] {
        let message = server
            .post_file("/api/check?name=wide.png", &white_png(width, height))
            .error(413);
        assert_eq!(
            message,
            format!("the puzzle is {width}x{height} cells; the server takes at most 200 a side")
        );
    }
    let limits = server.send("GET", "/api/limits", &[], b"").json();
    assert_eq!(limits["max_side"], 200);
    assert_eq!(limits["max_body_bytes"], 4 * 1024 * 1024);
}

/// A white greyscale PNG picture of `width` x `height` pixels.
fn white_png(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("a PNG header");
    writer
        .write_image_data(&vec![255; (width * height) as usize])
        .expect("the pixels");
    writer.finish().expect("a PNG");
    bytes
}

#[test]
fn fix_proposes_at_most_the_documented_number_of_edits() {
    let server = Server::start(&[]);
    for edits in [101, 1_000_000_000] {
        let message = server
            .post_json("/api/fix", &json!({ "grid": ["#.", ".#"], "edits": edits }))
            .error(400);
        assert_eq!(
            message,
            format!("`edits` is {edits}; the server proposes at most 100")
        );
    }
    let fix = server.post_json("/api/fix", &json!({ "grid": ["#.", ".#"], "edits": 100 }));
    assert_eq!(fix.status, 200);
    assert!(fix.json()["edits"].is_array());
}

#[test]
fn no_request_reads_the_servers_files() {
    let server = Server::start(&[]);
    // A name is only a name: nothing is read from it.
    let message = server
        .post_json("/api/check", &json!({ "name": "/etc/hostname" }))
        .error(400);
    assert!(message.starts_with("no puzzle"), "{message}");
    let answer = server.post_json(
        "/api/check",
        &json!({ "name": "/etc/passwd", "format": "picture", "puzzle": "#." }),
    );
    assert_eq!(answer.json()["solutions"], json!([["#."]]));
    let message = server
        .post_json("/api/check", &json!({ "puzzle": "/etc/passwd" }))
        .error(400);
    assert!(!message.contains("root:"), "{message}");
    assert_eq!(
        server
            .send("GET", "/assets/..%2fCargo.toml", &[], b"")
            .status,
        404
    );
}

#[test]
fn every_endpoint_answers_a_design() {
    let server = Server::start(&[]);
    let design = rows(&["##..", "#..#", "..##", "#..."]);
    let body = |extra: Value| {
        let mut body = json!({ "grid": design });
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        body
    };
    let solved = server.post_json("/api/solve", &body(json!({}))).json();
    assert_eq!(solved["verdict"], "solved");
    assert_eq!(
        clues_of(&rows_of(&solved["solutions"][0])),
        clues_of(&design)
    );
    let explained = server.post_json("/api/explain", &body(json!({}))).json();
    assert!(explained["class"].is_string() && explained["steps"].is_array());
    let check = server.post_json("/api/check", &body(json!({}))).json();
    let fix = server.post_json("/api/fix", &body(json!({}))).json();
    assert_eq!(fix["verdict"], check["verdict"]);
    if check["verdict"] == "multiple" {
        // Every edit proposed makes a unique puzzle, checked again through the API.
        let edits = fix["edits"].as_array().expect("edits");
        assert!(!edits.is_empty(), "{fix}");
        for edit in edits {
            let picture = rows_of(&edit["picture"]);
            let again = server
                .post_json("/api/check", &json!({ "grid": picture }))
                .json();
            assert_eq!(again["verdict"], "unique", "{edit}");
        }
    }
    let hint = server
        .post_json("/api/hint", &body(json!({ "state": vec!["????"; 4] })))
        .json();
    assert!(hint["outcome"].is_string() && hint["mistakes"].is_array());
    let clues = server.post_json("/api/clues", &body(json!({}))).json();
    let (row_clues, column_clues) = clues_of(&design);
    assert_eq!(clues["rows"], json!(row_clues));
    assert_eq!(clues["columns"], json!(column_clues));
    for format in [
        "non", "nonpack", "nin", "json", "jsonl", "verhor", "xml", "olsak", "cwd", "tatham",
        "picture", "pbm",
    ] {
        let converted = server
            .post_json("/api/convert", &body(json!({ "to": format })))
            .json();
        assert_eq!(converted["format"], format);
        // What was written reads back to the same clues.
        let text = converted["text"].as_str().expect("text");
        let again = server
            .post_json("/api/clues", &json!({ "puzzle": text, "format": format }))
            .json();
        assert_eq!(again["rows"], clues["rows"], "{format}");
        assert_eq!(again["columns"], clues["columns"], "{format}");
    }
    let svg = server.post_json("/api/sheet", &body(json!({ "solved": true })));
    assert_eq!(svg.content_type(), "image/svg+xml");
    assert!(String::from_utf8_lossy(&svg.body).contains("<svg"));
    let png = server.post_json("/api/sheet", &body(json!({ "image": "png" })));
    assert_eq!(png.content_type(), "image/png");
    assert_eq!(&png.body[..8], b"\x89PNG\r\n\x1a\n");
}

/// A hint whose check of the wrong cells the time limit cuts short says so
/// (`mistakes_complete: false`), as `nonosat hint --json` does; given time, it is complete.
#[test]
fn a_hint_cut_short_says_its_mistakes_are_incomplete() {
    let server = Server::start(&[]);
    let picture = super::random_picture(30, 7);
    let state = vec!["?".repeat(30); 30];
    let hint = |timeout: f64| {
        let request = json!({ "grid": picture, "state": state, "timeout": timeout });
        server.post_json("/api/hint", &request).json()
    };
    let cut = hint(1e-6);
    assert_eq!(cut["mistakes_complete"], false, "{cut}");
    assert_eq!(cut["mistakes"], json!([]), "{cut}");
    let whole = hint(60.0);
    assert_eq!(whole["mistakes_complete"], true, "{whole}");
}

#[test]
fn the_page_and_its_files_are_served() {
    let server = Server::start(&[]);
    let page = server.send("GET", "/", &[], b"");
    assert_eq!(page.status, 200);
    assert!(page.content_type().starts_with("text/html"));
    let html = String::from_utf8(page.body).unwrap();
    for asset in ["/assets/studio.css", "/assets/studio.js"] {
        assert!(html.contains(asset), "the page loads {asset}");
        let answer = server.send("GET", asset, &[], b"");
        assert_eq!(answer.status, 200, "{asset}");
        assert!(!answer.body.is_empty(), "{asset}");
    }
    // Nothing on the page comes from the network.
    assert!(
        !html.contains("https://") && !html.contains("http://"),
        "{html}"
    );
}

#[test]
fn concurrent_requests_of_several_pages_are_all_answered() {
    let server = Server::start(&["--jobs", "2"]);
    let pictures: Vec<Vec<String>> = (1..=12)
        .map(|seed| super::random_picture(12, seed * 7919))
        .collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = pictures
            .iter()
            .enumerate()
            .map(|(i, picture)| {
                let server = &server;
                scope.spawn(move || {
                    let client = format!("page-{i}");
                    // Twelve full checks at once: those past the queue's bound ask again.
                    let (answer, _) = server.post_json_patiently(
                        "/api/check",
                        &[("X-Nonosat-Client", &client)],
                        &json!({ "grid": picture }),
                    );
                    assert_eq!(answer.status, 200);
                    assert!(assert_answers(&answer.json(), picture));
                })
            })
            .collect();
        for handle in handles {
            handle.join().expect("a request thread");
        }
    });
}

#[test]
fn a_newer_request_of_a_page_supersedes_its_older_one() {
    // One job at a time: while a slow request of another page runs, a page's first request waits,
    // and its second one supersedes it.
    let server = Server::start(&["--jobs", "1"]);
    let slow = super::random_picture(60, 4242);
    std::thread::scope(|scope| {
        let server = &server;
        let send = |client: &'static str, grid: Value| {
            let body = json!({ "grid": grid, "timeout": 3 }).to_string();
            server.send(
                "POST",
                "/api/check",
                &[
                    ("Content-Type", "application/json"),
                    ("X-Nonosat-Client", client),
                ],
                body.as_bytes(),
            )
        };
        let busy = scope.spawn(move || send("other", json!(slow)));
        std::thread::sleep(std::time::Duration::from_millis(300));
        let older = scope.spawn(move || send("page", json!(["#.", ".#"])));
        std::thread::sleep(std::time::Duration::from_millis(300));
        let newer = send("page", json!(["##", ".#"]));
        let older = older.join().unwrap();
        let message = older.error(409);
        assert_eq!(message, "superseded by a newer request from the same page");
        assert_eq!(newer.status, 200);
        assert_eq!(newer.json()["verdict"], "unique");
        assert_eq!(busy.join().unwrap().status, 200);
    });
}

#[test]
fn the_server_listens_on_loopback_unless_told_and_then_warns() {
    let server = Server::start(&[]);
    assert!(server.address.ip().is_loopback(), "{}", server.address);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_nonosat"))
        .args(["serve", "--host", "0.0.0.0", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the server starts");
    let mut first = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().unwrap()),
        &mut first,
    )
    .expect("the address");
    child.kill().expect("the server stops");
    let output = child.wait_with_output().expect("its output");
    let warning = String::from_utf8_lossy(&output.stderr);
    assert!(first.contains("http://0.0.0.0:"), "{first}");
    assert!(
        warning.contains("warning") && warning.contains("no authentication"),
        "{warning}"
    );
}
