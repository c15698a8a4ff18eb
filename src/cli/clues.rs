//! `clues`: a picture (or any puzzle file) written as a puzzle in another format.

use super::args::CluesArgs;
use super::convert::write_puzzles;
use super::status::Status;

/// `clues`: the puzzles of a picture (or any puzzle file), written in another format.
pub(super) fn clues(args: &CluesArgs) -> Status {
    write_puzzles(&args.input, args.to, args.output.as_deref())
}
