//! Colour tables as read, and building a [`ColourPuzzle`] with errors on the lines that caused
//! them: what every colour reader and writer shares.
//!
//! A clue block names its colour; the table keeps the colours the clues use, in the order the file
//! declares them. Errors: a colour used but not declared (when the file declares any), a block in
//! the background colour, a name declared twice, each on its line.

use std::collections::HashMap;

use super::error::{LineError, ParseErrorKind};
use super::text::ClueLines;
use crate::model::{
    Block, Colour, ColourClue, ColourError, ColourPuzzle, GENERATED_LETTERS, Grid, LineId, Palette,
    PuzzleError,
};

/// The letters a writer gives the colours of `palette` (index 0 the background, whose letter it
/// keeps): each colour's own where `writable` accepts it, else the first of
/// [`GENERATED_LETTERS`] that `writable` accepts and no other colour has (a format whose clues
/// take only some characters after a number).
pub(crate) fn written_letters(palette: &Palette, writable: impl Fn(char) -> bool) -> Vec<char> {
    let own: Vec<char> = (0..=palette.len())
        .map(|index| palette.letter(u8::try_from(index).expect("at most 31 colours")))
        .collect();
    let mut free = GENERATED_LETTERS
        .chars()
        .filter(|&c| writable(c) && !own.contains(&c));
    let mut letters = own.clone();
    for letter in letters.iter_mut().skip(1) {
        if !writable(*letter) {
            *letter = free.next().expect("more free letters than colours");
        }
    }
    letters
}

/// Whether `name` can be written as free text at the end of a line (a `.g` comment, a `.non`
/// colour line, a picture's legend) and read back the same: not empty, no spaces at its ends, no
/// control character.
pub(crate) fn is_line_name(name: &str) -> bool {
    !name.is_empty() && name.trim() == name && !name.chars().any(char::is_control)
}

/// A file's colour table as read: the background and the declared colours, in order.
#[derive(Clone, Debug)]
pub(crate) struct Declared {
    /// The background colour.
    pub background: Colour,
    /// The other colours, in the order the file declares them.
    pub colours: Vec<Colour>,
    /// Whether clues may name colours the table lacks, which are then added (files without a
    /// table).
    pub open: bool,
    /// Whether clues and declarations name a colour by its letter (`.g`, `.non`) rather than by
    /// its name (XML, JSON).
    pub by_letter: bool,
}

impl Declared {
    /// A table with `background` and no colour yet, whose clues name colours by name.
    pub fn new(background: Colour) -> Self {
        Declared {
            background,
            colours: Vec::new(),
            open: false,
            by_letter: false,
        }
    }

    /// A table with `background` and no colour yet, whose clues name colours by letter.
    pub fn by_letter(background: Colour) -> Self {
        Declared {
            by_letter: true,
            ..Declared::new(background)
        }
    }

    /// How clues name `colour`: its letter or its name.
    fn key(&self, colour: &Colour) -> String {
        match (self.by_letter, colour.letter) {
            (true, Some(letter)) => letter.to_string(),
            _ => colour.name.clone(),
        }
    }

    /// The position in [`Declared::colours`] of the colour a clue names `reference`.
    fn position(&self, reference: &str) -> Option<usize> {
        self.colours.iter().position(|c| self.key(c) == reference)
    }

    /// Refuses a clue block in the colour `reference` (on line `line`) that this table cannot give:
    /// the background, or, unless the table is open, a colour it does not declare.
    pub fn refuse_undefined(&self, reference: &str, line: usize) -> Result<(), LineError> {
        if reference == self.key(&self.background) {
            let name = self.background.name.clone();
            return Err(LineError::at(
                line,
                ParseErrorKind::BackgroundBlock { name },
            ));
        }
        if self.open || self.position(reference).is_some() {
            return Ok(());
        }
        let name = reference.to_owned();
        Err(LineError::at(
            line,
            ParseErrorKind::UndefinedColour { name },
        ))
    }

    /// Adds a colour declared on line `line`, refusing one declared before (its name, or its letter
    /// where clues name colours by letter). A declaration of the background (its name, or its
    /// letter) replaces the background.
    pub fn declare(&mut self, colour: Colour, line: usize) -> Result<(), LineError> {
        let key = self.key(&colour);
        let twice = |name: String| {
            let kind = ParseErrorKind::Colour(ColourError::DuplicateName { name });
            LineError::at(line, kind)
        };
        if self.position(&key).is_some() {
            return Err(twice(key));
        }
        if self.colours.iter().any(|c| c.name == colour.name) {
            return Err(twice(colour.name));
        }
        if key == self.key(&self.background) {
            self.background = colour;
        } else {
            self.colours.push(colour);
        }
        Ok(())
    }
}

/// Colour clues as read: each block's length and colour name, with the line of each clue.
pub(crate) type NamedClues = ClueLines<Vec<(usize, String)>>;

/// The puzzle of these clues under `table`: its palette is the background and the declared colours
/// the clues use. Problems of one clue are blamed on its line, others on `at`.
pub(crate) fn build_colour_puzzle(
    rows: &NamedClues,
    columns: &NamedClues,
    mut table: Declared,
    at: Option<usize>,
) -> Result<ColourPuzzle, LineError> {
    let background = table.key(&table.background);
    // Where each reference points in the table.
    let mut positions: HashMap<String, usize> = HashMap::new();
    for (position, colour) in table.colours.iter().enumerate() {
        positions.entry(table.key(colour)).or_insert(position);
    }
    let mut used = vec![false; table.colours.len()];
    for section in [rows, columns] {
        for (i, clue) in section.clues.iter().enumerate() {
            // Formats without lines (JSON) blame the whole object.
            let line = section.lines.get(i).copied().or(at);
            for (_, reference) in clue {
                if *reference == background {
                    let name = table.background.name.clone();
                    let kind = ParseErrorKind::BackgroundBlock { name };
                    return Err(LineError::maybe_at(line, kind));
                }
                if let Some(&position) = positions.get(reference) {
                    used[position] = true;
                    continue;
                }
                if !table.open {
                    let name = reference.clone();
                    let kind = ParseErrorKind::UndefinedColour { name };
                    return Err(LineError::maybe_at(line, kind));
                }
                let mut colour = Colour::new(reference, fallback_rgb(table.colours.len()));
                colour.letter = one_char(reference);
                positions.insert(reference.clone(), table.colours.len());
                table.colours.push(colour);
                used.push(true);
            }
        }
    }
    let colours: Vec<Colour> = (table.colours.into_iter().zip(&used))
        .filter_map(|(colour, &used)| used.then_some(colour))
        .collect();
    let palette = Palette::new(table.background, colours)
        .map_err(|error| LineError::maybe_at(at, ParseErrorKind::Colour(error)))?;
    // The palette's index of each reference: the used colours, numbered from 1 in table order.
    let mut index = vec![0u8; used.len()];
    let mut next = 0u8;
    for (slot, _) in index.iter_mut().zip(&used).filter(|(_, used)| **used) {
        next += 1;
        *slot = next;
    }
    let of = |reference: &str| positions.get(reference).map_or(0, |&p| index[p]);
    let (row_clues, column_clues) = (to_clues(rows, of), to_clues(columns, of));
    ColourPuzzle::new(row_clues, column_clues, palette).map_err(|error| {
        let line = match &error {
            ColourError::Puzzle(PuzzleError::ClueTooLong { line, .. }) => match line {
                LineId::Row(r) => rows.lines.get(*r).copied().or(at),
                LineId::Col(c) => columns.lines.get(*c).copied().or(at),
            },
            _ => at,
        };
        LineError::maybe_at(line, ParseErrorKind::Colour(error))
    })
}

/// The clues of a section, each block's colour index as `index` gives it for its reference.
fn to_clues(section: &NamedClues, index: impl Fn(&str) -> u8) -> Vec<ColourClue> {
    section
        .clues
        .iter()
        .map(|clue| {
            let blocks = clue.iter().map(|(len, reference)| Block {
                len: *len,
                colour: index(reference),
            });
            ColourClue::new(blocks.collect())
        })
        .collect()
}

/// The character of a text of one character.
pub(crate) fn one_char(text: &str) -> Option<char> {
    let mut chars = text.chars();
    chars.next().filter(|_| chars.next().is_none())
}

/// The puzzle carrying `goal` (colour indices), which must have its size and fit its clues.
pub(crate) fn attach_colour_goal(
    puzzle: ColourPuzzle,
    goal: Grid<u8>,
    at: Option<usize>,
) -> Result<ColourPuzzle, LineError> {
    let puzzle = puzzle
        .with_goal(goal)
        .map_err(|error| LineError::maybe_at(at, ParseErrorKind::Colour(error)))?;
    if let Some(goal) = puzzle.goal() {
        puzzle.check(goal).map_err(|mismatch| {
            LineError::maybe_at(at, ParseErrorKind::ColourGoalMismatch(mismatch))
        })?;
    }
    Ok(puzzle)
}

/// The index in `palette` of the colour whose letter a goal cell has, the background's being 0; a
/// letter no colour the clues use has is an error, since the goal cannot fit the clues then.
pub(crate) fn goal_index(palette: &Palette, letter: char, line: usize) -> Result<u8, LineError> {
    palette.index_of_letter(letter).ok_or_else(|| {
        let name = letter.to_string();
        LineError::at(line, ParseErrorKind::UndefinedColour { name })
    })
}

/// A colour written as hex digits, `#` optional: `rgb` or `rrggbb`.
///
/// ```
/// assert_eq!(nonosat::formats::hex_rgb("#ffffcc"), Some([255, 255, 204]));
/// assert_eq!(nonosat::formats::hex_rgb("f0a"), Some([255, 0, 170]));
/// assert_eq!(nonosat::formats::hex_rgb("#ffffc"), None);
/// ```
pub fn hex_rgb(text: &str) -> Option<[u8; 3]> {
    let digits = text.trim().trim_start_matches('#');
    if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let channel = |s: &str| u8::from_str_radix(s, 16).ok();
    match digits.len() {
        3 => {
            let mut rgb = [0; 3];
            for (value, i) in rgb.iter_mut().zip(0..) {
                *value = channel(&digits[i..=i])? * 17;
            }
            Some(rgb)
        }
        6 => Some([
            channel(&digits[0..2])?,
            channel(&digits[2..4])?,
            channel(&digits[4..6])?,
        ]),
        _ => None,
    }
}

/// The common X11 colour names Olšák's files use, with their red, green, blue.
const NAMED: [(&str, [u8; 3]); 16] = [
    ("white", [255, 255, 255]),
    ("black", [0, 0, 0]),
    ("red", [255, 0, 0]),
    ("green", [0, 255, 0]),
    ("blue", [0, 0, 255]),
    ("yellow", [255, 255, 0]),
    ("orange", [255, 165, 0]),
    ("brown", [165, 42, 42]),
    ("pink", [255, 192, 203]),
    ("purple", [160, 32, 240]),
    ("violet", [238, 130, 238]),
    ("cyan", [0, 255, 255]),
    ("magenta", [255, 0, 255]),
    ("gray", [190, 190, 190]),
    ("grey", [190, 190, 190]),
    ("darkgreen", [0, 100, 0]),
];

/// A colour given by an X11 name (in any case) or as `#rrggbb`; a split triangle colour
/// (`black/orange`) takes its first half.
pub(crate) fn colour_word_rgb(word: &str) -> Option<[u8; 3]> {
    if word.starts_with('#') {
        return hex_rgb(word);
    }
    let first = word.split(['/', '\\']).next().unwrap_or(word);
    NAMED
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(first))
        .map(|&(_, rgb)| rgb)
}

/// A distinct colour for the `index`-th colour a file names without giving its value.
pub(crate) fn fallback_rgb(index: usize) -> [u8; 3] {
    const CYCLE: [[u8; 3]; 8] = [
        [0, 0, 0],
        [204, 51, 51],
        [51, 102, 204],
        [51, 153, 51],
        [230, 170, 0],
        [136, 68, 170],
        [0, 153, 153],
        [153, 102, 51],
    ];
    CYCLE[index % CYCLE.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_colours_of_three_and_six_digits() {
        assert_eq!(hex_rgb("#cc3333"), Some([0xcc, 0x33, 0x33]));
        assert_eq!(hex_rgb("f0a"), Some([0xff, 0x00, 0xaa]));
        assert_eq!(hex_rgb("12345"), None);
        assert_eq!(colour_word_rgb("Black/orange"), Some([0, 0, 0]));
        assert_eq!(colour_word_rgb("chartreuse"), None);
    }

    #[test]
    fn undefined_and_background_colours_are_blamed_on_their_clue_line() {
        let table = || {
            let mut table = Declared::new(Colour::new("white", [255; 3]));
            table.declare(Colour::new("red", [255, 0, 0]), 1).unwrap();
            table
        };
        let clues = |name: &str, line| NamedClues {
            clues: vec![vec![(1, name.to_string())]],
            lines: vec![line],
        };
        let undefined = build_colour_puzzle(&clues("blue", 7), &clues("red", 9), table(), None);
        let error = undefined.unwrap_err();
        assert_eq!(error.line, Some(7));
        assert_eq!(
            error.kind.to_string(),
            "the colour \"blue\" is not defined in the colour table"
        );
        let background = build_colour_puzzle(&clues("red", 3), &clues("white", 4), table(), None);
        assert_eq!(background.unwrap_err().line, Some(4));
        let mut twice = table();
        let error = twice.declare(Colour::new("red", [0; 3]), 2).unwrap_err();
        assert_eq!(
            (error.line, error.kind.to_string()),
            (Some(2), "the colour \"red\" is defined twice".to_string())
        );
    }
}
