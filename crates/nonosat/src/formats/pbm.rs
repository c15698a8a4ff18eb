//! Netpbm bitmaps: `P1` (digits as text) and `P4` (packed bits), `1` black; one pixel is one cell.
//!
//! The header is the magic number, the width and the height, separated by whitespace, with `#`
//! comments running to the end of their line. `P1` then has `width * height` digits `0` or `1`,
//! whitespace between them optional; `P4` has one whitespace byte, then each row packed into
//! `ceil(width / 8)` bytes, most significant bit first. Anything but whitespace after the image is
//! an error (a file of several images is not a puzzle). The clues are read off the picture, which
//! becomes the goal.

use super::error::{LineError, ParseErrorKind};
use crate::model::{Grid, MAX_SIDE, Puzzle};

/// Reads a PBM file.
pub(super) fn parse(bytes: &[u8]) -> Result<Puzzle, LineError> {
    let mut reader = Reader { bytes, at: 0 };
    let binary = match bytes.get(..2) {
        Some(b"P1") => false,
        Some(b"P4") => true,
        _ => return Err(LineError::syntax(1, "a PBM file starts with P1 or P4")),
    };
    reader.at = 2;
    let width = reader.header_number("the width")?;
    let height = reader.header_number("the height")?;
    if width == 0 || height == 0 {
        return Err(image_error("the image has no pixels"));
    }
    if width > MAX_SIDE || height > MAX_SIDE {
        let kind = ParseErrorKind::ImageTooLarge {
            width: width as u64,
            height: height as u64,
        };
        return Err(LineError::maybe_at(None, kind));
    }
    let rows = if binary {
        reader.packed_rows(width, height)?
    } else {
        reader.digit_rows(width, height)?
    };
    reader.expect_end()?;
    let picture = Grid::from_rows(rows).ok_or(image_error("the image has no pixels"))?;
    Puzzle::from_picture(&picture)
        .map_err(|error| LineError::maybe_at(None, ParseErrorKind::Puzzle(error)))
}

/// A cursor over the bytes of a PBM file.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    /// The 1-based line of the cursor.
    fn line(&self) -> usize {
        self.bytes[..self.at]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1
    }

    /// Skips whitespace and `#` comments.
    fn skip_space(&mut self) {
        while let Some(&byte) = self.bytes.get(self.at) {
            if byte == b'#' {
                while self.bytes.get(self.at).is_some_and(|&b| b != b'\n') {
                    self.at += 1;
                }
            } else if byte.is_ascii_whitespace() {
                self.at += 1;
            } else {
                break;
            }
        }
    }

    /// A decimal number of the header, after whitespace; `what` names it in errors.
    fn header_number(&mut self, what: &str) -> Result<usize, LineError> {
        let before = self.at;
        self.skip_space();
        let start = self.at;
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        if start == before || start == self.at {
            return Err(LineError::syntax(
                self.line(),
                &format!("expected {what} of the image"),
            ));
        }
        let digits = std::str::from_utf8(&self.bytes[start..self.at]).unwrap_or_default();
        // Only a number too long for `usize` fails to parse: every byte is a digit.
        digits.parse().map_err(|_| {
            let message = format!(
                "{what} of the image, {digits}, is too large: a puzzle may be at most {MAX_SIDE} \
                 cells a side"
            );
            LineError::syntax(self.line(), &message)
        })
    }

    /// The rows of a `P1` image: one digit a pixel.
    fn digit_rows(&mut self, width: usize, height: usize) -> Result<Vec<Vec<bool>>, LineError> {
        let mut rows = Vec::with_capacity(height);
        for _ in 0..height {
            let mut row = Vec::with_capacity(width);
            for _ in 0..width {
                self.skip_space();
                match self.bytes.get(self.at) {
                    Some(b'0') => row.push(false),
                    Some(b'1') => row.push(true),
                    Some(&other) => {
                        let message = format!(
                            "{:?} where a pixel (0 or 1) was expected",
                            char::from(other)
                        );
                        return Err(LineError::syntax(self.line(), &message));
                    }
                    None => return Err(self.short(width, height)),
                }
                self.at += 1;
            }
            rows.push(row);
        }
        Ok(rows)
    }

    /// The rows of a `P4` image: after one whitespace byte, bits packed eight to a byte.
    fn packed_rows(&mut self, width: usize, height: usize) -> Result<Vec<Vec<bool>>, LineError> {
        if !self.bytes.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            return Err(LineError::syntax(
                self.line(),
                "expected whitespace after the height",
            ));
        }
        self.at += 1;
        let row_bytes = width.div_ceil(8);
        let data = self.bytes.get(self.at..).unwrap_or_default();
        if data.len() < row_bytes * height {
            return Err(self.short(width, height));
        }
        let rows = data
            .chunks(row_bytes)
            .take(height)
            .map(|packed| {
                (0..width)
                    .map(|x| packed[x / 8] & (0x80 >> (x % 8)) != 0)
                    .collect()
            })
            .collect();
        self.at += row_bytes * height;
        Ok(rows)
    }

    /// Nothing but whitespace and comments may follow the image.
    fn expect_end(&mut self) -> Result<(), LineError> {
        self.skip_space();
        if self.at < self.bytes.len() {
            return Err(LineError::syntax(
                self.line(),
                "the file goes on after the image; it must hold one image",
            ));
        }
        Ok(())
    }

    /// The error for an image cut short.
    fn short(&self, width: usize, height: usize) -> LineError {
        image_error(&format!(
            "the file ends before the {width}x{height} pixels of its image"
        ))
    }
}

fn image_error(message: &str) -> LineError {
    let kind = ParseErrorKind::Image {
        message: message.to_string(),
    };
    LineError::maybe_at(None, kind)
}

/// Writes a picture as a `P1` bitmap: digits without spaces, lines of at most 70 characters.
pub(super) fn write(picture: &Grid<bool>) -> String {
    let mut text = format!("P1\n{} {}\n", picture.width(), picture.height());
    for row in picture.cells().chunks(picture.width()) {
        let digits: Vec<char> = row
            .iter()
            .map(|&black| if black { '1' } else { '0' })
            .collect();
        for line in digits.chunks(70) {
            text.extend(line);
            text.push('\n');
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p1_with_comments_and_packed_digits() {
        let puzzle = parse(b"P1 # a comment\n# another\n3 2\n1 0 1\n011\n").unwrap();
        assert_eq!(puzzle.goal().unwrap().row_strings(), ["#.#", ".##"]);
    }

    #[test]
    fn p4_rows_are_padded_to_whole_bytes() {
        // 9 pixels a row: two bytes each; the padding bits are ignored.
        let bytes = [
            b"P4\n9 2\n".as_slice(),
            &[0b1000_0000, 0b1111_1111, 0x7f, 0x80],
        ]
        .concat();
        let puzzle = parse(&bytes).unwrap();
        assert_eq!(
            puzzle.goal().unwrap().row_strings(),
            ["#.......#", ".########"]
        );
    }

    #[test]
    fn write_reads_back() {
        let puzzle = parse(b"P1\n2 2\n10 11").unwrap();
        let goal = puzzle.goal().unwrap();
        assert_eq!(write(goal), "P1\n2 2\n10\n11\n");
        assert_eq!(parse(write(goal).as_bytes()).unwrap(), puzzle);
    }
}
