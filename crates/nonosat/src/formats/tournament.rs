//! The computer-tournament format (TAAI, ICGA): `$N` lines, each followed by the 25 column clues
//! and then the 25 row clues of a 25x25 puzzle. Columns come first.
//!
//! Numbers are separated by tabs (any whitespace or commas are accepted); `0` or an empty line is
//! the empty clue. Blank lines between puzzles and at the end are ignored. A file without any `$`
//! line holds one puzzle of exactly 50 clue lines, labelled `""`.

use super::error::{LineError, ParseErrorKind};
use super::text::{Lines, build_puzzle, clue_text, parse_clue, read_clues};
use super::{Entry, TOURNAMENT_SIDE};
use crate::model::Puzzle;

/// Reads a tournament text: every puzzle with its `$N` label.
pub(super) fn parse(text: &str) -> Result<Vec<Entry>, LineError> {
    let mut lines = Lines::new(text);
    let mut entries = Vec::new();
    // Looked for apart from `lines`: in a file without `$` lines, a leading blank line is a clue.
    let headed = {
        let mut probe = Lines::new(text);
        probe.skip_blank();
        probe.peek().is_some_and(|line| is_header(line.text))
    };
    if !headed {
        // LalaFrogKK's file: one puzzle's clue lines and no `$` line.
        let puzzle = read_block(&mut lines, None)?;
        entries.push(Entry {
            label: String::new(),
            puzzle,
        });
    }
    loop {
        lines.skip_blank();
        let Some(line) = lines.next() else {
            break;
        };
        if !headed || !is_header(line.text) {
            return Err(LineError::at(
                line.number,
                ParseErrorKind::UnexpectedLine {
                    text: line.text.trim().to_string(),
                },
            ));
        }
        let puzzle = read_block(&mut lines, Some(line.number))?;
        entries.push(Entry {
            label: line.text.trim().to_string(),
            puzzle,
        });
    }
    if entries.is_empty() {
        return Err(LineError::maybe_at(None, ParseErrorKind::Empty));
    }
    Ok(entries)
}

/// Whether a line starts a puzzle: `$` and its label.
fn is_header(text: &str) -> bool {
    text.trim_start().starts_with('$')
}

/// One puzzle's 25 column clues then 25 row clues; `header` is the line of its `$N`, if any.
fn read_block(lines: &mut Lines<'_>, header: Option<usize>) -> Result<Puzzle, LineError> {
    let columns = read_clues(lines, TOURNAMENT_SIDE, "columns", is_header, parse_clue)?;
    let rows = read_clues(lines, TOURNAMENT_SIDE, "rows", is_header, parse_clue)?;
    build_puzzle(rows, columns, header)
}

/// Writes puzzles `$1`, `$2`, ... with tab-separated numbers and `0` for an empty clue. Every
/// puzzle must be 25x25 (checked by the caller).
pub(super) fn write(puzzles: &[Puzzle]) -> String {
    let mut lines = Vec::new();
    for (i, puzzle) in puzzles.iter().enumerate() {
        lines.push(format!("${}", i + 1));
        let clues = puzzle.columns().iter().chain(puzzle.rows());
        lines.extend(clues.map(|clue| clue_text(clue, "\t")));
    }
    lines.iter().map(|line| format!("{line}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The puzzle whose top row is black: every column `1`, the first row `25`, the others empty
    /// (written as blank lines, the last one too).
    fn top_row_block() -> String {
        let mut text = "1\n".repeat(TOURNAMENT_SIDE);
        text += "25\n";
        text += &"\n".repeat(TOURNAMENT_SIDE - 1);
        text
    }

    #[test]
    fn columns_come_first() {
        let text = format!("\n$7\n{}\n$8\n{}", top_row_block(), top_row_block());
        let entries = parse(&text).unwrap();
        let labels: Vec<_> = entries.iter().map(|entry| entry.label.as_str()).collect();
        assert_eq!(labels, ["$7", "$8"]);
        let puzzle = &entries[0].puzzle;
        assert_eq!(puzzle.columns()[0].blocks(), [1]);
        assert_eq!(puzzle.rows()[0].blocks(), [25]);
        assert!(puzzle.rows()[24].is_empty());
    }

    #[test]
    fn headerless_file_is_one_puzzle() {
        let entries = parse(&top_row_block()).unwrap();
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].label, "");
    }
}
