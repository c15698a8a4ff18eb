//! Fuzzing kept in the tests: every bundled example, in every format it is written in, mutated at
//! the byte level (bytes flipped, spans cut, doubled or replaced by pieces of the formats, the end
//! cut off), then read by every reader and checked by the binary under a time limit. Nothing may
//! panic, and every exit code must be one `nonosat --help` documents.
//!
//! `cargo test` runs 4000 reader cases and 240 checks from a fixed seed (a few seconds);
//! `cargo test -- --ignored` runs the long mode, 100,000 reader cases and 5,000 checks from a fresh
//! seed each time (proptest prints a failing case, shrunk).

use std::path::Path;

use nonosat::formats::{self, Format, ReadOptions};
use nonosat::latin::LatinSquare;
use nonosat::model::{ColourPuzzle, Puzzle};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

use super::*;

/// The exit codes `check` may give (docs: `nonosat --help`); 130 needs a Ctrl-C, 6 `verify-proof`.
const CHECK_EXIT_CODES: [i32; 6] = [0, 1, 2, 3, 4, 5];

/// Pieces a mutation puts in: digits, signs, the formats' punctuation and keywords, a PNG and a
/// PBM header, bytes that are not UTF-8.
const PIECES: [&[u8]; 24] = [
    b"0",
    b"9",
    b"-1",
    b"1001",
    b"99999999999999999999",
    b"1e20",
    b"#",
    b".",
    b"?",
    b"\n",
    b"\r\n",
    b" ",
    b",",
    b"\"",
    b"{",
    b"]",
    b"<",
    b"/>",
    b"====",
    b"rows",
    b"goal \"",
    b"P4\n",
    b"\xff\xfe",
    b"\x89PNG\r\n\x1a\n",
];

/// One change to a file's bytes; a position `at` is taken modulo the length (plus one, for the
/// end).
#[derive(Clone, Debug)]
enum Mutation {
    Flip {
        at: usize,
        bit: u8,
    },
    Cut {
        at: usize,
        length: usize,
    },
    Double {
        at: usize,
        length: usize,
    },
    Replace {
        at: usize,
        length: usize,
        piece: &'static [u8],
    },
    Truncate {
        at: usize,
    },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0u8..8).prop_map(|(at, bit)| Mutation::Flip { at, bit }),
        (any::<usize>(), 1usize..16).prop_map(|(at, length)| Mutation::Cut { at, length }),
        (any::<usize>(), 1usize..16).prop_map(|(at, length)| Mutation::Double { at, length }),
        (any::<usize>(), 0usize..4, prop::sample::select(&PIECES[..]))
            .prop_map(|(at, length, piece)| Mutation::Replace { at, length, piece }),
        any::<usize>().prop_map(|at| Mutation::Truncate { at }),
    ]
}

/// `bytes` with `mutations` applied in turn.
fn mutated(bytes: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    let mut bytes = bytes.to_vec();
    for change in mutations {
        let span = |at: &usize, length: usize, bytes: &[u8]| {
            let start = at % (bytes.len() + 1);
            start..(start + length).min(bytes.len())
        };
        match change {
            Mutation::Flip { at, bit } if !bytes.is_empty() => {
                let at = at % bytes.len();
                bytes[at] ^= 1 << bit;
            }
            Mutation::Flip { .. } => {}
            Mutation::Cut { at, length } => {
                bytes.drain(span(at, *length, &bytes));
            }
            Mutation::Double { at, length } => {
                let range = span(at, *length, &bytes);
                let copy = bytes[range.clone()].to_vec();
                bytes.splice(range.end..range.end, copy);
            }
            Mutation::Replace { at, length, piece } => {
                bytes.splice(span(at, *length, &bytes), piece.iter().copied());
            }
            Mutation::Truncate { at } => bytes.truncate(at % (bytes.len() + 1)),
        }
    }
    bytes
}

/// A bundled example: its file name and bytes.
#[derive(Clone, Debug)]
struct Example {
    name: String,
    bytes: Vec<u8>,
}

/// Every bundled example (`puzzles/examples`, `puzzles/seeds`), and each puzzle written in every
/// format that can hold it, so that every reader meets its own kind of file.
fn examples() -> Vec<Example> {
    let mut examples = Vec::new();
    for folder in ["examples", "seeds"] {
        let dir = PathBuf::from(bundled(folder));
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("bundled examples")
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|path| path.extension().is_some_and(|ext| ext != "md"))
            .collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).expect("a bundled example reads");
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if let Ok(entries) =
                formats::parse_bytes::<Puzzle>(&bytes, &name, None, &ReadOptions::default())
                && let [entry] = entries.as_slice()
            {
                for format in Format::ALL {
                    if let Ok(written) = formats::write_bytes(&entry.puzzle, format) {
                        let name = format!("{name}-as.{}", format.extension());
                        examples.push(Example {
                            name,
                            bytes: written,
                        });
                    }
                }
            }
            examples.push(Example { name, bytes });
        }
    }
    examples
}

/// Every reader on `bytes`, named `name`: by detection and as each format, the colour readers,
/// the partly-solved-grid reader and the Latin square reader. None may panic.
fn read_every_way(name: &str, bytes: &[u8]) {
    let options = ReadOptions::default();
    for format in [None].into_iter().chain(Format::ALL.map(Some)) {
        let _ = formats::parse_bytes::<Puzzle>(bytes, name, format, &options);
        let _ = formats::parse_bytes::<ColourPuzzle>(bytes, name, format, &options);
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        let heart = formats::parse_bytes::<Puzzle>(
            &std::fs::read(bundled("examples/heart.non")).unwrap(),
            "heart.non",
            None,
            &options,
        )
        .unwrap();
        let _ = formats::state::parse(text, name, &heart[0].puzzle);
        let _ = LatinSquare::parse(text, name);
    }
}

/// `check --timeout` on `bytes` written to a file named like the example: a documented exit code,
/// no panic, an error message that names the file, and JSON records that parse.
fn check_exits_cleanly(name: &str, bytes: &[u8]) -> Result<(), TestCaseError> {
    let extension = Path::new(name)
        .extension()
        .map_or(String::new(), |ext| ext.to_string_lossy().into_owned());
    static FILES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let number = FILES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let file = Temp::new(&format!("fuzz-{number}.{extension}"), "");
    std::fs::write(file.path(), bytes).expect("the mutated file is written");
    for json in [false, true] {
        let mut args = vec!["check", "--timeout", "2", file.path()];
        if json {
            args.push("--json");
        }
        let (code, stdout, stderr) = run_bytes(&args);
        prop_assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        prop_assert!(
            CHECK_EXIT_CODES.contains(&code),
            "{name}: exit {code}: {stderr}"
        );
        if json {
            for line in stdout.lines() {
                prop_assert!(
                    serde_json::from_str::<Value>(line).is_ok(),
                    "{name}: {line}"
                );
            }
        } else if code == 2 {
            let first = stderr.lines().next().unwrap_or("");
            prop_assert!(first.starts_with("nonosat: "), "{name}: {stderr}");
        }
    }
    Ok(())
}

/// Runs the binary; output that is not UTF-8 (a mutated title printed back) is read lossily.
fn run_bytes(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_nonosat"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    let code = output.status.code().expect("the binary exits, not killed");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (code, text(&output.stdout), text(&output.stderr))
}

/// Cases in `cargo test`, from a fixed seed.
fn fixed(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x0066_757a_7a21),
        failure_persistence: None,
        ..Config::default()
    }
}

/// Cases in the long mode, from a fresh seed.
fn long(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

fn mutated_example() -> impl Strategy<Value = (String, Vec<u8>)> {
    (
        prop::sample::select(examples()),
        prop::collection::vec(mutation(), 1..=4),
    )
        .prop_map(|(example, mutations)| (example.name, mutated(&example.bytes, &mutations)))
}

proptest! {
    #![proptest_config(fixed(4000))]
    #[test]
    fn mutated_examples_read_or_fail_cleanly((name, bytes) in mutated_example()) {
        read_every_way(&name, &bytes);
    }
}

proptest! {
    #![proptest_config(fixed(240))]
    #[test]
    fn mutated_examples_check_with_a_documented_exit_code((name, bytes) in mutated_example()) {
        check_exits_cleanly(&name, &bytes)?;
    }
}

proptest! {
    #![proptest_config(long(100_000))]
    #[test]
    #[ignore = "long mode: cargo test -- --ignored"]
    fn long_mutated_examples_read_or_fail_cleanly((name, bytes) in mutated_example()) {
        read_every_way(&name, &bytes);
    }
}

proptest! {
    #![proptest_config(long(5_000))]
    #[test]
    #[ignore = "long mode: cargo test -- --ignored"]
    fn long_mutated_examples_check_with_a_documented_exit_code(
        (name, bytes) in mutated_example(),
    ) {
        check_exits_cleanly(&name, &bytes)?;
    }
}

/// The mutations can fail a reader: the suite is not reading only untouched files.
#[test]
fn mutations_change_what_readers_see() {
    let heart = std::fs::read(bundled("examples/heart.non")).unwrap();
    let cut = mutated(
        &heart,
        &[Mutation::Truncate {
            at: heart.len() / 3,
        }],
    );
    assert!(cut.len() < heart.len());
    let options = ReadOptions::default();
    assert!(formats::parse_bytes::<Puzzle>(&cut, "heart.non", None, &options).is_err());
    let replaced = mutated(
        &heart,
        &[Mutation::Replace {
            at: 0,
            length: 0,
            piece: b"\xff\xfe",
        }],
    );
    assert!(formats::parse_bytes::<Puzzle>(&replaced, "heart.non", None, &options).is_err());
    assert!(examples().len() > 50, "every example in every format");
}
