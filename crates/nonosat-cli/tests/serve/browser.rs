//! The page in a real browser: Debian's `chromium` driven through `chromedriver` (WebDriver) with
//! fantoccini. A person's strokes are pointer actions on the canvas; what the page shows is read
//! from its elements and from screenshots, whose pixels are checked at the cells that matter (the
//! screenshots are kept under the target directory's `serve-screens/` to be looked at). Where no
//! chromedriver is installed the tests say so and pass: `.ci/run` installs it.

use std::io::Write;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MOUSE_BUTTON_LEFT, MOUSE_BUTTON_RIGHT, MouseActions,
    PointerAction,
};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

use super::{Server, bundled_path, clues_of, rows_of};

mod studio;

/// Where Debian's packages put the driver and the browser.
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";

/// The longest the page may take to show a verdict or a file to arrive.
const PATIENCE: Duration = Duration::from_secs(60);

/// A headless Chromium session on a fresh profile, with its chromedriver; both stop when dropped.
struct Browser {
    client: Client,
    driver: Child,
    /// Where the page's downloads land.
    downloads: PathBuf,
    /// Where screenshots are kept.
    screens: PathBuf,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// A free loopback port for chromedriver.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
}

/// A fresh, empty directory under the test's target directory.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

impl Browser {
    /// Starts chromedriver and a headless Chromium, or says why the test is skipped.
    async fn start(test: &str) -> Option<Browser> {
        let driver_path = std::env::var("NONOSAT_CHROMEDRIVER").unwrap_or(CHROMEDRIVER.to_owned());
        let browser_path = std::env::var("NONOSAT_CHROMIUM").unwrap_or(CHROMIUM.to_owned());
        for path in [&driver_path, &browser_path] {
            if !Path::new(path).exists() {
                // Straight to the standard error, past the test harness's capture, so that a
                // plain `cargo test` shows it.
                let _ = writeln!(
                    std::io::stderr(),
                    "browser test {test} SKIPPED: no {path} (apt-get install -y chromium \
                     chromium-driver, or set NONOSAT_CHROMEDRIVER and NONOSAT_CHROMIUM)"
                );
                return None;
            }
        }
        let port = free_port();
        let driver = Command::new(&driver_path)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let profile = fresh_dir(&format!("serve-profile-{test}"));
        let downloads = fresh_dir(&format!("serve-downloads-{test}"));
        let screens = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-screens");
        std::fs::create_dir_all(&screens).expect("a screenshot directory");
        let options = json!({
            "binary": browser_path,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-dev-shm-usage", "--window-size=1400,1000",
                format!("--user-data-dir={}", profile.display()),
            ],
            "prefs": {
                "download.default_directory": downloads,
                "download.prompt_for_download": false,
            },
        });
        let mut capabilities = serde_json::Map::new();
        capabilities.insert("goog:chromeOptions".to_owned(), options);
        let mut browser = None;
        let started = Instant::now();
        // chromedriver takes a moment to listen.
        while browser.is_none() {
            let connected = ClientBuilder::new(HttpConnector::new())
                .capabilities(capabilities.clone())
                .connect(&format!("http://127.0.0.1:{port}"))
                .await;
            match connected {
                Ok(client) => browser = Some(client),
                Err(error) if started.elapsed() > Duration::from_secs(30) => {
                    panic!("no WebDriver session: {error}")
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
            }
        }
        Some(Browser {
            client: browser.expect("a session"),
            driver,
            downloads,
            screens,
        })
    }

    /// Runs `script` in the page and answers its value.
    async fn run(&self, script: &str) -> Value {
        self.client
            .execute(script, Vec::new())
            .await
            .unwrap_or_else(|error| panic!("{script}: {error}"))
    }

    /// Waits until `script` answers something other than null or false, and answers it.
    async fn wait_for(&self, what: &str, script: &str) -> Value {
        let started = Instant::now();
        loop {
            let value = self.run(script).await;
            if !(value.is_null() || value == json!(false)) {
                return value;
            }
            assert!(started.elapsed() < PATIENCE, "the page never showed {what}");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// How many verdicts the page has shown.
    async fn verdicts(&self) -> usize {
        let shown = self
            .run("return document.body.dataset.verdicts || '0'")
            .await;
        shown.as_str().and_then(|n| n.parse().ok()).unwrap_or(0)
    }

    /// Waits for the verdict after `before` verdicts, and answers the check record it shows
    /// after checking that the words on the page say the same.
    async fn next_verdict(&self, before: usize) -> Value {
        let script = format!(
            "return Number(document.body.dataset.verdicts || 0) > {before} \
             && !document.getElementById('verdict').classList.contains('pending')"
        );
        self.wait_for("a new verdict", &script).await;
        let record = self.run("return studio.state.check").await;
        let shown = self
            .find("#verdict")
            .await
            .attr("data-verdict")
            .await
            .unwrap();
        assert_eq!(shown.as_deref(), record["verdict"].as_str());
        record
    }

    /// Waits for every ambiguous cell of the design, and answers the check record that has them.
    async fn all_ambiguous(&self) -> Value {
        let script = "return studio.state.check && studio.state.check.ambiguous";
        self.wait_for("every ambiguous cell", script).await;
        self.run("return studio.state.check").await
    }

    /// The design's rows as the page holds them.
    async fn design(&self) -> Vec<String> {
        rows_of(&self.run("return studio.designRows()").await)
    }

    async fn find(&self, css: &str) -> fantoccini::elements::Element {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|error| panic!("no {css}: {error}"))
    }

    async fn click(&self, css: &str) {
        self.find(css)
            .await
            .click()
            .await
            .unwrap_or_else(|error| panic!("{css}: {error}"));
    }

    /// One stroke through `cells` (row, column) with `button` held down, as a person drags.
    async fn stroke(&self, cells: &[(usize, usize)], button: u64) {
        let mut mouse = MouseActions::new("mouse".to_owned());
        for (i, &(row, col)) in cells.iter().enumerate() {
            let centre = self
                .run(&format!("return studio.cellCentre({row}, {col})"))
                .await;
            let (x, y) = (centre[0].as_f64().unwrap(), centre[1].as_f64().unwrap());
            mouse = mouse.then(PointerAction::MoveTo {
                duration: Some(Duration::from_millis(5)),
                x: x.round(),
                y: y.round(),
            });
            if i == 0 {
                mouse = mouse.then(PointerAction::Down { button });
            }
        }
        mouse = mouse.then(PointerAction::Up { button });
        self.client
            .perform_actions(mouse)
            .await
            .expect("the stroke");
        self.client.release_actions().await.expect("released");
    }

    /// A stroke, then the verdict the page shows for it.
    async fn stroke_and_verdict(&self, cells: &[(usize, usize)], button: u64) -> Value {
        let before = self.verdicts().await;
        self.stroke(cells, button).await;
        self.next_verdict(before).await
    }

    /// A screenshot of the window kept as `NAME.png`, and one of the grid's canvas, decoded.
    async fn screenshots(&self, name: &str) -> Shot {
        let window = self.client.screenshot().await.expect("a screenshot");
        let path = self.screens.join(format!("{name}.png"));
        std::fs::write(&path, &window).expect("the screenshot is kept");
        let window = Shot::decode(&window);
        assert!(
            window.width >= 1000 && window.height >= 700,
            "{name}: the whole window"
        );
        let canvas = self
            .find("#grid")
            .await
            .screenshot()
            .await
            .expect("the canvas");
        std::fs::write(self.screens.join(format!("{name}-grid.png")), &canvas).expect("kept");
        let mut shot = Shot::decode(&canvas);
        let origin = self
            .run("const box = document.getElementById('grid').getBoundingClientRect(); return [box.left, box.top]")
            .await;
        shot.origin = (origin[0].as_f64().unwrap(), origin[1].as_f64().unwrap());
        shot
    }

    /// The colour of the grid screenshot `shot` at the centre of (row, column), moved by
    /// (`dx`, `dy`) fractions of a cell.
    async fn colour(
        &self,
        shot: &Shot,
        (row, col): (usize, usize),
        (dx, dy): (f64, f64),
    ) -> [u8; 3] {
        let centre = self
            .run(&format!("return studio.cellCentre({row}, {col})"))
            .await;
        let cell = self.run("return studio.cellSize()").await.as_f64().unwrap();
        let x = centre[0].as_f64().unwrap() - shot.origin.0 + dx * cell;
        let y = centre[1].as_f64().unwrap() - shot.origin.1 + dy * cell;
        shot.pixel(x as usize, y as usize)
    }

    /// Waits for the download `name` to be complete, and answers its bytes.
    async fn downloaded(&self, name: &str) -> Vec<u8> {
        let path = self.downloads.join(name);
        let started = Instant::now();
        loop {
            let partial = self.downloads.join(format!("{name}.crdownload"));
            let bytes = std::fs::read(&path).unwrap_or_default();
            if !partial.exists() && !bytes.is_empty() {
                return bytes;
            }
            assert!(started.elapsed() < PATIENCE, "{name} was never saved");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn close(self) {
        // The session ends before chromedriver is stopped (in drop).
        let client = self.client.clone();
        let _ = client.close().await;
    }
}

/// A decoded screenshot.
struct Shot {
    width: usize,
    height: usize,
    /// 3 (RGB) or 4 (RGBA) bytes a pixel.
    channels: usize,
    pixels: Vec<u8>,
    /// Where its top left corner is on the window.
    origin: (f64, f64),
}

impl Shot {
    fn decode(bytes: &[u8]) -> Shot {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info().expect("a PNG screenshot");
        let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut pixels).expect("its pixels");
        let channels = match info.color_type {
            png::ColorType::Rgba => 4,
            png::ColorType::Rgb => 3,
            other => panic!("a colour screenshot, not {other:?}"),
        };
        Shot {
            width: info.width as usize,
            height: info.height as usize,
            channels,
            pixels,
            origin: (0.0, 0.0),
        }
    }

    fn pixel(&self, x: usize, y: usize) -> [u8; 3] {
        assert!(
            x < self.width && y < self.height,
            "({x}, {y}) is outside the screenshot"
        );
        let at = (y * self.width + x) * self.channels;
        [self.pixels[at], self.pixels[at + 1], self.pixels[at + 2]]
    }
}

fn is_dark([r, g, b]: [u8; 3]) -> bool {
    r < 80 && g < 80 && b < 80
}

fn is_white([r, g, b]: [u8; 3]) -> bool {
    r > 235 && g > 235 && b > 235
}

/// The orange of the ambiguous cells' crosses.
fn is_orange([r, g, b]: [u8; 3]) -> bool {
    r > 200 && (50..160).contains(&g) && b < 80
}

/// The red of a mistake's cross.
fn is_red([r, g, b]: [u8; 3]) -> bool {
    r > 180 && g < 90 && b < 90
}

/// The blue of the second solution.
fn is_blue([r, g, b]: [u8; 3]) -> bool {
    b > 150 && r < 80 && g < 120
}

/// Runs one browser test on a fresh server and browser.
fn in_browser<F>(test: &str, body: impl FnOnce(Server, Browser) -> F)
where
    F: std::future::Future<Output = Browser>,
{
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let server = Server::start(&["--jobs", "2"]);
        let Some(browser) = Browser::start(test).await else {
            return;
        };
        browser
            .client
            .goto(&server.url())
            .await
            .expect("the page loads");
        browser
            .wait_for(
                "the empty grid",
                "return document.getElementById('verdict').textContent === 'draw something'",
            )
            .await;
        let browser = body(server, browser).await;
        browser.close().await;
    });
}

#[test]
fn a_design_is_drawn_checked_repaired_opened_and_saved() {
    in_browser("design", |server, browser| async move {
        // A 6x6 grid, through the size fields.
        for field in ["#width", "#height"] {
            let input = browser.find(field).await;
            input.clear().await.unwrap();
            input.send_keys("6").await.unwrap();
        }
        browser.click("#resize").await;
        assert_eq!(browser.design().await, vec!["......"; 6]);

        // Stroke by stroke: one black cell is unique; a second on the diagonal makes two
        // solutions, with four ambiguous cells; a third makes it unique again.
        let record = browser
            .stroke_and_verdict(&[(0, 0)], MOUSE_BUTTON_LEFT)
            .await;
        assert_eq!(record["verdict"], "unique");
        let record = browser
            .stroke_and_verdict(&[(1, 1)], MOUSE_BUTTON_LEFT)
            .await;
        assert_eq!(record["verdict"], "multiple");
        // The ambiguous cells follow the verdict.
        let record = browser.all_ambiguous().await;
        let design = browser.design().await;
        assert_eq!(&design[..2], ["#.....", ".#...."]);
        assert_eq!(record["ambiguous"], json!([[0, 0], [0, 1], [1, 0], [1, 1]]));
        browser
            .wait_for(
                "the repairs",
                "return document.querySelector('#repairs button.edit')",
            )
            .await;
        let shot = browser.screenshots("multiple").await;
        // Black where drawn, an orange cross over each ambiguous cell, white elsewhere.
        assert!(is_dark(browser.colour(&shot, (1, 1), (0.0, -0.35)).await));
        assert!(is_orange(browser.colour(&shot, (0, 1), (0.0, 0.0)).await));
        assert!(is_orange(browser.colour(&shot, (1, 1), (0.0, 0.0)).await));
        assert!(is_white(browser.colour(&shot, (3, 3), (0.0, 0.0)).await));

        // The second solution, one click away, drawn in blue.
        browser.click("#second").await;
        let second = rows_of(&record["solutions"][1]);
        assert_eq!(
            clues_of(&second),
            clues_of(&design),
            "the second solution has the clues"
        );
        let shot = browser.screenshots("second-solution").await;
        for (row, line) in second.iter().enumerate().take(2) {
            for (col, ch) in line.chars().enumerate().take(2) {
                let colour = browser.colour(&shot, (row, col), (0.0, -0.35)).await;
                assert_eq!(is_blue(colour), ch == '#', "({row}, {col}): {colour:?}");
            }
        }
        browser.click("#second").await;

        // A repair applied by a click: the design changes at the flipped cells and is unique.
        let before = browser.verdicts().await;
        browser.click("#repairs button.edit").await;
        let record = browser.next_verdict(before).await;
        assert_eq!(record["verdict"], "unique");
        let repaired = browser.design().await;
        assert_eq!(rows_of(&record["solutions"][0]), repaired);
        let flipped = design
            .iter()
            .zip(&repaired)
            .flat_map(|(a, b)| a.chars().zip(b.chars()).filter(|(x, y)| x != y))
            .count();
        assert!(flipped >= 1, "the repair changed the design");

        // Right-drag clears a row; undo (Ctrl+Z) brings it back.
        browser
            .stroke_and_verdict(
                &[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5)],
                MOUSE_BUTTON_RIGHT,
            )
            .await;
        assert_eq!(browser.design().await[0], "......");
        let before = browser.verdicts().await;
        let undo = KeyActions::new("keyboard".to_owned())
            .then(KeyAction::Down {
                value: Key::Control.into(),
            })
            .then(KeyAction::Down { value: 'z' })
            .then(KeyAction::Up { value: 'z' })
            .then(KeyAction::Up {
                value: Key::Control.into(),
            });
        browser.client.perform_actions(undo).await.expect("Ctrl+Z");
        browser.next_verdict(before).await;
        assert_eq!(browser.design().await, repaired);

        // Open a picture (PNG): its design, unique.
        browser
            .run("document.getElementById('open').hidden = false")
            .await;
        let before = browser.verdicts().await;
        let heart = canonical(&bundled_path("examples/heart.png"));
        browser
            .find("#open")
            .await
            .send_keys(&heart)
            .await
            .expect("the file is chosen");
        let record = browser.next_verdict(before).await;
        assert_eq!(record["verdict"], "unique");
        assert_eq!(rows_of(&record["solutions"][0]), browser.design().await);
        browser.screenshots("opened-heart").await;

        // Save it as .non and as a PNG sheet; the .non file reads back to the same picture.
        browser
            .find("#save-format")
            .await
            .select_by_value("non")
            .await
            .unwrap();
        browser.click("#save").await;
        let saved = browser.downloaded("heart.non").await;
        let path = browser.downloads.join("heart.non");
        let output = Command::new(env!("CARGO_BIN_EXE_nonosat"))
            .args(["check", path.to_str().unwrap(), "--json"])
            .output()
            .expect("the binary runs");
        let printed: Value = serde_json::from_slice(&output.stdout).expect("a record");
        assert_eq!(
            printed["verdict"],
            "unique",
            "{}",
            String::from_utf8_lossy(&saved)
        );
        assert_eq!(printed["solutions"], record["solutions"]);
        browser
            .find("#save-format")
            .await
            .select_by_value("sheet-png")
            .await
            .unwrap();
        browser.click("#save").await;
        let sheet = browser.downloaded("heart.png").await;
        let sheet = Shot::decode(&sheet);
        assert!(sheet.width > 50 && sheet.height > 50);

        // A puzzle without a picture opens in solve mode; a hint frames the next step's
        // cells; a wrong mark is shown as a mistake.
        let before = browser.verdicts().await;
        let clues_only = canonical(&bundled_path("examples/heart-tatham.txt"));
        browser
            .find("#open")
            .await
            .send_keys(&clues_only)
            .await
            .unwrap();
        let record = browser.next_verdict(before).await;
        assert!(
            browser
                .run("return document.body.classList.contains('solving')")
                .await
                == json!(true)
        );
        browser.click("#hint").await;
        let text = browser
            .wait_for("a hint", "const t = document.getElementById('solve-text').textContent; return t.startsWith('next:') && t")
            .await;
        assert!(text.as_str().unwrap().contains("fixes"), "{text}");
        let step = browser.run("return studio.state.solveMarks.step").await;
        assert!(!step.as_array().unwrap().is_empty(), "the hint names cells");
        let solution = rows_of(&record["solutions"][0]);
        let white = solution
            .iter()
            .enumerate()
            .find_map(|(row, line)| line.find('.').map(|col| (row, col)))
            .expect("a white cell");
        browser.stroke(&[white], MOUSE_BUTTON_LEFT).await;
        browser.click("#mistakes").await;
        browser
            .wait_for(
                "the mistake",
                "return document.getElementById('solve-text').textContent.startsWith('1 wrong')",
            )
            .await;
        let shot = browser.screenshots("solve-mode").await;
        // The wrong mark: black, crossed in red.
        assert!(is_dark(browser.colour(&shot, white, (0.0, -0.3)).await));
        assert!(is_red(browser.colour(&shot, white, (0.0, 0.0)).await));

        // A file dropped on the page opens too (the drop event a file manager's drag raises,
        // built in the page: WebDriver cannot drag from outside the browser).
        let before = browser.verdicts().await;
        browser
            .run(
                "const files = new DataTransfer(); \
                 files.items.add(new File(['#.\\n.#\\n'], 'dropped.txt')); \
                 document.dispatchEvent(new DragEvent('drop', \
                     { dataTransfer: files, bubbles: true, cancelable: true }));",
            )
            .await;
        let record = browser.next_verdict(before).await;
        assert_eq!(record["verdict"], "multiple");
        assert_eq!(browser.design().await, ["#.", ".#"]);
        assert!(
            browser
                .run("return document.body.classList.contains('solving')")
                .await
                == json!(false)
        );
        drop(server);
        browser
    });
}

/// The absolute path without `..`, as chromedriver wants a file to upload.
fn canonical(path: &str) -> String {
    let path = std::fs::canonicalize(path).unwrap_or_else(|error| panic!("{path}: {error}"));
    path.to_str().expect("a UTF-8 path").to_owned()
}

/// The median of `values` (sorted here).
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// A designer's picture of `side` x `side` cells: rings around the centre, cut by a diagonal
/// band, so that it has long runs and some ambiguity as real designs do.
fn design(side: usize) -> Vec<String> {
    let centre = side as f64 / 2.0 - 0.5;
    (0..side)
        .map(|row| {
            (0..side)
                .map(|col| {
                    let (dr, dc) = (row as f64 - centre, col as f64 - centre);
                    let ring = (((dr * dr + dc * dc).sqrt() / 3.0) as usize).is_multiple_of(2);
                    let band = (row + col) % 11 < 3;
                    if ring ^ band { '#' } else { '.' }
                })
                .collect()
        })
        .collect()
}

/// The palette of four colours the colour figures are drawn in, as the page holds it.
const FOUR_COLOURS: &str = r##"[{"name": "white", "rgb": "#ffffff", "char": "."},
    {"name": "black", "rgb": "#000000", "char": "a"}, {"name": "red", "rgb": "#cc3333", "char": "b"},
    {"name": "blue", "rgb": "#3366cc", "char": "c"}, {"name": "green", "rgb": "#33aa55", "char": "d"}]"##;

/// [`design`] in four colours: each painted cell takes the colour of its 6x6 block's diagonal.
fn colour_design(side: usize) -> Vec<String> {
    design(side)
        .iter()
        .enumerate()
        .map(|(row, line)| {
            line.chars()
                .enumerate()
                .map(|(col, ch)| match ch {
                    '#' => char::from(b'a' + ((row / 6 + col / 6) % 4) as u8),
                    _ => '.',
                })
                .collect()
        })
        .collect()
}

#[test]
fn stroke_to_verdict_times_on_30x30_and_50x50_designs() {
    in_browser("figures", |server, browser| async move {
        for (side, colours) in [(30, 1), (50, 1), (30, 4)] {
            let before = browser.verdicts().await;
            let (picture, palette) = if colours == 1 {
                (json!(design(side)).to_string(), "undefined")
            } else {
                (json!(colour_design(side)).to_string(), FOUR_COLOURS)
            };
            browser
                .run(&format!("studio.applyPicture({picture}, {palette})"))
                .await;
            browser.next_verdict(before).await;
            let mut times = Vec::new();
            let mut verdicts = std::collections::BTreeMap::new();
            for stroke in 0..20 {
                // Alternately paint and clear a short run, somewhere new each time.
                let row = (stroke * 7 + 3) % side;
                let col = (stroke * 11 + 2) % (side - 3);
                let cells: Vec<_> = (col..col + 3).map(|col| (row, col)).collect();
                let button = if stroke % 2 == 0 {
                    MOUSE_BUTTON_LEFT
                } else {
                    MOUSE_BUTTON_RIGHT
                };
                // The colour painted: each of the palette's in turn.
                let colour = 1 + (stroke / 2) % colours;
                browser
                    .run(&format!("studio.state.colour = {colour}"))
                    .await;
                let record = browser.stroke_and_verdict(&cells, button).await;
                let drawn = browser.design().await;
                if record["verdict"] == "unique" {
                    assert_eq!(rows_of(&record["solutions"][0]), drawn);
                } else {
                    assert_eq!(record["verdict"], "multiple", "{record}");
                }
                *verdicts
                    .entry(record["verdict"].as_str().unwrap().to_owned())
                    .or_insert(0) += 1;
                let time = browser.run("return studio.state.timings.at(-1)").await;
                times.push(time.as_f64().expect("a time"));
            }
            let (fastest, slowest) = (
                times.iter().copied().fold(f64::INFINITY, f64::min),
                times.iter().copied().fold(0.0, f64::max),
            );
            println!(
                "stroke to verdict, {side}x{side} design in {colours} colour(s): median {:.0} ms \
                 over 20 strokes \
                 (fastest {fastest:.0} ms, slowest {slowest:.0} ms; includes the page's 120 ms \
                 settling delay); verdicts {verdicts:?}",
                median(&mut times),
            );
            browser
                .screenshots(&format!("design-{side}-{colours}"))
                .await;
        }
        drop(server);
        browser
    });
}
