//! A formula held in memory, and its DIMACS text with a header that maps cells to variables.

use std::io::{self, Write};

use super::{ClauseSink, Encoding, Lit};
use crate::model::Puzzle;

/// Clauses collected in memory, in the order they were added.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    clauses: Vec<Vec<Lit>>,
}

impl Cnf {
    /// An empty formula.
    pub fn new() -> Self {
        Self::default()
    }

    /// The clauses, in the order they were added.
    pub fn clauses(&self) -> &[Vec<Lit>] {
        &self.clauses
    }
}

impl ClauseSink for Cnf {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.clauses.push(lits.to_vec());
    }
}

/// Writes `cnf`, the encoding of `puzzle`, in DIMACS CNF.
///
/// Comment lines first say how cells map to variables, so that a model read back from any SAT solver
/// can be turned into a picture.
pub fn write_dimacs(
    out: &mut impl Write,
    puzzle: &Puzzle,
    encoding: &Encoding,
    cnf: &Cnf,
) -> io::Result<()> {
    let (width, height) = (puzzle.width(), puzzle.height());
    writeln!(out, "c nonosat encoding of a {width}x{height} nonogram")?;
    if let Some(title) = &puzzle.meta.title {
        writeln!(out, "c title: {}", title.replace(char::is_control, " "))?;
    }
    writeln!(
        out,
        "c cell (row r, column c), both 0-based, is variable r*{width} + c + 1; true = black"
    )?;
    writeln!(
        out,
        "c variables 1..={} are cells; the rest are line auxiliaries",
        width * height
    )?;
    writeln!(out, "p cnf {} {}", encoding.vars, cnf.clauses.len())?;
    for clause in &cnf.clauses {
        for lit in clause {
            write!(out, "{} ", lit.dimacs())?;
        }
        writeln!(out, "0")?;
    }
    Ok(())
}
