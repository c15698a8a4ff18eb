//! Steve Simpson's `.non` format as extended by nonogram-db, and `.nonpack` bundles of it.
//!
//! A puzzle is `keyword value` lines in any order, except that `width` and `height` come before
//! `rows`, `columns` and `goal`. `rows` is followed by exactly `height` clue lines and `columns` by
//! exactly `width`; inside them a blank line or `0` is an empty clue, and numbers are separated by
//! commas or whitespace. `goal` is a row-major string of cells, `0` white and anything else black,
//! quoted or not. `title`, `by`, `copyright` and `license` take a quoted string with HTML escapes
//! (`license` may also be a bare SPDX code). Other lines, and blank lines outside the clue
//! sections, are ignored. Bundles separate puzzles with a line `====`.
//!
//! Colour puzzles (`color a #ff0000` lines, a colour letter after clue numbers: `3b,1d`) are refused
//! by `parse` and read by `parse_colour`: a number without a letter is colour `1` (black unless
//! declared), the goal has `0` for the background and each cell's letter (or `1`). Without `color`
//! lines every letter is a colour of its own; with them, a letter they do not declare is an error.
//! A `color` line may end with the colour's name (`color y #ffff00 yellow`, nonosat's extension:
//! other readers ignore it); without one the letter is the name.

use super::colour_table::{
    Declared, attach_colour_goal, build_colour_puzzle, goal_index, hex_rgb, is_line_name, one_char,
    written_letters,
};
use super::error::{COLOUR_PUZZLES, LineError, ParseErrorKind};
use super::text::{
    ClueLines, Lines, attach_goal, build_puzzle, clue_text, clue_words, escape_markup, html_entity,
    parse_clue, parse_number, read_clues,
};
use crate::model::{BACKGROUND, Clue, Colour, ColourPuzzle, Grid, Metadata, Puzzle};

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
    each_puzzle(text, |lines| {
        let keys = parse_one(lines, parse_clue_line, |_, line| {
            Err(LineError::at(line, colour_unsupported()))
        })?;
        finish(keys)
    })
}

/// Reads a `.non` text or a bundle of them with their colours, in order.
pub(super) fn parse_colour(text: &str) -> Result<Vec<ColourPuzzle>, LineError> {
    each_puzzle(text, |lines| {
        let background = Colour::new("0", [255, 255, 255]).with_letter('0');
        let mut table = Declared::by_letter(background);
        table
            .colours
            .push(Colour::new("1", [0, 0, 0]).with_letter('1'));
        let (mut declared, mut default_one) = (false, true);
        let keys = parse_one(lines, parse_colour_clue_line, |value, line| {
            declared = true;
            let colour = colour_line(value, line)?;
            if default_one && colour.letter == Some('1') {
                // The first `color 1` line replaces the default black.
                table.colours.retain(|c| c.letter != Some('1'));
                default_one = false;
            }
            table.declare(colour, line)
        })?;
        table.open = !declared;
        finish_colour(keys, table)
    })
}

/// The puzzles of a text or bundle, each read by `one` from its first line to its divider.
fn each_puzzle<P>(
    text: &str,
    mut one: impl FnMut(&mut Lines<'_>) -> Result<P, LineError>,
) -> Result<Vec<P>, LineError> {
    let mut lines = Lines::new(text);
    let mut puzzles = Vec::new();
    loop {
        lines.skip_blank();
        match lines.peek() {
            None => break,
            Some(line) if is_divider(line.text) => {
                lines.next();
            }
            Some(_) => puzzles.push(one(&mut lines)?),
        }
    }
    if puzzles.is_empty() {
        return Err(LineError::maybe_at(None, ParseErrorKind::Empty));
    }
    Ok(puzzles)
}

/// What has been read of one puzzle so far; `T` is a clue as read.
struct Keys<T> {
    width: Option<usize>,
    height: Option<usize>,
    rows: Option<ClueLines<T>>,
    columns: Option<ClueLines<T>>,
    /// The goal text and its line.
    goal: Option<(String, usize)>,
    meta: Metadata,
    /// Whether any keyword was seen: a text without one is no puzzle at all.
    any: bool,
}

impl<T> Default for Keys<T> {
    fn default() -> Self {
        Keys {
            width: None,
            height: None,
            rows: None,
            columns: None,
            goal: None,
            meta: Metadata::default(),
            any: false,
        }
    }
}

/// Whether a line separates two puzzles of a bundle.
fn is_divider(text: &str) -> bool {
    text.trim() == DIVIDER
}

/// Reads one puzzle of a bundle, up to and including the divider after it: its clue lines by
/// `clue`, the value of each `color` line and its line number by `colour`.
fn parse_one<T>(
    lines: &mut Lines<'_>,
    clue: fn(&str) -> Result<T, ParseErrorKind>,
    mut colour: impl FnMut(&str, usize) -> Result<(), LineError>,
) -> Result<Keys<T>, LineError> {
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
                let clues = read_section(lines, count, key, clue)?;
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
            "color" => colour(value, line.number)?,
            _ => {}
        }
    }
    if !keys.any {
        return Err(LineError::maybe_at(None, ParseErrorKind::NoKeys));
    }
    Ok(keys)
}

/// The size and the clues, which every puzzle must have.
type Required<T> = (usize, usize, ClueLines<T>, ClueLines<T>);

/// The size and the clues of what was read, or the first key missing.
fn required<T>(keys: &mut Keys<T>) -> Result<Required<T>, LineError> {
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
    let rows = keys.rows.take().ok_or_else(|| missing("rows"))?;
    let columns = keys.columns.take().ok_or_else(|| missing("columns"))?;
    Ok((width, height, rows, columns))
}

/// The black-and-white puzzle from everything read.
fn finish(mut keys: Keys<Clue>) -> Result<Puzzle, LineError> {
    let (width, height, rows, columns) = required(&mut keys)?;
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

/// The colour of a `color` line's value: `<letter> #rrggbb`, then the colour's name if it has one
/// other than its letter. A first word of more than one character is a name without a letter.
fn colour_line(value: &str, line: usize) -> Result<Colour, LineError> {
    let word = |text: &str| -> (String, String) {
        let text = text.trim_start();
        let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        (word.to_string(), rest.to_string())
    };
    let (first, rest) = word(value);
    let (hex, name) = word(&rest);
    let (Some(rgb), false) = (hex_rgb(&hex), first.is_empty()) else {
        let message = "a colour line should read `color <letter> #rrggbb [name]`";
        return Err(LineError::syntax(line, message));
    };
    let Some(letter) = one_char(&first) else {
        return Ok(Colour::new(&first, rgb));
    };
    let name = match name.trim() {
        "" => first.as_str(),
        name => name,
    };
    Ok(Colour::new(name, rgb).with_letter(letter))
}

/// The colour puzzle from everything read, under the colour table `table`.
fn finish_colour(
    mut keys: Keys<Vec<(usize, String)>>,
    table: Declared,
) -> Result<ColourPuzzle, LineError> {
    let (width, height, rows, columns): Required<_> = required(&mut keys)?;
    let mut puzzle = build_colour_puzzle(&rows, &columns, table, None)?;
    puzzle.meta = keys.meta;
    let Some((goal, line)) = keys.goal else {
        return Ok(puzzle);
    };
    let cells = goal
        .chars()
        .map(|ch| match ch {
            '0' => Ok(BACKGROUND),
            ch => goal_index(puzzle.palette(), ch, line),
        })
        .collect::<Result<Vec<u8>, _>>()?;
    if cells.len() != width * height {
        let kind = ParseErrorKind::GoalLength {
            expected: width * height,
            found: cells.len(),
        };
        return Err(LineError::at(line, kind));
    }
    let rows = cells.chunks(width).map(<[u8]>::to_vec).collect();
    let picture = Grid::from_rows(rows).expect("rows of one width");
    attach_colour_goal(puzzle, picture, Some(line))
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

/// The first word of a line.
fn first_word(text: &str) -> &str {
    text.split_whitespace().next().unwrap_or_default()
}

/// Whether a line looks like a clue: it starts with a digit.
fn is_clue_line(text: &str) -> bool {
    text.trim_start().starts_with(|c: char| c.is_ascii_digit())
}

/// The `count` clue lines after a `rows` or `columns` line; more clue lines right after them are an
/// error rather than lines to ignore.
fn read_section<T>(
    lines: &mut Lines<'_>,
    count: usize,
    section: &str,
    clue: fn(&str) -> Result<T, ParseErrorKind>,
) -> Result<ClueLines<T>, LineError> {
    let read = read_clues(lines, count, section, ends_section, clue);
    let clues = read.map_err(|error| match (&error.kind, lines.peek()) {
        (ParseErrorKind::WrongLineCount { found, .. }, Some(line))
            if !is_divider(line.text) && !KEYWORDS.contains(&first_word(line.text)) =>
        {
            let kind = ParseErrorKind::NotAClue {
                section: section.to_string(),
                token: first_word(line.text).to_string(),
                expected: count,
                found: *found,
            };
            LineError::at(line.number, kind)
        }
        _ => error,
    })?;
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

/// A colour clue line: numbers each followed by an optional colour letter (`3b,1d`; none is `1`);
/// other characters after the number are ignored, as nonogram-db's FORMAT.md has it.
fn parse_colour_clue_line(text: &str) -> Result<Vec<(usize, String)>, ParseErrorKind> {
    let mut blocks = Vec::new();
    let words: Vec<&str> = clue_words(text).collect();
    for word in &words {
        let digits_end = word
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(word.len());
        let (digits, rest) = word.split_at(digits_end);
        let len = parse_number(digits)?;
        let letter = rest.chars().next().filter(char::is_ascii_alphabetic);
        match len {
            0 if words.len() > 1 => return Err(ParseErrorKind::ZeroInClue),
            0 => {}
            len => blocks.push((len, letter.unwrap_or('1').to_string())),
        }
    }
    Ok(blocks)
}

/// The error for colour puzzles.
fn colour_unsupported() -> ParseErrorKind {
    ParseErrorKind::Unsupported {
        what: COLOUR_PUZZLES.to_string(),
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
    let mut lines = metadata_lines(&puzzle.meta);
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

/// Writes a colour `.non` text: metadata, a `color` line for each colour (its letter, its value, and
/// its name when that is not the letter; `color 0 #rrggbb` for a background other than white or
/// with a name), size, clues as `3a,1b`, and the goal in letters with `0` for the background.
/// Clues take ASCII letters only (and `1`, written as a number alone), so a colour whose letter is
/// another character is written with a free letter.
pub(super) fn write_colour(puzzle: &ColourPuzzle) -> String {
    let mut lines = metadata_lines(&puzzle.meta);
    let palette = puzzle.palette();
    let letters = written_letters(palette, |c| c.is_ascii_alphabetic() || c == '1');
    let colour_line = |letter: char, colour: &Colour| {
        let mut line = format!("color {letter} {}", colour.hex());
        if colour.name != letter.to_string() && is_line_name(&colour.name) {
            line = format!("{line} {}", colour.name);
        }
        line
    };
    let background = palette.colour(BACKGROUND);
    if background.rgb != [255; 3] || background.name != "0" {
        lines.push(colour_line('0', background));
    }
    for (&letter, colour) in letters.iter().zip(palette.colours()).skip(1) {
        lines.push(colour_line(letter, colour));
    }
    let suffix = |colour: u8| match letters[usize::from(colour)] {
        '1' => String::new(),
        letter => letter.to_string(),
    };
    lines.push(format!("width {}", puzzle.width()));
    lines.push(format!("height {}", puzzle.height()));
    for (key, clues) in [("rows", puzzle.rows()), ("columns", puzzle.columns())] {
        lines.push(String::new());
        lines.push(key.to_string());
        lines.extend(clues.iter().map(|clue| {
            let blocks = clue.blocks().iter();
            let words: Vec<String> = blocks
                .map(|b| format!("{}{}", b.len, suffix(b.colour)))
                .collect();
            if words.is_empty() {
                "0".to_string()
            } else {
                words.join(",")
            }
        }));
    }
    if let Some(goal) = puzzle.goal() {
        let cells: String = goal
            .cells()
            .iter()
            .map(|&c| match c {
                BACKGROUND => '0',
                c => letters[usize::from(c)],
            })
            .collect();
        lines.push(String::new());
        lines.push(format!("goal \"{cells}\""));
    }
    lines.iter().map(|line| format!("{line}\n")).collect()
}

/// The `title`, `by`, `copyright` and `license` lines of a puzzle's metadata.
fn metadata_lines(meta: &Metadata) -> Vec<String> {
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
    lines
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
