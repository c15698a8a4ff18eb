//! The puzzles of a batch: the files named, and the puzzle files under the directories named,
//! walked recursively in sorted order; each file is read once, here, before any puzzle is checked.

use std::path::{Path, PathBuf};

use nonosat::formats::{self, Entry, Format};

use crate::output::shown_name;

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
        entry: Entry,
    },
    /// A file or directory that could not be read, or whose puzzles could not be parsed.
    Unreadable {
        /// The file, as shown in output.
        file: String,
        /// Why, with the place in the file.
        message: String,
    },
}

/// Everything a batch will look at.
pub(super) struct Inputs {
    /// Puzzles and unreadable files, in input order.
    pub items: Vec<Input>,
    /// Files of directory walks that are not puzzle files, by their extension.
    pub skipped: Vec<String>,
}

/// Reads every puzzle of `paths`, in order: each path's puzzles in file order, a directory's files
/// in sorted order of their names, depth first.
pub(super) fn collect(paths: &[PathBuf], format: Option<Format>) -> Inputs {
    let mut inputs = Inputs {
        items: Vec::new(),
        skipped: Vec::new(),
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
        } else if format.is_some() || is_puzzle_file(&path) {
            read(&path, format, inputs);
        } else {
            inputs.skipped.push(shown_name(&path));
        }
    }
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
    match formats::read_path(path, format) {
        Ok(entries) => {
            inputs
                .items
                .extend(
                    entries
                        .into_iter()
                        .enumerate()
                        .map(|(index, entry)| Input::Puzzle {
                            file: file.clone(),
                            index,
                            entry,
                        }),
                )
        }
        Err(error) => inputs.items.push(Input::Unreadable {
            file,
            message: error.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn puzzle_files_are_known_by_their_extension_in_any_case() {
        assert!(is_puzzle_file(Path::new("a/b.NON")));
        assert!(is_puzzle_file(Path::new("b.nin")));
        assert!(is_puzzle_file(Path::new("c.png")));
        assert!(!is_puzzle_file(Path::new("README.md")));
        assert!(!is_puzzle_file(Path::new("LICENSE")));
        assert!(!is_puzzle_file(Path::new("EXPECTED.tsv")));
        assert!(!is_puzzle_file(Path::new("ndom/README.txt")));
        assert!(!is_puzzle_file(Path::new("README-wolter-survey.txt")));
        assert!(is_puzzle_file(Path::new("readers.txt")));
    }
}
