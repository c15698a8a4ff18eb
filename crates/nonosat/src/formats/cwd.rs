//! The `.cwd` format: the height, the width, then the row clues and the column clues.
//!
//! The first line is the number of rows and the second the number of columns, each alone on its
//! line; then come the row clues, top to bottom, and the column clues, left to right, one a line,
//! numbers separated by whitespace (or commas). An empty clue is written `0`; blank lines are
//! ignored everywhere, so they may separate the parts. Anything after the last column clue is an
//! error.

use super::error::{LineError, ParseErrorKind};
use super::text::{ClueLines, Line, Lines, build_puzzle, clues_file, parse_clue, parse_number};
use crate::model::Puzzle;

/// Reads a `.cwd` text.
pub(super) fn parse(text: &str) -> Result<Puzzle, LineError> {
    let mut lines = Lines::new(text).filter(|line| !line.is_blank());
    let height = size(lines.next(), "first", "rows")?;
    let width = size(lines.next(), "second", "columns")?;
    let rows = read_section(&mut lines, height, "rows")?;
    let columns = read_section(&mut lines, width, "columns")?;
    if let Some(line) = lines.next() {
        let message = format!(
            "\"{}\" follows the {height} row clues and {width} column clues",
            line.text.trim()
        );
        return Err(LineError::syntax(line.number, &message));
    }
    build_puzzle(rows, columns, None)
}

/// The number alone on the `ordinal` line: the count of `what`.
fn size(line: Option<Line<'_>>, ordinal: &str, what: &str) -> Result<usize, LineError> {
    let Some(line) = line else {
        return Err(LineError::maybe_at(None, ParseErrorKind::Empty));
    };
    let word = line.text.trim();
    match parse_number(word) {
        Err(ParseErrorKind::NotANumber { .. }) => {
            let message =
                format!("the {ordinal} line should be the number of {what}, but reads \"{word}\"");
            Err(LineError::syntax(line.number, &message))
        }
        other => other.map_err(|kind| LineError::at(line.number, kind)),
    }
}

/// `count` clue lines of the section `name`.
fn read_section<'a>(
    lines: &mut impl Iterator<Item = Line<'a>>,
    count: usize,
    name: &str,
) -> Result<ClueLines, LineError> {
    let mut read = ClueLines::default();
    while read.clues.len() < count {
        let Some(line) = lines.next() else {
            let kind = ParseErrorKind::WrongLineCount {
                section: name.to_string(),
                expected: count,
                found: read.clues.len(),
            };
            return Err(LineError::maybe_at(None, kind));
        };
        let clue = parse_clue(line.text).map_err(|kind| LineError::at(line.number, kind))?;
        read.clues.push(clue);
        read.lines.push(line.number);
    }
    Ok(read)
}

/// Writes a `.cwd` text: height, width, row clues, column clues; `0` for an empty clue.
pub(super) fn write(puzzle: &Puzzle) -> String {
    clues_file(
        &[puzzle.height().to_string(), puzzle.width().to_string()],
        puzzle,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn height_comes_first_and_blank_lines_are_skipped() {
        let puzzle = parse("1\n3\n\n1 1\n\n1\n0\n1\n").unwrap();
        assert_eq!((puzzle.width(), puzzle.height()), (3, 1));
        assert_eq!(write(&puzzle), "1\n3\n1 1\n1\n0\n1\n");
    }

    #[test]
    fn a_line_too_many_is_an_error() {
        let error = parse("1\n1\n1\n1\n1\n").unwrap_err();
        assert_eq!(error.line, Some(5));
    }
}
