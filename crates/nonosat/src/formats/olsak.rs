//! Petr Olšák's `.g` format (also read from `.mk` files): `: rows` and `: columns` sections.
//!
//! Lines before the first section are a preamble: `#` comments and, after `#d`, the colour table
//! (`0:` the background, then one line a colour). A line starting with `:` (after any spaces) opens
//! a section, the text after the colon being a free name: the first section holds the row clues
//! (top to bottom), the second the column clues (left to right). In a section every line is a clue,
//! numbers separated by whitespace, each optionally followed by its colour's letter (`3a`); **a
//! blank line is an empty clue** (as Olšák's files and number-loom write them), and so is `0`.
//! Lines starting with `#` inside sections are comments. A `#t` line in the preamble marks a
//! triddler (triangular puzzle) and clue letters of more than one colour mark a colour puzzle: both
//! are refused.

use super::error::{LineError, ParseErrorKind};
use super::text::{ClueLines, Line, Lines, build_puzzle, parse_number};
use crate::model::{Clue, Puzzle};

/// A section: the line of its `:` header and its clue lines.
struct Section<'a> {
    header: usize,
    lines: Vec<Line<'a>>,
}

/// Reads an Olšák text.
pub(super) fn parse(text: &str) -> Result<Puzzle, LineError> {
    let mut sections: Vec<Section<'_>> = Vec::new();
    for line in Lines::new(text) {
        if line.text.trim_start().starts_with(':') {
            if sections.len() == 2 {
                let message = "a third section: a black-and-white puzzle has only rows and \
                               columns (six sections are a triddler, not supported yet)";
                return Err(LineError::syntax(line.number, message));
            }
            sections.push(Section {
                header: line.number,
                lines: Vec::new(),
            });
        } else if let Some(section) = sections.last_mut() {
            if !line.text.trim_start().starts_with('#') {
                section.lines.push(line);
            }
        } else if line.text.trim() == "#t" {
            let what = "triddlers (triangular puzzles)";
            return Err(LineError::unsupported(Some(line.number), what));
        }
    }
    let mut ink = None;
    let mut section = |index: usize, name: &str| -> Result<ClueLines, LineError> {
        let Some(section) = sections.get(index) else {
            let kind = ParseErrorKind::MissingSection {
                name: format!(": {name}"),
            };
            return Err(LineError::maybe_at(None, kind));
        };
        let mut read = ClueLines::default();
        for line in &section.lines {
            read.clues.push(parse_clue(line, &mut ink)?);
            read.lines.push(line.number);
        }
        if read.clues.is_empty() {
            let kind = ParseErrorKind::WrongLineCount {
                section: name.to_string(),
                expected: 1,
                found: 0,
            };
            return Err(LineError::at(section.header, kind));
        }
        Ok(read)
    };
    if sections.is_empty()
        && text
            .lines()
            .all(|line| line.trim().is_empty() || line.trim_start().starts_with('#'))
    {
        return Err(LineError::maybe_at(None, ParseErrorKind::Empty));
    }
    let rows = section(0, "rows")?;
    let columns = section(1, "columns")?;
    build_puzzle(rows, columns, None)
}

/// One clue line: numbers with optional colour letters, all of one colour (`ink`).
fn parse_clue(line: &Line<'_>, ink: &mut Option<char>) -> Result<Clue, LineError> {
    let mut numbers = Vec::new();
    for word in line.text.split_whitespace() {
        let digits_end = word
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(word.len());
        let (digits, colour) = word.split_at(digits_end);
        let mut letters = colour.chars();
        let letter = letters.next();
        if digits.is_empty()
            || letters.next().is_some()
            || letter.is_some_and(|c| !c.is_alphabetic())
        {
            let kind = ParseErrorKind::NotANumber {
                text: word.to_string(),
            };
            return Err(LineError::at(line.number, kind));
        }
        if let Some(letter) = letter {
            match ink {
                Some(ink) if *ink != letter => {
                    return Err(LineError::unsupported(Some(line.number), "colour puzzles"));
                }
                _ => *ink = Some(letter),
            }
        }
        numbers.push(parse_number(digits).map_err(|kind| LineError::at(line.number, kind))?);
    }
    Clue::from_numbers(&numbers).map_err(|_| LineError::at(line.number, ParseErrorKind::ZeroInClue))
}

/// Writes an Olšák text: `: rows`, the row clues, `: columns`, the column clues; numbers separated
/// by spaces and an empty clue as a blank line, as the format has it.
pub(super) fn write(puzzle: &Puzzle) -> String {
    let mut text = String::new();
    for (name, clues) in [("rows", puzzle.rows()), ("columns", puzzle.columns())] {
        text.push_str(&format!(": {name}\n"));
        for clue in clues {
            let numbers: Vec<String> = clue.blocks().iter().map(usize::to_string).collect();
            text.push_str(&numbers.join(" "));
            text.push('\n');
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_lines_are_empty_clues_and_letters_one_colour() {
        let text = "#d\n   0:   #FFFFFF   white\n   a:a  #000000   black\n: rows\n1a \n\n: columns\n1a\n\n";
        let puzzle = parse(text).unwrap();
        assert_eq!((puzzle.width(), puzzle.height()), (2, 2));
        let indented = parse(" : rows\n1\n  # a comment\n : columns\n1\n").unwrap();
        assert_eq!((indented.width(), indented.height()), (1, 1));
        assert!(puzzle.rows()[1].is_empty());
        assert!(puzzle.columns()[1].is_empty());
    }

    #[test]
    fn two_colours_and_triddlers_are_refused() {
        let error = parse(": rows\n1a 1b\n: columns\n1a\n1b\n").unwrap_err();
        assert_eq!(
            (error.line, error.kind.to_string()),
            (Some(2), "colour puzzles are not supported yet".to_string())
        );
        let error = parse("#t\n#d\n: TopLeft\n1\n").unwrap_err();
        assert_eq!(error.line, Some(1));
    }
}
