//! A list of rectangles and text on a white page, written as SVG, and rendered from that SVG as PNG.

use std::fmt::Write;

use super::raster::Rgb;

/// The most pixels a drawing may have to be rendered: 16 Mi (64 MiB as RGBA). Drawings of puzzles
/// choose their cell size with [`largest_cell`] to stay within it.
pub const MAX_DRAWN_PIXELS: u64 = 1 << 24;

/// The font family every text is written in, embedded for PNG (`fonts/DejaVuSansMono.ttf`).
pub const FONT_FAMILY: &str = "DejaVu Sans Mono";

/// Advance of one character of [`FONT_FAMILY`], in 2048ths of the font size.
const ADVANCE: u64 = 1233;

/// Width in pixels of one line of `text` at `size`, in [`FONT_FAMILY`] (monospace), rounded up.
pub fn text_width(text: &str, size: u32) -> u32 {
    let chars = text.chars().count() as u64;
    (chars * u64::from(size) * ADVANCE).div_ceil(2048) as u32
}

/// The largest cell side from `preferred` down to 1 pixel whose page, `page(cell)` as width and
/// height, stays within [`MAX_DRAWN_PIXELS`]; 1 when none does. `page` must grow with the cell.
pub fn largest_cell(preferred: u32, page: impl Fn(u32) -> (u32, u32)) -> u32 {
    let fits = |cell: u32| {
        let (width, height) = page(cell);
        u64::from(width) * u64::from(height) <= MAX_DRAWN_PIXELS
    };
    (1..=preferred.max(1))
        .rev()
        .find(|&cell| fits(cell))
        .unwrap_or(1)
}

/// Where a text's x coordinate is: its left end, its middle or its right end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// x is the left end of the text.
    Start,
    /// x is the middle of the text.
    Middle,
    /// x is the right end of the text.
    End,
}

#[derive(Clone, Debug)]
enum Shape {
    Rect {
        x: u32,
        y: u32,
        width: u32,
        height: u32,
        fill: Rgb,
    },
    Text {
        x: u32,
        y: u32,
        size: u32,
        anchor: Anchor,
        fill: Rgb,
        text: String,
    },
}

/// A picture in pixel coordinates, origin at the top left, drawn in the order the shapes were added.
#[derive(Clone, Debug)]
pub struct Drawing {
    width: u32,
    height: u32,
    shapes: Vec<Shape>,
}

impl Drawing {
    /// A white page of `width` x `height` pixels.
    pub fn new(width: u32, height: u32) -> Drawing {
        Drawing {
            width,
            height,
            shapes: Vec::new(),
        }
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// A filled rectangle with its top-left corner at (`x`, `y`). Lines are thin rectangles.
    pub fn rect(&mut self, x: u32, y: u32, width: u32, height: u32, fill: Rgb) {
        self.shapes.push(Shape::Rect {
            x,
            y,
            width,
            height,
            fill,
        });
    }

    /// A rectangle's outline, `thickness` pixels wide, inside the rectangle.
    pub fn outline(
        &mut self,
        x: u32,
        y: u32,
        width: u32,
        height: u32,
        thickness: u32,
        colour: Rgb,
    ) {
        let t = thickness.min(width).min(height);
        self.rect(x, y, width, t, colour);
        self.rect(x, y + height - t, width, t, colour);
        self.rect(x, y, t, height, colour);
        self.rect(x + width - t, y, t, height, colour);
    }

    /// One line of text about `size` pixels high, vertically centred on `y`, placed on `x` by `anchor`.
    pub fn text(&mut self, x: u32, y: u32, size: u32, anchor: Anchor, fill: Rgb, text: &str) {
        self.shapes.push(Shape::Text {
            x,
            y,
            size,
            anchor,
            fill,
            text: text.to_owned(),
        });
    }

    /// The drawing as a standalone SVG document.
    pub fn to_svg(&self) -> String {
        let (width, height) = (self.width, self.height);
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"{FONT_FAMILY}, monospace\">\n\
             <rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>\n"
        );
        for shape in &self.shapes {
            match shape {
                Shape::Rect {
                    x,
                    y,
                    width,
                    height,
                    fill,
                } => writeln!(
                    svg,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"{height}\" fill=\"{}\"/>",
                    fill.hex()
                ),
                Shape::Text {
                    x,
                    y,
                    size,
                    anchor,
                    fill,
                    text,
                } => {
                    let anchor = match anchor {
                        Anchor::Start => "start",
                        Anchor::Middle => "middle",
                        Anchor::End => "end",
                    };
                    writeln!(
                        svg,
                        "<text x=\"{x}\" y=\"{y}\" font-size=\"{size}\" text-anchor=\"{anchor}\" \
                         dominant-baseline=\"central\" fill=\"{}\">{}</text>",
                        fill.hex(),
                        escape(text)
                    )
                }
            }
            .expect("writing to a String");
        }
        svg.push_str("</svg>\n");
        svg
    }
}

/// Text with the characters that XML reserves written as entities, and those it forbids (the
/// control characters but tab, line feed and carriage return; U+FFFE and U+FFFF) left out: a title
/// read from a file may hold any of them (`&#0;` in a `.non`), and one would make the SVG
/// unreadable.
fn escape(text: &str) -> String {
    text.chars()
        .filter(|&c| !matches!(c, '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}'))
        .collect::<String>()
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Drawing {
        let mut drawing = Drawing::new(40, 20);
        drawing.rect(0, 0, 10, 10, Rgb::BLACK);
        drawing.outline(20, 0, 20, 20, 2, Rgb(255, 0, 0));
        drawing.text(30, 10, 9, Anchor::Middle, Rgb(0, 0, 255), "1<2");
        drawing
    }

    #[test]
    fn svg_holds_every_shape_and_escapes_text() {
        let svg = sample().to_svg();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\""));
        assert_eq!(svg.matches("<rect ").count(), 1 + 1 + 4);
        assert!(svg.contains(">1&lt;2</text>"));
        let mut titled = Drawing::new(40, 20);
        titled.text(
            0,
            10,
            9,
            Anchor::Start,
            Rgb::BLACK,
            "A\u{0}B\u{1}\u{1b}C\tD\u{ffff}",
        );
        assert!(titled.to_svg().contains(">ABC\tD</text>"));
        assert!(svg.contains("fill=\"#0000ff\""));
        assert!(svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn the_width_of_text_follows_the_monospace_advance() {
        assert_eq!(text_width("", 16), 0);
        assert_eq!(text_width("12", 10), 13); // 2 * 10 * 1233 / 2048 = 12.04, rounded up
        assert_eq!(text_width("solution 1", 16), 97);
    }

    #[test]
    fn the_largest_cell_keeps_the_page_within_the_budget() {
        let square = |side: u32| move |cell: u32| (side * cell, side * cell);
        assert_eq!(largest_cell(24, square(100)), 24);
        // 4096 x 4096 is exactly the budget.
        assert_eq!(largest_cell(24, square(256)), 16);
        assert_eq!(largest_cell(24, square(1000)), 4);
        assert_eq!(largest_cell(24, square(100_000)), 1);
    }

    #[cfg(feature = "png")]
    #[test]
    fn png_paints_rectangles_outlines_and_text_the_same_every_time() {
        use crate::image::Raster;
        let png = sample().to_png().unwrap();
        assert_eq!(
            png,
            sample().to_png().unwrap(),
            "rendering is deterministic"
        );
        let image = Raster::from_png(&png).unwrap();
        assert_eq!((image.width(), image.height()), (40, 20));
        assert_eq!(image.get(9, 9), Rgb::BLACK);
        assert_eq!(image.get(10, 10), Rgb::WHITE);
        assert_eq!(image.get(21, 10), Rgb(255, 0, 0));
        assert_eq!(image.get(39, 19), Rgb(255, 0, 0));
        // The text is drawn, antialiased, in the embedded font: bluish pixels, nowhere else.
        let bluish = |x: usize, y: usize| {
            let Rgb(r, _, b) = image.get(x, y);
            b > 128 && r < 200
        };
        let blue: Vec<(usize, usize)> = (0..40)
            .flat_map(|x| (0..20).map(move |y| (x, y)))
            .filter(|&(x, y)| bluish(x, y))
            .collect();
        assert!(blue.len() > 10, "the text should be drawn: {blue:?}");
        assert!(blue.iter().all(|&(x, _)| (22..38).contains(&x)), "{blue:?}");
    }
}
