//! A formula held in memory, and its DIMACS text with a header that maps cells to variables.

use std::io::{self, Write};

use super::{ClauseSink, ColourEncoding, Encoding, Lit};
use crate::model::{ColourPuzzle, Puzzle};

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
    write_clauses(out, encoding.vars, cnf)
}

/// Writes `cnf`, the encoding of the colour `puzzle`, in DIMACS CNF, with comment lines that map
/// cells and colours to variables and name the colours.
pub fn write_colour_dimacs(
    out: &mut impl Write,
    puzzle: &ColourPuzzle,
    encoding: &ColourEncoding,
    cnf: &Cnf,
) -> io::Result<()> {
    let (width, height, values) = (puzzle.width(), puzzle.height(), encoding.values());
    writeln!(
        out,
        "c nonosat encoding of a {width}x{height} colour nonogram"
    )?;
    if let Some(title) = &puzzle.meta.title {
        writeln!(out, "c title: {}", title.replace(char::is_control, " "))?;
    }
    writeln!(
        out,
        "c cell (row r, column c), both 0-based, has colour k when variable (r*{width} + c)*{values} + k + 1 is true"
    )?;
    for (k, colour) in puzzle.palette().colours().iter().enumerate() {
        let name = colour.name.replace(char::is_control, " ");
        writeln!(out, "c colour {k}: {name} {}", colour.hex())?;
    }
    writeln!(
        out,
        "c variables 1..={} are cells and colours; the rest are line auxiliaries",
        width * height * values
    )?;
    write_clauses(out, encoding.vars, cnf)
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
