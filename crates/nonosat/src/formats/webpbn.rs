//! Jan Wolter's webpbn XML: a `<puzzleset>` of `<puzzle>` elements, black-and-white ones read.
//!
//! A puzzle has `<clues type="rows">` and `<clues type="columns">`, each a `<line>` per row (top to
//! bottom) or column (left to right) holding a `<count>` per block. A count's colour is its `color`
//! attribute, else the puzzle's `defaultcolor` (`black` when absent); the background is
//! `backgroundcolor` (`white`). A puzzle whose counts use more than one colour is a colour puzzle,
//! and `type="triddler"` a triangular one: both are refused with a message saying so. Optional:
//! `<title>`, `<author>`, `<copyright>`, and a `<solution type="goal">` whose `<image>` has one row
//! a line between `|` characters, in the `char`s of the `<color>` elements (`X` black and `.`
//! white when not declared). The XML itself is read by a small reader of the subset these files
//! use (`src/formats/xml.rs`).

use super::error::{LineError, ParseErrorKind};
use super::text::{ClueLines, attach_goal, build_puzzle, escape_markup, parse_number};
use super::xml::{self, Element};
use crate::model::{Clue, Grid, Metadata, Puzzle};

/// Reads a webpbn XML text: every puzzle of its `<puzzleset>` (or its single `<puzzle>`).
pub(super) fn parse(text: &str) -> Result<Vec<Puzzle>, LineError> {
    let root = xml::parse(text).map_err(|error| xml_error(Some(error.line), error.message))?;
    let puzzles: Vec<&Element> = match root.name {
        "puzzleset" => root.elements_named("puzzle").collect(),
        "puzzle" => vec![&root],
        other => {
            let message = format!("the root element is <{other}>, not <puzzleset>");
            return Err(xml_error(Some(root.line), message));
        }
    };
    if puzzles.is_empty() {
        return Err(LineError::maybe_at(None, ParseErrorKind::Empty));
    }
    puzzles.into_iter().map(read_puzzle).collect()
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
fn read_puzzle(element: &Element) -> Result<Puzzle, LineError> {
    let at = Some(element.line);
    match element.attribute("type").unwrap_or("grid") {
        "grid" => {}
        "triddler" => return Err(LineError::unsupported(at, "triddlers (triangular puzzles)")),
        other => return Err(xml_error(at, format!("unknown puzzle type \"{other}\""))),
    }
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
    let text_of = |name: &str| element.elements_named(name).next().map(Element::text);
    puzzle.meta = Metadata {
        title: text_of("title"),
        author: text_of("author"),
        copyright: text_of("copyright"),
        license: None,
    };
    let goal = element
        .elements_named("solution")
        .find(|solution| solution.attribute("type").unwrap_or("goal") == "goal");
    let image = goal.and_then(|solution| solution.elements_named("image").next());
    match image {
        Some(image) => {
            let ink = ink.unwrap_or(colours.default);
            let picture = read_image(image, &colours, ink, puzzle.width(), puzzle.height())?;
            attach_goal(puzzle, picture, Some(image.line))
        }
        None => Ok(puzzle),
    }
}

/// The clues of `<clues type="{kind}">`; `ink` is the one colour every count must have.
fn read_clues<'a>(
    puzzle: &'a Element,
    kind: &str,
    colours: &Colours<'a>,
    ink: &mut Option<&'a str>,
) -> Result<ClueLines, LineError> {
    let mut sections = puzzle
        .elements_named("clues")
        .filter(|clues| clues.attribute("type") == Some(kind));
    let Some(section) = sections.next() else {
        let kind = ParseErrorKind::MissingSection {
            name: format!("<clues type=\"{kind}\">"),
        };
        return Err(LineError::maybe_at(Some(puzzle.line), kind));
    };
    if let Some(again) = sections.next() {
        let kind = ParseErrorKind::DuplicateKey {
            name: format!("<clues type=\"{kind}\">"),
        };
        return Err(LineError::maybe_at(Some(again.line), kind));
    }
    let mut read = ClueLines::default();
    for line in section.elements_named("line") {
        let mut numbers = Vec::new();
        for count in line.elements_named("count") {
            let at = |kind| LineError::at(count.line, kind);
            let colour = count.attribute("color").unwrap_or(colours.default);
            if colour == colours.background {
                let message = format!("a count in the background colour \"{colour}\"");
                return Err(xml_error(Some(count.line), message));
            }
            match ink {
                Some(ink) if *ink != colour => {
                    return Err(LineError::unsupported(Some(count.line), "colour puzzles"));
                }
                _ => *ink = Some(colour),
            }
            numbers.push(parse_number(count.text().trim()).map_err(at)?);
        }
        let clue = Clue::from_numbers(&numbers)
            .map_err(|_| LineError::at(line.line, ParseErrorKind::ZeroInClue))?;
        read.clues.push(clue);
        read.lines.push(line.line);
    }
    Ok(read)
}

/// The goal picture of an `<image>`: rows between `|`, `ink`'s char black, the background's white.
fn read_image(
    image: &Element,
    colours: &Colours<'_>,
    ink: &str,
    width: usize,
    height: usize,
) -> Result<Grid<bool>, LineError> {
    let black = colours.char_of(ink);
    let white = colours.char_of(colours.background);
    let at = Some(image.line);
    let mut rows = Vec::new();
    for (index, line) in image
        .text()
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .enumerate()
    {
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
            .map(|(i, ch)| match Some(ch) {
                c if c == black => Ok(true),
                c if c == white => Ok(false),
                _ => {
                    let message = format!(
                        "{ch:?} at row {row}, column {} of the solution image is neither the \
                         ink's character nor the background's",
                        i + 1
                    );
                    Err(xml_error(at, message))
                }
            })
            .collect::<Result<Vec<bool>, _>>()?;
        if cells.len() != width {
            let kind = ParseErrorKind::RaggedPicture {
                row,
                expected: width,
                found: cells.len(),
            };
            return Err(LineError::maybe_at(at, kind));
        }
        rows.push(cells);
    }
    if rows.len() != height {
        let kind = ParseErrorKind::GoalLength {
            expected: width * height,
            found: width * rows.len(),
        };
        return Err(LineError::maybe_at(at, kind));
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

fn write_puzzle(text: &mut String, puzzle: &Puzzle) {
    text.push_str("<puzzle type=\"grid\" defaultcolor=\"black\" backgroundcolor=\"white\">\n");
    let meta = &puzzle.meta;
    for (name, value) in [
        ("title", &meta.title),
        ("author", &meta.author),
        ("copyright", &meta.copyright),
    ] {
        if let Some(value) = value {
            text.push_str(&format!("<{name}>{}</{name}>\n", escape_markup(value)));
        }
    }
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
