//! `clues`: a picture (or any puzzle file), black and white or colour, written as a puzzle in
//! another format, and drawn as a blank puzzle with `--svg` or `--png`.

use nonosat::formats::{Entry, Puzzles};
use nonosat::report::{Shown, draw_puzzle};

use super::args::CluesArgs;
use super::convert::{self, Writer, write_puzzles};
use super::error::CliError;
use super::output::{each_puzzle, read_any_input, shown_name};
use super::pictures::title;
use super::status::Status;

/// `clues`: the puzzles of a picture (or any puzzle file), written in another format.
pub(super) fn clues(args: &CluesArgs) -> Result<Status, CliError> {
    match read_any_input(&args.input)? {
        Puzzles::BlackAndWhite(entries) => clues_of(args, &entries, convert::black_and_white),
        Puzzles::Colour(entries) => clues_of(args, &entries, convert::colour),
    }
}

/// `clues` on the puzzles of `entries`: each drawn blank (its clue numbers, in colour on
/// swatches) when pictures are asked for, then all written by `write`.
fn clues_of<P: Shown>(
    args: &CluesArgs,
    entries: &[Entry<P>],
    write: Writer<P>,
) -> Result<Status, CliError> {
    let file = shown_name(&args.input.file);
    let indices = if args.pictures.wanted() {
        0..entries.len()
    } else {
        0..0
    };
    let printer = each_puzzle(
        args.input.json,
        &file,
        entries,
        indices,
        |printer, index, entry, _| {
            let (width, height) = (entry.puzzle.width(), entry.puzzle.height());
            let caption = format!(
                "{}: {width}x{height}",
                title(&args.input.file, &entry.label, entry.puzzle.meta())
            );
            let drawing = draw_puzzle(&entry.puzzle, &[], &caption);
            for failure in args.pictures.write(index, entries.len(), &drawing) {
                printer.error(&failure);
            }
            Ok(Status::Done)
        },
    );
    let output = args.output.as_deref();
    let written = write_puzzles(&args.input, entries, args.to, output, write)?;
    Ok(printer.status.and(written))
}
