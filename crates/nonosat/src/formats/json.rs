//! JSON puzzles, one object per file (`.json`) or one per line (`.jsonl`).
//!
//! An object has `rows` and `columns`, each a list of clues; a clue is a list of numbers, `[]` or
//! `[0]` when empty. Optional: `title`, `author` (or `by`), `copyright`, `license`, and `goal`, a
//! list of row strings in the picture alphabet (`#` `X` `x` `1` black, `.` `-` `0` white). Other keys
//! are ignored.
//!
//! The shape `{"ver": [...], "hor": [...]}` of some web solvers is read too: `ver` holds the
//! vertical clues, those above the columns (left to right), and `hor` the horizontal clues, those
//! beside the rows (top to bottom). An object with a `ver` or `hor` key is read in that shape, which
//! has no metadata and no goal.
//!
//! A colour puzzle has a `colors` object, colour names to `#rrggbb` (or to `{"rgb": "#rrggbb",
//! "char": "y"}`, with the colour's letter), in the order of its palette; a colour without a `char`
//! has its name as letter when the name is one character; each clue block is `[length, "name"]`;
//! the optional `background` is `#rrggbb` or `{"name": "white", "rgb": "#rrggbb"}` (white, named
//! `background`, when absent); the goal's rows have a character a cell, `.` for the background
//! and the colour's letter otherwise. `parse` refuses colour objects, which
//! `parse_colour` and `parse_colour_lines` read.

use serde::Deserialize;

use super::colour_table::{
    Declared, NamedClues, attach_colour_goal, build_colour_puzzle, goal_index, hex_rgb, one_char,
};
use super::error::{COLOUR_PUZZLES, LineError, ParseErrorKind};
use super::picture;
use super::text::{ClueLines, Lines, attach_goal, build_puzzle};
use crate::model::{BACKGROUND, Clue, Colour, ColourPuzzle, Grid, MAX_SIDE, Metadata, Puzzle};

/// A puzzle as it is written in JSON.
#[derive(Deserialize)]
struct JsonPuzzle {
    title: Option<String>,
    #[serde(alias = "by")]
    author: Option<String>,
    copyright: Option<String>,
    license: Option<String>,
    rows: Vec<Vec<CellCount>>,
    columns: Vec<Vec<CellCount>>,
    goal: Option<Vec<String>>,
}

/// A puzzle in the shape of some web solvers: column clues `ver`, row clues `hor`.
#[derive(Deserialize)]
struct VerHorPuzzle {
    ver: Vec<Vec<CellCount>>,
    hor: Vec<Vec<CellCount>>,
}

/// A colour puzzle as it is written in JSON.
#[derive(Deserialize)]
struct JsonColourPuzzle {
    title: Option<String>,
    #[serde(alias = "by")]
    author: Option<String>,
    copyright: Option<String>,
    license: Option<String>,
    colors: OrderedColours,
    background: Option<ColourValue>,
    rows: Vec<Vec<(CellCount, String)>>,
    columns: Vec<Vec<(CellCount, String)>>,
    goal: Option<Vec<String>>,
}

/// A clue number: a whole number of cells, with errors in words for negative numbers, fractions
/// and exponents (serde's own say "invalid type: floating point, expected u64").
#[derive(Clone, Copy)]
struct CellCount(u64);

impl<'de> Deserialize<'de> for CellCount {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Count;
        impl serde::de::Visitor<'_> for Count {
            type Value = CellCount;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a whole number of cells")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<CellCount, E> {
                Ok(CellCount(n))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<CellCount, E> {
                u64::try_from(n).map(CellCount).map_err(|_| {
                    E::custom(ParseErrorKind::Negative {
                        text: n.to_string(),
                    })
                })
            }
            fn visit_f64<E: serde::de::Error>(self, x: f64) -> Result<CellCount, E> {
                let text = format!("{x:?}");
                Err(E::custom(ParseErrorKind::NotWhole { text }))
            }
        }
        deserializer.deserialize_any(Count)
    }
}

/// A colour's value: `"#rrggbb"`, or an object with its `rgb` and, optionally, its letter `char` (in
/// `colors`) or its `name` (the `background`).
#[derive(Deserialize)]
#[serde(untagged)]
enum ColourValue {
    Hex(String),
    Full {
        rgb: String,
        char: Option<char>,
        name: Option<String>,
    },
}

impl ColourValue {
    /// The value in hex, as written.
    fn hex(&self) -> &str {
        match self {
            ColourValue::Hex(hex) | ColourValue::Full { rgb: hex, .. } => hex,
        }
    }
}

/// The `colors` object's entries in the order they are written.
struct OrderedColours(Vec<(String, ColourValue)>);

impl<'de> Deserialize<'de> for OrderedColours {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries;
        impl<'de> serde::de::Visitor<'de> for Entries {
            type Value = OrderedColours;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object of colour names and \"#rrggbb\" values")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry::<String, ColourValue>()? {
                    entries.push(entry);
                }
                Ok(OrderedColours(entries))
            }
        }
        deserializer.deserialize_map(Entries)
    }
}

/// Which keys an object has, to tell the two shapes apart.
#[derive(Deserialize)]
struct Shape {
    colors: Option<serde::de::IgnoredAny>,
    ver: Option<serde::de::IgnoredAny>,
    hor: Option<serde::de::IgnoredAny>,
    rows: Option<serde::de::IgnoredAny>,
    columns: Option<serde::de::IgnoredAny>,
}

impl Shape {
    /// Whether the object is in the `ver`/`hor` shape; an error when it has keys of both shapes.
    fn is_ver_hor(&self, line: Option<usize>) -> Result<bool, LineError> {
        let ver_hor = self.ver.is_some() || self.hor.is_some();
        if ver_hor && (self.rows.is_some() || self.columns.is_some()) {
            let message = "the object has both `rows`/`columns` and `ver`/`hor`: which clues \
                           are meant?"
                .to_string();
            let kind = ParseErrorKind::Json {
                message,
                column: None,
            };
            return Err(LineError::maybe_at(line, kind));
        }
        Ok(ver_hor)
    }
}

/// Reads a text holding one JSON object, of either shape.
pub(super) fn parse(text: &str) -> Result<Puzzle, LineError> {
    let first_line = text
        .lines()
        .position(|line| !line.trim().is_empty())
        .map(|i| i + 1);
    expect_object(text, first_line)?;
    let placed = |error: serde_json::Error| {
        let line = (error.line() > 0).then(|| error.line());
        json_error(&error, line)
    };
    let shape = serde_json::from_str::<Shape>(text).ok();
    if shape.as_ref().is_some_and(|shape| shape.colors.is_some()) {
        return Err(LineError::unsupported(first_line, COLOUR_PUZZLES));
    }
    if let Some(shape) = shape
        && shape.is_ver_hor(first_line)?
    {
        let json = serde_json::from_str::<VerHorPuzzle>(text).map_err(placed)?;
        let rows = clues(&json.hor).map_err(|kind| LineError::maybe_at(None, kind))?;
        let columns = clues(&json.ver).map_err(|kind| LineError::maybe_at(None, kind))?;
        return build_puzzle(rows, columns, None);
    }
    let json = serde_json::from_str::<JsonPuzzle>(text).map_err(placed)?;
    to_puzzle(json, None)
}

/// Reads a text holding one JSON object as a colour puzzle: with `colors`, or black and white.
pub(super) fn parse_colour(text: &str) -> Result<ColourPuzzle, LineError> {
    let first_line = text
        .lines()
        .position(|line| !line.trim().is_empty())
        .map(|i| i + 1);
    colour_object(text, first_line)
}

/// Reads a text holding one JSON object per non-blank line as colour puzzles.
pub(super) fn parse_colour_lines(text: &str) -> Result<Vec<ColourPuzzle>, LineError> {
    let puzzles = Lines::new(text)
        .filter(|line| !line.is_blank())
        .map(|line| colour_object(line.text, Some(line.number)))
        .collect::<Result<Vec<_>, _>>()?;
    if puzzles.is_empty() {
        return Err(LineError::maybe_at(None, ParseErrorKind::Empty));
    }
    Ok(puzzles)
}

/// One object, on line `at` when the file has one object per line (else errors give serde's
/// line), as a colour puzzle.
fn colour_object(text: &str, at: Option<usize>) -> Result<ColourPuzzle, LineError> {
    expect_object(text, at)?;
    let placed = |error: serde_json::Error| {
        let line = at.or((error.line() > 0).then(|| error.line()));
        json_error(&error, line)
    };
    let coloured = serde_json::from_str::<Shape>(text).is_ok_and(|shape| shape.colors.is_some());
    if !coloured {
        let puzzle = match at {
            Some(_) => to_puzzle(serde_json::from_str(text).map_err(placed)?, at)?,
            None => parse(text)?,
        };
        return Ok(ColourPuzzle::from_black_and_white(&puzzle));
    }
    let json = serde_json::from_str::<JsonColourPuzzle>(text).map_err(placed)?;
    let syntax = |message: String| {
        LineError::maybe_at(
            at,
            ParseErrorKind::Json {
                message,
                column: None,
            },
        )
    };
    let rgb = |what: &str, value: &ColourValue| {
        let hex = value.hex();
        hex_rgb(hex).ok_or_else(|| syntax(format!("{what} is \"{hex}\", not #rrggbb")))
    };
    let background = match &json.background {
        Some(value) => {
            let mut background = Colour::new("background", rgb("the background", value)?);
            if let ColourValue::Full {
                name: Some(name), ..
            } = value
            {
                background.name.clone_from(name);
            }
            background
        }
        None => Colour::new("background", [255, 255, 255]),
    };
    let mut table = Declared::new(background);
    for (name, value) in &json.colors.0 {
        let mut colour = Colour::new(name, rgb(&format!("the colour \"{name}\""), value)?);
        colour.letter = match value {
            ColourValue::Full { char: Some(ch), .. } => Some(*ch),
            _ => one_char(name),
        };
        table
            .declare(colour, at.unwrap_or(0))
            .map_err(|error| LineError::maybe_at(at, error.kind))?;
    }
    let named = |lists: &[Vec<(CellCount, String)>]| -> Result<NamedClues, LineError> {
        let mut read = NamedClues::default();
        for list in lists {
            let mut blocks = Vec::new();
            for (len, name) in list {
                let len = usize::try_from(len.0)
                    .ok()
                    .filter(|&n| (1..=MAX_SIDE).contains(&n));
                let Some(len) = len else {
                    return Err(syntax(format!(
                        "a block of \"{name}\" has length 0 or more than {MAX_SIDE}"
                    )));
                };
                blocks.push((len, name.clone()));
            }
            read.clues.push(blocks);
        }
        Ok(read)
    };
    let (rows, columns) = (named(&json.rows)?, named(&json.columns)?);
    let mut puzzle = build_colour_puzzle(&rows, &columns, table, at)?;
    puzzle.meta = Metadata {
        title: json.title,
        author: json.author,
        copyright: json.copyright,
        license: json.license,
    };
    let Some(goal) = json.goal else {
        return Ok(puzzle);
    };
    let mut cells = Vec::new();
    for row in &goal {
        let read = row.chars().map(|ch| {
            goal_index(puzzle.palette(), ch, at.unwrap_or(0))
                .map_err(|error| LineError::maybe_at(at, error.kind))
        });
        cells.push(read.collect::<Result<Vec<u8>, _>>()?);
    }
    let picture = Grid::from_rows(cells)
        .ok_or_else(|| syntax("the goal's rows differ in length".to_string()))?;
    attach_colour_goal(puzzle, picture, at)
}

/// Writes a colour puzzle as one JSON object on one line (`pretty` false) or indented, colours
/// named by letter.
pub(super) fn write_colour(puzzle: &ColourPuzzle, pretty: bool) -> String {
    let meta = &puzzle.meta;
    let mut fields: Vec<(&str, String)> = [
        ("title", &meta.title),
        ("author", &meta.author),
        ("copyright", &meta.copyright),
        ("license", &meta.license),
    ]
    .into_iter()
    .filter_map(|(key, value)| Some((key, json_string(value.as_deref()?))))
    .collect();
    let palette = puzzle.palette();
    let entries: Vec<String> = (1..)
        .zip(&palette.colours()[1..])
        .map(|(index, colour)| {
            let (name, hex, letter) = (&colour.name, colour.hex(), palette.letter(index));
            let value = match one_char(name) == Some(letter) {
                true => json_string(&hex),
                false => format!(
                    "{{\"rgb\": \"{hex}\", \"char\": {}}}",
                    json_string(&letter.to_string())
                ),
            };
            format!("{}: {value}", json_string(name))
        })
        .collect();
    fields.push(("colors", format!("{{{}}}", entries.join(", "))));
    let background = palette.colour(BACKGROUND);
    let background = match background.name.as_str() {
        "background" => json_string(&background.hex()),
        name => format!(
            "{{\"name\": {}, \"rgb\": \"{}\"}}",
            json_string(name),
            background.hex()
        ),
    };
    fields.push(("background", background));
    let clue_list = |clues: &[crate::model::ColourClue]| {
        let items: Vec<String> = clues
            .iter()
            .map(|clue| {
                let blocks: Vec<String> = clue
                    .blocks()
                    .iter()
                    .map(|b| {
                        format!(
                            "[{}, {}]",
                            b.len,
                            json_string(&palette.colour(b.colour).name)
                        )
                    })
                    .collect();
                format!("[{}]", blocks.join(", "))
            })
            .collect();
        items
    };
    let mut lists = vec![
        ("rows", clue_list(puzzle.rows())),
        ("columns", clue_list(puzzle.columns())),
    ];
    if let Some(goal) = puzzle.goal() {
        let rows = goal
            .cells()
            .chunks(goal.width())
            .map(|row| json_string(&row.iter().map(|&c| palette.letter(c)).collect::<String>()))
            .collect();
        lists.push(("goal", rows));
    }
    let (indent, item, close) = if pretty {
        ("\n  ", ",\n    ", "\n  ")
    } else {
        ("", ", ", "")
    };
    let mut parts: Vec<String> = fields
        .into_iter()
        .map(|(key, value)| format!("\"{key}\": {value}"))
        .collect();
    for (key, items) in lists {
        let open = if pretty && !items.is_empty() {
            "\n    "
        } else {
            ""
        };
        let end = if pretty && !items.is_empty() {
            close
        } else {
            ""
        };
        parts.push(format!("\"{key}\": [{open}{}{end}]", items.join(item)));
    }
    let body = parts.join(&format!(",{}", if pretty { indent } else { " " }));
    if pretty {
        format!("{{{indent}{body}\n}}\n")
    } else {
        format!("{{{body}}}\n")
    }
}

/// Reads a text holding one JSON object per non-blank line.
pub(super) fn parse_lines(text: &str) -> Result<Vec<Puzzle>, LineError> {
    let mut puzzles = Vec::new();
    for line in Lines::new(text).filter(|line| !line.is_blank()) {
        expect_object(line.text, Some(line.number))?;
        let shape = serde_json::from_str::<Shape>(line.text).ok();
        if shape.is_some_and(|shape| shape.colors.is_some()) {
            return Err(LineError::unsupported(Some(line.number), COLOUR_PUZZLES));
        }
        let json = serde_json::from_str::<JsonPuzzle>(line.text)
            .map_err(|error| json_error(&error, Some(line.number)))?;
        puzzles.push(to_puzzle(json, Some(line.number))?);
    }
    if puzzles.is_empty() {
        return Err(LineError::maybe_at(None, ParseErrorKind::Empty));
    }
    Ok(puzzles)
}

/// A `serde_json` error placed on `line`, its message without serde's own position.
/// A puzzle is a JSON object; serde would also take the array of its fields, which no one writes.
fn expect_object(text: &str, line: Option<usize>) -> Result<(), LineError> {
    if text.trim_start().starts_with('{') {
        return Ok(());
    }
    let message =
        "expected a JSON object such as {\"rows\": [[1]], \"columns\": [[1]]}".to_string();
    Err(LineError::maybe_at(
        line,
        ParseErrorKind::Json {
            message,
            column: None,
        },
    ))
}

fn json_error(error: &serde_json::Error, line: Option<usize>) -> LineError {
    let full = error.to_string();
    let position = format!(" at line {} column {}", error.line(), error.column());
    let message = full.strip_suffix(&position).unwrap_or(&full).to_string();
    let column = (error.line() > 0).then(|| error.column());
    LineError::maybe_at(line, ParseErrorKind::Json { message, column })
}

/// The puzzle of a JSON object found on line `at` (when the file has one object per line).
fn to_puzzle(json: JsonPuzzle, at: Option<usize>) -> Result<Puzzle, LineError> {
    let rows = clues(&json.rows).map_err(|kind| LineError::maybe_at(at, kind))?;
    let columns = clues(&json.columns).map_err(|kind| LineError::maybe_at(at, kind))?;
    let mut puzzle = build_puzzle(rows, columns, at)?;
    puzzle.meta = Metadata {
        title: json.title,
        author: json.author,
        copyright: json.copyright,
        license: json.license,
    };
    match json.goal {
        Some(goal) => {
            let rows: Vec<_> = goal.iter().map(|row| (at, row.as_str())).collect();
            let picture = picture::parse_rows(&rows)?;
            attach_goal(puzzle, picture, at)
        }
        None => Ok(puzzle),
    }
}

/// Clues from lists of numbers, each at most [`MAX_SIDE`].
fn clues(lists: &[Vec<CellCount>]) -> Result<ClueLines, ParseErrorKind> {
    let mut clues = Vec::with_capacity(lists.len().min(MAX_SIDE + 1));
    for list in lists {
        let numbers = list
            .iter()
            .map(|&CellCount(n)| {
                usize::try_from(n).ok().filter(|&n| n <= MAX_SIDE).ok_or(
                    ParseErrorKind::NumberTooLarge {
                        text: n.to_string(),
                    },
                )
            })
            .collect::<Result<Vec<_>, _>>()?;
        clues.push(Clue::from_numbers(&numbers).map_err(|_| ParseErrorKind::ZeroInClue)?);
    }
    Ok(ClueLines {
        clues,
        lines: Vec::new(),
    })
}

/// A JSON value as text: a scalar, or a list written one item per line when pretty.
enum Value {
    Scalar(String),
    List(Vec<String>),
}

/// The puzzle's fields in writing order, each value already JSON text; `separator` goes between
/// the numbers of a clue.
fn fields(puzzle: &Puzzle, separator: &str) -> Vec<(&'static str, Value)> {
    let meta = &puzzle.meta;
    let strings = [
        ("title", &meta.title),
        ("author", &meta.author),
        ("copyright", &meta.copyright),
        ("license", &meta.license),
    ];
    let mut fields: Vec<(&'static str, Value)> = strings
        .into_iter()
        .filter_map(|(key, value)| Some((key, Value::Scalar(json_string(value.as_deref()?)))))
        .collect();
    let clue_list = |clues: &[Clue]| {
        Value::List(
            clues
                .iter()
                .map(|clue| clue_json(clue, separator))
                .collect(),
        )
    };
    fields.push(("rows", clue_list(puzzle.rows())));
    fields.push(("columns", clue_list(puzzle.columns())));
    if let Some(goal) = puzzle.goal() {
        let rows = goal
            .row_strings()
            .iter()
            .map(|row| json_string(row))
            .collect();
        fields.push(("goal", Value::List(rows)));
    }
    fields
}

/// A string as JSON text, quoted and escaped.
fn json_string(text: &str) -> String {
    serde_json::Value::String(text.to_string()).to_string()
}

/// A clue as a JSON list: `[2, 1]` (with `separator` `", "`), `[]` when empty.
fn clue_json(clue: &Clue, separator: &str) -> String {
    let numbers: Vec<String> = clue.blocks().iter().map(usize::to_string).collect();
    format!("[{}]", numbers.join(separator))
}

/// Writes one puzzle as an indented JSON object: one key per line, one clue or goal row per line.
pub(super) fn write(puzzle: &Puzzle) -> String {
    let fields: Vec<String> = fields(puzzle, ", ")
        .into_iter()
        .map(|(key, value)| match value {
            Value::Scalar(text) => format!("  \"{key}\": {text}"),
            Value::List(items) if items.is_empty() => format!("  \"{key}\": []"),
            Value::List(items) => format!("  \"{key}\": [\n    {}\n  ]", items.join(",\n    ")),
        })
        .collect();
    format!("{{\n{}\n}}\n", fields.join(",\n"))
}

/// Writes one puzzle as `{"ver": [...], "hor": [...]}` on one line: column clues, then row clues.
/// Metadata and the goal are dropped.
pub(super) fn write_ver_hor(puzzle: &Puzzle) -> String {
    let list = |clues: &[Clue]| {
        let items: Vec<String> = clues.iter().map(|clue| clue_json(clue, ", ")).collect();
        items.join(", ")
    };
    format!(
        "{{\"ver\": [{}], \"hor\": [{}]}}\n",
        list(puzzle.columns()),
        list(puzzle.rows())
    )
}

/// Writes one puzzle as a JSON object on one line, with its line break.
pub(super) fn write_line(puzzle: &Puzzle) -> String {
    let fields: Vec<String> = fields(puzzle, ",")
        .into_iter()
        .map(|(key, value)| match value {
            Value::Scalar(text) => format!("\"{key}\":{text}"),
            Value::List(items) => format!("\"{key}\":[{}]", items.join(",")),
        })
        .collect();
    format!("{{{}}}\n", fields.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_puzzles_are_written_one_key_a_line() {
        let text = r##"{"title": "t", "colors": {"r": "#cc3333", "b": "#3366cc"},
            "rows": [[[1, "r"], [1, "b"]]], "columns": [[[1, "r"]], [[1, "b"]]], "goal": ["rb"]}"##;
        let puzzle = parse_colour(text).unwrap();
        let pretty = "{\n  \"title\": \"t\",\n  \"colors\": {\"r\": \"#cc3333\", \"b\": \"#3366cc\"},\n  \
                      \"background\": \"#ffffff\",\n  \"rows\": [\n    [[1, \"r\"], [1, \"b\"]]\n  ],\n  \
                      \"columns\": [\n    [[1, \"r\"]],\n    [[1, \"b\"]]\n  ],\n  \"goal\": [\n    \"rb\"\n  ]\n}\n";
        assert_eq!(write_colour(&puzzle, true), pretty);
        let line = "{\"title\": \"t\", \"colors\": {\"r\": \"#cc3333\", \"b\": \"#3366cc\"}, \
                    \"background\": \"#ffffff\", \"rows\": [[[1, \"r\"], [1, \"b\"]]], \
                    \"columns\": [[[1, \"r\"]], [[1, \"b\"]]], \"goal\": [\"rb\"]}\n";
        assert_eq!(write_colour(&puzzle, false), line);
    }

    #[test]
    fn reads_clues_goal_and_metadata() {
        let text = r##"{"rows": [[2], [0]], "columns": [[1], []  , [1]], "title": "t",
                       "by": "me", "goal": ["#.#", "..."], "extra": 1}"##;
        // Row 1 is `2` but the goal's first row reads `1 1`: read, and the check says so.
        let breaking = parse(text).unwrap();
        assert!(breaking.check(breaking.goal().unwrap()).is_err());
        let text = text.replace("[[2], [0]]", "[[1, 1], [0]]");
        let puzzle = parse(&text).unwrap();
        assert_eq!(puzzle.meta.title.as_deref(), Some("t"));
        assert_eq!(puzzle.meta.author.as_deref(), Some("me"));
        assert_eq!(puzzle.goal().unwrap().row_strings(), ["#.#", "..."]);
    }

    #[test]
    fn compact_line_has_no_spaces_in_clues() {
        let puzzle = parse(r#"{"rows": [[1, 1]], "columns": [[1], [], [1]]}"#).unwrap();
        assert_eq!(
            write_line(&puzzle),
            "{\"rows\":[[1,1]],\"columns\":[[1],[],[1]]}\n"
        );
    }
}
