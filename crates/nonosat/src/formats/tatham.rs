//! Simon Tatham's Pattern game id: `WxH:` then the clues, e.g. `4x4:2/1/2/1/1.1/2/1/1`.
//!
//! `W` columns and `H` rows (`W` alone means a square); then `W + H` clues separated by `/`, **the
//! columns first** (left to right, each read top to bottom), then the rows (top to bottom); the
//! numbers of a clue are separated by `.`, and an empty clue is written as nothing (`0` is read as
//! empty too). The id is one line; blank lines around it are ignored. Ids that fix some cells (a
//! `,` and a cell list after the clues) are refused.

use super::error::{LineError, ParseErrorKind};
use super::text::{ClueLines, build_puzzle, clue_text, parse_number};
use crate::model::{Clue, Puzzle};

/// Reads a game id.
pub(super) fn parse(text: &str) -> Result<Puzzle, LineError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty());
    let Some((index, id)) = lines.next() else {
        return Err(LineError::maybe_at(None, ParseErrorKind::Empty));
    };
    let number = index + 1;
    if let Some((extra, _)) = lines.next() {
        return Err(LineError::syntax(
            extra + 1,
            "a file holds one game id, on one line",
        ));
    }
    let at = |kind| LineError::at(number, kind);
    let Some((size, clues)) = id.trim().split_once(':') else {
        return Err(LineError::syntax(
            number,
            "a game id is `WxH:` and the clues, but this one has no `:`",
        ));
    };
    let (width, height) = match size.split_once('x') {
        Some((width, height)) => (parse_number(width), parse_number(height)),
        None => (parse_number(size), parse_number(size)),
    };
    let (width, height) = (width.map_err(at)?, height.map_err(at)?);
    if clues.contains(',') {
        let what = "game ids that fix cells (a `,` after the clues)";
        return Err(LineError::unsupported(Some(number), what));
    }
    let specs: Vec<&str> = clues.split('/').collect();
    if specs.len() != width + height {
        let message = format!(
            "a {width}x{height} game id needs {} clues ({width} for the columns, then {height} \
             for the rows), but this one has {}",
            width + height,
            specs.len()
        );
        return Err(LineError::syntax(number, &message));
    }
    let mut all = Vec::with_capacity(specs.len());
    for spec in specs {
        let numbers = if spec.is_empty() {
            Vec::new()
        } else {
            spec.split('.')
                .map(parse_number)
                .collect::<Result<Vec<_>, _>>()
                .map_err(at)?
        };
        all.push(Clue::from_numbers(&numbers).map_err(|_| at(ParseErrorKind::ZeroInClue))?);
    }
    let rows = all.split_off(width);
    let clue_lines = |clues| ClueLines {
        clues,
        lines: Vec::new(),
    };
    build_puzzle(clue_lines(rows), clue_lines(all), Some(number))
}

/// Writes a game id and a line break: columns first, empty clues as nothing.
pub(super) fn write(puzzle: &Puzzle) -> String {
    let specs: Vec<String> = puzzle
        .columns()
        .iter()
        .chain(puzzle.rows())
        .map(|clue| match clue.is_empty() {
            true => String::new(),
            false => clue_text(clue, "."),
        })
        .collect();
    format!(
        "{}x{}:{}\n",
        puzzle.width(),
        puzzle.height(),
        specs.join("/")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tathams_own_example_reads_columns_first() {
        // The id pattern.c gives for a puzzle that line logic alone cannot start.
        let puzzle = parse("4x4:2/1/2/1/1.1/2/1/1").unwrap();
        assert_eq!(puzzle.columns()[0].blocks(), [2]);
        assert_eq!(puzzle.rows()[0].blocks(), [1, 1]);
        assert_eq!(write(&puzzle), "4x4:2/1/2/1/1.1/2/1/1\n");
    }

    #[test]
    fn empty_clues_are_empty_specs() {
        let puzzle = parse("\n2x1:1//1\n\n").unwrap();
        assert!(puzzle.columns()[1].is_empty());
        assert_eq!(write(&puzzle), "2x1:1//1\n");
    }
}
