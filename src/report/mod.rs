//! What the tool tells people: JSON records with a schema version, and text for the terminal.

mod json;
mod picture;
mod text;

pub use json::{
    CertificateRecord, CheckRecord, ComparisonRecord, CountRecord, EditRecord, ErrorRecord,
    ExactRecord, FixRecord, GoalRecord, HintsRecord, MethodRecord, SCHEMA_VERSION,
};
pub use picture::draw_repairs;
pub use text::{draw_grid, render_check, render_comparison, render_fix};
