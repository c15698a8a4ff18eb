//! `clues`: a picture (or any puzzle file) written as a puzzle in another format, and drawn as a
//! blank puzzle with `--svg` or `--png`.

use nonosat::report::draw_puzzle;

use super::args::CluesArgs;
use super::convert::write_puzzles;
use super::output::{heading, read_input, shown_name};
use super::status::Status;

/// `clues`: the puzzles of a picture (or any puzzle file), written in another format.
pub(super) fn clues(args: &CluesArgs) -> Status {
    let entries = match read_input(&args.input) {
        Ok(entries) => entries,
        Err(status) => return status,
    };
    let mut status = Status::Done;
    if args.pictures.wanted() {
        let file = shown_name(&args.input.file);
        for (index, entry) in entries.iter().enumerate() {
            let (width, height) = (entry.puzzle.width(), entry.puzzle.height());
            let caption = format!("{}: {width}x{height}", heading(&file, entry));
            let drawing = draw_puzzle(&entry.puzzle, &[], &caption);
            let written = args
                .pictures
                .write(args.input.json, index, entries.len(), &drawing);
            status = status.and(written);
        }
    }
    status.and(write_puzzles(
        &args.input,
        entries,
        args.to,
        args.output.as_deref(),
    ))
}
