//! The studio's newer pages in the browser: a colour design drawn stroke by stroke and repaired
//! by a recolouring, colour files opened (acorn.g from the shared corpus, a colour PNG) and saved
//! in the colour formats (read back by the CLI), design and solve keeping their own puzzles, a
//! fast drag painting every cell of its path, the line and rectangle tools, zoom on a 150x150 design, the
//! design kept over a reload, and the cells a time limit left undecided.

use std::process::Command;

use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use serde_json::{Value, json};

use super::{Browser, canonical, in_browser, is_dark, is_white};
use crate::{bundled_path, rows_of};

/// Whether a pixel is the design's red (#cc3333).
fn is_design_red([r, g, b]: [u8; 3]) -> bool {
    r > 170 && g < 90 && b < 90
}

/// Whether a pixel is acorn's yellow (#ffff00).
fn is_yellow([r, g, b]: [u8; 3]) -> bool {
    r > 220 && g > 220 && b < 80
}

impl Browser {
    /// Presses `key` (no modifier) on the page.
    async fn key(&self, key: char) {
        let keys = fantoccini::actions::KeyActions::new("keyboard".to_owned())
            .then(fantoccini::actions::KeyAction::Down { value: key })
            .then(fantoccini::actions::KeyAction::Up { value: key });
        self.client.perform_actions(keys).await.expect("a key");
        self.client.release_actions().await.expect("released");
    }

    /// Opens the file at `path` through the page's file chooser.
    async fn open(&self, path: &str) {
        self.run("document.getElementById('open').hidden = false")
            .await;
        self.find("#open")
            .await
            .send_keys(&canonical(path))
            .await
            .expect("the file is chosen");
        self.run("document.getElementById('open').hidden = true")
            .await;
    }

    /// Saves what is on screen as `format` and answers the file's path once it has arrived.
    async fn save_as(&self, format: &str, name: &str) -> std::path::PathBuf {
        self.find("#save-format")
            .await
            .select_by_value(format)
            .await
            .unwrap();
        self.click("#save").await;
        self.downloaded(name).await;
        self.downloads.join(name)
    }
}

/// The record `nonosat check FILE --json ARGS` prints.
fn checked(path: &std::path::Path, args: &[&str]) -> Value {
    printed("check", path, args)
}

/// The record `nonosat COMMAND FILE --json ARGS` prints.
fn printed(command: &str, path: &std::path::Path, args: &[&str]) -> Value {
    let output = Command::new(env!("CARGO_BIN_EXE_nonosat"))
        .arg(command)
        .arg(path)
        .args(["--json"])
        .args(args)
        .output()
        .expect("the binary runs");
    serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
        panic!(
            "{}: {error}: {}",
            path.display(),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

#[test]
fn a_colour_design_is_drawn_repaired_and_saved_in_colour_formats() {
    in_browser("colour", |server, browser| async move {
        for field in ["#width", "#height"] {
            let input = browser.find(field).await;
            input.clear().await.unwrap();
            input.send_keys("4").await.unwrap();
        }
        browser.click("#resize").await;
        browser
            .run("document.getElementById('title').focus()")
            .await;
        browser
            .find("#title")
            .await
            .send_keys("Two reds\n")
            .await
            .unwrap();
        browser.run("document.getElementById('title').blur()").await;
        // A second colour, red, chosen at once; black is colour 1.
        browser.click("#add-colour").await;
        assert_eq!(browser.run("return studio.state.colour").await, json!(2));
        browser.key('1').await;
        let record = browser
            .stroke_and_verdict(&[(0, 0)], MOUSE_BUTTON_LEFT)
            .await;
        // One colour used: checked as the black-and-white puzzle it is.
        assert_eq!(record["verdict"], "unique", "{record}");
        assert_eq!(browser.design().await[0], "#...");
        let record = browser
            .stroke_and_verdict(&[(1, 1)], MOUSE_BUTTON_LEFT)
            .await;
        assert_eq!(record["verdict"], "multiple", "{record}");
        let record = browser.all_ambiguous().await;
        assert_eq!(record["ambiguous"], json!([[0, 0], [0, 1], [1, 0], [1, 1]]));
        let edit = browser
            .wait_for(
                "a recolouring",
                "const b = document.querySelector('#repairs button.edit'); return b && b.textContent",
            )
            .await;
        assert!(edit.as_str().unwrap().starts_with("Recolour ("), "{edit}");
        // The hints are `fix`'s, proved fewest as the command proves them.
        let hints = browser
            .wait_for(
                "the hint cells",
                "const b = document.querySelector('#repairs button.hints'); return b && b.textContent",
            )
            .await;
        let picture = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("two-blacks.txt");
        std::fs::write(&picture, browser.design().await.join("\n")).expect("written");
        let fixed = printed("fix", &picture, &[]);
        let count = fixed["hints"]["cells"]
            .as_array()
            .expect("hint cells")
            .len();
        assert_eq!(fixed["hints"]["proved_minimal"], true);
        let cells = if count == 1 { "cell" } else { "cells" };
        assert_eq!(
            hints,
            json!(format!("Give {count} hint {cells} (proved fewest)"))
        );
        browser.screenshots("colour-multiple").await;

        // Red beside the first black cell settles the picture.
        browser.key('2').await;
        let record = browser
            .stroke_and_verdict(&[(0, 1)], MOUSE_BUTTON_LEFT)
            .await;
        assert_eq!(record["verdict"], "unique", "{record}");
        let design = browser.design().await;
        assert_eq!(design, ["ab..", ".a..", "....", "...."]);
        assert_eq!(rows_of(&record["solutions"][0]), design);
        assert!(record["colors"].is_array(), "a colour check: {record}");
        let shot = browser.screenshots("colour-unique").await;
        assert!(is_dark(browser.colour(&shot, (0, 0), (0.0, -0.35)).await));
        assert!(is_design_red(
            browser.colour(&shot, (0, 1), (0.0, -0.35)).await
        ));
        assert!(is_white(browser.colour(&shot, (2, 2), (0.0, 0.0)).await));

        // Saved in the colour formats, named after the title, each read back by the CLI to the
        // same picture.
        for (format, extension, args) in [
            ("non", "non", &[][..]),
            ("xml", "xml", &[]),
            ("json", "json", &[]),
            ("olsak", "g", &[]),
            ("png", "png", &["--colors", "2"]),
        ] {
            let path = browser
                .save_as(format, &format!("two-reds.{extension}"))
                .await;
            let printed = checked(&path, args);
            assert_eq!(printed["verdict"], "unique", "{format}: {printed}");
            let mut colours: Vec<&str> = printed["colors"]
                .as_array()
                .unwrap_or_else(|| panic!("{format}: {printed}"))
                .iter()
                .filter_map(|colour| colour["rgb"].as_str())
                .collect();
            colours.sort_unstable();
            assert_eq!(colours, ["#000000", "#cc3333", "#ffffff"], "{format}");
            if format != "png" {
                assert_eq!(rows_of(&printed["solutions"][0]), design, "{format}");
            }
            if ["non", "xml", "json"].contains(&format) {
                assert_eq!(printed["title"], "Two reds", "{format}");
            }
        }

        // Back to two solutions (Ctrl+Z), then the recolouring clicked: unique again.
        let before = browser.verdicts().await;
        browser
            .run("studio.state.design.undo.length && document.getElementById('undo').click()")
            .await;
        let record = browser.next_verdict(before).await;
        assert_eq!(record["verdict"], "multiple", "{record}");
        browser
            .wait_for(
                "the repairs",
                "return document.querySelector('#repairs button.edit')",
            )
            .await;
        let before = browser.verdicts().await;
        browser.click("#repairs button.edit").await;
        let record = browser.next_verdict(before).await;
        assert_eq!(record["verdict"], "unique", "{record}");
        assert_eq!(rows_of(&record["solutions"][0]), browser.design().await);

        // The dark theme (T): the page dark, the picture in its own colours.
        browser.key('t').await;
        let shot = browser.screenshots("colour-dark").await;
        assert!(is_dark(shot.pixel(5, 5)), "a dark page");
        assert!(is_white(browser.colour(&shot, (3, 3), (0.0, 0.0)).await));
        drop(server);
        browser
    });
}

/// A 6x4 picture in red and blue on white, as a PNG of one pixel a cell.
fn colour_png() -> Vec<u8> {
    let rows = ["rr..bb", "r....b", "rrbbbb", "..bb.."];
    let mut pixels = Vec::new();
    for row in rows {
        for ch in row.chars() {
            pixels.extend_from_slice(match ch {
                'r' => &[204, 51, 51],
                'b' => &[51, 102, 204],
                _ => &[255, 255, 255],
            });
        }
    }
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, 6, 4);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("a PNG header");
    writer.write_image_data(&pixels).expect("the pixels");
    writer.finish().expect("a PNG");
    bytes
}

#[test]
fn colour_files_open_and_design_and_solve_keep_their_own_puzzles() {
    in_browser("colour-files", |server, browser| async move {
        // A colour PNG opens in colour (with the page's default of 8 colours at most).
        let png = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("two-colours.png");
        std::fs::write(&png, colour_png()).expect("the PNG is written");
        let before = browser.verdicts().await;
        browser.open(png.to_str().unwrap()).await;
        let record = browser.next_verdict(before).await;
        let palette = browser
            .run("return studio.state.design.palette.map(c => c.rgb)")
            .await;
        assert_eq!(palette, json!(["#ffffff", "#cc3333", "#3366cc"]));
        assert!(record["colors"].is_array(), "{record}");
        let design = browser.design().await;
        assert_eq!(design, ["aa..bb", "a....b", "aabbbb", "..bb.."]);

        // acorn.g from the shared corpus: a colour puzzle with its picture? No: clues only, so
        // it opens in solve mode, in its four colours; the design stays as it was.
        if let Some(corpus) = crate::common::corpus_dir() {
            let acorn = corpus.join("pbnsolve/acorn.g");
            let before = browser.verdicts().await;
            browser.open(acorn.to_str().unwrap()).await;
            let record = browser.next_verdict(before).await;
            assert_eq!(record["verdict"], "unique", "{record}");
            assert_eq!(
                browser.run("return studio.state.mode").await,
                json!("solve")
            );
            let names = browser
                .run("return studio.state.solve.palette.map(c => c.name)")
                .await;
            assert_eq!(names.as_array().map(Vec::len), Some(5), "{names}");
            // Paint one cell of the solution in its colour.
            let solution = rows_of(&record["solutions"][0]);
            let (row, col) = solution
                .iter()
                .enumerate()
                .find_map(|(row, line)| line.find('y').map(|col| (row, col)))
                .expect("a yellow cell");
            let yellow = names
                .as_array()
                .unwrap()
                .iter()
                .position(|name| name == "yellow")
                .expect("yellow");
            browser.key(char::from(b'0' + yellow as u8)).await;
            browser.stroke(&[(row, col)], MOUSE_BUTTON_LEFT).await;
            let shot = browser.screenshots("acorn").await;
            assert!(is_yellow(
                browser.colour(&shot, (row, col), (0.0, 0.0)).await
            ));
            browser.click("#mistakes").await;
            browser
                .wait_for(
                    "no mistakes",
                    "return document.getElementById('solve-text').textContent === 'no mistakes so far'",
                )
                .await;
        } else {
            eprintln!("acorn.g SKIPPED: no shared corpus (NONOSAT_PUZZLES)");
        }

        // A clue-only file replaces the puzzle being solved, never the design; a mark made in
        // solve mode is there after a visit to the design.
        let before = browser.verdicts().await;
        browser
            .open(&bundled_path("examples/heart-tatham.txt"))
            .await;
        browser.next_verdict(before).await;
        browser.key('1').await;
        browser.stroke(&[(1, 3)], MOUSE_BUTTON_LEFT).await;
        let marks = "return Array.from(studio.state.solve.marks).join('')";
        let marked = browser.run(marks).await;
        browser.click("#mode-design + span").await;
        assert_eq!(browser.design().await, design, "the design is intact");
        let saved = browser.save_as("non", "two-colours.non").await;
        let printed = checked(&saved, &[]);
        assert_eq!(printed["goal"]["is_solution"], true, "{printed}");
        assert_eq!(printed["width"], 6, "{printed}");
        browser.click("#mode-solve + span").await;
        assert_eq!(browser.run(marks).await, marked, "the marks are intact");
        assert_eq!(
            browser.run("return studio.state.solve.width").await,
            json!(7)
        );
        // Save in solve mode writes the puzzle on screen, named after it.
        let saved = browser.save_as("non", "heart-tatham.non").await;
        let printed = checked(&saved, &[]);
        assert_eq!(
            (printed["width"].clone(), printed["height"].clone()),
            (json!(7), json!(6))
        );
        drop(server);
        browser
    });
}

#[test]
fn a_fast_drag_paints_every_cell_of_its_path_and_the_tools_draw_lines_and_rectangles() {
    in_browser("drag", |server, browser| async move {
        // Three pointer events, far apart: the stroke fills the cells between them.
        let centre = |row, col| format!("return studio.cellCentre({row}, {col})");
        let mut mouse = MouseActions::new("mouse".to_owned());
        for (i, (row, col)) in [(1, 1), (1, 13), (12, 13)].into_iter().enumerate() {
            let at = browser.run(&centre(row, col)).await;
            mouse = mouse.then(PointerAction::MoveTo {
                duration: Some(std::time::Duration::ZERO),
                x: at[0].as_f64().unwrap().round(),
                y: at[1].as_f64().unwrap().round(),
            });
            if i == 0 {
                mouse = mouse.then(PointerAction::Down {
                    button: MOUSE_BUTTON_LEFT,
                });
            }
        }
        mouse = mouse.then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
        let before = browser.verdicts().await;
        browser
            .client
            .perform_actions(mouse)
            .await
            .expect("the drag");
        browser.client.release_actions().await.expect("released");
        browser.next_verdict(before).await;
        let design = browser.design().await;
        for col in 1..=13 {
            assert_eq!(
                &design[1][col..=col],
                "#",
                "row 2, column {}: {design:?}",
                col + 1
            );
        }
        for (row, line) in design.iter().enumerate().take(13).skip(1) {
            assert_eq!(&line[13..14], "#", "row {}, column 14: {design:?}", row + 1);
        }
        let painted: usize = design.iter().map(|line| line.matches('#').count()).sum();
        assert_eq!(painted, 13 + 11, "only the path: {design:?}");

        // The line tool (L): from (4, 0) to (10, 6), a diagonal of seven cells.
        browser.key('l').await;
        browser
            .stroke(&[(4, 0), (7, 3), (10, 6)], MOUSE_BUTTON_LEFT)
            .await;
        let design = browser.design().await;
        for i in 0..7 {
            assert_eq!(&design[4 + i][i..=i], "#", "{design:?}");
        }
        let painted: usize = design.iter().map(|line| line.matches('#').count()).sum();
        assert_eq!(painted, 24 + 7, "{design:?}");
        // The rectangle tool (R): the outline of rows 12-14 by columns 0-3, ten cells.
        browser.key('r').await;
        browser
            .stroke(&[(12, 0), (13, 2), (14, 3)], MOUSE_BUTTON_LEFT)
            .await;
        let design = browser.design().await;
        assert_eq!(
            &design[12..],
            ["####.........#.", "#..#...........", "####..........."]
        );
        browser.screenshots("drag").await;

        // The design survives a reload; with unsaved changes, leaving asks first.
        let asks = "const e = new Event('beforeunload', { cancelable: true }); \
                    window.dispatchEvent(e); return e.defaultPrevented";
        assert_eq!(browser.run(asks).await, json!(true));
        browser.run("studio.state.design.dirty = false").await;
        assert_eq!(browser.run(asks).await, json!(false));
        browser.client.refresh().await.expect("reloaded");
        browser
            .wait_for(
                "the kept design",
                "return window.studio && studio.state.check",
            )
            .await;
        assert_eq!(browser.design().await, design);
        drop(server);
        browser
    });
}

#[test]
fn a_150x150_design_zooms_and_strokes_land_where_pointed() {
    in_browser("zoom", |server, browser| async move {
        let before = browser.verdicts().await;
        let picture = json!(super::design(150)).to_string();
        browser
            .run(&format!("studio.applyPicture({picture})"))
            .await;
        browser.next_verdict(before).await;
        let fitted = browser
            .run("return studio.cellSize()")
            .await
            .as_f64()
            .unwrap();
        let width = browser
            .run("return document.getElementById('grid').width")
            .await;
        assert!(
            width.as_f64().unwrap() > 600.0,
            "the grid fills the window: {width}"
        );
        browser.screenshots("zoom-150-fit").await;
        for _ in 0..3 {
            browser.click("#zoom-in").await;
        }
        let zoomed = browser
            .run("return studio.cellSize()")
            .await
            .as_f64()
            .unwrap();
        assert!(zoomed >= fitted * 1.8, "{fitted} -> {zoomed}");
        // Scroll cell (100, 120) into the middle of the view, and paint it.
        browser
            .run(
                "const s = document.getElementById('scroller'); const [x, y] = studio.cellCentre(100, 120); \
                 const box = s.getBoundingClientRect(); \
                 s.scrollLeft += x - box.left - box.width / 2; s.scrollTop += y - box.top - box.height / 2;",
            )
            .await;
        let cell = |rows: &[String]| rows[100].as_bytes()[120];
        let was = cell(&browser.design().await);
        let button = if was == b'#' {
            fantoccini::actions::MOUSE_BUTTON_RIGHT
        } else {
            MOUSE_BUTTON_LEFT
        };
        let before = browser.verdicts().await;
        browser.stroke(&[(100, 120)], button).await;
        browser.next_verdict(before).await;
        let now = browser.design().await;
        assert_ne!(cell(&now), was, "the cell pointed at changed");
        let changed: usize = now
            .iter()
            .zip(super::design(150))
            .map(|(a, b)| a.bytes().zip(b.bytes()).filter(|(x, y)| x != y).count())
            .sum();
        assert_eq!(changed, 1);
        browser.screenshots("zoom-150").await;
        drop(server);
        browser
    });
}

/// Whether a pixel is the grey of a dot on an undecided cell (#6b7280).
fn is_dot_grey([r, g, b]: [u8; 3]) -> bool {
    (90..=125).contains(&r) && (100..=130).contains(&g) && (115..=145).contains(&b)
}

/// A design whose ambiguous cells take far longer than the studio's follow-up check (Faase's
/// picture, from the shared corpus: its verdict in about a second, thousands of its cells
/// unsettled after a minute): the cells the time limit left undecided are counted beside the
/// ambiguous ones, and each is marked with a grey dot.
#[test]
fn cells_a_time_limit_left_undecided_are_counted_and_dotted() {
    let Some(corpus) = crate::common::corpus_dir() else {
        eprintln!("SKIPPED: no shared corpus (NONOSAT_PUZZLES)");
        return;
    };
    in_browser("undecided", |server, browser| async move {
        let before = browser.verdicts().await;
        let faase = corpus.join("survey/faase-solution1.txt");
        browser.open(faase.to_str().unwrap()).await;
        assert_eq!(browser.next_verdict(before).await["verdict"], "multiple");
        let script = "const record = studio.state.check; \
                      return record.undecided && record.undecided.length > 0 && record";
        let record = browser.wait_for("the undecided cells", script).await;
        assert_eq!(record["ambiguous_complete"], false, "{record}");
        let details = browser.find("#details").await.text().await.unwrap();
        let undecided = record["undecided"].as_array().unwrap();
        let words = format!("{} undecided (time limit)", undecided.len());
        assert!(details.contains(&words), "{details}");
        let cells: Vec<(usize, usize)> = undecided
            .iter()
            .step_by(undecided.len() / 5 + 1)
            .map(|cell| {
                (
                    cell[0].as_u64().unwrap() as usize,
                    cell[1].as_u64().unwrap() as usize,
                )
            })
            .collect();
        let shot = browser.screenshots("undecided").await;
        for &cell in &cells {
            let centre = browser.colour(&shot, cell, (0.0, 0.0)).await;
            assert!(is_dot_grey(centre), "{cell:?}: {centre:?}");
        }
        // Unmarked, the same cells show the design's own colours.
        browser.click("#show-ambiguous").await;
        let shot = browser.screenshots("undecided-unmarked").await;
        for &cell in &cells {
            let centre = browser.colour(&shot, cell, (0.0, 0.0)).await;
            assert!(is_dark(centre) || is_white(centre), "{cell:?}: {centre:?}");
        }
        drop(server);
        browser
    });
}
