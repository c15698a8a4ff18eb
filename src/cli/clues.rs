//! `clues`: a picture (or any puzzle file) written as a puzzle in another format, and drawn blank
//! for printing with `--svg`/`--png`.

use nonosat::formats::{self, Format};

use super::args::CluesArgs;
use nonosat::render::draw_puzzle;

use super::output::{heading, print_error, read_input, shown_name, write_output};
use super::status::Status;

/// `clues`: the puzzles of a picture (or any puzzle file), written in another format.
pub(super) fn clues(args: &CluesArgs) -> Status {
    let entries = match read_input(&args.input) {
        Ok(entries) => entries,
        Err(status) => return status,
    };
    let format = if args.input.json {
        Format::JsonLines
    } else {
        args.to
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
    let puzzles: Vec<_> = entries.into_iter().map(|entry| entry.puzzle).collect();
    let written = match puzzles.as_slice() {
        [one] => formats::write(one, format),
        many => formats::write_all(many, format),
    };
    match written {
        Ok(text) => status.and(write_output(args.output.as_deref(), &text, args.input.json)),
        Err(error) => {
            let file = shown_name(&args.input.file);
            print_error(args.input.json, &file, None, &format!("{file}: {error}"));
            Status::BadInput
        }
    }
}
