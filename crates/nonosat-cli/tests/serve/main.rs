//! End-to-end tests of `nonosat serve`: the binary started on an ephemeral loopback port, then
//! talked to over HTTP as a page or another tool would: the API's answers and errors (`api`),
//! 200 concurrent checks with bad requests mixed in (`load`), the page in a real browser
//! (`browser`, skipped with a message where no chromedriver is installed), and one verdict from
//! `check`, a batch and the API on a hard puzzle of the shared corpus (`doors`, skipped with a
//! message where the corpus is absent).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

#[path = "../../../nonosat/tests/common/mod.rs"]
mod common;

mod api;
mod browser;
mod colour;
mod doors;
mod load;
mod queue;
mod security;
mod slow;

/// The peak resident memory the server may reach under the flood and load tests, in KiB
/// (docs/server.md gives the figures measured): bodies being read, 4 MiB each at most, on a
/// bounded number of connections, and what the searches hold.
const MEMORY_BOUND_KIB: u64 = 256 * 1024;

/// The most times a request is sent while the server answers that it is busy.
const MAX_TRIES: usize = 300;

/// A `nonosat serve` process on a free loopback port, stopped when dropped.
struct Server {
    child: Child,
    address: SocketAddr,
}

impl Server {
    /// Starts the server with `args` after `serve --port 0`, and waits for its address.
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nonosat"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout is piped"))
            .read_line(&mut line)
            .expect("the server prints its address");
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|address| address.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        Server { child, address }
    }

    /// The page's address.
    fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Sends one request and reads the whole answer.
    fn send(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Answer {
        send(self.address, method, path, headers, body)
    }

    /// POSTs `body` as JSON.
    fn post_json(&self, path: &str, body: &Value) -> Answer {
        self.send(
            "POST",
            path,
            &[("Content-Type", "application/json")],
            body.to_string().as_bytes(),
        )
    }

    /// POSTs `body` as JSON with `headers`, again after `Retry-After` while the server is busy
    /// (at most [`MAX_TRIES`] times): the answer, and how many times it was sent.
    fn post_json_patiently(
        &self,
        path: &str,
        headers: &[(&str, &str)],
        body: &Value,
    ) -> (Answer, usize) {
        let headers = [&[("Content-Type", "application/json")], headers].concat();
        let body = body.to_string();
        for tries in 1..=MAX_TRIES {
            let answer = self.send("POST", path, &headers, body.as_bytes());
            let Some(seconds) = answer.header("retry-after") else {
                return (answer, tries);
            };
            assert_eq!(answer.status, 503);
            let seconds: u64 = seconds.parse().expect("Retry-After in seconds");
            std::thread::sleep(Duration::from_secs(seconds));
        }
        panic!("still busy after {MAX_TRIES} tries");
    }

    /// POSTs a puzzle file's `bytes` as the raw body, an explicit upload.
    fn post_file(&self, path: &str, bytes: &[u8]) -> Answer {
        self.send(
            "POST",
            path,
            &[("Content-Type", "application/octet-stream")],
            bytes,
        )
    }

    /// The server's resident memory now and at its peak, in KiB (Linux only).
    fn memory_kib(&self) -> Option<(u64, u64)> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let field = |name: &str| {
            status
                .lines()
                .find(|line| line.starts_with(name))?
                .split_whitespace()
                .nth(1)?
                .parse()
                .ok()
        };
        Some((field("VmRSS:")?, field("VmHWM:")?))
    }

    /// Whether the process is still running.
    fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer.
#[derive(Debug)]
struct Answer {
    status: u16,
    /// Every header: name (in lower case) and value.
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    /// The content type, empty without one.
    fn content_type(&self) -> &str {
        self.header("content-type").unwrap_or_default()
    }

    /// The value of the header `name`, if the answer has it.
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    /// The body as JSON.
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|error| {
            panic!(
                "not JSON ({error}): {}",
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    /// The error message of a JSON error record, after checking the status.
    fn error(&self, status: u16) -> String {
        assert_eq!(
            self.status,
            status,
            "{}",
            String::from_utf8_lossy(&self.body)
        );
        let record = self.json();
        assert_eq!(record["schema_version"], nonosat::report::SCHEMA_VERSION);
        record["error"]
            .as_str()
            .expect("an error message")
            .to_owned()
    }
}

/// One HTTP/1.1 request on a connection of its own, with `Host` the server's address unless
/// `headers` name another. The body is written on another thread, so that an answer sent before
/// the whole body was read (as for a body over the limit) is read.
fn send(
    address: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Answer {
    let mut stream = TcpStream::connect(address).expect("the server accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(600)))
        .expect("a read timeout");
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if !headers
        .iter()
        .any(|(name, _)| name.eq_ignore_ascii_case("host"))
    {
        head += &format!("Host: {address}\r\n");
    }
    for (name, value) in headers {
        head += &format!("{name}: {value}\r\n");
    }
    head += "\r\n";
    let mut writer = stream.try_clone().expect("the stream clones");
    let body = body.to_vec();
    let written = std::thread::spawn(move || {
        // The server may answer and close before reading a refused body: ignore that.
        let _ = writer
            .write_all(head.as_bytes())
            .and_then(|()| writer.write_all(&body));
    });
    let mut raw = Vec::new();
    let read = stream.read_to_end(&mut raw);
    written.join().expect("the writer ends");
    if raw.is_empty() {
        panic!("no answer to {method} {path}: {read:?}");
    }
    parse_answer(&raw)
}

/// The status, headers and body of a raw HTTP/1.1 answer with a Content-Length.
fn parse_answer(raw: &[u8]) -> Answer {
    let split = raw
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .expect("the answer has a head");
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|code| code.parse().ok())
        .expect("a status line");
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(key, value)| (key.to_ascii_lowercase(), value.trim().to_owned()))
        .collect();
    let answer = Answer {
        status,
        headers,
        body: raw[split + 4..].to_vec(),
    };
    if let Some(length) = answer.header("content-length") {
        assert_eq!(
            answer.body.len().to_string(),
            length,
            "the whole body arrived"
        );
    }
    answer
}

/// The clue of a line: the lengths of its runs of `#`.
fn clue_of(cells: impl IntoIterator<Item = bool>) -> Vec<usize> {
    let mut runs = Vec::new();
    let mut run = 0;
    for black in cells.into_iter().chain([false]) {
        if black {
            run += 1;
        } else if run > 0 {
            runs.push(run);
            run = 0;
        }
    }
    runs
}

/// The row and column clues of a picture given as rows of `#` and `.`, computed here, apart from
/// the library.
fn clues_of(rows: &[String]) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let cells: Vec<Vec<bool>> = rows
        .iter()
        .map(|row| row.chars().map(|ch| ch == '#').collect())
        .collect();
    let width = cells.first().map_or(0, Vec::len);
    let row_clues = cells
        .iter()
        .map(|row| clue_of(row.iter().copied()))
        .collect();
    let column_clues = (0..width)
        .map(|col| clue_of(cells.iter().map(|row| row[col])))
        .collect();
    (row_clues, column_clues)
}

/// The rows of a JSON array of strings.
fn rows_of(value: &Value) -> Vec<String> {
    value
        .as_array()
        .expect("an array of rows")
        .iter()
        .map(|row| row.as_str().expect("a row string").to_owned())
        .collect()
}

/// A random picture of `side` x `side` cells, about half black, from a xorshift generator seeded
/// with `seed` (nonzero): the same seed gives the same picture.
fn random_picture(side: usize, seed: u64) -> Vec<String> {
    let mut state = seed;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..side)
        .map(|_| {
            (0..side)
                .map(|_| if next() >> 63 == 1 { '#' } else { '.' })
                .collect()
        })
        .collect()
}

/// A bundled puzzle's bytes, by its path under `puzzles/`.
fn bundled(path: &str) -> Vec<u8> {
    let path = bundled_path(path);
    std::fs::read(&path).unwrap_or_else(|error| panic!("{path}: {error}"))
}

/// A bundled puzzle's path, by its path under `puzzles/`.
fn bundled_path(path: &str) -> String {
    format!(
        "{}/puzzles/{path}",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    )
}
