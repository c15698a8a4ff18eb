//! What the tool tells people: JSON records with a schema version, and text for the terminal.

mod json;
mod path;
mod text;

pub use json::{
    CheckRecord, ComparisonRecord, ErrorRecord, ExactRecord, GoalRecord, MethodRecord,
    SCHEMA_VERSION,
};
pub use path::{
    CellRecord, ExplainRecord, HintRecord, StepRecord, cells_text, describe_step,
    render_explanation, render_hint,
};
pub use text::{draw_grid, render_check, render_comparison};
