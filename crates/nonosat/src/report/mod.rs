//! What the tool tells people: JSON records with a schema version, text for the terminal, and
//! pictures of results.

mod grid;
mod json;
mod kind;
mod latin;
mod named;
mod path;
mod pictures;
mod proof;
mod text;

pub use grid::{colour_rows, draw_colour_grid, draw_grid};
pub use json::{
    AppliedRecord, CertificateRecord, CheckRecord, ColourRecord, ComparisonRecord, CountRecord,
    EditRecord, ErrorRecord, ExactRecord, FixRecord, GoalRecord, HintsRecord, MethodRecord,
    PuzzleHeader, SCHEMA_VERSION,
};
pub use kind::{HintValue, Shown};
pub use latin::{
    LatinOutcome, LatinRecord, LatinStepRecord, LongestDeduction, OrdersRecord, render_latin,
};
pub use path::{
    CellRecord, CellValue, ExplainRecord, HintRecord, ShownSteps, StepRecord, cells_text,
    describe_step, render_explanation, render_hint,
};
pub use pictures::{DIFFERING_BLACK, DIFFERING_WHITE, draw_puzzle, draw_repairs, path_drawing};
pub use proof::{CnfRecord, ProofVerdict, VerifyRecord, render_verification};
pub use text::{
    no_edit, render_check, render_check_detail, render_comparison, render_fix, render_verdict,
};
