//! What the tool tells people: JSON records with a schema version, and text for the terminal.

mod json;
mod text;
mod tiles;

pub use json::{
    CheckRecord, ComparisonRecord, ErrorRecord, ExactRecord, GoalRecord, MethodRecord,
    SCHEMA_VERSION,
};
pub use text::{draw_grid, render_check, render_comparison};
pub use tiles::{RecolourRecord, TileRecord, TilesRecord, render_tiles};
