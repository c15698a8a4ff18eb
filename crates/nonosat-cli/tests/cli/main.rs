//! End-to-end tests of the `nonosat` binary, one module per part of the command line: exit codes,
//! the `--json` records, multi-puzzle files, standard input, `clues`, `convert`, `--goal`, `cnf`,
//! `--timeout`, help and closed pipes, `explain`/`hint`/`latin`, `fix --apply`, ambiguity,
//! certificates, `tiles`, `compare`, batches, pictures, fuzzing, and the shared corpus.
//!
//! All but `corpus` use only bundled puzzles (`puzzles/`) and temporary files written here, so
//! they always run; `corpus` says so when the shared corpus is absent.

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::Value;

#[path = "../../../nonosat/tests/common/mod.rs"]
mod common;

mod ambiguity;
mod backend;
mod batch;
mod clues;
mod cnf;
mod colour;
mod colour_tools;
mod compare;
mod convert;
mod corpus;
mod determinism;
mod exit_codes;
mod explain_hint_latin;
mod files;
mod fix;
mod fuzz;
mod goal;
mod help_and_pipes;
mod json_record;
mod pictures;
mod proof;
mod several_puzzles;
mod stdin_and_formats;
mod tiles;
mod timeout;

/// Runs the binary with `args`, feeding `stdin` when given; returns (exit code, stdout, stderr).
fn run(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nonosat"))
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    if let Some(text) = stdin {
        let mut pipe = child.stdin.take().expect("stdin is piped");
        pipe.write_all(text.as_bytes())
            .expect("stdin takes the text");
    }
    let output = child.wait_with_output().expect("the binary finishes");
    let code = output.status.code().expect("the binary exits, not killed");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("output is UTF-8");
    (code, text(output.stdout), text(output.stderr))
}

/// A bundled puzzle, by its path under `puzzles/`.
fn bundled(path: &str) -> String {
    format!(
        "{}/puzzles/{path}",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    )
}

/// A temporary file, removed when dropped; the name holds the process id, so runs don't collide.
struct Temp(PathBuf);

impl Temp {
    fn new(name: &str, content: &str) -> Temp {
        let path = std::env::temp_dir().join(format!("nonosat-cli-{}-{name}", std::process::id()));
        std::fs::write(&path, content).expect("temp file written");
        Temp(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("temp path is UTF-8")
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Every line of `stdout` as JSON.
/// Writes `formula` (a certificate's DIMACS) without its last clause, the blocking clause, into
/// `weaker.cnf` in `dir`: a formula with a model, which no proof may refute.
fn without_blocking_clause(formula: &std::path::Path, dir: &std::path::Path) -> PathBuf {
    let text = std::fs::read_to_string(formula).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let header = lines.iter().position(|l| l.starts_with("p cnf")).unwrap();
    let fields: Vec<&str> = lines[header].split(' ').collect();
    let count: usize = fields[3].parse().unwrap();
    let mut weaker: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    weaker[header] = format!("p cnf {} {}", fields[2], count - 1);
    weaker.pop();
    let weaker_path = dir.join("weaker.cnf");
    std::fs::write(&weaker_path, weaker.join("\n") + "\n").unwrap();
    weaker_path
}

fn records(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

/// The keys of a JSON object.
fn keys(record: &Value) -> BTreeSet<&str> {
    let object = record.as_object().expect("a JSON object");
    object.keys().map(String::as_str).collect()
}

/// A `.nin` text of the clues of `picture` (rows of `#` and `.`).
fn nin_of(picture: &[String]) -> String {
    let blocks = |cells: &[bool]| {
        let runs: Vec<String> = cells
            .split(|&black| !black)
            .filter(|run| !run.is_empty())
            .map(|run| run.len().to_string())
            .collect();
        if runs.is_empty() {
            "0".to_owned()
        } else {
            runs.join(" ")
        }
    };
    let grid: Vec<Vec<bool>> = picture
        .iter()
        .map(|row| row.chars().map(|c| c == '#').collect())
        .collect();
    let (height, width) = (grid.len(), grid[0].len());
    let mut lines = vec![format!("{width} {height}")];
    lines.extend(grid.iter().map(|row| blocks(row)));
    for col in 0..width {
        let column: Vec<bool> = grid.iter().map(|row| row[col]).collect();
        lines.push(blocks(&column));
    }
    lines.join("\n") + "\n"
}

/// A 20x20 picture of pseudo-random cells (a 64-bit LCG, fixed seed): its clues have several
/// solutions and line propagation leaves 79 of the 400 cells open.
fn random_picture() -> Vec<String> {
    random_picture_of(20, 12345)
}

/// A `size`x`size` picture of pseudo-random cells, from the LCG of [`random_picture`] at `seed`.
fn random_picture_of(size: usize, seed: u64) -> Vec<String> {
    let mut state = seed;
    (0..size)
        .map(|_| {
            (0..size)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    if (state >> 33) & 1 == 1 { '#' } else { '.' }
                })
                .collect()
        })
        .collect()
}

/// 2x2, rows `2` / `0`, columns `2` / `0`: both sides ask for 2 black cells, yet no grid fits. The
/// rows allow one grid only (`##` over `..`), and its columns read `1` / `1`, not `2` / `0`.
const NO_SOLUTION_NIN: &str = "2 2\n2\n0\n2\n0\n";

/// A `.nin` with a word where a number belongs, on line 3.
const MALFORMED_NIN: &str = "3 2\n3\nx\n1\n1\n1\n";

/// A temporary folder, removed with what it holds when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("nonosat-cli-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("temp folder made");
        TempDir(path)
    }

    /// Writes `content` to `name` (which may hold a subfolder) and returns the file's path.
    fn file(&self, name: &str, content: &str) -> String {
        let path = self.0.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, content).expect("temp file written");
        path.to_str().unwrap().to_owned()
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("temp path is UTF-8")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Three puzzles, one a line: two solutions, one solution that line logic cannot find, and one
/// that line logic solves.
const THREE_JSONL: &str = "{\"rows\": [[1], [1]], \"columns\": [[1], [1]]}\n\
    {\"rows\": [[2], [1, 1]], \"columns\": [[1], [1], [1], [1]]}\n\
    {\"title\": \"full\", \"rows\": [[2], [2]], \"columns\": [[2], [2]]}\n";

/// A 4x4 block of three solutions (the two diagonals of 2x2 squares mixed) beside a fixed part:
/// every cell of the block is ambiguous although the first two solutions differ in only 8.
const THREE_WAYS: &str =
    "#..#....\n.##.....\n.##..#..\n#..#.#..\n.....##.\n##......\n.#..#...\n#...#..#\n";
