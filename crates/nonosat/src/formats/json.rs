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

use serde::Deserialize;

use super::error::{LineError, ParseErrorKind};
use super::picture;
use super::text::{ClueLines, Lines, attach_goal, build_puzzle};
use crate::model::{Clue, MAX_SIDE, Metadata, Puzzle};

/// A puzzle as it is written in JSON.
#[derive(Deserialize)]
struct JsonPuzzle {
    title: Option<String>,
    #[serde(alias = "by")]
    author: Option<String>,
    copyright: Option<String>,
    license: Option<String>,
    rows: Vec<Vec<u64>>,
    columns: Vec<Vec<u64>>,
    goal: Option<Vec<String>>,
}

/// A puzzle in the shape of some web solvers: column clues `ver`, row clues `hor`.
#[derive(Deserialize)]
struct VerHorPuzzle {
    ver: Vec<Vec<u64>>,
    hor: Vec<Vec<u64>>,
}

/// Which keys an object has, to tell the two shapes apart.
#[derive(Deserialize)]
struct Shape {
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

/// Reads a text holding one JSON object per non-blank line.
pub(super) fn parse_lines(text: &str) -> Result<Vec<Puzzle>, LineError> {
    let mut puzzles = Vec::new();
    for line in Lines::new(text).filter(|line| !line.is_blank()) {
        expect_object(line.text, Some(line.number))?;
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
fn clues(lists: &[Vec<u64>]) -> Result<ClueLines, ParseErrorKind> {
    let mut clues = Vec::with_capacity(lists.len().min(MAX_SIDE + 1));
    for list in lists {
        let numbers = list
            .iter()
            .map(|&n| {
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
    fn reads_clues_goal_and_metadata() {
        let text = r##"{"rows": [[2], [0]], "columns": [[1], []  , [1]], "title": "t",
                       "by": "me", "goal": ["#.#", "..."], "extra": 1}"##;
        let error = parse(text).unwrap_err();
        // Row 1 is `2` but the goal's first row reads `1 1`.
        assert!(matches!(error.kind, ParseErrorKind::GoalMismatch(_)));
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
