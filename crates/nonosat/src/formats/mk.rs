//! Olšák's simple `.mk` format, as pbnsolve reads it: `H W`, the row clues, a `#` line, the column
//! clues.
//!
//! The first line holds the number of rows and the number of columns, in that order. Then come the
//! row clues, top to bottom, one a line, numbers separated by whitespace (or commas), `0` for an
//! empty clue; a line holding `#` alone ends them; the column clues follow, left to right. Blank
//! lines are ignored. The counts must match the first line, so a file whose clues do not fit is an
//! error, never another puzzle.

use super::error::{LineError, ParseErrorKind};
use super::text::{ClueLines, Lines, build_puzzle, clue_text, parse_clue, parse_number};
use crate::model::Puzzle;

/// Reads a `.mk` text.
pub(super) fn parse(text: &str) -> Result<Puzzle, LineError> {
    let mut lines = Lines::new(text).filter(|line| !line.is_blank());
    let size_line = lines
        .next()
        .ok_or(LineError::maybe_at(None, ParseErrorKind::Empty))?;
    let words: Vec<&str> = size_line.text.split_whitespace().collect();
    let [height, width] = words.as_slice() else {
        let message = format!(
            "the first line should be the number of rows and of columns, but reads \"{}\"",
            size_line.text.trim()
        );
        return Err(LineError::syntax(size_line.number, &message));
    };
    let number =
        |word: &str| parse_number(word).map_err(|kind| LineError::at(size_line.number, kind));
    let (height, width) = (number(height)?, number(width)?);
    let (mut rows, mut columns) = (ClueLines::default(), ClueLines::default());
    let mut in_columns = false;
    let mut last_line = size_line.number;
    for line in lines {
        last_line = line.number;
        if line.text.trim() == "#" {
            if in_columns {
                return Err(LineError::syntax(line.number, "a second `#` line"));
            }
            in_columns = true;
            continue;
        }
        let clue = parse_clue(line.text).map_err(|kind| LineError::at(line.number, kind))?;
        let section = if in_columns { &mut columns } else { &mut rows };
        section.clues.push(clue);
        section.lines.push(line.number);
    }
    if !in_columns {
        let message = "no `#` line: it separates the row clues from the column clues";
        return Err(LineError::syntax(last_line, message));
    }
    for (section, read, expected) in [("rows", &rows, height), ("columns", &columns, width)] {
        if read.clues.len() != expected {
            let kind = ParseErrorKind::WrongLineCount {
                section: section.to_string(),
                expected,
                found: read.clues.len(),
            };
            return Err(LineError::maybe_at(read.lines.last().copied(), kind));
        }
    }
    build_puzzle(rows, columns, None)
}

/// Writes a `.mk` text: `H W`, the row clues, `#`, the column clues; `0` for an empty clue.
pub(super) fn write(puzzle: &Puzzle) -> String {
    let mut lines = vec![format!("{} {}", puzzle.height(), puzzle.width())];
    lines.extend(puzzle.rows().iter().map(|clue| clue_text(clue, " ")));
    lines.push("#".to_string());
    lines.extend(puzzle.columns().iter().map(|clue| clue_text(clue, " ")));
    lines.join("\n") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_height_first_and_round_trips() {
        let text = "2 3\r\n3\r\n1\r\n#\r\n2\r\n1\r\n1 ";
        let puzzle = parse(text).unwrap();
        assert_eq!((puzzle.width(), puzzle.height()), (3, 2));
        assert_eq!(parse(&write(&puzzle)).unwrap(), puzzle);
    }

    #[test]
    fn counts_that_do_not_fit_are_errors_with_their_line() {
        let error = parse("2 2\n1\n#\n1\n1\n").unwrap_err();
        assert_eq!(error.line, Some(2));
        assert!(error.kind.to_string().contains("rows"), "{}", error.kind);
        let error = parse("1 1\n1\n1\n").unwrap_err();
        assert!(error.kind.to_string().contains('#'), "{}", error.kind);
        let error = parse("1 1 1\n1\n#\n1\n").unwrap_err();
        assert_eq!(error.line, Some(1));
    }
}
