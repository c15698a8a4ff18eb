//! What the tool tells people: JSON records with a schema version, text for the terminal, and
//! pictures of results.

mod json;
mod latin;
mod named;
mod path;
mod pictures;
mod proof;
mod text;

pub use json::{
    AppliedRecord, CertificateRecord, CheckRecord, ColourRecord, ComparisonRecord, CountRecord,
    EditRecord, ErrorRecord, ExactRecord, FixRecord, GoalRecord, HintValue, HintsRecord,
    MethodRecord, PuzzleHeader, SCHEMA_VERSION, colour_rows,
};
pub use latin::{
    LatinOutcome, LatinRecord, LatinStepRecord, LongestDeduction, OrdersRecord, render_latin,
};
pub use path::{
    CellRecord, CellValue, ExplainRecord, HintRecord, StepRecord, cells_text, colour_cells_text,
    describe_colour_step, describe_step, render_colour_explanation, render_colour_hint,
    render_explanation, render_hint,
};
pub use pictures::{
    DIFFERING_BLACK, DIFFERING_WHITE, colour_path_drawing, draw_colour_puzzle, draw_colour_repairs,
    draw_puzzle, draw_repairs, path_drawing,
};
pub use proof::{CnfRecord, ProofVerdict, VerifyRecord, render_verification};
pub use text::{
    draw_colour_grid, draw_grid, no_edit, render_check, render_check_detail, render_colour_check,
    render_colour_detail, render_colour_fix, render_colour_verdict, render_comparison, render_fix,
    render_verdict,
};
