//! `clues`: a picture (or any puzzle file) written as a puzzle in another format, and drawn as a
//! blank puzzle with `--svg` or `--png`.

use nonosat::formats::Puzzles;
use nonosat::report::draw_puzzle;

use super::args::CluesArgs;
use super::colour;
use super::convert::write_puzzles;
use super::error::CliError;
use super::output::{each_puzzle, read_any_input, shown_name};
use super::pictures::title;
use super::status::Status;

/// `clues`: the puzzles of a picture (or any puzzle file), written in another format.
pub(super) fn clues(args: &CluesArgs) -> Result<Status, CliError> {
    let entries = match read_any_input(&args.input)? {
        Puzzles::BlackAndWhite(entries) => entries,
        Puzzles::Colour(entries) => {
            let drawn = colour::draw_blank(&args.pictures, &args.input, &entries);
            let output = args.output.as_deref();
            let written = colour::write_colour_puzzles(&args.input, &entries, args.to, output)?;
            return Ok(drawn.and(written));
        }
    };
    let file = shown_name(&args.input.file);
    let indices = if args.pictures.wanted() {
        0..entries.len()
    } else {
        0..0
    };
    let printer = each_puzzle(
        args.input.json,
        &file,
        &entries,
        indices,
        |printer, index, entry, _| {
            let (width, height) = (entry.puzzle.width(), entry.puzzle.height());
            let caption = format!(
                "{}: {width}x{height}",
                title(&args.input.file, &entry.label, &entry.puzzle.meta)
            );
            let drawing = draw_puzzle(&entry.puzzle, &[], &caption);
            for failure in args.pictures.write(index, entries.len(), &drawing) {
                printer.error(&failure);
            }
            Ok(Status::Done)
        },
    );
    let written = write_puzzles(&args.input, entries, args.to, args.output.as_deref())?;
    Ok(printer.status.and(written))
}
