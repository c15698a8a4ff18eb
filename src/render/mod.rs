//! Pictures people look at: a [`Drawing`] of rectangles and text, written as SVG or rasterised to PNG.
//!
//! Everything nonosat draws (puzzles with their clues, solutions, differing cells, solution paths,
//! tiles) is built once as a `Drawing` and then written in either format, so the two always show the
//! same thing. [`Raster`] also reads PNG files, for pictures given as input.

mod drawing;
mod font;
mod path;
mod puzzle;
mod raster;

pub use drawing::{Anchor, Drawing};
pub use path::path_drawing;
pub use puzzle::{DIFFERING_BLACK, DIFFERING_WHITE, draw_puzzle};
pub use raster::{MAX_PIXELS, Raster, RasterError, Rgb};
