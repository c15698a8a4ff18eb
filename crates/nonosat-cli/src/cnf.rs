//! `cnf`: one puzzle's encoding in DIMACS or JSON, black and white or colour.

use nonosat::cnf::{self, Cnf, Encodable, FreshVars};
use nonosat::formats::{Entry, Puzzles};
use nonosat::logic::DpLineSolver;
use nonosat::logic::colour::{ColourLineSolver, Colours, propagate_colour};
use nonosat::logic::kind::Kind;
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

/// Line propagation on a puzzle of kind `P` from `known`: whether it ended without a
/// contradiction.
type Propagate<P> = fn(&P, &mut Grid<<P as Kind>::Known>) -> bool;

/// `cnf` on the puzzle of `entries` that `--index` picks, after line propagation by `propagate`
/// when asked.
fn cnf_of<P: Shown + Encodable<Known = <P as Kind>::Known>>(
    args: &CnfArgs,
    entries: &[Entry<P>],
    propagate: Propagate<P>,
) -> Result<Status, CliError> {
    let file = shown_name(&args.input.file);
    let index = pick_entry(&file, entries.len(), args.index)?;
    let puzzle = &entries[index].puzzle;
    let open = || Grid::filled(puzzle.width(), puzzle.height(), puzzle.open());
    let mut known = open();
    if args.propagate && !propagate(puzzle, &mut known) {
        // A contradiction: the plain encoding, which is unsatisfiable, says so to any solver.
        known = open();
    }
    let mut clauses = Cnf::new();
    let encoding = cnf::encode(puzzle, &known, &mut clauses)
        .map_err(|error| CliError::new(&file, error).at(index).context(&file))?;
    let text = if args.input.json {
        let record = CnfRecord::new(&file, index, puzzle, encoding.vars(), &clauses);
        json_line(&record).into_bytes()
    } else {
        let mut dimacs = Vec::new();
        cnf::write_dimacs(&mut dimacs, puzzle, &encoding, &clauses).expect("writing to memory");
        dimacs
    };
    write_output(args.output.as_deref(), &text)
}

/// Black-and-white line propagation, by the complete line solver.
fn black_and_white(puzzle: &Puzzle, known: &mut Grid<Cell>) -> bool {
    propagate(puzzle, known, &mut DpLineSolver::new()).is_ok()
}

/// Colour line propagation, by the complete colour line solver.
fn colour(puzzle: &ColourPuzzle, known: &mut Grid<Colours>) -> bool {
    propagate_colour(puzzle, known, &mut ColourLineSolver::new()).is_ok()
}
