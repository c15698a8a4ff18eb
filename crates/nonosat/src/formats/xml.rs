//! A small XML reader for puzzle files: elements, attributes, text, comments, CDATA, and the
//! predefined entities and character references (and `&nbsp;` `&copy;` `&reg;`, which webpbn's
//! copyright lines use), each element with its line.
//!
//! It checks well-formedness as far as puzzle files need (tags match, attributes are quoted and not
//! repeated, one root element) and skips the prolog (`<?xml ...?>`, `<!DOCTYPE ...>`). Entities
//! declared in a DTD are not expanded (an unknown `&name;` is an error), so no input can make it
//! expand text beyond the file's size; nesting deeper than [`MAX_DEPTH`] is refused.

use super::text::html_entity;

/// The deepest nesting of elements accepted.
pub(super) const MAX_DEPTH: usize = 64;

/// An element with its attributes, children, and the 1-based line of its start tag.
#[derive(Debug)]
pub(super) struct Element<'a> {
    pub name: &'a str,
    pub attributes: Vec<(&'a str, String)>,
    pub children: Vec<Node<'a>>,
    pub line: usize,
}

/// A child of an element.
#[derive(Debug)]
pub(super) enum Node<'a> {
    Element(Element<'a>),
    Text(String),
}

/// Malformed XML, with the line where it was noticed.
#[derive(Debug)]
pub(super) struct XmlError {
    pub line: usize,
    pub message: String,
}

impl<'a> Element<'a> {
    /// The value of an attribute.
    pub fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(key, _)| *key == name)
            .map(|(_, value)| value.as_str())
    }

    /// The child elements, in order.
    pub fn elements(&self) -> impl Iterator<Item = &Element<'a>> {
        self.children.iter().filter_map(|node| match node {
            Node::Element(element) => Some(element),
            Node::Text(_) => None,
        })
    }

    /// The child elements with this name.
    pub fn elements_named<'s>(&'s self, name: &'s str) -> impl Iterator<Item = &'s Element<'a>> {
        self.elements().filter(move |element| element.name == name)
    }

    /// The text of the element and of its descendants, concatenated.
    pub fn text(&self) -> String {
        let mut text = String::new();
        for node in &self.children {
            match node {
                Node::Text(piece) => text.push_str(piece),
                Node::Element(element) => text.push_str(&element.text()),
            }
        }
        text
    }
}

/// Reads a document: its root element.
pub(super) fn parse(text: &str) -> Result<Element<'_>, XmlError> {
    let mut reader = Reader {
        text,
        at: 0,
        line: 1,
    };
    reader.skip_misc(true)?;
    if !reader.rest().starts_with('<') {
        return Err(reader.error("expected the root element"));
    }
    let root = reader.element(0)?;
    reader.skip_misc(false)?;
    if !reader.rest().is_empty() {
        return Err(reader.error("text after the root element"));
    }
    Ok(root)
}

/// A cursor over the text, counting lines.
struct Reader<'a> {
    text: &'a str,
    at: usize,
    line: usize,
}

impl<'a> Reader<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    fn error(&self, message: &str) -> XmlError {
        XmlError {
            line: self.line,
            message: message.to_string(),
        }
    }

    /// Moves `bytes` bytes on (always to a character boundary).
    fn advance(&mut self, bytes: usize) {
        let passed = &self.text[self.at..self.at + bytes];
        self.line += passed.bytes().filter(|&b| b == b'\n').count();
        self.at += bytes;
    }

    fn skip_whitespace(&mut self) {
        let rest = self.rest();
        let skipped = rest.len() - rest.trim_start().len();
        self.advance(skipped);
    }

    /// Moves past the next `end`, or fails with `what` if there is none.
    fn skip_past(&mut self, end: &str, what: &str) -> Result<&'a str, XmlError> {
        let rest = self.rest();
        match rest.find(end) {
            Some(found) => {
                self.advance(found + end.len());
                Ok(&rest[..found])
            }
            None => Err(self.error(&format!("{what} is not closed by `{end}`"))),
        }
    }

    /// Skips whitespace, comments and processing instructions (and, in the prolog, a DOCTYPE).
    fn skip_misc(&mut self, prolog: bool) -> Result<(), XmlError> {
        loop {
            self.skip_whitespace();
            let rest = self.rest();
            if rest.starts_with("<?") {
                self.skip_past("?>", "a processing instruction")?;
            } else if rest.starts_with("<!--") {
                self.skip_past("-->", "a comment")?;
            } else if prolog && rest.starts_with("<!DOCTYPE") {
                self.skip_doctype()?;
            } else {
                return Ok(());
            }
        }
    }

    /// Skips `<!DOCTYPE ...>`, with an internal subset in brackets if it has one.
    fn skip_doctype(&mut self) -> Result<(), XmlError> {
        let rest = self.rest();
        let close = rest.find(['[', '>']);
        if close.is_some_and(|at| rest.as_bytes()[at] == b'[') {
            self.skip_past("]", "the DOCTYPE's internal subset")?;
        }
        self.skip_past(">", "the DOCTYPE")?;
        Ok(())
    }

    /// A name: up to whitespace, `/`, `>`, `=` or `<`.
    fn name(&mut self) -> Result<&'a str, XmlError> {
        let rest = self.rest();
        let end = rest
            .find(|c: char| c.is_whitespace() || "/>=<\"'".contains(c))
            .unwrap_or(rest.len());
        if end == 0 {
            return Err(self.error("expected a name"));
        }
        self.advance(end);
        Ok(&rest[..end])
    }

    /// An element, whose `<` is next; `depth` counts its ancestors.
    fn element(&mut self, depth: usize) -> Result<Element<'a>, XmlError> {
        if depth >= MAX_DEPTH {
            return Err(self.error(&format!("elements are nested more than {MAX_DEPTH} deep")));
        }
        let line = self.line;
        self.advance(1);
        let name = self.name()?;
        let mut element = Element {
            name,
            attributes: Vec::new(),
            children: Vec::new(),
            line,
        };
        loop {
            self.skip_whitespace();
            let rest = self.rest();
            if rest.starts_with("/>") {
                self.advance(2);
                return Ok(element);
            } else if rest.starts_with('>') {
                self.advance(1);
                break;
            } else if rest.is_empty() {
                return Err(self.error(&format!("the tag <{}> is not closed", element.name)));
            }
            let (key, value) = self.attribute()?;
            if element.attribute(key).is_some() {
                return Err(self.error(&format!("the attribute `{key}` appears twice")));
            }
            element.attributes.push((key, value));
        }
        self.content(&mut element, depth)?;
        Ok(element)
    }

    /// `name="value"` or `name='value'`.
    fn attribute(&mut self) -> Result<(&'a str, String), XmlError> {
        let key = self.name()?;
        let cut_short = |parser: &Self| {
            parser.error(&format!(
                "the file ends inside the attribute `{key}`: is it cut short?"
            ))
        };
        self.skip_whitespace();
        if self.rest().is_empty() {
            return Err(cut_short(self));
        }
        if !self.rest().starts_with('=') {
            return Err(self.error(&format!("the attribute `{key}` has no `=`")));
        }
        self.advance(1);
        self.skip_whitespace();
        let quote = match self.rest().chars().next() {
            Some(quote @ ('"' | '\'')) => quote,
            None => return Err(cut_short(self)),
            _ => {
                return Err(self.error(&format!("the value of `{key}` is not quoted")));
            }
        };
        self.advance(1);
        let raw = self.skip_past(&quote.to_string(), "an attribute value")?;
        if raw.contains('<') {
            return Err(self.error(&format!("the value of `{key}` holds a `<`")));
        }
        let mut value = String::with_capacity(raw.len());
        self.unescape_into(&mut value, raw, self.line)?;
        Ok((key, value))
    }

    /// The children of `element` up to its end tag.
    fn content(&mut self, element: &mut Element<'a>, depth: usize) -> Result<(), XmlError> {
        let mut text = String::new();
        loop {
            let rest = self.rest();
            let Some(tag) = rest.find('<') else {
                return Err(self.error(&format!("<{}> is never closed", element.name)));
            };
            let raw = &rest[..tag];
            let start_line = self.line;
            self.advance(tag);
            self.unescape_into(&mut text, raw, start_line)?;
            let rest = self.rest();
            if rest.starts_with("</") {
                self.advance(2);
                let name = self.name()?;
                self.skip_whitespace();
                if name != element.name || !self.rest().starts_with('>') {
                    return Err(
                        self.error(&format!("</{name}> where </{}> was expected", element.name))
                    );
                }
                self.advance(1);
                flush_text(element, &mut text);
                return Ok(());
            } else if rest.starts_with("<!--") {
                self.skip_past("-->", "a comment")?;
            } else if rest.starts_with("<![CDATA[") {
                self.advance("<![CDATA[".len());
                text.push_str(self.skip_past("]]>", "a CDATA section")?);
            } else if rest.starts_with("<?") {
                self.skip_past("?>", "a processing instruction")?;
            } else {
                flush_text(element, &mut text);
                let child = self.element(depth + 1)?;
                element.children.push(Node::Element(child));
            }
        }
    }

    /// Appends `raw` to `text` with its entities replaced; errors point at the line of the entity,
    /// counted from `line`, where `raw` starts.
    fn unescape_into(&self, text: &mut String, raw: &str, line: usize) -> Result<(), XmlError> {
        let mut rest = raw;
        let mut line = line;
        while let Some(amp) = rest.find('&') {
            text.push_str(&rest[..amp]);
            line += rest[..amp].bytes().filter(|&b| b == b'\n').count();
            let after = &rest[amp + 1..];
            // Entity names are short: looking further for the `;` could make long texts quadratic.
            let Some(semicolon) = after.bytes().take(12).position(|b| b == b';') else {
                return Err(XmlError {
                    line,
                    message: "a `&` that does not start an entity such as `&amp;`".to_string(),
                });
            };
            let name = &after[..semicolon];
            text.push(html_entity(name).ok_or_else(|| XmlError {
                line,
                message: format!("unknown entity `&{name};`"),
            })?);
            rest = &after[semicolon + 1..];
        }
        text.push_str(rest);
        Ok(())
    }
}

/// Moves collected text into the element as a node.
fn flush_text(element: &mut Element<'_>, text: &mut String) {
    if !text.is_empty() {
        element.children.push(Node::Text(std::mem::take(text)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_elements_attributes_text_and_lines() {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"x.dtd\" [ <!ENTITY a \"b\"> ]>\n\
                    <a k='v &amp; w'>\n <!-- c --> x &lt; <b/><![CDATA[<y>]]></a>\n";
        let root = parse(text).unwrap();
        assert_eq!((root.name, root.line), ("a", 3));
        assert_eq!(root.attribute("k"), Some("v & w"));
        assert_eq!(root.elements().next().unwrap().name, "b");
        assert_eq!(root.text(), "\n  x < <y>");
    }

    #[test]
    fn malformed_documents_say_what_and_where() {
        let message = |text: &str| {
            let error = parse(text).unwrap_err();
            format!("{}: {}", error.line, error.message)
        };
        assert_eq!(message("<a>\n</b>"), "2: </b> where </a> was expected");
        assert_eq!(message("<a>\n<b>"), "2: <b> is never closed");
        assert_eq!(message("<a x=1/>"), "1: the value of `x` is not quoted");
        for truncated in ["<a\n x=", "<a\n x", "<a\n x = "] {
            assert_eq!(
                message(truncated),
                "2: the file ends inside the attribute `x`: is it cut short?"
            );
        }
        assert_eq!(
            message("<a x='1"),
            "1: an attribute value is not closed by `'`"
        );
        assert_eq!(
            message("<a x='1' x='2'/>"),
            "1: the attribute `x` appears twice"
        );
        assert_eq!(message("<a>&hellip;</a>"), "1: unknown entity `&hellip;`");
        assert_eq!(message("<a/><b/>"), "1: text after the root element");
        assert_eq!(message("hello"), "1: expected the root element");
        let deep = "<a>".repeat(MAX_DEPTH + 1);
        assert_eq!(message(&deep), "1: elements are nested more than 64 deep");
    }

    #[test]
    fn escape_reads_back() {
        let text = "a & b < c > \"d\" \u{1} é\n";
        let escaped = super::super::text::escape_markup(text);
        let document = format!("<t a=\"{escaped}\">{escaped}</t>");
        let root = parse(&document).unwrap();
        assert_eq!(root.text(), text);
        assert_eq!(root.attribute("a"), Some(text));
    }
}
