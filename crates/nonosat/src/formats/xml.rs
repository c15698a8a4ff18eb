//! XML for puzzle files, read by `roxmltree`: elements with their attributes, text and lines.
//!
//! What reaches the parser is prepared first ([`prepare`]): the DOCTYPE is blanked out (line ends
//! kept, so every line number stays the file's), because nonosat reads no DTD: roxmltree then
//! parses with `allow_dtd` off, an entity a DTD declares is an unknown entity like any other, and
//! no input can make it expand text beyond the file's size or reach for an external entity. The
//! HTML entities `&nbsp;` `&copy;` `&reg;`, which webpbn's copyright lines use, become character
//! references (outside comments, CDATA and processing instructions). Nesting deeper than
//! [`MAX_DEPTH`] is refused after parsing, on the line of the element too deep.

use std::borrow::Cow;

use roxmltree::{Document, Node, ParsingOptions};

use super::error::{LineError, ParseErrorKind};

/// The deepest nesting of elements accepted.
pub(super) const MAX_DEPTH: usize = 64;

/// The HTML entities webpbn's files use beyond XML's own, each with a character reference for it.
const HTML_ENTITIES: [(&str, &str); 3] = [
    ("&nbsp;", "&#160;"),
    ("&copy;", "&#169;"),
    ("&reg;", "&#174;"),
];

/// An element of a parsed document.
#[derive(Clone, Copy)]
pub(super) struct Element<'a, 'input> {
    node: Node<'a, 'input>,
    /// The byte offset of every `\n` of the parsed text, in order.
    line_ends: &'a [usize],
}

/// Parses `text` and reads its root element with `read`; malformed XML is an error on its line.
pub(super) fn read<T>(
    text: &str,
    read: impl FnOnce(Element<'_, '_>) -> Result<T, LineError>,
) -> Result<T, LineError> {
    let prepared = prepare(text)?;
    let line_ends: Vec<usize> = prepared.match_indices('\n').map(|(at, _)| at).collect();
    let options = ParsingOptions {
        allow_dtd: false,
        ..ParsingOptions::default()
    };
    let document = Document::parse_with_options(&prepared, options).map_err(|error| {
        let line = match error {
            roxmltree::Error::UnclosedRootNode | roxmltree::Error::UnexpectedEndOfStream => {
                line_ends.len() + 1
            }
            _ => error.pos().row as usize,
        };
        xml_error(line, message(&error))
    })?;
    let root = Element {
        node: document.root_element(),
        line_ends: &line_ends,
    };
    check_depth(root)?;
    read(root)
}

/// Malformed XML on line `line`.
fn xml_error(line: usize, message: String) -> LineError {
    LineError::maybe_at(Some(line), ParseErrorKind::Xml { message })
}

/// Refuses elements nested more than [`MAX_DEPTH`] deep (`root` is at depth 1), on the line of
/// the first such element.
fn check_depth(root: Element<'_, '_>) -> Result<(), LineError> {
    // Depth first, in document order: each element with its depth.
    let mut stack = vec![(root.node, 1)];
    while let Some((node, depth)) = stack.pop() {
        if depth > MAX_DEPTH {
            let line = Element { node, ..root }.line();
            let message = format!("elements are nested more than {MAX_DEPTH} deep");
            return Err(xml_error(line, message));
        }
        let children = node.children().rev().filter(Node::is_element);
        stack.extend(children.map(|child| (child, depth + 1)));
    }
    Ok(())
}

impl<'a, 'input> Element<'a, 'input> {
    /// The element's name, without a namespace prefix.
    pub fn name(&self) -> &'a str {
        self.node.tag_name().name()
    }

    /// The 1-based line of the element's start tag.
    pub fn line(&self) -> usize {
        let start = self.node.range().start;
        self.line_ends.partition_point(|&end| end < start) + 1
    }

    /// The value of an attribute.
    pub fn attribute(&self, name: &str) -> Option<&'a str> {
        self.node.attribute(name)
    }

    /// The child elements with this name, in order.
    pub fn elements_named<'s>(
        &self,
        name: &'s str,
    ) -> impl Iterator<Item = Element<'a, 'input>> + use<'a, 'input, 's> {
        let line_ends = self.line_ends;
        self.node
            .children()
            .filter(move |node| node.is_element() && node.tag_name().name() == name)
            .map(move |node| Element { node, line_ends })
    }

    /// The text of the element and of its descendants, concatenated (CDATA included).
    pub fn text(&self) -> String {
        let texts = self.node.descendants().filter(Node::is_text);
        texts.filter_map(|node| node.text()).collect()
    }
}

/// The text to parse: the DOCTYPE before the root element blanked to spaces (its line ends kept),
/// and the [`HTML_ENTITIES`] outside comments, CDATA sections and processing instructions written
/// as character references. Borrowed when there is nothing to change.
fn prepare(text: &str) -> Result<Cow<'_, str>, LineError> {
    if !text.contains("<!DOCTYPE") && !HTML_ENTITIES.iter().any(|(name, _)| text.contains(name)) {
        return Ok(Cow::Borrowed(text));
    }
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut rest = text;
    let mut prolog = true;
    while let Some(at) = rest.find(['<', '&']) {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let through = |end: &str| rest.find(end).map_or(rest.len(), |i| i + end.len());
        let kept = if rest.starts_with("<!--") {
            through("-->")
        } else if rest.starts_with("<![CDATA[") {
            through("]]>")
        } else if rest.starts_with("<?") {
            through("?>")
        } else if prolog && rest.starts_with("<!DOCTYPE") {
            let length = doctype_length(rest).ok_or_else(|| {
                let line = out.matches('\n').count() + 1;
                xml_error(line, "the DOCTYPE is not closed by `>`".to_string())
            })?;
            let blank = rest[..length]
                .chars()
                .map(|c| if c == '\n' { '\n' } else { ' ' });
            out.extend(blank);
            rest = &rest[length..];
            continue;
        } else if let Some((name, reference)) = HTML_ENTITIES
            .iter()
            .find(|(name, _)| rest.starts_with(name))
        {
            out.push_str(reference);
            rest = &rest[name.len()..];
            continue;
        } else {
            prolog &= !rest.starts_with('<');
            1
        };
        out.push_str(&rest[..kept]);
        rest = &rest[kept..];
    }
    out.push_str(rest);
    Ok(Cow::Owned(out))
}

/// The length of the `<!DOCTYPE ...>` that `text` starts with, with its internal subset in
/// brackets if it has one; `None` when it is not closed.
fn doctype_length(text: &str) -> Option<usize> {
    let close = text.find(['[', '>'])?;
    if text.as_bytes()[close] == b'>' {
        return Some(close + 1);
    }
    let subset_end = close + text[close..].find(']')?;
    Some(subset_end + text[subset_end..].find('>')? + 1)
}

/// What is wrong, in words, without roxmltree's position (the line is given apart).
fn message(error: &roxmltree::Error) -> String {
    use roxmltree::Error;
    match error {
        Error::UnexpectedCloseTag(expected, found, _) => {
            format!("</{found}> where </{expected}> was expected")
        }
        Error::UnknownEntityReference(name, _) => format!("unknown entity `&{name};`"),
        Error::MalformedEntityReference(_) => {
            "a `&` that does not start an entity such as `&amp;` or a reference to a character XML \
             allows"
                .to_string()
        }
        Error::DuplicatedAttribute(name, _) => format!("the attribute `{name}` appears twice"),
        Error::InvalidAttributeValue(_) => "an attribute value holds a `<`".to_string(),
        Error::NoRootNode => "expected the root element".to_string(),
        Error::UnclosedRootNode | Error::UnexpectedEndOfStream => {
            "the file ends before the root element is closed: is it cut short?".to_string()
        }
        Error::DtdDetected => "a DOCTYPE after the root element".to_string(),
        Error::UnknownToken(_) => {
            "text outside the root element, or markup that is not XML".to_string()
        }
        Error::InvalidChar2(expected, found, _) => {
            format!("expected {expected}, not {:?}", char::from(*found))
        }
        other => {
            let at = format!(" at {}", other.pos());
            other.to_string().replacen(&at, "", 1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The error of reading `text`, as `line: message`.
    fn message(text: &str) -> String {
        match read(text, |_| Ok(())) {
            Ok(()) => panic!("{text:?} was read"),
            Err(error) => format!("{}: {}", error.line.unwrap_or(0), error.kind),
        }
    }

    #[test]
    fn reads_elements_attributes_text_and_lines() {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"x.dtd\" [ <!ENTITY a \"b\"> ]>\n\
                    <a k='v &amp; w'>\n <!-- c --> x &lt; <b/><![CDATA[<y>&nbsp;]]>&copy;</a>\n";
        read(text, |root| {
            assert_eq!((root.name(), root.line()), ("a", 3));
            assert_eq!(root.attribute("k"), Some("v & w"));
            assert_eq!(root.elements_named("b").next().unwrap().line(), 4);
            assert_eq!(root.text(), "\n  x < <y>&nbsp;©");
            Ok(())
        })
        .unwrap();
    }

    #[test]
    fn malformed_documents_say_what_and_where() {
        assert_eq!(message("<a>\n</b>"), "2: XML: </b> where </a> was expected");
        assert_eq!(
            message("<a>\n<b>"),
            "2: XML: the file ends before the root element is closed: is it cut short?"
        );
        assert_eq!(
            message("<a x='1' x='2'/>"),
            "1: XML: the attribute `x` appears twice"
        );
        assert_eq!(
            message("<a>&hellip;</a>"),
            "1: XML: unknown entity `&hellip;`"
        );
        assert!(message("\n<a>&#1;</a>").starts_with("2: XML: a `&` that does not start"));
        let deep = format!(
            "<a>\n{}{}",
            "<a>".repeat(MAX_DEPTH),
            "</a>".repeat(MAX_DEPTH + 1)
        );
        assert_eq!(
            message(&deep),
            "2: XML: elements are nested more than 64 deep"
        );
        assert_eq!(
            message("\n<!DOCTYPE a [\n<!ENTITY a 'b'>"),
            "2: XML: the DOCTYPE is not closed by `>`"
        );
        assert_eq!(message("<a x=1/>"), "1: XML: expected a quote, not '1'");
        let outside = "XML: text outside the root element, or markup that is not XML";
        assert_eq!(message("<a/>\n<b/>"), format!("2: {outside}"));
        assert_eq!(message("hello"), format!("1: {outside}"));
        assert_eq!(
            message("<a\n x='1"),
            "2: XML: the file ends before the root element is closed: is it cut short?"
        );
    }

    #[test]
    fn entities_a_dtd_declares_are_never_expanded() {
        let bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n \
                    <!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n]>\n\
                    <lolz>&lol2;</lolz>\n";
        assert_eq!(message(bomb), "6: XML: unknown entity `&lol2;`");
        let external = "<!DOCTYPE a [ <!ENTITY e SYSTEM \"file:///etc/passwd\"> ]>\n<a>&e;</a>";
        assert_eq!(message(external), "2: XML: unknown entity `&e;`");
    }

    #[test]
    fn escape_reads_back() {
        let text = "a & b < c > \"d\" \t é\n";
        let escaped = super::super::text::escape_markup(text);
        let document = format!("<t a=\"{escaped}\">{escaped}</t>");
        read(&document, |root| {
            assert_eq!(root.text(), text);
            assert_eq!(root.attribute("a"), Some(text));
            Ok(())
        })
        .unwrap();
    }
}
