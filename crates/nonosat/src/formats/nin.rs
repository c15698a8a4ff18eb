//! Jakub Wilk's `.nin` format: a `W H` line, then `H` row clues, then `W` column clues.
//!
//! Clue numbers are separated by whitespace (commas are accepted too); `0` or an empty line is the
//! empty clue. Blank lines before the size line are skipped. As in Wilk's own reader, the puzzle
//! ends with its `H + W` clue lines and anything after them is ignored (his `data142.nin` relies on
//! it: the puzzle is followed by copies of itself).

use super::error::{LineError, ParseErrorKind};
use super::text::{Line, Lines, build_puzzle, clues_file, parse_clue, parse_number, read_clues};
use crate::model::Puzzle;

/// Reads a `.nin` text.
pub(super) fn parse(text: &str) -> Result<Puzzle, LineError> {
    let mut lines = Lines::new(text);
    lines.skip_blank();
    let size_line = lines
        .next()
        .ok_or(LineError::maybe_at(None, ParseErrorKind::Empty))?;
    let (width, height) = parse_size(&size_line)?;
    let never = |_: &str| false;
    let rows = read_clues(&mut lines, height, "rows", never, parse_clue)?;
    let columns = read_clues(&mut lines, width, "columns", never, parse_clue)?;
    build_puzzle(rows, columns, None)
}

/// The `W H` line: width first.
fn parse_size(line: &Line<'_>) -> Result<(usize, usize), LineError> {
    let bad = || {
        LineError::at(
            line.number,
            ParseErrorKind::BadSize {
                text: line.text.trim().to_string(),
            },
        )
    };
    let words: Vec<&str> = line.text.split_whitespace().collect();
    let [width, height] = words.as_slice() else {
        return Err(bad());
    };
    let number = |word: &str| match parse_number(word) {
        Err(ParseErrorKind::NotANumber { .. }) => Err(bad()),
        other => other.map_err(|kind| LineError::at(line.number, kind)),
    };
    Ok((number(width)?, number(height)?))
}

/// Writes a `.nin` text: numbers separated by spaces, `0` for an empty clue.
pub(super) fn write(puzzle: &Puzzle) -> String {
    clues_file(&[format!("{} {}", puzzle.width(), puzzle.height())], puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Clue;

    #[test]
    fn reads_width_first() {
        let puzzle = parse("3 2\n3\n0\n1\n1\n1\n\n").unwrap();
        assert_eq!((puzzle.width(), puzzle.height()), (3, 2));
        assert_eq!(puzzle.rows()[1], Clue::default());
    }

    #[test]
    fn empty_line_is_an_empty_clue() {
        let puzzle = parse("2 2\n2\n\n1\n1\n").unwrap();
        assert!(puzzle.rows()[1].is_empty());
    }

    #[test]
    fn size_line_must_be_two_numbers() {
        let error = parse("3\n1\n").unwrap_err();
        assert_eq!(error.line, Some(1));
        assert!(matches!(error.kind, ParseErrorKind::BadSize { .. }));
    }
}
