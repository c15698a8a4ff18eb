//! `convert`: the puzzles of a file written in another format, black and white or colour;
//! `clues` shares the writing.

use std::path::Path;

use nonosat::formats::{self, ColourEntry, Entry, Format, Puzzles};
use nonosat::model::Puzzle;

use super::args::{ConvertArgs, InputArgs};
use super::error::{CliError, Usage};
use super::output::{read_any_input, shown_name, write_output};
use super::status::Status;

/// `convert`: every puzzle of the input, written in the format asked for.
pub(super) fn convert(args: &ConvertArgs) -> Result<Status, CliError> {
    let output = args.output.as_deref();
    match read_any_input(&args.input)? {
        Puzzles::BlackAndWhite(entries) => {
            write_puzzles(&args.input, &entries, args.to, output, black_and_white)
        }
        Puzzles::Colour(entries) => write_puzzles(&args.input, &entries, args.to, output, colour),
    }
}

/// The bytes of the puzzles of `entries` in a format, or why they cannot be written in it (the
/// file named as the first argument).
pub(super) type Writer<P> = fn(&str, &[Entry<P>], Format) -> Result<Vec<u8>, CliError>;

/// Writes the puzzles read from `input` in `format` (JSON Lines with `--json`; PNG as the goal
/// picture) by `write` to `output` or standard output; a format that cannot hold them is reported
/// as bad input.
pub(super) fn write_puzzles<P>(
    input: &InputArgs,
    entries: &[Entry<P>],
    format: Format,
    output: Option<&Path>,
    write: Writer<P>,
) -> Result<Status, CliError> {
    let format = if input.json {
        Format::JsonLines
    } else {
        format
    };
    let bytes = write(&shown_name(&input.file), entries, format)?;
    write_output(output, &bytes)
}

/// Black-and-white puzzles in any format: one alone, several in a format that holds several.
pub(super) fn black_and_white(
    file: &str,
    entries: &[Entry],
    format: Format,
) -> Result<Vec<u8>, CliError> {
    let written = match entries {
        [one] => formats::write_bytes(&one.puzzle, format),
        many => {
            let puzzles: Vec<Puzzle> = many.iter().map(|entry| entry.puzzle.clone()).collect();
            formats::write_all(&puzzles, format).map(String::into_bytes)
        }
    };
    written.map_err(|error| CliError::new(file, error).context(file))
}

/// Colour puzzles: one in any format that holds colours (PNG: its goal picture in colour),
/// several as JSON Lines.
pub(super) fn colour(
    file: &str,
    entries: &[ColourEntry],
    format: Format,
) -> Result<Vec<u8>, CliError> {
    let written = match (entries, format) {
        ([one], _) => formats::write_bytes(&one.puzzle, format),
        (many, Format::JsonLines) => many
            .iter()
            .map(|entry| formats::write_bytes(&entry.puzzle, format))
            .collect::<Result<Vec<_>, _>>()
            .map(|lines| lines.concat()),
        (many, _) => {
            let message = format!(
                "{file} holds {} colour puzzles; write them as jsonl, or one at a time",
                many.len()
            );
            return Err(CliError::new(file, Usage::Refused(message)));
        }
    };
    written.map_err(|error| CliError::new(file, error).context(file))
}
