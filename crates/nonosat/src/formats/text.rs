//! Helpers shared by the line-based readers: numbered lines, numbers, clue lines, puzzle building.

use super::error::{LineError, ParseErrorKind};
use crate::model::{Clue, Grid, LineId, MAX_SIDE, Puzzle, PuzzleError};

/// One line of a file, without its line break.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line<'a> {
    /// 1-based line number in the file.
    pub number: usize,
    /// The text, without `\n` or `\r\n`.
    pub text: &'a str,
}

impl Line<'_> {
    /// Whether the line holds nothing but whitespace.
    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }
}

/// The lines of a text, numbered from 1, read one at a time (never all held at once: a file of
/// millions of short lines costs no memory beyond its text).
pub(crate) struct Lines<'a> {
    inner: std::iter::Peekable<std::iter::Enumerate<std::str::Lines<'a>>>,
}

impl<'a> Lines<'a> {
    /// The lines of `text`, from the first.
    pub fn new(text: &'a str) -> Self {
        Lines {
            inner: text.lines().enumerate().peekable(),
        }
    }

    /// The next line, without consuming it.
    pub fn peek(&mut self) -> Option<Line<'a>> {
        self.inner.peek().map(|&(i, text)| Line {
            number: i + 1,
            text,
        })
    }

    /// Consumes blank lines up to the next non-blank one or the end.
    pub fn skip_blank(&mut self) {
        while self.peek().is_some_and(|line| line.is_blank()) {
            self.next();
        }
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        self.inner.next().map(|(i, text)| Line {
            number: i + 1,
            text,
        })
    }
}

/// The 1-based numbers of the first and the last non-blank lines of a text, if it has any.
pub(crate) fn content_span(text: &str) -> Option<(usize, usize)> {
    let mut numbers = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, _)| i + 1);
    let first = numbers.next()?;
    Some((first, numbers.last().unwrap_or(first)))
}

/// A size or block length written in decimal digits: at most [`MAX_SIDE`], so sums never overflow.
pub(crate) fn parse_number(word: &str) -> Result<usize, ParseErrorKind> {
    let digits = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    if word.strip_prefix('-').is_some_and(digits) {
        return Err(ParseErrorKind::Negative {
            text: word.to_string(),
        });
    }
    if !digits(word) {
        return Err(ParseErrorKind::NotANumber {
            text: word.to_string(),
        });
    }
    match word.parse::<usize>() {
        Ok(n) if n <= MAX_SIDE => Ok(n),
        _ => Err(ParseErrorKind::NumberTooLarge {
            text: word.to_string(),
        }),
    }
}

/// The words of a clue line: separated by commas and/or whitespace.
pub(crate) fn clue_words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|word| !word.is_empty())
}

/// A clue line: numbers separated by commas and/or whitespace; `0` or nothing is the empty clue.
pub(crate) fn parse_clue(text: &str) -> Result<Clue, ParseErrorKind> {
    let numbers = clue_words(text)
        .map(parse_number)
        .collect::<Result<Vec<_>, _>>()?;
    Clue::from_numbers(&numbers).map_err(|_| ParseErrorKind::ZeroInClue)
}

/// Clues of one section, each with the file line it was written on (empty when unknown). `T` is
/// [`Clue`], or a colour clue as read (see `formats/colour.rs`).
#[derive(Clone, Debug)]
pub(crate) struct ClueLines<T = Clue> {
    /// The clues, in order.
    pub clues: Vec<T>,
    /// The 1-based file line of each clue; empty for formats without lines.
    pub lines: Vec<usize>,
}

impl<T> Default for ClueLines<T> {
    fn default() -> Self {
        ClueLines {
            clues: Vec::new(),
            lines: Vec::new(),
        }
    }
}

/// Reads exactly `count` clue lines of `section`. A blank line is an empty clue. A line for which
/// `ends_section` holds, or the end of the text, before `count` lines is an error.
pub(crate) fn read_clues<T>(
    lines: &mut Lines<'_>,
    count: usize,
    section: &str,
    ends_section: impl Fn(&str) -> bool,
    clue: impl Fn(&str) -> Result<T, ParseErrorKind>,
) -> Result<ClueLines<T>, LineError> {
    let mut read = ClueLines::default();
    while read.clues.len() < count {
        let next = lines.peek();
        let Some(line) = next.filter(|line| !ends_section(line.text)) else {
            return Err(LineError::maybe_at(
                next.map(|line| line.number),
                ParseErrorKind::WrongLineCount {
                    section: section.to_string(),
                    expected: count,
                    found: read.clues.len(),
                },
            ));
        };
        let parsed = clue(line.text).map_err(|kind| LineError::at(line.number, kind))?;
        read.clues.push(parsed);
        read.lines.push(line.number);
        lines.next();
    }
    Ok(read)
}

/// The puzzle of these clues; a clue that does not fit its line is blamed on the line it was written
/// on, other problems on `at`.
pub(crate) fn build_puzzle(
    rows: ClueLines,
    columns: ClueLines,
    at: Option<usize>,
) -> Result<Puzzle, LineError> {
    let (row_lines, column_lines) = (rows.lines, columns.lines);
    Puzzle::new(rows.clues, columns.clues).map_err(|error| {
        let line = match &error {
            PuzzleError::ClueTooLong {
                line: LineId::Row(r),
                ..
            } => row_lines.get(*r).copied().or(at),
            PuzzleError::ClueTooLong {
                line: LineId::Col(c),
                ..
            } => column_lines.get(*c).copied().or(at),
            _ => at,
        };
        LineError::maybe_at(line, ParseErrorKind::Puzzle(error))
    })
}

/// The puzzle carrying `goal`, which must have its size. A goal that breaks the clues is kept: a
/// check reports it as "not a solution" and goes on, as with `--goal`.
pub(crate) fn attach_goal(
    puzzle: Puzzle,
    goal: Grid<bool>,
    at: Option<usize>,
) -> Result<Puzzle, LineError> {
    puzzle
        .with_goal(goal)
        .map_err(|error| LineError::maybe_at(at, ParseErrorKind::Puzzle(error)))
}

/// A text of numbers: the `header` lines, then one clue a line, rows then columns, numbers separated
/// by spaces and `0` for an empty clue (the body of `.nin` and CWD files).
pub(crate) fn clues_file(header: &[String], puzzle: &Puzzle) -> String {
    let clues = puzzle.rows().iter().chain(puzzle.columns());
    let lines: Vec<String> = header
        .iter()
        .cloned()
        .chain(clues.map(|clue| clue_text(clue, " ")))
        .collect();
    lines.join("\n") + "\n"
}

/// Clue numbers joined by `separator`; `0` for the empty clue.
pub(crate) fn clue_text(clue: &Clue, separator: &str) -> String {
    if clue.is_empty() {
        return "0".to_string();
    }
    let numbers: Vec<String> = clue.blocks().iter().map(usize::to_string).collect();
    numbers.join(separator)
}

/// The character of an entity's name (without `&` and `;`): XML's five, `nbsp`, `copy`, `reg`,
/// and numeric references `#NN` and `#xHH`. Shared by `.non` strings and XML.
pub(crate) fn html_entity(name: &str) -> Option<char> {
    let named = match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        "copy" => '©',
        "reg" => '®',
        _ => {
            let number = name.strip_prefix('#')?;
            let code = match number.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => number.parse().ok()?,
            };
            return char::from_u32(code);
        }
    };
    Some(named)
}

/// Text with `&`, `"`, `<`, `>` and control characters written as references, for `.non` strings and
/// XML text and attributes alike.
pub(crate) fn escape_markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c if c.is_control() => out.push_str(&format!("&#{};", u32::from(c))),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clue_words_split_on_commas_and_whitespace() {
        let words: Vec<_> = clue_words(" 3,1 \t2,, 4").collect();
        assert_eq!(words, ["3", "1", "2", "4"]);
    }

    #[test]
    fn parse_clue_reads_empty_and_zero() {
        assert_eq!(parse_clue(""), Ok(Clue::default()));
        assert_eq!(parse_clue(" 0 "), Ok(Clue::default()));
        assert_eq!(parse_clue("2,1"), Ok(Clue::new(vec![2, 1])));
        assert_eq!(parse_clue("2 0 1"), Err(ParseErrorKind::ZeroInClue));
        assert_eq!(
            parse_clue("2 x"),
            Err(ParseErrorKind::NotANumber { text: "x".into() })
        );
    }

    #[test]
    fn parse_number_refuses_signs_and_huge_values() {
        assert_eq!(parse_number("1000"), Ok(1000));
        assert_eq!(
            parse_number("-1").unwrap_err().to_string(),
            "\"-1\" is negative: clue numbers and sizes count cells"
        );
        assert!(matches!(
            parse_number("+1"),
            Err(ParseErrorKind::NotANumber { .. })
        ));
        assert!(matches!(
            parse_number("1001"),
            Err(ParseErrorKind::NumberTooLarge { .. })
        ));
        assert!(matches!(
            parse_number("99999999999999999999999"),
            Err(ParseErrorKind::NumberTooLarge { .. })
        ));
    }

    #[test]
    fn content_span_skips_blank_lines_at_both_ends() {
        assert_eq!(content_span("\n a\n\nb\n \n\n"), Some((2, 4)));
        assert_eq!(content_span("x"), Some((1, 1)));
        assert_eq!(content_span("\n \n"), None);
    }

    #[test]
    fn lines_are_numbered_and_peekable() {
        let mut lines = Lines::new("\n\nb\r\nc");
        lines.skip_blank();
        assert_eq!(lines.peek().map(|line| line.number), Some(3));
        let rest: Vec<_> = lines.map(|line| (line.number, line.text)).collect();
        assert_eq!(rest, [(3, "b"), (4, "c")]);
    }
}
