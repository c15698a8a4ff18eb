//! A list of rectangles and text on a white page, written as SVG or rasterised.

use std::fmt::Write;

use super::font::{GLYPH_HEIGHT, GLYPH_WIDTH, glyph};
use super::raster::{Raster, RasterError, Rgb};

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
             viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans Mono, monospace\">\n\
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

    /// The drawing as pixels; text is drawn in the built-in 5x7 font, scaled to its size.
    pub fn to_raster(&self) -> Result<Raster, RasterError> {
        let mut image = Raster::filled(self.width as usize, self.height as usize, Rgb::WHITE)?;
        for shape in &self.shapes {
            match shape {
                Shape::Rect {
                    x,
                    y,
                    width,
                    height,
                    fill,
                } => image.fill_rect(
                    *x as usize,
                    *y as usize,
                    *width as usize,
                    *height as usize,
                    *fill,
                ),
                Shape::Text {
                    x,
                    y,
                    size,
                    anchor,
                    fill,
                    text,
                } => draw_text(&mut image, *x, *y, *size, *anchor, *fill, text),
            }
        }
        Ok(image)
    }
}

/// Draws text in the 5x7 font, each font pixel a square of `scale` pixels, so that the glyphs are
/// at most `size` pixels high.
fn draw_text(image: &mut Raster, x: u32, y: u32, size: u32, anchor: Anchor, fill: Rgb, text: &str) {
    let scale = (size as usize / (GLYPH_HEIGHT + 2)).max(1);
    let advance = (GLYPH_WIDTH + 1) * scale;
    let width = (text.chars().count() * advance).saturating_sub(scale);
    let left = match anchor {
        Anchor::Start => x as usize,
        Anchor::Middle => (x as usize).saturating_sub(width / 2),
        Anchor::End => (x as usize).saturating_sub(width),
    };
    let top = (y as usize).saturating_sub(GLYPH_HEIGHT * scale / 2);
    for (index, character) in text.chars().enumerate() {
        let glyph_left = left + index * advance;
        for (row, bits) in glyph(character).iter().enumerate() {
            for column in 0..GLYPH_WIDTH {
                if bits & (1 << (GLYPH_WIDTH - 1 - column)) != 0 {
                    let px = glyph_left + column * scale;
                    image.fill_rect(px, top + row * scale, scale, scale, fill);
                }
            }
        }
    }
}

/// Text with the characters that XML reserves written as entities.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
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
        assert!(svg.contains("fill=\"#0000ff\""));
        assert!(svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn raster_paints_rectangles_outlines_and_glyphs() {
        let image = sample().to_raster().unwrap();
        assert_eq!((image.width(), image.height()), (40, 20));
        assert_eq!(image.get(9, 9), Rgb::BLACK);
        assert_eq!(image.get(10, 10), Rgb::WHITE);
        assert_eq!(image.get(21, 10), Rgb(255, 0, 0));
        assert_eq!(image.get(39, 19), Rgb(255, 0, 0));
        let blue = (0..40)
            .flat_map(|x| (0..20).map(move |y| (x, y)))
            .filter(|&(x, y)| image.get(x, y) == Rgb(0, 0, 255))
            .count();
        assert!(blue > 10, "the text should be drawn, found {blue} pixels");
    }
}
