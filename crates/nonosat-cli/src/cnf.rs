//! `cnf`: one puzzle's encoding in DIMACS or JSON, black and white or colour.

use nonosat::cnf::{self, Cnf, Encodable, FreshVars, Lean};
use nonosat::formats::{Entry, Puzzles};
use nonosat::logic::DpLineSolver;
use nonosat::logic::colour::{ColourLineSolver, Colours, propagate_colour};
use nonosat::logic::kind::Kind;
use nonosat::logic::propagate::propagate;
use nonosat::model::{Cell, ColourPuzzle, Grid, Puzzle};
use nonosat::report::{CnfRecord, Shown};

use super::args::CnfArgs;
use super::error::{CliError, Usage};
use super::output::{json_line, pick_entry, read_any_input, shown_name, write_output};
use super::status::Status;

/// `cnf`: one puzzle's encoding in DIMACS (or as JSON), in the lean form with `--lean`.
pub(super) fn cnf(args: &CnfArgs) -> Result<Status, CliError> {
    match read_any_input(&args.input)? {
        Puzzles::BlackAndWhite(entries) => {
            let (file, index, puzzle, known) = picked(args, &entries, black_and_white)?;
            match args.lean {
                true => written(args, (&file, index), puzzle, &Lean(puzzle), &known),
                false => written(args, (&file, index), puzzle, puzzle, &known),
            }
        }
        Puzzles::Colour(entries) => {
            if args.lean {
                let file = shown_name(&args.input.file);
                let message = format!("--lean: black and white only, and {file} is in colour");
                return Err(CliError::new(&file, Usage::Refused(message)));
            }
            let (file, index, puzzle, known) = picked(args, &entries, colour)?;
            written(args, (&file, index), puzzle, puzzle, &known)
        }
    }
}

/// Line propagation on a puzzle of kind `P` from `known`: whether it ended without a
/// contradiction.
type Propagate<P> = fn(&P, &mut Grid<<P as Kind>::Known>) -> bool;

/// The puzzle of a file that `--index` picks: the file's shown name, the index, the puzzle, and
/// its cells after line propagation when asked (all open otherwise).
type Picked<'e, P> = (String, usize, &'e P, Grid<<P as Kind>::Known>);

/// The puzzle of `entries` that `--index` picks ([`Picked`]), propagated by `propagate` when
/// asked.
fn picked<'e, P: Kind>(
    args: &CnfArgs,
    entries: &'e [Entry<P>],
    propagate: Propagate<P>,
) -> Result<Picked<'e, P>, CliError> {
    let file = shown_name(&args.input.file);
    let index = pick_entry(&file, entries.len(), args.index)?;
    let puzzle = &entries[index].puzzle;
    let open = || Grid::filled(puzzle.width(), puzzle.height(), puzzle.open());
    let mut known = open();
    if args.propagate && !propagate(puzzle, &mut known) {
        // A contradiction: the plain encoding, which is unsatisfiable, says so to any solver.
        known = open();
    }
    Ok((file, index, puzzle, known))
}

/// Writes the encoding of `puzzle` in the form `form` (the puzzle itself, or its lean form) from
/// the cells `known`, for the puzzle at `index` of `file`.
fn written<E: Encodable>(
    args: &CnfArgs,
    (file, index): (&str, usize),
    puzzle: &impl Shown,
    form: &E,
    known: &Grid<E::Known>,
) -> Result<Status, CliError> {
    let mut clauses = Cnf::new();
    let encoding = cnf::encode(form, known, &mut clauses)
        .map_err(|error| CliError::new(file, error).at(index).context(file))?;
    let text = if args.input.json {
        let record = CnfRecord::new::<E, _>(file, index, puzzle, encoding.vars(), &clauses);
        json_line(&record).into_bytes()
    } else {
        let mut dimacs = Vec::new();
        cnf::write_dimacs(&mut dimacs, form, &encoding, &clauses).expect("writing to memory");
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
