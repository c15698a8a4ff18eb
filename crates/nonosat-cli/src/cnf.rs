//! `cnf`: one puzzle's encoding in DIMACS or JSON, black and white or colour.

use nonosat::cnf::{self, Cnf, TooLarge};
use nonosat::formats::{Entry, Puzzles};
use nonosat::logic::DpLineSolver;
use nonosat::logic::colour::{ColourLineSolver, open_grid, propagate_colour};
use nonosat::logic::propagate::propagate;
use nonosat::model::{Cell, ColourPuzzle, Grid, Puzzle};
use nonosat::report::{CnfRecord, Shown};

use super::args::CnfArgs;
use super::error::CliError;
use super::output::{json_line, pick_entry, read_any_input, shown_name, write_output};
use super::status::Status;

/// `cnf`: one puzzle's encoding in DIMACS (or as JSON).
pub(super) fn cnf(args: &CnfArgs) -> Result<Status, CliError> {
    match read_any_input(&args.input)? {
        Puzzles::BlackAndWhite(entries) => cnf_of(args, &entries, black_and_white),
        Puzzles::Colour(entries) => cnf_of(args, &entries, colour),
    }
}

/// A puzzle's formula: its number of variables, its clauses, and its DIMACS text (with comments
/// that map the cells).
struct Formula {
    variables: u32,
    clauses: Cnf,
    dimacs: Vec<u8>,
}

/// The formula of a puzzle of kind `P`, after line propagation when asked.
type Encode<P> = fn(&P, bool) -> Result<Formula, TooLarge>;

/// `cnf` on the puzzle of `entries` that `--index` picks, encoded by `encode`.
fn cnf_of<P: Shown>(
    args: &CnfArgs,
    entries: &[Entry<P>],
    encode: Encode<P>,
) -> Result<Status, CliError> {
    let file = shown_name(&args.input.file);
    let index = pick_entry(&file, entries.len(), args.index)?;
    let puzzle = &entries[index].puzzle;
    let formula = encode(puzzle, args.propagate)
        .map_err(|error| CliError::new(&file, error).at(index).context(&file))?;
    let text = if args.input.json {
        let record = CnfRecord::new(&file, index, puzzle, formula.variables, &formula.clauses);
        json_line(&record).into_bytes()
    } else {
        formula.dimacs
    };
    write_output(args.output.as_deref(), &text)
}

/// The black-and-white encoding: a variable a cell, black when true.
fn black_and_white(puzzle: &Puzzle, propagated: bool) -> Result<Formula, TooLarge> {
    let open = || Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    let mut known = open();
    if propagated && propagate(puzzle, &mut known, &mut DpLineSolver::new()).is_err() {
        // A contradiction: the plain encoding, which is unsatisfiable, says so to any solver.
        known = open();
    }
    let mut clauses = Cnf::new();
    let encoding = cnf::encode(puzzle, &known, &mut clauses)?;
    let mut dimacs = Vec::new();
    cnf::write_dimacs(&mut dimacs, puzzle, &encoding, &clauses).expect("writing to memory");
    Ok(Formula {
        variables: encoding.vars,
        clauses,
        dimacs,
    })
}

/// The colour encoding: a variable a cell and colour.
fn colour(puzzle: &ColourPuzzle, propagated: bool) -> Result<Formula, TooLarge> {
    let mut known = open_grid(puzzle);
    if propagated && propagate_colour(puzzle, &mut known, &mut ColourLineSolver::new()).is_err() {
        // A contradiction, as in black and white.
        known = open_grid(puzzle);
    }
    let mut clauses = Cnf::new();
    let encoding = cnf::encode_colour(puzzle, &known, &mut clauses)?;
    let mut dimacs = Vec::new();
    cnf::write_colour_dimacs(&mut dimacs, puzzle, &encoding, &clauses).expect("writing to memory");
    Ok(Formula {
        variables: encoding.vars,
        clauses,
        dimacs,
    })
}
