//! What the tool tells people: JSON records with a schema version, and text for the terminal.

mod json;
mod path;
mod picture;
mod text;
mod tiles;

pub use json::{
    CertificateRecord, CheckRecord, ComparisonRecord, CountRecord, EditRecord, ErrorRecord,
    ExactRecord, FixRecord, GoalRecord, HintsRecord, MethodRecord, PuzzleHeader, SCHEMA_VERSION,
};
pub use path::{
    CellRecord, ExplainRecord, HintRecord, StepRecord, cells_text, describe_step,
    render_explanation, render_hint,
};
pub use picture::draw_repairs;
pub use text::{draw_grid, render_check, render_comparison, render_fix};
pub use tiles::{RecolourRecord, TileRecord, TilesRecord, render_tiles};
