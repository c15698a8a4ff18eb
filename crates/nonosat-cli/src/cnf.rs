//! `cnf`: one puzzle's encoding in DIMACS or JSON.

use nonosat::cnf::{self, Cnf};
use nonosat::formats::Puzzles;
use nonosat::logic::DpLineSolver;
use nonosat::logic::propagate::propagate;
use nonosat::model::{Cell, Grid};
use nonosat::report::CnfRecord;

use super::args::CnfArgs;
use super::colour;
use super::error::CliError;
use super::output::{json_line, pick_entry, read_any_input, shown_name, write_output};
use super::status::Status;

/// `cnf`: one puzzle's encoding in DIMACS (or as JSON).
pub(super) fn cnf(args: &CnfArgs) -> Result<Status, CliError> {
    let file = shown_name(&args.input.file);
    let entries = match read_any_input(&args.input)? {
        Puzzles::BlackAndWhite(entries) => entries,
        Puzzles::Colour(entries) => return colour::cnf(args, &entries),
    };
    let index = pick_entry(&file, entries.len(), args.index)?;
    let puzzle = &entries[index].puzzle;
    let mut known = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    if args.propagate && propagate(puzzle, &mut known, &mut DpLineSolver::new()).is_err() {
        // A contradiction: the plain encoding, which is unsatisfiable, says so to any solver.
        known = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    }
    let mut formula = Cnf::new();
    let encoding = cnf::encode(puzzle, &known, &mut formula)
        .map_err(|error| CliError::new(&file, error).at(index).context(&file))?;
    let text = if args.input.json {
        json_line(&CnfRecord::new(
            &file,
            index,
            puzzle,
            encoding.vars,
            &formula,
        ))
    } else {
        let mut bytes = Vec::new();
        cnf::write_dimacs(&mut bytes, puzzle, &encoding, &formula).expect("writing to memory");
        String::from_utf8(bytes).expect("DIMACS is ASCII")
    };
    write_output(args.output.as_deref(), text.as_bytes())
}
