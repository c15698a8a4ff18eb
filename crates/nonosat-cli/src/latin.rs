//! `latin`: solve a Latin square puzzle, prove its answer unique, print its solution path.

use nonosat::explain::PathShape;
use nonosat::explain::orders::enabling_sets;
use nonosat::formats::read_path_text;
use nonosat::latin::LatinSquare;
use nonosat::latin::rule::{LatinRules, rule_path};
use nonosat::latin::solve::{LatinVerdict, solve};
use nonosat::report::{LatinOutcome, LatinRecord, render_latin};

use super::args::LatinArgs;
use super::output::{emit, json_line, print_error, shown_name};
use super::status::Status;

/// `latin`: one puzzle.
pub(super) fn latin(args: &LatinArgs) -> Status {
    let file = shown_name(&args.file);
    let read = read_path_text(&args.file).map_err(|error| error.to_string());
    let parsed = read.and_then(|text| LatinSquare::parse(&text, &file).map_err(|e| e.to_string()));
    let square = match parsed {
        Ok(square) => square,
        Err(message) => {
            print_error(args.json, &file, None, &message);
            return Status::BadInput;
        }
    };
    let verdict = match solve(&square) {
        Ok(verdict) => verdict,
        Err(error) => {
            print_error(args.json, &file, None, &error.to_string());
            return Status::Internal;
        }
    };
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
    let found = rules
        .as_ref()
        .zip(args.orders)
        .map(|(rules, limit)| enabling_sets(rules, limit));
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
    status
}
