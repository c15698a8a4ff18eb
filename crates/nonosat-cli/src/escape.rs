//! Control characters made visible: a message that quotes its input (a clue, a title, a file name)
//! must not let that input drive the terminal (`\e]0;TITLE\a` retitles the window, `\e[31m` paints
//! what follows red). Every error goes through [`printable`] on its way out, as text or in its JSON
//! record, whatever layer wrote it.

use std::borrow::Cow;
use std::fmt::Write;

/// `text` with every control character but the line break written out: `\e` for escape, `\t`,
/// `\r`, `\0`, and `\xNN` or `\u{NN}` for the others (C0, DEL, and the C1 controls that some
/// terminals also obey). Text without one comes back as it is.
pub(crate) fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\u{1b}' => shown.push_str("\\e"),
            '\t' => shown.push_str("\\t"),
            '\r' => shown.push_str("\\r"),
            '\0' => shown.push_str("\\0"),
            c if c.is_ascii_control() && c != '\n' => {
                let _ = write!(shown, "\\x{:02x}", u32::from(c));
            }
            c if needs_escape(c) => {
                let _ = write!(shown, "\\u{{{:x}}}", u32::from(c));
            }
            c => shown.push(c),
        }
    }
    Cow::Owned(shown)
}

/// Whether `c` is a control character other than the line break.
fn needs_escape(c: char) -> bool {
    c.is_control() && c != '\n'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_written_out_and_the_rest_kept() {
        assert_eq!(
            printable("\"1\u{1b}]0;TITLE\u{7}\u{1b}[31mRED\" is not a number"),
            "\"1\\e]0;TITLE\\x07\\e[31mRED\" is not a number"
        );
        assert_eq!(printable("a\tb\r\0\u{7f}\u{9b}"), "a\\tb\\r\\0\\x7f\\u{9b}");
        assert!(matches!(
            printable("plain, ünïcode\nand lines"),
            Cow::Borrowed(_)
        ));
    }
}
