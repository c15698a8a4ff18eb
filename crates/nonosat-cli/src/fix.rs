//! `fix`: repairs for a design that is not unique, as text or JSON.

use nonosat::deadline::Deadline;
use nonosat::solve::repair::{self, FixError, FixOptions};

use nonosat::report::{FixRecord, draw_repairs, render_fix};

use super::args::FixArgs;
use super::error::{CliError, Usage};
use super::output::{check_failed, each_puzzle, json_line, read_input, shown_name};
use super::status::Status;

/// `fix FILE`: 0 when the design is already unique, 1 when repairs are proposed.
pub(super) fn fix(args: &FixArgs) -> Result<Status, CliError> {
    let entries = read_input(&args.input)?;
    let file = shown_name(&args.input.file);
    let json = args.input.json;
    if entries.len() != 1 {
        let message = format!(
            "fix needs a FILE of one design, and {file} holds {}",
            entries.len()
        );
        return Err(CliError::new(&file, Usage::Refused(message)));
    }
    let printer = each_puzzle(
        json,
        &file,
        &entries,
        [0],
        |printer, index, entry, heading| {
            let Some(design) = entry.puzzle.goal() else {
                let message = format!(
                    "{file} has no picture to repair: give a picture file, or a puzzle with its goal"
                );
                return Err(CliError::new(&file, Usage::Refused(message)).at(index));
            };
            let options = FixOptions::default()
                .with_deadline(Some(Deadline::after(args.budget)))
                .with_edits(args.edits)
                .with_pairs(args.pairs);
            let repairs = repair::fix(design, &options).map_err(|error| match error {
                FixError::Check(error) => check_failed(&file, index, heading, error),
                other => CliError::new(&file, other).at(index).context(heading),
            })?;
            let text = if json {
                json_line(&FixRecord::new(&file, design, &repairs))
            } else {
                render_fix(heading, design, &repairs)
            };
            printer.text(&text);
            if args.pictures.wanted() {
                let drawing = draw_repairs(design, &repairs);
                for failure in args.pictures.write(0, 1, &drawing) {
                    printer.aside(&failure);
                }
            }
            Ok(Status::of(repairs.check.verdict))
        },
    );
    Ok(printer.status)
}
