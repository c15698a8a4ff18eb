//! Pictures at the bottom of the stack: a [`Drawing`] of rectangles and text, written as SVG and
//! rendered from that SVG as PNG (resvg, with an embedded font), and [`Raster`], which reads PNG
//! files for pictures given as input, which [`quantise`] maps onto few colours for colour puzzles.
//! Readers (`formats::png`) and every picture of [`crate::report`] and of the tiles use it.

mod drawing;
mod quantise;
mod raster;
#[cfg(feature = "png")]
mod render;

pub use drawing::{Anchor, Drawing, FONT_FAMILY, MAX_DRAWN_PIXELS, largest_cell, text_width};
pub use quantise::{Quantised, quantise};
pub use raster::{MAX_PIXELS, Raster, RasterError, Rgb};
#[cfg(feature = "png")]
pub use render::RenderError;
