//! The puzzles of a batch: the files named, and the puzzle files under the directories named,
//! walked recursively in sorted order; each file is read once, here, before any puzzle is checked.
//! Black-and-white and colour puzzles alike, each as its file has it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use nonosat::formats::{self, ColourEntry, Entry, Format, Puzzles, ReadOptions};
use nonosat::report::CheckRecord;
use nonosat::solve::Report;

use crate::output::{Labelled, shown_name};

/// Extensions of the files taken from a directory walk: those of the formats nonosat reads (and
/// `.txt`, read by content). Other files found there (README.md, LICENSE, ...), and files whose
/// names start with one of [`NOT_PUZZLES`], are skipped and named on standard error; a file named on
/// the command line is always read.
const PUZZLE_EXTENSIONS: &[&str] = &[
    "non", "nonpack", "nin", "json", "jsonl", "ndjson", "txt", "png", "pbm", "xml", "g", "mk",
    "cwd",
];

/// Starts of file names (in any case) that mark the notes that live beside puzzles, such as
/// `README.txt`, whatever their extension.
const NOT_PUZZLES: &[&str] = &["readme", "license", "licence", "copying"];

/// One item of a batch, in input order.
pub(super) enum Input {
    /// A puzzle to check: the file it came from, its place there, and the puzzle.
    Puzzle {
        /// The file, as shown in output.
        file: String,
        /// 0-based position within the file.
        index: usize,
        /// The puzzle and its label.
        entry: Box<Job>,
    },
    /// A file or directory that could not be read, or whose puzzles could not be parsed.
    Unreadable {
        /// The file, as shown in output.
        file: String,
        /// Why, with the place in the file.
        message: String,
    },
}

/// A puzzle of a batch with its label: black and white, or colour.
pub(super) enum Job {
    /// A black-and-white puzzle.
    BlackAndWhite(Entry),
    /// A colour puzzle.
    Colour(ColourEntry),
}

impl Job {
    /// The puzzle as the JSON its child process reads.
    pub(super) fn json(&self) -> String {
        let written = match self {
            Job::BlackAndWhite(entry) => formats::write(&entry.puzzle, Format::Json),
            Job::Colour(entry) => formats::write(&entry.puzzle, Format::Json),
        };
        written.expect("JSON holds every puzzle")
    }

    /// The record of a child stopped, `elapsed` after it started, before it answered.
    pub(super) fn timed_out(&self, file: &str, index: usize, elapsed: Duration) -> CheckRecord {
        match self {
            Job::BlackAndWhite(entry) => {
                let report = Report::timed_out(elapsed);
                CheckRecord::new(file, index, &entry.label, &entry.puzzle, &report)
            }
            Job::Colour(entry) => {
                let report = Report::timed_out(elapsed);
                CheckRecord::new(file, index, &entry.label, &entry.puzzle, &report)
            }
        }
    }
}

impl Labelled for Job {
    fn label(&self) -> &str {
        match self {
            Job::BlackAndWhite(entry) => &entry.label,
            Job::Colour(entry) => &entry.label,
        }
    }
}

/// Everything a batch will look at.
pub(super) struct Inputs {
    /// Puzzles and unreadable files, in input order.
    pub items: Vec<Input>,
    /// Files of directory walks that are not puzzle files, by their extension.
    pub skipped: Vec<String>,
    /// Entries of directory walks that are not regular files (FIFOs, sockets, devices), with what
    /// each is: reading a FIFO would wait for a writer for ever.
    pub special: Vec<(String, &'static str)>,
}

/// Reads every puzzle of `paths`, in order: each path's puzzles in file order, a directory's files
/// in sorted order of their names, depth first.
pub(super) fn collect(paths: &[PathBuf], format: Option<Format>) -> Inputs {
    let mut inputs = Inputs {
        items: Vec::new(),
        skipped: Vec::new(),
        special: Vec::new(),
    };
    for path in paths {
        if path.is_dir() {
            walk(path, format, &mut inputs);
        } else {
            read(path, format, &mut inputs);
        }
    }
    inputs
}

/// Adds the puzzle files under `dir`. Symbolic links to directories are not followed, so that a
/// link cannot make the walk go round for ever.
fn walk(dir: &Path, format: Option<Format>, inputs: &mut Inputs) {
    let listing = std::fs::read_dir(dir).and_then(|entries| {
        let mut paths = entries
            .map(|entry| entry.map(|entry| entry.path()))
            .collect::<Result<Vec<_>, _>>()?;
        paths.sort();
        Ok(paths)
    });
    let paths = match listing {
        Ok(paths) => paths,
        Err(error) => {
            inputs.items.push(Input::Unreadable {
                file: shown_name(dir),
                message: format!("cannot read the directory {}: {error}", dir.display()),
            });
            return;
        }
    };
    for path in paths {
        let hidden = path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with('.'));
        let is_link = path.symlink_metadata().is_ok_and(|m| m.is_symlink());
        if hidden {
            continue;
        } else if path.is_dir() {
            if !is_link {
                walk(&path, format, inputs);
            }
        } else if let Some(kind) = special_kind(&path) {
            inputs.special.push((shown_name(&path), kind));
        } else if format.is_some() || is_puzzle_file(&path) {
            read(&path, format, inputs);
        } else {
            inputs.skipped.push(shown_name(&path));
        }
    }
}

/// What `path` is when it is neither a regular file nor a folder (a link is followed), else `None`.
fn special_kind(path: &Path) -> Option<&'static str> {
    let kind = path.metadata().ok()?.file_type();
    if kind.is_file() || kind.is_dir() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a FIFO");
        } else if kind.is_socket() {
            return Some("a socket");
        } else if kind.is_block_device() || kind.is_char_device() {
            return Some("a device");
        }
    }
    Some("not a regular file")
}

/// Whether a file's extension is one of [`PUZZLE_EXTENSIONS`], and its name does not start with one
/// of [`NOT_PUZZLES`], in any case.
fn is_puzzle_file(path: &Path) -> bool {
    let lower = |text: &std::ffi::OsStr| text.to_string_lossy().to_ascii_lowercase();
    let name = path.file_name().map(lower).unwrap_or_default();
    let extension = path.extension().map(lower).unwrap_or_default();
    PUZZLE_EXTENSIONS.contains(&extension.as_str())
        && !NOT_PUZZLES.iter().any(|note| name.starts_with(note))
}

/// Adds the puzzles of one file, or the reason it cannot be read.
fn read(path: &Path, format: Option<Format>, inputs: &mut Inputs) {
    let file = shown_name(path);
    let jobs: Vec<Job> = match formats::read_path_any(path, format, &ReadOptions::default()) {
        Ok(Puzzles::BlackAndWhite(entries)) => {
            entries.into_iter().map(Job::BlackAndWhite).collect()
        }
        Ok(Puzzles::Colour(entries)) => entries.into_iter().map(Job::Colour).collect(),
        Err(error) => {
            let message = error.to_string();
            inputs.items.push(Input::Unreadable { file, message });
            return;
        }
    };
    let puzzles = (0..).zip(jobs).map(|(index, entry)| Input::Puzzle {
        file: file.clone(),
        index,
        entry: Box::new(entry),
    });
    inputs.items.extend(puzzles);
}
