//! Pictures at the bottom of the stack: a [`Drawing`] of rectangles and text, written as SVG or
//! rasterised with the built-in font, and [`Raster`], which also reads PNG files for pictures given
//! as input, which [`quantise`] maps onto few colours for colour puzzles. Readers (`formats::png`)
//! and every picture of [`crate::report`] and of the tiles use it.

mod drawing;
mod font;
mod quantise;
mod raster;

pub use drawing::{Anchor, Drawing};
pub use quantise::{Quantised, quantise};
pub use raster::{MAX_PIXELS, Raster, RasterError, Rgb};
