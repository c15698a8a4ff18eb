//! Shared output of the subcommands: reading input, printing results and errors, writing files.

use std::io::Write;
use std::path::Path;

use nonosat::formats::{self, Entry, ReadOptions};
use nonosat::report::{ErrorRecord, SCHEMA_VERSION};
use nonosat::solve::CheckError;

use super::args::InputArgs;
use super::status::Status;

/// The file name as shown in output: `-` stays `-`.
pub(super) fn shown_name(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Reads the puzzles of the input, or prints why not.
pub(super) fn read_input(input: &InputArgs) -> Result<Vec<Entry>, Status> {
    let options = ReadOptions::default().with_threshold(input.threshold);
    formats::read_path_with(&input.file, input.format, &options).map_err(|error| {
        print_error(
            input.json,
            &shown_name(&input.file),
            None,
            &error.to_string(),
        );
        Status::BadInput
    })
}

/// Prints an error: a JSON record on standard output with `--json`, else a line on standard error.
pub(super) fn print_error(json: bool, file: &str, index: Option<usize>, message: &str) {
    if json {
        let record = ErrorRecord {
            schema_version: SCHEMA_VERSION,
            file: file.into(),
            index,
            error: message.into(),
        };
        emit(&json_line(&record));
    } else {
        eprintln!("nonosat: {message}");
    }
}

pub(super) fn json_line(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("records serialise") + "\n"
}

/// Writes to standard output; false when the reader has gone (a closed pipe), so that the caller
/// can stop quietly.
pub(super) fn emit(text: &str) -> bool {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_ok()
}

/// How a puzzle is named in output: the file, then its label within the file if it has one.
pub(super) fn heading(file: &str, entry: &Entry) -> String {
    [file, entry.label.as_str()].join(" ").trim_end().to_owned()
}

/// The index of the one puzzle to work on: `index` if given and in range, else the file's only
/// puzzle; otherwise prints why not.
pub(super) fn pick_entry(
    json: bool,
    file: &str,
    count: usize,
    index: Option<usize>,
) -> Result<usize, Status> {
    let message = match (index, count) {
        (Some(index), count) if index >= count => {
            format!("{file} holds {count} puzzles; --index {index} is out of range")
        }
        (Some(index), _) => return Ok(index),
        (None, 1) => return Ok(0),
        (None, count) => format!("{file} holds {count} puzzles; choose one with --index (0-based)"),
    };
    print_error(json, file, None, &message);
    Err(Status::BadInput)
}

/// Prints why the puzzle at `index` could not be checked, and the status that gives.
pub(super) fn check_failed(
    json: bool,
    file: &str,
    index: usize,
    heading: &str,
    error: &CheckError,
) -> Status {
    print_error(json, file, Some(index), &format!("{heading}: {error}"));
    match error {
        CheckError::Unverified(_) => Status::Internal,
        _ => Status::BadInput,
    }
}

/// Writes `text` to the file `output`, or to standard output.
pub(super) fn write_output(output: Option<&Path>, text: &str, json: bool) -> Status {
    match output {
        None => {
            emit(text);
            Status::Done
        }
        Some(path) => write_file(path, text.as_bytes(), json),
    }
}

/// Writes `bytes` to the file at `path`, or prints why it could not.
pub(super) fn write_file(path: &Path, bytes: &[u8], json: bool) -> Status {
    match std::fs::write(path, bytes) {
        Ok(()) => Status::Done,
        Err(error) => {
            let message = format!("cannot write {}: {error}", path.display());
            print_error(json, &shown_name(path), None, &message);
            Status::BadInput
        }
    }
}
