//! Petr Olšák's `.g` format (also read from `.mk` files): `: rows` and `: columns` sections.
//!
//! Lines before the first section are a preamble: `#` comments and, after `#d`, the colour table
//! (`0:` the background, then one line a colour). A line starting with `:` (after any spaces) opens
//! a section, the text after the colon being a free name: the first section holds the row clues
//! (top to bottom), the second the column clues (left to right). In a section every line is a clue,
//! numbers separated by whitespace, each optionally followed by its colour's letter (`3a`); **a
//! blank line is an empty clue** (as Olšák's files and number-loom write them), and so is `0`. A
//! third `:` line closes the clues: what follows it is free text (pbnsolve's files end so).
//! Lines starting with `#` inside sections are comments. A `#t` line in the preamble marks a
//! triddler (triangular puzzle) and clue letters of more than one colour mark a colour puzzle: both
//! are refused by `parse`; `parse_colour` reads colour puzzles.
//!
//! A colour table line is `<in-char>:<out-char> <colour> <comment>`: clues name the colour by its
//! in-char (`3y`), its letter; the colour is an X11 name or `#rrggbb`, and the colour's name is the
//! X11 name, else the comment, else the letter; `0` declares the background and `1` the colour of
//! numbers without a letter. Without a table every letter is a colour of its own (`1` the
//! default); with one, a letter it does not declare is an error.

use super::colour_table::{
    Declared, NamedClues, build_colour_puzzle, colour_word_rgb, fallback_rgb, is_line_name,
    written_letters,
};
use super::error::{COLOUR_PUZZLES, LineError, ParseErrorKind};
use super::text::{ClueLines, Line, Lines, build_puzzle, parse_number};
use crate::model::{Clue, Colour, ColourPuzzle, Puzzle};

/// A section: the line of its `:` header and its clue lines.
struct Section<'a> {
    header: usize,
    lines: Vec<Line<'a>>,
}

/// The parts of an Olšák text: the preamble's lines and the sections.
struct Layout<'a> {
    preamble: Vec<Line<'a>>,
    sections: Vec<Section<'a>>,
}

impl<'a> Layout<'a> {
    /// Splits a text into its preamble and its two sections; refuses triddlers.
    fn of(text: &'a str) -> Result<Self, LineError> {
        let mut layout = Layout {
            preamble: Vec::new(),
            sections: Vec::new(),
        };
        // The line of a third `:` line, which closes the clues, and how many headers follow it.
        let mut closed: Option<(usize, usize)> = None;
        for line in Lines::new(text) {
            let header = line.text.trim_start().starts_with(':');
            if let Some((_, later)) = &mut closed {
                *later += usize::from(header);
            } else if header && layout.sections.len() == 2 {
                closed = Some((line.number, 0));
            } else if header {
                layout.sections.push(Section {
                    header: line.number,
                    lines: Vec::new(),
                });
            } else if let Some(section) = layout.sections.last_mut() {
                if !line.text.trim_start().starts_with('#') {
                    section.lines.push(line);
                }
            } else if line.text.trim() == "#t" {
                let what = "triddlers (triangular puzzles)";
                return Err(LineError::unsupported(Some(line.number), what));
            } else {
                layout.preamble.push(line);
            }
        }
        if let Some((line, later)) = closed
            && later >= 3
        {
            let what = "triddlers (triangular puzzles, six sections)";
            return Err(LineError::unsupported(Some(line), what));
        }
        if layout.sections.is_empty()
            && text
                .lines()
                .all(|line| line.trim().is_empty() || line.trim_start().starts_with('#'))
        {
            return Err(LineError::maybe_at(None, ParseErrorKind::Empty));
        }
        Ok(layout)
    }

    /// The clue lines of section `index` (0 rows, 1 columns), of which there must be one at least.
    fn section(&self, index: usize, name: &str) -> Result<&[Line<'a>], LineError> {
        let Some(section) = self.sections.get(index) else {
            let kind = ParseErrorKind::MissingSection {
                name: format!(": {name}"),
            };
            return Err(LineError::maybe_at(None, kind));
        };
        if section.lines.is_empty() {
            let kind = ParseErrorKind::WrongLineCount {
                section: name.to_string(),
                expected: 1,
                found: 0,
            };
            return Err(LineError::at(section.header, kind));
        }
        Ok(&section.lines)
    }
}

/// Reads an Olšák text as a black-and-white puzzle.
pub(super) fn parse(text: &str) -> Result<Puzzle, LineError> {
    let layout = Layout::of(text)?;
    // One colour is black and white, but it too must be one the table declares.
    let table = colour_table(&layout.preamble)?;
    let mut ink = None;
    let mut section = |index: usize, name: &str| -> Result<ClueLines, LineError> {
        let mut read = ClueLines::default();
        for line in layout.section(index, name)? {
            let numbers = clue_words(line)?.into_iter().map(|(len, letter)| {
                // A number without a letter has the default colour, `1`.
                let letter = letter.unwrap_or('1');
                table.refuse_undefined(&letter.to_string(), line.number)?;
                match ink {
                    Some(ink) if ink != letter => {
                        Err(LineError::unsupported(Some(line.number), COLOUR_PUZZLES))
                    }
                    _ => {
                        ink = Some(letter);
                        Ok(len)
                    }
                }
            });
            let numbers = numbers.collect::<Result<Vec<usize>, _>>()?;
            let clue = Clue::from_numbers(&numbers)
                .map_err(|_| LineError::at(line.number, ParseErrorKind::ZeroInClue))?;
            read.clues.push(clue);
            read.lines.push(line.number);
        }
        Ok(read)
    };
    let rows = section(0, "rows")?;
    let columns = section(1, "columns")?;
    build_puzzle(rows, columns, None)
}

/// Reads an Olšák text with its colour table.
pub(super) fn parse_colour(text: &str) -> Result<ColourPuzzle, LineError> {
    let layout = Layout::of(text)?;
    let table = colour_table(&layout.preamble)?;
    let section = |index: usize, name: &str| -> Result<NamedClues, LineError> {
        let mut read = NamedClues::default();
        for line in layout.section(index, name)? {
            let words = clue_words(line)?;
            if words.len() > 1 && words.iter().any(|&(len, _)| len == 0) {
                return Err(LineError::at(line.number, ParseErrorKind::ZeroInClue));
            }
            let blocks = words
                .into_iter()
                .filter(|&(len, _)| len > 0)
                .map(|(len, letter)| (len, letter.unwrap_or('1').to_string()));
            read.clues.push(blocks.collect());
            read.lines.push(line.number);
        }
        Ok(read)
    };
    let rows = section(0, "rows")?;
    let columns = section(1, "columns")?;
    build_colour_puzzle(&rows, &columns, table, None)
}

/// The colour table of a preamble: the lines after a `#d...` line. Without one, the table is open:
/// every letter of the clues is a colour.
fn colour_table(preamble: &[Line<'_>]) -> Result<Declared, LineError> {
    let mut table = Declared::by_letter(Colour::new("0", [255, 255, 255]).with_letter('0'));
    let Some(start) = preamble
        .iter()
        .position(|line| line.text.trim_start().starts_with("#d"))
    else {
        table.open = true;
        return Ok(table);
    };
    for line in &preamble[start + 1..] {
        let text = line.text.trim_start();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let mut chars = text.chars();
        let (Some(letter), Some(':'), Some(_shown)) = (chars.next(), chars.next(), chars.next())
        else {
            let message = "a colour line should read `<letter>:<char> <colour>`";
            return Err(LineError::syntax(line.number, message));
        };
        let rest = chars.as_str().trim_start();
        let (word, comment) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let rgb = colour_word_rgb(word).unwrap_or_else(|| fallback_rgb(table.colours.len()));
        // The colour's name: its X11 name, else (a value in hex) the comment, else its letter,
        // which is also the name of a colour whose name an earlier one has.
        let name = match (word, comment.trim()) {
            ("", _) => letter.to_string(),
            (word, "") if word.starts_with('#') => letter.to_string(),
            (word, comment) if word.starts_with('#') => comment.to_string(),
            (word, _) => word.to_string(),
        };
        let taken = |name: &str| table.colours.iter().any(|c| c.name == name);
        let name = if taken(&name) {
            letter.to_string()
        } else {
            name
        };
        table.declare(Colour::new(&name, rgb).with_letter(letter), line.number)?;
    }
    Ok(table)
}

/// One clue line's words: numbers, each with its colour letter if it has one (`3a`).
fn clue_words(line: &Line<'_>) -> Result<Vec<(usize, Option<char>)>, LineError> {
    let mut words = Vec::new();
    for word in line.text.split_whitespace() {
        let digits_end = word
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(word.len());
        let (digits, colour) = word.split_at(digits_end);
        let mut letters = colour.chars();
        let letter = letters.next();
        if digits.is_empty() || letters.next().is_some() || letter.is_some_and(|c| c == ',') {
            let kind = ParseErrorKind::NotANumber {
                text: word.to_string(),
            };
            return Err(LineError::at(line.number, kind));
        }
        let len = parse_number(digits).map_err(|kind| LineError::at(line.number, kind))?;
        words.push((len, letter));
    }
    Ok(words)
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

/// Writes a colour Olšák text: the `#d` table (`0` the background, then each colour's letter, both
/// as its in- and out-character, its value as `#rrggbb` and its name as the comment when it is not
/// the letter), then the clues with a letter after every number but `1`'s. A letter that cannot
/// follow a number or open a table line (a digit other than `1`, `#`, `:`, `,`) is written as a
/// free one.
pub(super) fn write_colour(puzzle: &ColourPuzzle) -> String {
    let palette = puzzle.palette();
    let letters = written_letters(palette, |c| {
        (!c.is_ascii_digit() || c == '1') && !matches!(c, '#' | ':' | ',')
    });
    let mut text = String::from("#d\n");
    for (index, colour) in palette.colours().iter().enumerate() {
        let (letter, shown) = match index {
            0 => ('0', '.'),
            _ => (letters[index], letters[index]),
        };
        text.push_str(&format!("   {letter}:{shown}  {}", colour.hex()));
        if colour.name != letter.to_string() && is_line_name(&colour.name) {
            text.push_str(&format!("  {}", colour.name));
        }
        text.push('\n');
    }
    for (name, clues) in [("rows", puzzle.rows()), ("columns", puzzle.columns())] {
        text.push_str(&format!(": {name}\n"));
        for clue in clues {
            let words: Vec<String> = clue
                .blocks()
                .iter()
                .map(|b| match letters[usize::from(b.colour)] {
                    '1' => b.len.to_string(),
                    letter => format!("{}{letter}", b.len),
                })
                .collect();
            text.push_str(&words.join(" "));
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
        // Numbers without a letter have colour `1`: with `1m` beside them the puzzle has two
        // colours (pbnsolve's bird2.g), and reading it as black and white would change its answer.
        let error = parse(": rows\n1 1m\n: columns\n1\n1m\n").unwrap_err();
        assert_eq!(
            (error.line, error.kind.to_string()),
            (Some(2), "colour puzzles are not supported yet".to_string())
        );
        let error = parse("#t\n#d\n: TopLeft\n1\n").unwrap_err();
        assert_eq!(error.line, Some(1));
    }

    #[test]
    fn a_clue_colour_the_table_does_not_define_is_refused_also_alone() {
        let text = "#d\n  a:#   red  #ff0000\n: rows\n1g\n1g\n: columns\n1g\n1g\n";
        for error in [parse(text).unwrap_err(), parse_colour(text).unwrap_err()] {
            assert_eq!(
                (error.line, error.kind.to_string()),
                (
                    Some(4),
                    "the colour \"g\" is not defined in the colour table".to_string()
                )
            );
        }
        // Without a table every letter is a colour of its own.
        assert!(parse(": rows\n1g\n: columns\n1g\n").is_ok());
    }
}
