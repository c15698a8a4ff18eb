//! Pictures of results: the puzzle with its clues and solutions, the solution path coloured by
//! depth, and the repairs of a design; each built once as an [`image::Drawing`](crate::image::Drawing)
//! and written as SVG or PNG.

mod path;
mod puzzle;
mod repairs;

pub use path::path_drawing;
pub use puzzle::{DIFFERING_BLACK, DIFFERING_WHITE, draw_puzzle};
pub use repairs::draw_repairs;
