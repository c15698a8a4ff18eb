//! `latin`: solve a Latin square puzzle, prove its answer unique, print its solution path.

use std::fmt::Write;

use nonosat::explain::PathShape;
use nonosat::explain::orders::{bits, enabling_sets};
use nonosat::formats::read_path_text;
use nonosat::latin::rule::{LatinRules, rule_path};
use nonosat::latin::solve::{LatinVerdict, solve};
use nonosat::latin::{LatinSquare, write_digits};
use nonosat::report::SCHEMA_VERSION;

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
    let (status, name, solution) = match &verdict {
        LatinVerdict::Unique(solution) => (Status::Done, "unique", Some(solution)),
        LatinVerdict::Multiple(first, _) => (Status::Multiple, "multiple", Some(first)),
        LatinVerdict::None => (Status::NoSolution, "none", None),
    };
    let orders = match (&verdict, args.orders, square.empty_cells().len()) {
        (LatinVerdict::Unique(solution), Some(limit), empty) if empty <= 64 => {
            Some(enabling_sets(&LatinRules::new(&square, solution), limit))
        }
        _ => None,
    };
    let cell_name = |p: nonosat::Pos| format!("r{}c{}", p.row + 1, p.col + 1);
    let rules = solution.map(|s| LatinRules::new(&square, s));
    let solved_by_rule = reached.cells().iter().all(|&d| d != 0);
    let text = if args.json {
        let step_records: Vec<_> = steps
            .iter()
            .enumerate()
            .map(|(i, step)| {
                let (pos, digit) = step.fixed[0];
                serde_json::json!({
                    "cell": [pos.row, pos.col], "digit": digit,
                    "support": step.support.iter().map(|(p, d)| serde_json::json!([p.row, p.col, d])).collect::<Vec<_>>(),
                    "depends_on": shape.depends_on[i], "depth": shape.depths[i],
                })
            })
            .collect();
        let orders_record = orders.as_ref().map(|found| {
            serde_json::json!({
                "nodes": found.nodes, "states": found.states, "complete": found.complete,
                "longest_deduction": found.longest_deduction().map(|(step, size)| {
                    let pos = rules.as_ref().expect("orders need a solution").cell(step);
                    serde_json::json!({"cell": [pos.row, pos.col], "smallest_enabling_set": size})
                }),
            })
        });
        json_line(&serde_json::json!({
            "schema_version": SCHEMA_VERSION, "file": file, "order": square.order(),
            "verdict": name, "solution": solution.map(|s| { let mut t = String::new(); let _ = write_digits(&mut t, s); t }),
            "solved_by_rule": solved_by_rule, "steps": step_records, "depth": shape.depth,
            "widest_layer": shape.widest_layer, "orders": orders_record,
        }))
    } else {
        let mut out = String::new();
        let _ = writeln!(out, "{file}: {0}x{0} Latin square, {name}", square.order());
        if let Some(solution) = solution {
            let _ = write_digits(&mut out, solution);
        }
        let _ = writeln!(
            out,
            "path: {} steps by the rule, {}; depth {}, widest layer {} steps (depth {})",
            steps.len(),
            if solved_by_rule { "solved" } else { "stalled" },
            shape.depth,
            shape.widest_layer,
            shape.widest_layer_depth
        );
        for (i, step) in steps.iter().enumerate() {
            let (pos, digit) = step.fixed[0];
            let support: Vec<String> = step
                .support
                .iter()
                .map(|&(p, d)| format!("{}={d}", cell_name(p)))
                .collect();
            let _ = writeln!(
                out,
                "{:>3}. [depth {}] {}={digit} from {}",
                i + 1,
                shape.depths[i],
                cell_name(pos),
                support.join(" ")
            );
        }
        if args.orders.is_some() && orders.is_none() {
            let _ = writeln!(
                out,
                "deduction orders: not searched (they need a unique puzzle with at most 64 empty \
                 cells)"
            );
        }
        if let (Some(found), Some(rules)) = (&orders, &rules) {
            let _ = writeln!(
                out,
                "deduction orders: {} nodes, {} states{}",
                found.nodes,
                found.states,
                if found.complete {
                    ""
                } else {
                    " (stopped at the node limit)"
                }
            );
            if let Some((step, size)) = found.longest_deduction() {
                let sets: Vec<String> = found.sets[step]
                    .iter()
                    .map(|&set| {
                        let cells: Vec<String> =
                            bits(set).map(|i| cell_name(rules.cell(i))).collect();
                        format!("{{{}}}", cells.join(" "))
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    "longest deduction: {} needs {size} earlier steps at the least; minimal enabling sets: {}",
                    cell_name(rules.cell(step)),
                    sets.join(" ")
                );
            }
        }
        out
    };
    emit(&text);
    status
}
