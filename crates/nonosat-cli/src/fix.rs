//! `fix`: repairs for a design that is not unique, as text or JSON.

use nonosat::deadline::Deadline;
use nonosat::solve::repair::{self, FixError, FixOptions};

use nonosat::report::{FixRecord, draw_repairs, render_fix};

use super::args::FixArgs;
use super::output::{check_failed, emit, heading, json_line, print_error, read_input, shown_name};
use super::status::Status;

/// `fix FILE`: 0 when the design is already unique, 1 when repairs are proposed.
pub(super) fn fix(args: &FixArgs) -> Status {
    let entries = match read_input(&args.input) {
        Ok(entries) => entries,
        Err(status) => return status,
    };
    let file = shown_name(&args.input.file);
    let json = args.input.json;
    let [entry] = entries.as_slice() else {
        let message = format!(
            "fix needs a FILE of one design, and {file} holds {}",
            entries.len()
        );
        print_error(json, &file, None, &message);
        return Status::BadInput;
    };
    let Some(design) = entry.puzzle.goal() else {
        let message = format!(
            "{file} has no picture to repair: give a picture file, or a puzzle with its goal"
        );
        print_error(json, &file, Some(0), &message);
        return Status::BadInput;
    };
    let options = FixOptions::default()
        .with_deadline(Some(Deadline::after(args.budget)))
        .with_edits(args.edits)
        .with_pairs(args.pairs);
    let heading = heading(&file, entry);
    let repairs = match repair::fix(design, &options) {
        Ok(repairs) => repairs,
        Err(FixError::Check(error)) => return check_failed(json, &file, 0, &heading, &error),
        Err(error) => {
            print_error(json, &file, Some(0), &format!("{heading}: {error}"));
            return Status::BadInput;
        }
    };
    if args.pictures.wanted() {
        let written = args
            .pictures
            .write(json, 0, 1, &draw_repairs(design, &repairs));
        if written != Status::Done {
            return written;
        }
    }
    let text = if json {
        json_line(&FixRecord::new(&file, design, &repairs))
    } else {
        render_fix(&heading, design, &repairs)
    };
    emit(&text);
    Status::of(repairs.check.verdict)
}
