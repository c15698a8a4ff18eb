//! `convert`: the puzzles of a file written in another format; `clues` shares the writing.

use std::path::Path;

use nonosat::formats::{self, Entry, Format, Puzzles};

use super::args::{ConvertArgs, InputArgs};
use super::colour;
use super::error::CliError;
use super::output::{read_any_input, shown_name, write_output};
use super::status::Status;

/// `convert`: every puzzle of the input, written in the format asked for.
pub(super) fn convert(args: &ConvertArgs) -> Result<Status, CliError> {
    match read_any_input(&args.input)? {
        Puzzles::BlackAndWhite(entries) => {
            write_puzzles(&args.input, entries, args.to, args.output.as_deref())
        }
        Puzzles::Colour(entries) => {
            colour::write_colour_puzzles(&args.input, &entries, args.to, args.output.as_deref())
        }
    }
}

/// Writes the puzzles read from `input` in `format` (JSON Lines with `--json`; PNG as the goal
/// picture) to `output` or standard output; a format that cannot hold them is reported as bad
/// input.
pub(super) fn write_puzzles(
    input: &InputArgs,
    entries: Vec<Entry>,
    format: Format,
    output: Option<&Path>,
) -> Result<Status, CliError> {
    let format = if input.json {
        Format::JsonLines
    } else {
        format
    };
    let puzzles: Vec<_> = entries.into_iter().map(|entry| entry.puzzle).collect();
    let written = match puzzles.as_slice() {
        [one] => formats::write_bytes(one, format),
        many => formats::write_all(many, format).map(String::into_bytes),
    };
    let file = shown_name(&input.file);
    let bytes = written.map_err(|error| CliError::new(&file, error).context(&file))?;
    write_output(output, &bytes)
}
