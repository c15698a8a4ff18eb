//! The counting part of a certificate: the steps of counting across lines ([`crate::logic::count`])
//! that fix cells from a blank grid, with line logic between them, written as the checker's `k`
//! lines, and the clues they rest on, written as the formula's `c nonogram` lines
//! (docs/ambiguity.md, "Certificates with counting steps").

use std::io::{self, Write};

use crate::cnf::{Encoding, Lit};
use crate::logic::bits::QuickLineSolver;
use crate::logic::count::{CountStep, propagate_recording_counts};
use crate::logic::propagate;
use crate::model::{Cell, Grid, Puzzle};

/// What counting fixes of a puzzle from its clues alone, as a certificate writes it.
pub struct Counting {
    steps: Vec<CountStep>,
    /// Each step's units, in the formula's variables.
    units: Vec<Vec<Lit>>,
    /// Each step's class's black cells, by its clues.
    totals: Vec<usize>,
    /// The clues, as the formula's comment lines declare them.
    clues: String,
}

impl Counting {
    /// The steps of counting on `puzzle` from a blank grid; `None` when counting fixes nothing
    /// (nor finds a contradiction) there.
    pub fn of(puzzle: &Puzzle, encoding: &Encoding) -> Option<Self> {
        let mut grid = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
        let mut solver = QuickLineSolver::new();
        propagate(puzzle, &mut grid, &mut solver).ok()?;
        let mut steps = Vec::new();
        // A contradiction ends the steps with one that fixes nothing: nothing more to record.
        let _ = propagate_recording_counts(puzzle, &mut grid, &mut solver, &mut |step| {
            steps.push(step);
        });
        let units = steps
            .iter()
            .map(|step| {
                let cell = |&(pos, black): &(_, bool)| {
                    let var = encoding.cell_var(pos).positive();
                    if black { var } else { !var }
                };
                step.fixed.iter().map(cell).collect()
            })
            .collect();
        let totals = steps
            .iter()
            .map(|step| {
                let crossing = if step.rows {
                    puzzle.columns()
                } else {
                    puzzle.rows()
                };
                step.class.iter().map(|&i| crossing[i].black_cells()).sum()
            })
            .collect();
        (!steps.is_empty()).then(|| Counting {
            steps,
            units,
            totals,
            clues: clue_lines(puzzle),
        })
    }

    /// Steps taken (at least one).
    pub fn step_count(&self) -> usize {
        self.steps.len()
    }

    /// Whether the last step found the count impossible: the puzzle has no solution.
    pub fn refutes(&self) -> bool {
        self.steps.last().is_some_and(|step| step.fixed.is_empty())
    }

    /// The unit clauses the steps derive.
    pub fn units(&self) -> impl Iterator<Item = Lit> + '_ {
        self.units.iter().flatten().copied()
    }

    /// Writes the clues the steps rest on, as comment lines of the formula.
    pub fn write_clues(&self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(self.clues.as_bytes())
    }

    /// Writes the steps as the checker's `k rows|columns CLASS... = TOTAL | UNITS... 0` lines,
    /// after a comment that says what they are.
    pub fn write_steps(&self, out: &mut impl Write) -> io::Result<()> {
        writeln!(
            out,
            "c k lines: counting steps over the clues of the formula's \"c nonogram\" lines, \
             which nonosat verify-proof checks (docs/ambiguity.md); DRAT follows"
        )?;
        for ((step, units), total) in self.steps.iter().zip(&self.units).zip(&self.totals) {
            write!(out, "k {}", if step.rows { "rows" } else { "columns" })?;
            for line in &step.class {
                write!(out, " {line}")?;
            }
            write!(out, " = {total} |")?;
            for unit in units {
                write!(out, " {}", unit.dimacs())?;
            }
            writeln!(out, " 0")?;
        }
        Ok(())
    }
}

/// The clues as the checker reads them: `c nonogram size WIDTH HEIGHT`, then a
/// `c nonogram row I BLOCK...` or `c nonogram column I BLOCK...` line for each line.
fn clue_lines(puzzle: &Puzzle) -> String {
    let mut text = format!(
        "c the counting steps of the certificate rest on these clues:\n\
         c nonogram size {} {}\n",
        puzzle.width(),
        puzzle.height()
    );
    for (kind, clues) in [("row", puzzle.rows()), ("column", puzzle.columns())] {
        for (index, clue) in clues.iter().enumerate() {
            text += &format!("c nonogram {kind} {index}");
            for block in clue.blocks() {
                text += &format!(" {block}");
            }
            text.push('\n');
        }
    }
    text
}
