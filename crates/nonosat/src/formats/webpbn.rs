//! Jan Wolter's webpbn XML: a `<puzzleset>` of `<puzzle>` elements, black-and-white ones read.
//!
//! A puzzle has `<clues type="rows">` and `<clues type="columns">`, each a `<line>` per row (top to
//! bottom) or column (left to right) holding a `<count>` per block. A count's colour is its `color`
//! attribute, else the puzzle's `defaultcolor` (`black` when absent); the background is
//! `backgroundcolor` (`white`). A puzzle whose counts use more than one colour is a colour puzzle,
//! and `type="triddler"` a triangular one: both are refused with a message saying so. Optional:
//! `<title>`, `<author>`, `<copyright>`, and a `<solution type="goal">` whose `<image>` has one row
//! a line between `|` characters, in the `char`s of the `<color>` elements (`X` black and `.`
//! white when not declared). The XML itself is read by roxmltree (`src/formats/xml.rs`).
//!
//! `parse_colour` reads colour puzzles too: each `<color name="..." char="...">` element declares
//! a colour (its name, its letter and its text `rgb` or `rrggbb` hex), `black` (`X`) and `white`
//! (`.`) are known without declaration,
//! and a count of an undeclared colour, a count in the background colour or a name declared twice
//! is an error on its line.

use super::colour_table::{Declared, NamedClues, attach_colour_goal, build_colour_puzzle, hex_rgb};
use super::error::{COLOUR_PUZZLES, LineError, ParseErrorKind};
use super::text::{ClueLines, attach_goal, build_puzzle, escape_markup, parse_number};
use super::xml::{self, Element};
use crate::model::{BACKGROUND, Clue, Colour, ColourPuzzle, Grid, Metadata, Puzzle};
use crate::words::counted;

/// Reads a webpbn XML text: every puzzle of its `<puzzleset>` (or its single `<puzzle>`).
pub(super) fn parse(text: &str) -> Result<Vec<Puzzle>, LineError> {
    xml::read(text, |root| {
        puzzle_elements(root)?
            .into_iter()
            .map(read_puzzle)
            .collect()
    })
}

/// Reads a webpbn XML text with its colours: every puzzle of its `<puzzleset>`.
pub(super) fn parse_colour(text: &str) -> Result<Vec<ColourPuzzle>, LineError> {
    xml::read(text, |root| {
        let puzzles = puzzle_elements(root)?.into_iter();
        puzzles.map(read_colour_puzzle).collect()
    })
}

/// The `<puzzle>` elements of a document.
fn puzzle_elements<'a, 'input>(
    root: Element<'a, 'input>,
) -> Result<Vec<Element<'a, 'input>>, LineError> {
    let puzzles: Vec<Element> = match root.name() {
        "puzzleset" => root.elements_named("puzzle").collect(),
        "puzzle" => vec![root],
        other => {
            let message = format!("the root element is <{other}>, not <puzzleset>");
            return Err(xml_error(Some(root.line()), message));
        }
    };
    if puzzles.is_empty() {
        return Err(LineError::maybe_at(None, ParseErrorKind::Empty));
    }
    Ok(puzzles)
}

fn xml_error(line: Option<usize>, message: String) -> LineError {
    LineError::maybe_at(line, ParseErrorKind::Xml { message })
}

/// The colours a puzzle names, with their `char`s.
struct Colours<'a> {
    /// The colour of counts without a `color` attribute.
    default: &'a str,
    /// The colour of cells outside every block.
    background: &'a str,
    /// `(name, char)` of each `<color>` element.
    chars: Vec<(&'a str, char)>,
}

impl Colours<'_> {
    /// The `char` that stands for a colour in a solution image.
    fn char_of(&self, colour: &str) -> Option<char> {
        let declared = self.chars.iter().find(|(name, _)| *name == colour);
        declared.map(|&(_, ch)| ch).or(match colour {
            "black" => Some('X'),
            "white" => Some('.'),
            _ => None,
        })
    }
}

/// One `<puzzle>` element.
fn read_puzzle(element: Element) -> Result<Puzzle, LineError> {
    let at = Some(element.line());
    grid_type(element)?;
    let colours = Colours {
        default: element.attribute("defaultcolor").unwrap_or("black"),
        background: element.attribute("backgroundcolor").unwrap_or("white"),
        chars: element
            .elements_named("color")
            .filter_map(|colour| {
                let name = colour.attribute("name")?;
                let ch = colour.attribute("char")?.chars().next()?;
                Some((name, ch))
            })
            .collect(),
    };
    let mut ink = None;
    let rows = read_clues(element, "rows", &colours, &mut ink)?;
    let columns = read_clues(element, "columns", &colours, &mut ink)?;
    let mut puzzle = build_puzzle(rows, columns, at)?;
    puzzle.meta = metadata(element);
    let goal = element
        .elements_named("solution")
        .find(|solution| solution.attribute("type").unwrap_or("goal") == "goal");
    let image = goal.and_then(|solution| solution.elements_named("image").next());
    match image {
        Some(image) => {
            let ink = ink.unwrap_or(colours.default);
            let picture = read_image(image, &colours, ink, puzzle.width(), puzzle.height())?;
            attach_goal(puzzle, picture, Some(image.line()))
        }
        None => Ok(puzzle),
    }
}

/// Refuses a puzzle that is not a `type="grid"` one.
fn grid_type(element: Element) -> Result<(), LineError> {
    let at = Some(element.line());
    match element.attribute("type").unwrap_or("grid") {
        "grid" => Ok(()),
        "triddler" => Err(LineError::unsupported(at, "triddlers (triangular puzzles)")),
        other => Err(xml_error(at, format!("unknown puzzle type \"{other}\""))),
    }
}

/// The title, author and copyright of a `<puzzle>`.
fn metadata(element: Element) -> Metadata {
    let text_of = |name: &str| element.elements_named(name).next().map(|e| e.text());
    Metadata {
        title: text_of("title"),
        author: text_of("author"),
        copyright: text_of("copyright"),
        license: None,
    }
}

/// One `<puzzle>` element read with its colours.
fn read_colour_puzzle(element: Element) -> Result<ColourPuzzle, LineError> {
    let at = Some(element.line());
    grid_type(element)?;
    let default = element.attribute("defaultcolor").unwrap_or("black");
    let background = element.attribute("backgroundcolor").unwrap_or("white");
    let known = |name: &str| match name {
        "black" => Some([0, 0, 0]),
        "white" => Some([255, 255, 255]),
        _ => None,
    };
    let mut table = Declared::new(Colour::new(
        background,
        known(background).unwrap_or([255; 3]),
    ));
    let mut chars = Vec::new();
    for colour in element.elements_named("color") {
        let Some(name) = colour.attribute("name") else {
            let message = "a <color> element without a name".to_string();
            return Err(xml_error(Some(colour.line()), message));
        };
        let rgb = hex_rgb(&colour.text()).or(known(name)).ok_or_else(|| {
            let message = format!("the colour \"{name}\" has no value in hex (rgb or rrggbb)");
            xml_error(Some(colour.line()), message)
        })?;
        let mut declared = Colour::new(name, rgb);
        if let Some(ch) = colour.attribute("char").and_then(|c| c.chars().next()) {
            chars.push((ch, name.to_string()));
            declared.letter = Some(ch);
        }
        table.declare(declared, colour.line())?;
    }
    for (name, ch) in [("black", 'X'), ("white", '.')] {
        let declared =
            table.background.name == name || table.colours.iter().any(|c| c.name == name);
        if !declared {
            let rgb = known(name).expect("a known colour");
            table.colours.push(Colour::new(name, rgb).with_letter(ch));
        }
        if !chars.iter().any(|(_, n)| n == name) {
            chars.push((ch, name.to_string()));
        }
    }
    let named = |kind| read_named_clues(element, kind, default);
    let (rows, columns) = (named("rows")?, named("columns")?);
    let mut puzzle = build_colour_puzzle(&rows, &columns, table, at)?;
    puzzle.meta = metadata(element);
    let goal = element
        .elements_named("solution")
        .find(|solution| solution.attribute("type").unwrap_or("goal") == "goal");
    match goal.and_then(|solution| solution.elements_named("image").next()) {
        Some(image) => {
            let picture = read_colour_image(image, &puzzle, &chars)?;
            attach_colour_goal(puzzle, picture, Some(image.line()))
        }
        None => Ok(puzzle),
    }
}

/// The `<clues type="{kind}">` element of a puzzle: exactly one.
fn clues_section<'a, 'input>(
    puzzle: Element<'a, 'input>,
    kind: &str,
) -> Result<Element<'a, 'input>, LineError> {
    let mut sections = puzzle
        .elements_named("clues")
        .filter(|clues| clues.attribute("type") == Some(kind));
    let Some(section) = sections.next() else {
        let kind = ParseErrorKind::MissingSection {
            name: format!("<clues type=\"{kind}\">"),
        };
        return Err(LineError::maybe_at(Some(puzzle.line()), kind));
    };
    if let Some(again) = sections.next() {
        let kind = ParseErrorKind::DuplicateKey {
            name: format!("<clues type=\"{kind}\">"),
        };
        return Err(LineError::maybe_at(Some(again.line()), kind));
    }
    Ok(section)
}

/// The clues of `<clues type="{kind}">`, each count with its colour's name (`default` without a
/// `color` attribute).
fn read_named_clues(puzzle: Element, kind: &str, default: &str) -> Result<NamedClues, LineError> {
    let section = clues_section(puzzle, kind)?;
    let mut read = NamedClues::default();
    for line in section.elements_named("line") {
        let counts: Vec<Element> = line.elements_named("count").collect();
        let mut blocks = Vec::new();
        for count in &counts {
            let at = |kind| LineError::at(count.line(), kind);
            let len = parse_number(count.text().trim()).map_err(at)?;
            let colour = count.attribute("color").unwrap_or(default);
            match len {
                0 if counts.len() > 1 => return Err(at(ParseErrorKind::ZeroInClue)),
                0 => {}
                len => blocks.push((len, colour.to_string())),
            }
        }
        read.clues.push(blocks);
        read.lines.push(line.line());
    }
    Ok(read)
}

/// The clues of `<clues type="{kind}">`; `ink` is the one colour every count must have.
fn read_clues<'a>(
    puzzle: Element<'a, '_>,
    kind: &str,
    colours: &Colours<'a>,
    ink: &mut Option<&'a str>,
) -> Result<ClueLines, LineError> {
    let section = clues_section(puzzle, kind)?;
    let mut read = ClueLines::default();
    for line in section.elements_named("line") {
        let mut numbers = Vec::new();
        for count in line.elements_named("count") {
            let at = |kind| LineError::at(count.line(), kind);
            let colour = count.attribute("color").unwrap_or(colours.default);
            if colour == colours.background {
                let message = format!("a count in the background colour \"{colour}\"");
                return Err(xml_error(Some(count.line()), message));
            }
            match ink {
                Some(ink) if *ink != colour => {
                    return Err(LineError::unsupported(Some(count.line()), COLOUR_PUZZLES));
                }
                _ => *ink = Some(colour),
            }
            numbers.push(parse_number(count.text().trim()).map_err(at)?);
        }
        let clue = Clue::from_numbers(&numbers)
            .map_err(|_| LineError::at(line.line(), ParseErrorKind::ZeroInClue))?;
        read.clues.push(clue);
        read.lines.push(line.line());
    }
    Ok(read)
}

/// The goal picture of an `<image>`: rows between `|`, `ink`'s char black, the background's white.
fn read_image(
    image: Element,
    colours: &Colours<'_>,
    ink: &str,
    width: usize,
    height: usize,
) -> Result<Grid<bool>, LineError> {
    let black = colours.char_of(ink);
    let white = colours.char_of(colours.background);
    let cell = |ch| match Some(ch) {
        c if c == black => Some(true),
        c if c == white => Some(false),
        _ => None,
    };
    read_image_cells(
        image,
        width,
        height,
        cell,
        "neither the ink's character nor the background's",
    )
}

/// The colour goal of an `<image>`: rows between `|`, each character a colour's `char`.
fn read_colour_image(
    image: Element,
    puzzle: &ColourPuzzle,
    chars: &[(char, String)],
) -> Result<Grid<u8>, LineError> {
    let cell = |ch| {
        chars
            .iter()
            .find(|(c, _)| *c == ch)
            .and_then(|(_, name)| puzzle.palette().index_of(name))
    };
    let (width, height) = (puzzle.width(), puzzle.height());
    read_image_cells(image, width, height, cell, "no colour's character")
}

/// The `width` x `height` cells of an `<image>`: rows between `|`, each character read by `cell`.
/// A character `cell` does not read is an error that says it is `unread` (what it is not).
fn read_image_cells<T: Clone>(
    image: Element,
    width: usize,
    height: usize,
    cell: impl Fn(char) -> Option<T>,
    unread: &str,
) -> Result<Grid<T>, LineError> {
    let at = Some(image.line());
    let mut rows = Vec::new();
    let lines = image.text();
    let lines = lines.lines().map(str::trim).filter(|line| !line.is_empty());
    for (index, line) in lines.enumerate() {
        let row = index + 1;
        let Some(inner) = line
            .strip_prefix('|')
            .and_then(|line| line.strip_suffix('|'))
        else {
            let message = format!("row {row} of the solution image is not written between `|`");
            return Err(xml_error(at, message));
        };
        let cells = inner
            .chars()
            .enumerate()
            .map(|(i, ch)| {
                cell(ch).ok_or_else(|| {
                    let column = i + 1;
                    let message = format!(
                        "{ch:?} at row {row}, column {column} of the solution image is {unread}"
                    );
                    xml_error(at, message)
                })
            })
            .collect::<Result<Vec<T>, _>>()?;
        if cells.len() != width {
            let message = format!(
                "row {row} of the solution image has {}, but the puzzle is {width} wide",
                counted(cells.len(), "cell", "cells")
            );
            return Err(xml_error(at, message));
        }
        rows.push(cells);
    }
    if rows.len() != height {
        let message = format!(
            "the solution image has {}, but the puzzle is {height} high",
            counted(rows.len(), "row", "rows")
        );
        return Err(xml_error(at, message));
    }
    Grid::from_rows(rows).ok_or(LineError::maybe_at(at, ParseErrorKind::Empty))
}

/// Writes puzzles as one `<puzzleset>`: black counts on white, the goal (if any) as a solution
/// image in `X` and `.`. The licence is not written: the format has no place for it.
pub(super) fn write(puzzles: &[Puzzle]) -> String {
    let mut text = String::from("<?xml version=\"1.0\"?>\n<puzzleset>\n");
    for puzzle in puzzles {
        write_puzzle(&mut text, puzzle);
    }
    text.push_str("</puzzleset>\n");
    text
}

/// Writes a colour puzzle as a `<puzzleset>` of one: a `<color>` element for the background and each
/// colour (its name, its letter as `char`, its value), counts with their `color`, the goal in
/// letters.
pub(super) fn write_colour(puzzle: &ColourPuzzle) -> String {
    let palette = puzzle.palette();
    let name = |index: u8| escape_markup(&palette.colour(index).name);
    let mut text = String::from("<?xml version=\"1.0\"?>\n<puzzleset>\n");
    text.push_str(&format!(
        "<puzzle type=\"grid\" backgroundcolor=\"{}\">\n",
        name(BACKGROUND)
    ));
    write_metadata(&mut text, &puzzle.meta);
    for (index, colour) in (0..).zip(palette.colours()) {
        let (name, ch, hex) = (name(index), palette.letter(index), &colour.hex()[1..]);
        let ch = escape_markup(&ch.to_string());
        text.push_str(&format!(
            "<color name=\"{name}\" char=\"{ch}\">{hex}</color>\n"
        ));
    }
    for (kind, clues) in [("columns", puzzle.columns()), ("rows", puzzle.rows())] {
        text.push_str(&format!("<clues type=\"{kind}\">\n"));
        for clue in clues {
            let counts: String = clue
                .blocks()
                .iter()
                .map(|b| format!("<count color=\"{}\">{}</count>", name(b.colour), b.len))
                .collect();
            text.push_str(&format!("<line>{counts}</line>\n"));
        }
        text.push_str("</clues>\n");
    }
    if let Some(goal) = puzzle.goal() {
        text.push_str("<solution type=\"goal\">\n<image>\n");
        for row in goal.cells().chunks(goal.width()) {
            let row: String = row.iter().map(|&c| palette.letter(c)).collect();
            text.push_str(&format!("|{}|\n", escape_markup(&row)));
        }
        text.push_str("</image>\n</solution>\n");
    }
    text.push_str("</puzzle>\n</puzzleset>\n");
    text
}

/// The `<title>`, `<author>` and `<copyright>` elements a puzzle has.
fn write_metadata(text: &mut String, meta: &Metadata) {
    for (name, value) in [
        ("title", &meta.title),
        ("author", &meta.author),
        ("copyright", &meta.copyright),
    ] {
        if let Some(value) = value {
            text.push_str(&format!("<{name}>{}</{name}>\n", escape_markup(value)));
        }
    }
}

fn write_puzzle(text: &mut String, puzzle: &Puzzle) {
    text.push_str("<puzzle type=\"grid\" defaultcolor=\"black\" backgroundcolor=\"white\">\n");
    write_metadata(text, &puzzle.meta);
    text.push_str("<color name=\"white\" char=\".\">fff</color>\n");
    text.push_str("<color name=\"black\" char=\"X\">000</color>\n");
    for (kind, clues) in [("columns", puzzle.columns()), ("rows", puzzle.rows())] {
        text.push_str(&format!("<clues type=\"{kind}\">\n"));
        for clue in clues {
            let counts: String = clue
                .blocks()
                .iter()
                .map(|block| format!("<count>{block}</count>"))
                .collect();
            text.push_str(&format!("<line>{counts}</line>\n"));
        }
        text.push_str("</clues>\n");
    }
    if let Some(goal) = puzzle.goal() {
        text.push_str("<solution type=\"goal\">\n<image>\n");
        for row in goal.row_strings() {
            text.push_str(&format!("|{}|\n", row.replace('#', "X")));
        }
        text.push_str("</image>\n</solution>\n");
    }
    text.push_str("</puzzle>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO_BY_TWO: &str = "<puzzleset><puzzle>\n\
        <clues type=\"columns\"><line><count>2</count></line><line><count>1</count></line></clues>\n\
        <clues type=\"rows\"><line><count>1</count></line><line><count>2</count></line></clues>\n\
        <solution><image>|X.|\n|XX|</image></solution>\n\
        </puzzle></puzzleset>";

    #[test]
    fn reads_clues_columns_first_and_the_goal() {
        let puzzle = parse(TWO_BY_TWO).unwrap().remove(0);
        assert_eq!(puzzle.rows()[0].blocks(), [1]);
        assert_eq!(puzzle.columns()[0].blocks(), [2]);
        assert_eq!(puzzle.goal().unwrap().row_strings(), ["#.", "##"]);
    }

    #[test]
    fn colour_counts_and_triddlers_are_refused() {
        let colour = TWO_BY_TWO.replacen("<count>1</count>", "<count color=\"red\">1</count>", 1);
        let error = parse(&colour).unwrap_err();
        assert_eq!(
            error.to_string_kind(),
            (Some(2), "colour puzzles are not supported yet".into())
        );
        let triddler = TWO_BY_TWO.replace("<puzzle>", "<puzzle type=\"triddler\">");
        let error = parse(&triddler).unwrap_err();
        assert_eq!(
            error.to_string_kind(),
            (
                Some(1),
                "triddlers (triangular puzzles) are not supported yet".into()
            )
        );
    }

    impl LineError {
        fn to_string_kind(&self) -> (Option<usize>, String) {
            (self.line, self.kind.to_string())
        }
    }
}
