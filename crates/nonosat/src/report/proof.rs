//! The records and the text of `cnf --json` and `verify-proof`.

use serde::Serialize;

use super::SCHEMA_VERSION;
use super::json::ColourRecord;
use super::kind::Shown;
use crate::cnf::{Cnf, Encodable};

/// The `--json` record of `cnf`: the formula's clauses as signed DIMACS numbers. Its fields are
/// written in alphabetical order, as they always have been.
#[derive(Clone, Debug, Serialize)]
pub struct CnfRecord {
    /// How cells map to variables.
    pub cell_variable: &'static str,
    /// The clauses, each a list of signed variable numbers.
    pub clauses: Vec<Vec<i64>>,
    /// A colour puzzle's colour table, the background (colour 0) first; absent for black and
    /// white.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colors: Option<Vec<ColourRecord>>,
    /// The file, as shown.
    pub file: String,
    /// The form of the encoding: `complete` or `lean` ([`Encodable::FORM`]).
    pub form: &'static str,
    /// Number of rows.
    pub height: usize,
    /// The puzzle's 0-based index in the file.
    pub index: usize,
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// Variables in the formula.
    pub variables: u32,
    /// Number of columns.
    pub width: usize,
}

impl CnfRecord {
    /// The record of `formula`, the encoding of `puzzle` in the form `E` (with `variables`
    /// variables), the puzzle at `index` of `file`; with a colour puzzle's colour table.
    pub fn new<E: Encodable, P: Shown>(
        file: &str,
        index: usize,
        puzzle: &P,
        variables: u32,
        formula: &Cnf,
    ) -> Self {
        let cell_variable = match puzzle.palette() {
            None => "row * width + column + 1 (0-based row and column)",
            Some(_) => {
                "(row * width + column) * (colours + 1) + colour + 1 (0-based row and column; \
                 colour 0 the background)"
            }
        };
        CnfRecord {
            cell_variable,
            clauses: formula
                .clauses()
                .iter()
                .map(|clause| clause.iter().map(|lit| lit.dimacs()).collect())
                .collect(),
            colors: puzzle.palette().map(ColourRecord::table),
            file: file.to_owned(),
            form: E::FORM,
            height: puzzle.height(),
            index,
            schema_version: SCHEMA_VERSION,
            variables,
            width: puzzle.width(),
        }
    }
}

/// What an independent check of a certificate found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ProofVerdict {
    /// A DRAT refutation checked: the formula is unsatisfiable.
    Unsatisfiable,
    /// A model checked: the formula is satisfiable.
    Satisfiable,
    /// The certificate does not hold.
    Rejected,
}

/// The `--json` record of `verify-proof`. Its fields are written in alphabetical order, as they
/// always have been.
#[derive(Clone, Debug, Serialize)]
pub struct VerifyRecord {
    /// What the check established, or why it rejected the certificate.
    pub detail: String,
    /// The formula file, as shown.
    pub formula: String,
    /// The certificate file, as shown.
    pub proof: String,
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The verdict.
    pub verdict: ProofVerdict,
}

impl VerifyRecord {
    /// The record of a check of `proof` against `formula`.
    pub fn new(formula: &str, proof: &str, verdict: ProofVerdict, detail: &str) -> Self {
        VerifyRecord {
            detail: detail.to_owned(),
            formula: formula.to_owned(),
            proof: proof.to_owned(),
            schema_version: SCHEMA_VERSION,
            verdict,
        }
    }
}

/// The text of `verify-proof`.
pub fn render_verification(record: &VerifyRecord) -> String {
    let what = match record.verdict {
        ProofVerdict::Unsatisfiable => {
            "verified: the proof refutes the formula; it is unsatisfiable"
        }
        ProofVerdict::Satisfiable => "verified: the model satisfies the formula; it is satisfiable",
        ProofVerdict::Rejected => "REJECTED: the certificate does not hold",
    };
    format!("{what}\n{}\n", record.detail)
}
