//! What the tool tells people: JSON records with a schema version, and text for the terminal.

mod json;
mod text;

pub use json::{CheckRecord, ErrorRecord, GoalRecord, SCHEMA_VERSION};
pub use text::{draw_grid, render_check};
