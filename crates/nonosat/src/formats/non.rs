//! Steve Simpson's `.non` format as extended by nonogram-db, and `.nonpack` bundles of it.
//!
//! A puzzle is `keyword value` lines in any order, except that `width` and `height` come before
//! `rows`, `columns` and `goal`. `rows` is followed by exactly `height` clue lines and `columns` by
//! exactly `width`; inside them a blank line or `0` is an empty clue, and numbers are separated by
//! commas or whitespace. `goal` is a row-major string of cells, `0` white and anything else black,
//! quoted or not. `title`, `by`, `copyright` and `license` take a quoted string with HTML escapes
//! (`license` may also be a bare SPDX code). Other lines, and blank lines outside the clue
//! sections, are ignored. Colour puzzles (`color` lines, letters after clue numbers) are refused.
//! Bundles separate puzzles with a line `====`.

use super::error::{LineError, ParseErrorKind};
use super::text::{
    ClueLines, Lines, attach_goal, build_puzzle, clue_text, clue_words, escape_markup, html_entity,
    parse_clue, parse_number, read_clues,
};
use crate::model::{Clue, Grid, Metadata, Puzzle};

/// The line between two puzzles of a bundle.
pub(super) const DIVIDER: &str = "====";

/// The keywords this reader acts on; used to recognise the format.
pub(super) const KEYWORDS: [&str; 11] = [
    "catalogue",
    "title",
    "by",
    "copyright",
    "license",
    "color",
    "width",
    "height",
    "rows",
    "columns",
    "goal",
];

/// Reads a `.non` text or a bundle of them, in order.
pub(super) fn parse(text: &str) -> Result<Vec<Puzzle>, LineError> {
    let mut lines = Lines::new(text);
    let mut puzzles = Vec::new();
    loop {
        lines.skip_blank();
        match lines.peek() {
            None => break,
            Some(line) if is_divider(line.text) => {
                lines.next();
            }
            Some(_) => puzzles.push(parse_one(&mut lines)?),
        }
    }
    if puzzles.is_empty() {
        return Err(LineError::maybe_at(None, ParseErrorKind::Empty));
    }
    Ok(puzzles)
}

/// What has been read of one puzzle so far.
#[derive(Default)]
struct Keys {
    width: Option<usize>,
    height: Option<usize>,
    rows: Option<ClueLines>,
    columns: Option<ClueLines>,
    /// The goal text and its line.
    goal: Option<(String, usize)>,
    meta: Metadata,
    /// Whether any keyword was seen: a text without one is no puzzle at all.
    any: bool,
}

/// Whether a line separates two puzzles of a bundle.
fn is_divider(text: &str) -> bool {
    text.trim() == DIVIDER
}

/// Reads one puzzle of a bundle, up to and including the divider after it.
fn parse_one(lines: &mut Lines<'_>) -> Result<Puzzle, LineError> {
    let mut keys = Keys::default();
    while let Some(line) = lines.next() {
        if is_divider(line.text) {
            break;
        }
        let text = line.text.trim();
        let (key, value) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let at = |kind| LineError::at(line.number, kind);
        keys.any |= KEYWORDS.contains(&key);
        match key {
            "width" | "height" => {
                let number = parse_number(value.trim()).map_err(at)?;
                let slot = match key {
                    "width" => &mut keys.width,
                    _ => &mut keys.height,
                };
                set_once(slot, key, number).map_err(at)?;
            }
            "rows" | "columns" => {
                let (count, needs, slot) = match key {
                    "rows" => (keys.height, "height", &mut keys.rows),
                    _ => (keys.width, "width", &mut keys.columns),
                };
                let count = count.ok_or_else(|| {
                    at(ParseErrorKind::OutOfOrder {
                        section: key.to_string(),
                        needs: needs.to_string(),
                    })
                })?;
                let clues = read_section(lines, count, key)?;
                set_once(slot, key, clues).map_err(at)?;
            }
            "goal" => {
                set_once(
                    &mut keys.goal,
                    key,
                    (unquote(value).to_string(), line.number),
                )
                .map_err(at)?;
            }
            "title" => keys.meta.title = Some(string_value(value)),
            "by" => keys.meta.author = Some(string_value(value)),
            "copyright" => keys.meta.copyright = Some(string_value(value)),
            "license" => keys.meta.license = Some(string_value(value)),
            "color" => return Err(at(colour_unsupported())),
            _ => {}
        }
    }
    finish(keys)
}

/// The puzzle from everything read.
fn finish(keys: Keys) -> Result<Puzzle, LineError> {
    if !keys.any {
        return Err(LineError::maybe_at(None, ParseErrorKind::NoKeys));
    }
    let missing = |name: &str| {
        LineError::maybe_at(
            None,
            ParseErrorKind::MissingSection {
                name: name.to_string(),
            },
        )
    };
    let width = keys.width.ok_or_else(|| missing("width"))?;
    let height = keys.height.ok_or_else(|| missing("height"))?;
    let rows = keys.rows.ok_or_else(|| missing("rows"))?;
    let columns = keys.columns.ok_or_else(|| missing("columns"))?;
    let mut puzzle = build_puzzle(rows, columns, None)?;
    puzzle.meta = keys.meta;
    match keys.goal {
        Some((goal, line)) => attach_goal(
            puzzle,
            goal_picture(&goal, width, height, line)?,
            Some(line),
        ),
        None => Ok(puzzle),
    }
}

/// Stores the value of a key that may appear once.
fn set_once<T>(slot: &mut Option<T>, key: &str, value: T) -> Result<(), ParseErrorKind> {
    if slot.is_some() {
        return Err(ParseErrorKind::DuplicateKey {
            name: key.to_string(),
        });
    }
    *slot = Some(value);
    Ok(())
}

/// Whether a line ends a clue section: a keyword (it starts with a letter, which clue lines never
/// do) or a divider.
fn ends_section(text: &str) -> bool {
    text.trim_start()
        .starts_with(|c: char| c.is_ascii_alphabetic())
        || is_divider(text)
}

/// Whether a line looks like a clue: it starts with a digit.
fn is_clue_line(text: &str) -> bool {
    text.trim_start().starts_with(|c: char| c.is_ascii_digit())
}

/// The `count` clue lines after a `rows` or `columns` line; more clue lines right after them are an
/// error rather than lines to ignore.
fn read_section(
    lines: &mut Lines<'_>,
    count: usize,
    section: &str,
) -> Result<ClueLines, LineError> {
    let clues = read_clues(lines, count, section, ends_section, parse_clue_line)?;
    let Some(first) = lines.peek().filter(|line| is_clue_line(line.text)) else {
        return Ok(clues);
    };
    let mut extra = 0;
    while lines.peek().is_some_and(|line| is_clue_line(line.text)) {
        lines.next();
        extra += 1;
    }
    Err(LineError::at(
        first.number,
        ParseErrorKind::WrongLineCount {
            section: section.to_string(),
            expected: count,
            found: count + extra,
        },
    ))
}

/// A clue line; numbers with a colour letter (`3b`) are refused.
fn parse_clue_line(text: &str) -> Result<Clue, ParseErrorKind> {
    let coloured = clue_words(text).any(|word| {
        word.starts_with(|c: char| c.is_ascii_digit())
            && word.ends_with(|c: char| c.is_ascii_alphabetic())
    });
    if coloured {
        return Err(colour_unsupported());
    }
    parse_clue(text)
}

/// The error for colour puzzles.
fn colour_unsupported() -> ParseErrorKind {
    ParseErrorKind::Unsupported {
        what: "colour puzzles".to_string(),
    }
}

/// The goal string as a picture: `0` is white, anything else black.
fn goal_picture(
    goal: &str,
    width: usize,
    height: usize,
    line: usize,
) -> Result<Grid<bool>, LineError> {
    let cells: Vec<bool> = goal.chars().map(|ch| ch != '0').collect();
    let error = |found| {
        LineError::at(
            line,
            ParseErrorKind::GoalLength {
                expected: width * height,
                found,
            },
        )
    };
    if cells.len() != width * height || width == 0 {
        return Err(error(cells.len()));
    }
    let rows = cells.chunks(width).map(<[bool]>::to_vec).collect();
    Grid::from_rows(rows).ok_or_else(|| error(cells.len()))
}

/// The text between the first `"` and the last one, or the whole value trimmed when unquoted.
fn unquote(value: &str) -> &str {
    let value = value.trim();
    match value.strip_prefix('"') {
        Some(rest) => rest
            .rfind('"')
            .and_then(|end| rest.get(..end))
            .unwrap_or(rest),
        None => value,
    }
}

/// A string value: unquoted, with HTML escapes replaced.
fn string_value(value: &str) -> String {
    unescape_html(unquote(value))
}

/// Replaces `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;`, `&copy;`, `&reg;`, `&#NN;` and
/// `&#xHH;`; leaves any other `&` as it is.
fn unescape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some((before, after)) = rest.split_once('&') {
        out.push_str(before);
        // Entity names are short: looking further for the `;` would make long texts quadratic.
        let end = after.char_indices().take(12).find(|&(_, c)| c == ';');
        let entity = end.and_then(|(end, _)| Some((html_entity(after.get(..end)?)?, end)));
        match entity {
            Some((ch, end)) => {
                out.push(ch);
                rest = after.get(end + 1..).unwrap_or_default();
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A string as a quoted value, with `&`, `"`, `<`, `>` and control characters escaped.
fn quoted(text: &str) -> String {
    format!("\"{}\"", escape_markup(text))
}

/// A licence written bare when it looks like an SPDX code, quoted otherwise.
fn license_value(license: &str) -> String {
    let spdx = !license.is_empty()
        && license
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+'));
    if spdx {
        license.to_string()
    } else {
        quoted(license)
    }
}

/// Writes a `.non` text: metadata, size, clues with commas (`0` for an empty clue), and the goal.
pub(super) fn write(puzzle: &Puzzle) -> String {
    let meta = &puzzle.meta;
    let mut lines = Vec::new();
    let strings = [
        ("title", &meta.title),
        ("by", &meta.author),
        ("copyright", &meta.copyright),
    ];
    for (key, value) in strings {
        if let Some(value) = value {
            lines.push(format!("{key} {}", quoted(value)));
        }
    }
    if let Some(license) = &meta.license {
        lines.push(format!("license {}", license_value(license)));
    }
    lines.push(format!("width {}", puzzle.width()));
    lines.push(format!("height {}", puzzle.height()));
    for (key, clues) in [("rows", puzzle.rows()), ("columns", puzzle.columns())] {
        lines.push(String::new());
        lines.push(key.to_string());
        lines.extend(clues.iter().map(|clue| clue_text(clue, ",")));
    }
    if let Some(goal) = puzzle.goal() {
        let cells: String = goal
            .cells()
            .iter()
            .map(|&b| if b { '1' } else { '0' })
            .collect();
        lines.push(String::new());
        lines.push(format!("goal \"{cells}\""));
    }
    lines.iter().map(|line| format!("{line}\n")).collect()
}

/// Writes a bundle: the puzzles' texts separated by `====` lines.
pub(super) fn write_pack(puzzles: &[Puzzle]) -> String {
    let texts: Vec<String> = puzzles.iter().map(write).collect();
    texts.join(&format!("{DIVIDER}\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescapes_html_entities() {
        assert_eq!(
            unescape_html("&copy; A &amp; B &lt;x&gt; &quot;q&quot; &#65;&#x42; & &bogus; &"),
            "© A & B <x> \"q\" AB & &bogus; &"
        );
    }

    #[test]
    fn quoted_strings_round_trip() {
        let text = "Tom & \"Jerry\" <3>\n©";
        assert_eq!(string_value(&quoted(text)), text);
    }

    #[test]
    fn unquote_takes_up_to_the_last_quote() {
        assert_eq!(unquote(" \"a \"b\" c\" "), "a \"b\" c");
        assert_eq!(unquote("\"open"), "open");
        assert_eq!(unquote("CC-BY-3.0"), "CC-BY-3.0");
    }

    #[test]
    fn blank_lines_inside_sections_are_empty_clues() {
        let text = "width 2\nheight 3\nrows\n1\n\n1\ncolumns\n2\n0\n";
        let puzzles = parse(text).unwrap();
        assert!(puzzles[0].rows()[1].is_empty());
    }

    #[test]
    fn licence_is_bare_only_when_spdx_like() {
        assert_eq!(license_value("CC-BY-3.0"), "CC-BY-3.0");
        assert_eq!(license_value("free for all"), "\"free for all\"");
    }
}
