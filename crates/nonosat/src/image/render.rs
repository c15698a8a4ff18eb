//! PNG from a drawing's SVG, rendered by resvg with the embedded DejaVu Sans Mono as the only font.
//!
//! The font is part of the binary (`fonts/DejaVuSansMono.ttf`, Bitstream Vera licence, see
//! `fonts/LICENSE`), and no system font is ever looked up, so the same drawing gives the same bytes
//! on every machine.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};

use super::drawing::{Drawing, FONT_FAMILY, MAX_DRAWN_PIXELS};

/// The one font drawings are written in.
static FONT: &[u8] = include_bytes!("../../fonts/DejaVuSansMono.ttf");

/// Why a drawing could not be made into a PNG.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    /// The drawing has more pixels than [`MAX_DRAWN_PIXELS`], or none.
    #[error(
        "a picture of {width}x{height} pixels is refused: it must have at least one pixel and at \
         most {MAX_DRAWN_PIXELS}"
    )]
    Size {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
    /// The SVG the drawing wrote could not be read back: a bug, since the drawing writes it.
    #[error("internal error: the drawing's own SVG could not be read: {0}")]
    Svg(#[from] usvg::Error),
    /// The PNG encoder failed.
    #[error("the picture could not be encoded as PNG: {0}")]
    Encode(String),
}

/// The font database: the embedded face, and nothing else.
fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut database = fontdb::Database::new();
            database.load_font_source(fontdb::Source::Binary(Arc::new(FONT)));
            database.set_monospace_family(FONT_FAMILY);
            database.set_sans_serif_family(FONT_FAMILY);
            Arc::new(database)
        })
        .clone()
}

impl Drawing {
    /// The drawing as a PNG image, rendered from [`Drawing::to_svg`] by resvg in the embedded font;
    /// the same drawing always gives the same bytes.
    pub fn to_png(&self) -> Result<Vec<u8>, RenderError> {
        svg_to_png(&self.to_svg(), self.width(), self.height())
    }
}

/// Renders `svg`, a drawing of `width` x `height` pixels, as an 8-bit RGBA PNG.
fn svg_to_png(svg: &str, width: u32, height: u32) -> Result<Vec<u8>, RenderError> {
    let refused = RenderError::Size { width, height };
    if u64::from(width) * u64::from(height) > MAX_DRAWN_PIXELS {
        return Err(refused);
    }
    let mut pixmap = Pixmap::new(width, height).ok_or(refused)?;
    let options = usvg::Options {
        font_family: FONT_FAMILY.to_owned(),
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options)?;
    resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|error| RenderError::Encode(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_font_is_the_only_one() {
        let database = fonts();
        let families: Vec<String> = database
            .faces()
            .flat_map(|face| face.families.iter().map(|(name, _)| name.clone()))
            .collect();
        assert_eq!(families, [FONT_FAMILY]);
    }

    #[test]
    fn oversized_and_empty_pictures_are_refused() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"/>";
        assert!(matches!(
            svg_to_png(svg, 5000, 5000),
            Err(RenderError::Size { .. })
        ));
        assert!(matches!(
            svg_to_png(svg, 0, 1),
            Err(RenderError::Size { .. })
        ));
        assert!(svg_to_png(svg, 1, 1).is_ok());
    }
}
