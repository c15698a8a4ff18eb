//! Puzzle (and partly solved grid) to CNF, written against a clause sink.
//!
//! Variable numbering is deterministic and 1-based, as in DIMACS: the cell at row `r`, column `c`
//! is variable `r * width + c + 1` (true = black); each line that is not yet solved then gets its
//! block-start and gap auxiliaries, rows top to bottom, then columns left to right (see [`line`]).
//! Cells already known become unit clauses, and lines already solved need no clauses at all.
//! Colour puzzles have their own numbering and line encoding, in [`colour`](ColourEncoding); what
//! each kind brings is its [`Encodable`], and [`encode`], [`fits`] and [`write_dimacs`] are
//! written once over it.

mod colour;
mod dimacs;
mod distance;
mod layout;
mod line;
mod order;

pub use colour::{ColourEncoding, encode_single_colour_line};
pub use dimacs::{Cnf, write_dimacs};
pub use distance::{Counter, FreshVars};

use std::io::{self, Write};
use std::ops::{Deref, Not};

use crate::model::{Cell, Clue, Clues, Grid, LineId, LineWindow, Metadata, Nonogram, Pos, Puzzle};

/// The most clauses an encoding may have; larger puzzles are refused before anything is built.
///
/// At this size varisat needs a few GiB of memory; no published puzzle comes near it.
pub const MAX_CLAUSES: usize = 30_000_000;

/// A CNF variable, numbered from 1 as in DIMACS.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Var(u32);

impl Var {
    /// The variable with this 1-based DIMACS number.
    ///
    /// # Panics
    /// If `number` is 0.
    pub fn from_dimacs(number: u32) -> Self {
        assert!(number > 0, "DIMACS variables start at 1");
        Var(number)
    }

    /// The 1-based DIMACS number.
    pub fn dimacs(self) -> u32 {
        self.0
    }

    /// The literal that is true when the variable is.
    pub fn positive(self) -> Lit {
        Lit(self.0 as i64)
    }
}

/// A variable or its negation, stored as a signed DIMACS number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lit(i64);

impl Lit {
    /// The variable of the literal.
    pub fn var(self) -> Var {
        Var(self.0.unsigned_abs() as u32)
    }

    /// Whether the literal is the variable itself rather than its negation.
    pub fn is_positive(self) -> bool {
        self.0 > 0
    }

    /// The signed DIMACS number: the variable, negated for a negative literal.
    pub fn dimacs(self) -> i64 {
        self.0
    }
}

impl Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(-self.0)
    }
}

/// Where clauses go: a SAT solver, or a formula to be written out.
pub trait ClauseSink {
    /// Adds one clause, the disjunction of `lits`.
    fn add_clause(&mut self, lits: &[Lit]);

    /// Says that variables `1..=vars` are to be used, before the first clause: a solver may then
    /// make room for them at once rather than grow as they come. A hint, which a sink may ignore.
    fn declare_vars(&mut self, _vars: u32) {}
}

/// The puzzle is too large to encode within [`MAX_CLAUSES`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the puzzle would need up to {clauses} clauses; the limit is {MAX_CLAUSES}")]
pub struct TooLarge {
    /// The bound on the number of clauses the encoding would need.
    pub clauses: usize,
}

/// What an encoding produced, beyond its clauses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoding {
    /// Number of variables used, cells and auxiliaries.
    pub vars: u32,
    width: usize,
}

impl Encoding {
    /// The cell variables of a `width` x `height` grid and no clauses: a numbering for formulas of
    /// one's own over the cells (a cell variable can then stand for any property of the cell, such
    /// as "is a hint"), extended with [`Encoding::new_var`].
    pub fn cells_only(width: usize, height: usize) -> Self {
        Encoding {
            vars: (width * height) as u32,
            width,
        }
    }

    /// The variable that is true when the cell at `pos` is black.
    pub fn cell_var(&self, pos: Pos) -> Var {
        cell_var(self.width, pos)
    }

    /// The clause "some black cell of `solution` is white", over cell variables only.
    ///
    /// It excludes `solution` and no other solution: every solution has the same number of black
    /// cells (the sum of the clues), so any other one turns at least one black cell of `solution`
    /// white.
    pub fn blocking_clause(&self, solution: &Grid<bool>) -> Vec<Lit> {
        solution
            .positions()
            .filter(|&pos| solution[pos])
            .map(|pos| !self.cell_var(pos).positive())
            .collect()
    }
}

fn cell_var(width: usize, pos: Pos) -> Var {
    Var((pos.row * width + pos.col + 1) as u32)
}

/// What the encoding needs of a kind of puzzle, so that [`encode`], [`fits`] and [`write_dimacs`]
/// are written once: black and white ([`Puzzle`], a variable a cell) and colour
/// ([`ColourPuzzle`](crate::model::ColourPuzzle), a variable a cell and value). Its size and lines
/// are its [`Nonogram`]'s.
pub trait Encodable: Nonogram {
    /// What may still be true of a cell: a [`Cell`], or the bits of the values it may take (bit
    /// `c` for colour `c`, bit 0 the background).
    type Known: Copy;
    /// What an encoding gave beyond its clauses: its variables and its numbering of the cells.
    type Encoding: FreshVars;
    /// What the DIMACS header calls the puzzle.
    const NOUN: &'static str;
    /// Which form of the encoding this is: `complete` (each line's clauses as strong as line
    /// logic) or `lean` ([`Lean`]).
    const FORM: &'static str = "complete";

    /// Whether a line with this cell still needs the clauses of its clue.
    fn is_open(known: Self::Known) -> bool;

    /// An upper bound on the clauses of the cells themselves, line clauses aside.
    fn cell_clauses(&self) -> usize;

    /// An upper bound on the clauses of `line`.
    fn line_clauses(&self, line: LineId) -> usize;

    /// Writes the clauses of each cell given what `known` says of it, and numbers the cells.
    fn encode_cells(&self, known: &Grid<Self::Known>, sink: &mut impl ClauseSink)
    -> Self::Encoding;

    /// Writes the clauses of the open `line`, numbering its auxiliaries from `next_var` on (which
    /// it advances).
    fn encode_open_line(
        &self,
        encoding: &Self::Encoding,
        known: &Grid<Self::Known>,
        line: LineId,
        next_var: &mut u32,
        sink: &mut impl ClauseSink,
    );

    /// Writes the DIMACS comment lines that say how cells map to variables.
    fn write_numbering(&self, out: &mut impl Write, encoding: &Self::Encoding) -> io::Result<()>;
}

impl Encodable for Puzzle {
    type Known = Cell;
    type Encoding = Encoding;
    const NOUN: &'static str = "nonogram";

    fn is_open(cell: Cell) -> bool {
        cell == Cell::Unknown
    }

    /// None: a known cell is a unit clause, which the lines' bound leaves room for.
    fn cell_clauses(&self) -> usize {
        0
    }

    fn line_clauses(&self, line: LineId) -> usize {
        line::clause_bound(self.clue(line), self.line_len(line))
    }

    fn encode_cells(&self, known: &Grid<Cell>, sink: &mut impl ClauseSink) -> Encoding {
        encode_known_cells(self, known, sink)
    }

    fn encode_open_line(
        &self,
        encoding: &Encoding,
        known: &Grid<Cell>,
        line: LineId,
        next_var: &mut u32,
        sink: &mut impl ClauseSink,
    ) {
        encode_open_line(
            self,
            encoding,
            known,
            line,
            next_var,
            sink,
            line::encode_line,
        );
    }

    fn write_numbering(&self, out: &mut impl Write, _: &Encoding) -> io::Result<()> {
        let width = self.width();
        writeln!(
            out,
            "c cell (row r, column c), both 0-based, is variable r*{width} + c + 1; true = black"
        )?;
        writeln!(
            out,
            "c variables 1..={} are cells; the rest are line auxiliaries",
            self.cell_count()
        )
    }
}

/// A black-and-white puzzle encoded in the lean form: each line's block starts in order encoding
/// (`cnf/order.rs`), over the same cell variables as [`Puzzle`]'s complete form, with the same models.
/// Its unit propagation is weaker than line logic; CaDiCaL searches it faster on random puzzles
/// (docs/performance.md).
#[derive(Clone, Copy, Debug)]
pub struct Lean<'a>(pub &'a Puzzle);

impl Deref for Lean<'_> {
    type Target = Clues<Clue>;

    fn deref(&self) -> &Clues<Clue> {
        self.0
    }
}

impl Nonogram for Lean<'_> {
    type Clue = Clue;

    fn meta(&self) -> &Metadata {
        self.0.meta()
    }
}

impl Encodable for Lean<'_> {
    type Known = Cell;
    type Encoding = Encoding;
    const NOUN: &'static str = "nonogram (lean form)";
    const FORM: &'static str = "lean";

    fn is_open(cell: Cell) -> bool {
        Puzzle::is_open(cell)
    }

    fn cell_clauses(&self) -> usize {
        self.0.cell_clauses()
    }

    fn line_clauses(&self, line: LineId) -> usize {
        order::clause_bound(self.clue(line), self.line_len(line))
    }

    fn encode_cells(&self, known: &Grid<Cell>, sink: &mut impl ClauseSink) -> Encoding {
        self.0.encode_cells(known, sink)
    }

    fn encode_open_line(
        &self,
        encoding: &Encoding,
        known: &Grid<Cell>,
        line: LineId,
        next_var: &mut u32,
        sink: &mut impl ClauseSink,
    ) {
        encode_open_line(
            self.0,
            encoding,
            known,
            line,
            next_var,
            sink,
            order::encode_line,
        );
    }

    fn write_numbering(&self, out: &mut impl Write, encoding: &Encoding) -> io::Result<()> {
        self.0.write_numbering(out, encoding)
    }
}

/// The signature of a black-and-white line's encoder: the clue, the cell variables, the next
/// auxiliary's number, and the sink.
type LineEncoder<S> = fn(&Clue, &[Var], &mut u32, &mut S);

/// Writes the clauses of the open `line` of `puzzle` by `encode_line`, between its settled ends
/// ([`encode_open_part`]).
fn encode_open_line<S: ClauseSink>(
    puzzle: &Puzzle,
    encoding: &Encoding,
    known: &Grid<Cell>,
    line: LineId,
    next_var: &mut u32,
    sink: &mut S,
    encode_line: LineEncoder<S>,
) {
    let cells: Vec<Var> = known
        .line_positions(line)
        .map(|pos| encoding.cell_var(pos))
        .collect();
    let clue = puzzle.clue(line);
    encode_open_part(clue, &known.line(line), &cells, next_var, sink, encode_line);
}

/// The lines of `puzzle` that `known` leaves open, once the encoding of `puzzle` given `known`
/// is known to stay within [`MAX_CLAUSES`] (by a bound on the cells' and each open line's
/// clauses).
fn open_lines<P: Encodable>(puzzle: &P, known: &Grid<P::Known>) -> Result<Vec<LineId>, TooLarge> {
    let open: Vec<LineId> = puzzle
        .lines()
        .filter(|&line| known.line(line).into_iter().any(P::is_open))
        .collect();
    let clauses = puzzle.cell_clauses()
        + open
            .iter()
            .map(|&line| puzzle.line_clauses(line))
            .sum::<usize>();
    if clauses > MAX_CLAUSES {
        return Err(TooLarge { clauses });
    }
    Ok(open)
}

/// Whether the encoding of `puzzle` given the cells `known` stays within [`MAX_CLAUSES`], as
/// [`encode`] requires.
pub fn fits<P: Encodable>(puzzle: &P, known: &Grid<P::Known>) -> Result<(), TooLarge> {
    open_lines(puzzle, known).map(drop)
}

/// Writes the clauses of `puzzle`, given what is known of its cells in `known`, into `sink`.
///
/// Every model of the clauses is a solution of the puzzle that agrees with `known`, and every such
/// solution extends to exactly one model. Unit propagation on the clauses fixes every cell that the
/// complete line solver fixes. Lines already solved get no line clauses.
pub fn encode<P: Encodable>(
    puzzle: &P,
    known: &Grid<P::Known>,
    sink: &mut impl ClauseSink,
) -> Result<P::Encoding, TooLarge> {
    let open = open_lines(puzzle, known)?;
    let mut encoding = puzzle.encode_cells(known, sink);
    let mut next_var = encoding.vars() + 1;
    for line in open {
        puzzle.encode_open_line(&encoding, known, line, &mut next_var, sink);
    }
    *encoding.vars_mut() = next_var - 1;
    Ok(encoding)
}

/// Writes a unit clause for each cell of `known` into `sink`, and nothing about the clues: the
/// formula of a solver that solves the lines itself (lazy clause generation, in the SAT layer).
/// The cells are numbered as in [`encode`].
pub fn encode_known_cells(
    puzzle: &Puzzle,
    known: &Grid<Cell>,
    sink: &mut impl ClauseSink,
) -> Encoding {
    let encoding = Encoding::cells_only(puzzle.width(), puzzle.height());
    sink.declare_vars(encoding.vars);
    for pos in known.positions() {
        if let Some(black) = known[pos].known() {
            let lit = encoding.cell_var(pos).positive();
            sink.add_clause(&[if black { lit } else { !lit }]);
        }
    }
    encoding
}

/// Encodes a single line on its own, given its known cells: cells are variables `1..=len` (with
/// unit clauses for the known ones), auxiliaries follow. Returns the number of variables.
///
/// For tests and experiments on the line encoding; [`encode`] is the whole-puzzle entry point.
pub fn encode_single_line(clue: &Clue, known: &[Cell], sink: &mut impl ClauseSink) -> u32 {
    single_line(clue, known, sink, line::encode_line)
}

/// Like [`encode_single_line`], in the lean form ([`Lean`]).
pub fn encode_single_line_lean(clue: &Clue, known: &[Cell], sink: &mut impl ClauseSink) -> u32 {
    single_line(clue, known, sink, order::encode_line)
}

/// A single line on its own, its clue encoded by `encode_line`.
fn single_line<S: ClauseSink>(
    clue: &Clue,
    known: &[Cell],
    sink: &mut S,
    encode_line: LineEncoder<S>,
) -> u32 {
    let cells: Vec<Var> = (1..=known.len() as u32).map(Var).collect();
    for (&var, cell) in cells.iter().zip(known) {
        if let Some(black) = cell.known() {
            sink.add_clause(&[if black {
                var.positive()
            } else {
                !var.positive()
            }]);
        }
    }
    let mut next_var = known.len() as u32 + 1;
    encode_open_part(clue, known, &cells, &mut next_var, sink, encode_line);
    next_var - 1
}

/// Encodes the line of `cells`, whose known cells are `known`, between its settled ends only: the
/// cells outside keep their values in every arrangement (their unit clauses say so), and the
/// arrangements inside are those of the window's blocks.
fn encode_open_part<S: ClauseSink>(
    clue: &Clue,
    known: &[Cell],
    cells: &[Var],
    next_var: &mut u32,
    sink: &mut S,
    encode_line: LineEncoder<S>,
) {
    let window = LineWindow::of(clue.blocks(), known);
    let inside = Clue::new(clue.blocks()[window.blocks].to_vec());
    encode_line(&inside, &cells[window.cells], next_var, sink);
}
