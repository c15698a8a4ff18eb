//! Shared output of the subcommands: reading input, printing results, printing errors (the one
//! place that does), writing files, and the per-puzzle driver of the commands that run over every
//! puzzle of a file.

use std::io::{Read, Write};
use std::path::Path;

use nonosat::formats::{self, Entry, Format, Puzzles, ReadOptions};
use nonosat::report::{ErrorRecord, SCHEMA_VERSION};
use nonosat::solve::CheckError;
use nonosat::words::counted;

use super::args::InputArgs;
use super::atomic;
use super::error::{CliError, Usage};
use super::escape::printable;
use super::status::Status;

/// The file name as shown in output: `-` stays `-`.
pub(super) fn shown_name(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Reads the puzzles of the input, as colour puzzles when the file has colours.
pub(super) fn read_any_input(input: &InputArgs) -> Result<Puzzles, CliError> {
    let options = ReadOptions::default()
        .with_threshold(input.threshold)
        .with_colours(input.colours)
        .with_background(input.background);
    let puzzles = formats::read_path_any(&input.file, input.format, &options)
        .map_err(|error| CliError::new(&shown_name(&input.file), error))?;
    if let Puzzles::BlackAndWhite(entries) = &puzzles {
        warn_if_blank(input, entries);
    }
    Ok(puzzles)
}

/// Warns when a PNG reads as a blank or a full picture at the threshold chosen, which is rarely
/// what was drawn.
fn warn_if_blank(input: &InputArgs, entries: &[Entry]) {
    let one_colour = |entry: &Entry| {
        let cells = entry.puzzle.goal().map_or(&[][..], |goal| goal.cells());
        [true, false]
            .into_iter()
            .find(|&black| !cells.is_empty() && cells.iter().all(|&cell| cell == black))
    };
    if let [entry] = entries
        && let Some(black) = one_colour(entry)
        && is_png(&input.file, input.format)
    {
        let (reads, way) = match black {
            true => ("full: every", "lower"),
            false => ("empty: no", "higher"),
        };
        eprintln!(
            "nonosat: warning: {}: the picture reads as {reads} pixel is darker than \
             --threshold {}; a {way} --threshold may find the drawing",
            printable(&shown_name(&input.file)),
            input.threshold
        );
    }
}

/// Whether the file at `path` is a PNG: so named by `format` (--format), or by its first bytes.
pub(super) fn is_png(path: &Path, format: Option<Format>) -> bool {
    if let Some(format) = format {
        return format == Format::Png;
    }
    let mut signature = [0; 8];
    std::fs::File::open(path)
        .and_then(|mut file| file.read_exact(&mut signature))
        .is_ok_and(|()| formats::detect_bytes(None, &signature) == Format::Png)
}

/// A puzzle of a file with its label there: black and white or colour.
pub(super) trait Labelled {
    /// The puzzle's label within its file (`#3`), empty for a file of one puzzle.
    fn label(&self) -> &str;
}

impl<P> Labelled for Entry<P> {
    fn label(&self) -> &str {
        &self.label
    }
}

/// Prints an error: a JSON record on standard output with `--json`, else a line on standard error.
pub(super) fn print_error(json: bool, error: &CliError) {
    if json {
        let record = ErrorRecord {
            schema_version: SCHEMA_VERSION,
            file: error.file.clone(),
            index: error.index,
            error: printable(&error.to_string()).into_owned(),
        };
        emit(&json_line(&record));
    } else {
        eprintln!("nonosat: {}", printable(&error.to_string()));
    }
}

pub(super) fn json_line(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("records serialise") + "\n"
}

/// Writes to standard output; false when the reader has gone (a closed pipe), so that the caller
/// can stop quietly.
pub(super) fn emit(text: &str) -> bool {
    emit_bytes(text.as_bytes())
}

/// Writes `bytes` to standard output, as [`emit`] does.
fn emit_bytes(bytes: &[u8]) -> bool {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes).and_then(|()| out.flush()).is_ok()
}

/// How a puzzle is named in output: the file, then its label within the file if it has one.
pub(super) fn heading(file: &str, entry: &impl Labelled) -> String {
    [file, entry.label()].join(" ").trim_end().to_owned()
}

/// The index of the one puzzle to work on: `index` if given and in range, else the file's only
/// puzzle.
pub(super) fn pick_entry(
    file: &str,
    count: usize,
    index: Option<usize>,
) -> Result<usize, CliError> {
    let message = match (index, count) {
        (Some(index), count) if index >= count => {
            format!(
                "{file} holds {}; --index {index} is out of range",
                counted(count, "puzzle", "puzzles")
            )
        }
        (Some(index), _) => return Ok(index),
        (None, 1) => return Ok(0),
        (None, count) => format!("{file} holds {count} puzzles; choose one with --index (0-based)"),
    };
    Err(CliError::new(file, Usage::Refused(message)))
}

/// Why the puzzle at `index` (shown as `heading`) could not be checked: an internal error when an
/// answer failed verification, else bad input.
pub(super) fn check_failed(file: &str, index: usize, heading: &str, error: CheckError) -> CliError {
    let status = match error {
        CheckError::Unverified(_) | CheckError::UnverifiedColour(_) => Status::Internal,
        _ => Status::BadInput,
    };
    CliError::new(file, error)
        .at(index)
        .context(heading)
        .with_status(status)
}

/// Writes `bytes` (a text, or a PNG picture) to the file `output`, or to standard output.
pub(super) fn write_output(output: Option<&Path>, bytes: &[u8]) -> Result<Status, CliError> {
    match output {
        None => {
            emit_bytes(bytes);
        }
        Some(path) => write_file(path, bytes)?,
    }
    Ok(Status::Done)
}

/// Writes `bytes` to the file at `path`, whole or not at all ([`crate::atomic`]).
pub(super) fn write_file(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    atomic::write(path, bytes).map_err(|error| CliError::write(path, error))
}

/// Prints the results of a run over several puzzles as they come, and keeps their combined
/// status.
pub(super) struct Printer {
    json: bool,
    /// The status of everything printed so far.
    pub status: Status,
    /// Whether the reader has gone (a closed pipe): nothing more is printed.
    pub closed: bool,
}

impl Printer {
    /// Prints `text` on standard output, unless the reader has gone.
    pub fn text(&mut self, text: &str) {
        self.closed = self.closed || !emit(text);
    }

    /// Prints `error` and adds its status.
    pub fn error(&mut self, error: &CliError) {
        print_error(self.json, error);
        self.status = self.status.and(error.status);
    }

    /// Prints `error`, a failure beside a result, adding its status only when it is internal (a
    /// picture that could not be drawn): a file that could not be written must not hide the
    /// result's exit code.
    pub fn aside(&mut self, error: &CliError) {
        print_error(self.json, error);
        if error.status == Status::Internal {
            self.add(error.status);
        }
    }

    /// Adds `status` to the run's.
    pub fn add(&mut self, status: Status) {
        self.status = self.status.and(status);
    }
}

/// The per-puzzle driver: runs `each` on the puzzles of `entries` at `indices` in order, each with
/// its index, entry and heading. `each` prints what it found through the printer and returns its
/// status; an error is printed and the run goes on with the next puzzle. The run stops early when
/// the reader has gone.
pub(super) fn each_puzzle<E: Labelled>(
    json: bool,
    file: &str,
    entries: &[E],
    indices: impl IntoIterator<Item = usize>,
    mut each: impl FnMut(&mut Printer, usize, &E, &str) -> Result<Status, CliError>,
) -> Printer {
    let mut printer = Printer {
        json,
        status: Status::Done,
        closed: false,
    };
    for index in indices {
        if printer.closed {
            break;
        }
        let entry = &entries[index];
        let heading = heading(file, entry);
        match each(&mut printer, index, entry, &heading) {
            Ok(status) => printer.add(status),
            Err(error) => printer.error(&error),
        }
    }
    printer
}
