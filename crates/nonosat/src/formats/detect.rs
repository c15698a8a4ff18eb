//! Guessing a file's format from its name, then from its content.

use std::path::Path;

use super::text::{clue_words, content_span};
use super::{Format, TOURNAMENT_SIDE, non, picture};

/// The format of a text file: by its extension when that names one format (`.non`, `.nonpack`,
/// `.nin`, `.json`, `.jsonl`, `.ndjson`, `.xml`, `.g`, `.mk`, `.cwd`, `.png`, `.pbm`, in any case),
/// otherwise (`.txt`, no name, anything else) by its content.
///
/// Content rules, first match wins, looking at the non-blank lines:
/// 0. the first starts with `<`: webpbn XML; it is `P1` or `P4` (with what follows on the line):
///    PBM; it starts with a Tatham game id's size and colon (`15x10:`, `15:`): Tatham; some line
///    starts with `:`: Olšák;
/// 1. the first starts with `$`: tournament;
/// 2. the first starts with `{`: JSON Lines when there are several lines and all start with `{`,
///    JSON otherwise; `[` also means JSON;
/// 3. some line starts with a `.non` keyword (`width`, `rows`, `title`, ...): `.non`, or `.nonpack`
///    when a `====` line is present; else the first line is two numbers, a line holds `#` alone
///    and every other line is numbers: `.mk`;
/// 4. every line is made of picture characters only (`#X x1.-0`, no spaces): picture;
/// 5. every line is numbers (digits, whitespace, commas): `.nin` when the first line is two numbers
///    `W H` and `W + H` clue lines follow; tournament when there are exactly 50 lines; CWD when the
///    first two non-blank lines are one number each, `H` and `W`, and `H + W` non-blank lines follow;
///    `.nin` when the first line is two numbers anyway; tournament otherwise;
/// 6. the first line is made of picture characters: picture (whose reader then points at the first
///    character that is not);
/// 7. the first line is two numbers: `.nin` (whose reader then points at the line that is wrong);
/// 8. anything else: `.non` (whose reader then says no puzzle was found).
///
/// ```
/// use nonosat::formats::{Format, detect};
/// assert_eq!(detect(Some("cat.nin"), ""), Format::Nin);
/// assert_eq!(detect(Some("cat.txt"), ".#.\n###\n"), Format::Picture);
/// assert_eq!(detect(None, "$1\n1\t2\n"), Format::Tournament);
/// assert_eq!(detect(None, "4x4:2/1/2/1/1.1/2/1/1"), Format::Tatham);
/// ```
pub fn detect(file_name: Option<&str>, text: &str) -> Format {
    file_name
        .and_then(by_extension)
        .unwrap_or_else(|| by_content(text))
}

/// The format of a file's bytes: by its extension as [`detect`] does, then a PNG signature or a
/// binary PBM (`P4`) header, then the content of the text. Bytes that are not UTF-8 and not a
/// picture are taken for `.non`, whose reader then says where the text stops being UTF-8.
///
/// ```
/// use nonosat::formats::{Format, detect_bytes};
/// assert_eq!(detect_bytes(None, b"\x89PNG\r\n\x1a\n"), Format::Png);
/// assert_eq!(detect_bytes(None, b"P4\n2 1\n\x80"), Format::Pbm);
/// ```
pub fn detect_bytes(file_name: Option<&str>, bytes: &[u8]) -> Format {
    if let Some(format) = file_name.and_then(by_extension) {
        return format;
    }
    if bytes.starts_with(PNG_SIGNATURE) {
        return Format::Png;
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => by_content(text),
        Err(_) if is_pbm_header(bytes) => Format::Pbm,
        Err(_) => Format::Non,
    }
}

/// The eight bytes every PNG file starts with.
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// Whether the bytes start with `P1` or `P4` and then whitespace or a comment.
fn is_pbm_header(bytes: &[u8]) -> bool {
    matches!(bytes, [b'P', b'1' | b'4', next, ..] if next.is_ascii_whitespace() || *next == b'#')
}

/// Whether a line starts as a Tatham game id: digits, optionally `x` and digits, then `:`.
fn is_tatham_start(line: &str) -> bool {
    let Some((size, _)) = line.split_once(':') else {
        return false;
    };
    let mut sides = size.split('x');
    let all_digits = |side: &str| !side.is_empty() && side.bytes().all(|b| b.is_ascii_digit());
    sides.next().is_some_and(all_digits) && sides.all(all_digits)
}

/// The format an extension names, if it names exactly one.
/// The format a file name's extension names, if it names one (`.txt` names several, so none):
/// the first guess of [`detect`], and how a command chooses the format of a file it writes.
///
/// ```
/// use nonosat::formats::{Format, by_extension};
/// assert_eq!(by_extension("repaired.NON"), Some(Format::Non));
/// assert_eq!(by_extension("repaired.txt"), None);
/// ```
pub fn by_extension(file_name: &str) -> Option<Format> {
    let extension = Path::new(file_name).extension()?.to_str()?;
    match extension.to_ascii_lowercase().as_str() {
        "non" => Some(Format::Non),
        "nonpack" => Some(Format::NonPack),
        "nin" => Some(Format::Nin),
        "json" => Some(Format::Json),
        "jsonl" | "ndjson" => Some(Format::JsonLines),
        "xml" => Some(Format::Xml),
        "g" => Some(Format::Olsak),
        "mk" => Some(Format::Mk),
        "cwd" => Some(Format::Cwd),
        "png" => Some(Format::Png),
        "pbm" => Some(Format::Pbm),
        _ => None,
    }
}

/// The format a text looks like (see [`detect`]).
fn by_content(text: &str) -> Format {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // The non-blank lines, trimmed; walked several times rather than held.
    let content = || text.lines().map(str::trim).filter(|line| !line.is_empty());
    let Some(first) = content().next() else {
        return Format::Non;
    };
    let is_picture_line = |line: &str| line.chars().all(|ch| picture::cell(ch).is_some());
    if first.starts_with('<') {
        Format::Xml
    } else if is_pbm_header(first.as_bytes()) || first == "P1" || first == "P4" {
        Format::Pbm
    } else if is_tatham_start(first) {
        Format::Tatham
    } else if content().any(|line| line.starts_with(':')) {
        Format::Olsak
    } else if first.starts_with('$') {
        Format::Tournament
    } else if first.starts_with('{') {
        if content().nth(1).is_some() && content().all(|line| line.starts_with('{')) {
            Format::JsonLines
        } else {
            Format::Json
        }
    } else if first.starts_with('[') {
        Format::Json
    } else if picture::legend_entry(first).is_some() {
        Format::Picture
    } else if content().any(starts_with_keyword) {
        if content().any(|line| line == non::DIVIDER) {
            Format::NonPack
        } else {
            Format::Non
        }
    } else if is_size_line(first)
        && content().any(|line| line == "#")
        && content().all(|line| line == "#" || is_number_line(line))
    {
        Format::Mk
    } else if content().all(is_picture_line) {
        Format::Picture
    } else if content().all(is_number_line) {
        numbers_format(text, first)
    } else if is_picture_line(first) {
        Format::Picture
    } else if is_size_line(first) {
        Format::Nin
    } else {
        Format::Non
    }
}

/// Whether a line is two numbers, as the `W H` line that opens a `.nin` file.
fn is_size_line(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.len() == 2 && words.iter().all(|word| word.parse::<usize>().is_ok())
}

/// Whether a line's first word is a `.non` keyword.
fn starts_with_keyword(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or_default();
    non::KEYWORDS.contains(&word)
}

/// Whether a line holds only digits, whitespace and commas.
fn is_number_line(line: &str) -> bool {
    line.chars()
        .all(|ch| ch.is_ascii_digit() || ch == ',' || ch.is_whitespace())
}

/// Whether the non-blank lines are a height and a width, one number each, then that many clues.
fn is_cwd(text: &str) -> bool {
    let mut lines = text.lines().filter(|line| !line.trim().is_empty());
    let mut side = || lines.next()?.trim().parse::<usize>().ok();
    let (Some(height), Some(width)) = (side(), side()) else {
        return false;
    };
    lines.count() == height.saturating_add(width)
}

/// `.nin`, CWD or headerless tournament, for a text of number lines whose first non-blank one is `first`.
fn numbers_format(text: &str, first: &str) -> Format {
    let words: Vec<usize> = clue_words(first).filter_map(|w| w.parse().ok()).collect();
    let clue_lines = match words.as_slice() {
        [width, height] => Some(width.saturating_add(*height)),
        _ => None,
    };
    // Lines up to the last non-blank one: blank lines inside count, as empty clues.
    let count = content_span(text).map_or(0, |(_, last)| last);
    if clue_lines.is_some_and(|clues| clues.saturating_add(1) == count) {
        Format::Nin
    } else if count == 2 * TOURNAMENT_SIDE {
        Format::Tournament
    } else if clue_lines.is_none() && is_cwd(text) {
        Format::Cwd
    } else if clue_lines.is_none() {
        Format::Tournament
    } else {
        Format::Nin
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extension_wins_over_content() {
        assert_eq!(detect(Some("a.NON"), "$1"), Format::Non);
        assert_eq!(detect(Some("dir/a.ndjson"), ""), Format::JsonLines);
        assert_eq!(detect(Some("a.txt"), "$1"), Format::Tournament);
    }

    #[test]
    fn malformed_nin_is_still_read_as_nin() {
        assert_eq!(detect(None, "3 2\n3\nx\n1\n1\n1\n"), Format::Nin);
    }

    #[test]
    fn content_rules() {
        assert_eq!(detect(None, "{\"rows\": []}"), Format::Json);
        assert_eq!(detect(None, "{}\n\n{}\n"), Format::JsonLines);
        assert_eq!(detect(None, "{\n  \"rows\": []\n}"), Format::Json);
        assert_eq!(detect(None, "\ntitle \"x\"\nwidth 1"), Format::Non);
        assert_eq!(detect(None, "width 1\n====\nwidth 1"), Format::NonPack);
        assert_eq!(detect(None, "0110\n1001\n"), Format::Picture);
        assert_eq!(detect(None, "2 1\n2\n1\n1\n"), Format::Nin);
        assert_eq!(detect(None, "2 1\n2\n"), Format::Nin);
        assert_eq!(detect(None, &"1\t1\n".repeat(50)), Format::Tournament);
        assert_eq!(detect(None, "#.#\n#a#\n"), Format::Picture);
        assert_eq!(detect(None, "a #cc3333\n\na.a\n"), Format::Picture);
        assert_eq!(detect(None, "<puzzleset>"), Format::Xml);
        assert_eq!(detect(None, "\n<?xml version=\"1.0\"?>"), Format::Xml);
        assert_eq!(detect(None, "P1\n2 1\n1 0\n"), Format::Pbm);
        assert_eq!(detect(None, "P1 # comment"), Format::Pbm);
        assert_eq!(detect(None, "3x2:1/1/1/3/"), Format::Tatham);
        assert_eq!(detect(None, "5:1/1/1/1/1/1/1/1/1/1"), Format::Tatham);
        assert_eq!(
            detect(None, "#d\n 0: #FFFFFF white\n: rows\n1\n: columns\n1\n"),
            Format::Olsak
        );
        assert_eq!(detect(None, "x1:2"), Format::Non);
        assert_eq!(detect(Some("a.G"), ""), Format::Olsak);
        assert_eq!(detect(Some("a.mk"), ""), Format::Mk);
        assert_eq!(detect(None, "2 1\n1\n0\n#\n1\n"), Format::Mk);
        assert_eq!(detect(Some("a.cwd"), ""), Format::Cwd);
        assert_eq!(detect(None, "1\n2\n\n1 1\n1\n0\n"), Format::Cwd);
        assert_eq!(detect(None, "1\n2\n1 1\n1\n"), Format::Tournament);
    }
}
