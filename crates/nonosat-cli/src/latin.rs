//! `latin`: solve a Latin square puzzle, prove its answer unique, print its solution path.

use nonosat::deadline::Deadline;
use nonosat::explain::PathShape;
use nonosat::explain::orders::enabling_sets;
use nonosat::formats::read_path_text;
use nonosat::latin::LatinSquare;
use nonosat::latin::rule::{LatinRules, rule_path};
use nonosat::latin::solve::{LatinVerdict, solve};
use nonosat::report::{LatinOutcome, LatinRecord, render_latin};

use super::args::LatinArgs;
use super::error::CliError;
use super::output::{emit, json_line, shown_name};
use super::status::Status;

/// `latin`: one puzzle.
pub(super) fn latin(args: &LatinArgs) -> Result<Status, CliError> {
    let file = shown_name(&args.file);
    let text = read_path_text(&args.file).map_err(|error| CliError::new(&file, error))?;
    let square = LatinSquare::parse(&text, &file).map_err(|error| CliError::new(&file, error))?;
    let verdict = solve(&square)
        .map_err(|error| CliError::new(&file, error).with_status(Status::Internal))?;
    let (steps, reached) = rule_path(&square);
    let shape = PathShape::of(&steps);
    let status = match &verdict {
        LatinVerdict::Unique(_) => Status::Done,
        LatinVerdict::Multiple(..) => Status::Multiple,
        LatinVerdict::None => Status::NoSolution,
    };
    let rules = match (&verdict, args.orders, square.empty_cells().len()) {
        (LatinVerdict::Unique(solution), Some(_), empty) if empty <= 64 => {
            Some(LatinRules::new(&square, solution))
        }
        _ => None,
    };
    let deadline = args.timeout.limit.map(Deadline::after);
    let found = rules
        .as_ref()
        .zip(args.orders)
        .map(|(rules, limit)| enabling_sets(rules, limit, deadline));
    let outcome = LatinOutcome {
        file: &file,
        square: &square,
        verdict: &verdict,
        steps: &steps,
        reached: &reached,
        shape: &shape,
        orders_asked: args.orders.is_some(),
        orders: found.as_ref().zip(rules.as_ref()),
    };
    let text = if args.json {
        json_line(&LatinRecord::new(&outcome))
    } else {
        render_latin(&outcome)
    };
    emit(&text);
    let cut_short = found.is_some_and(|found| !found.complete);
    let timed_out = cut_short && deadline.is_some_and(|deadline| deadline.has_passed());
    Ok(if timed_out {
        status.and(Status::Timeout)
    } else {
        status
    })
}
