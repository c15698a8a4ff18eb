//! A formula held in memory, and its DIMACS text with a header that maps cells to variables.

use std::io::{self, Write};

use super::{ClauseSink, Encodable, FreshVars, Lit};

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
/// Comment lines first say how cells (and colours) map to variables, so that a model read back from
/// any SAT solver can be turned into a picture.
pub fn write_dimacs<P: Encodable>(
    out: &mut impl Write,
    puzzle: &P,
    encoding: &P::Encoding,
    cnf: &Cnf,
) -> io::Result<()> {
    let (width, height) = (puzzle.width(), puzzle.height());
    writeln!(out, "c nonosat encoding of a {width}x{height} {}", P::NOUN)?;
    if let Some(title) = &puzzle.meta().title {
        writeln!(out, "c title: {}", title.replace(char::is_control, " "))?;
    }
    puzzle.write_numbering(out, encoding)?;
    write_clauses(out, encoding.vars(), cnf)
}

/// The problem line and the clauses.
fn write_clauses(out: &mut impl Write, vars: u32, cnf: &Cnf) -> io::Result<()> {
    writeln!(out, "p cnf {} {}", vars, cnf.clauses.len())?;
    for clause in &cnf.clauses {
        for lit in clause {
            write!(out, "{} ", lit.dimacs())?;
        }
        writeln!(out, "0")?;
    }
    Ok(())
}
