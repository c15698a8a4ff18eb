//! The record and the text of `latin`: verdict, solution, the rule's solution path, and the search
//! over deduction orders.

use std::fmt::Write;

use serde::Serialize;

use super::SCHEMA_VERSION;
use crate::explain::orders::{EnablingSets, bits};
use crate::explain::{PathShape, Step};
use crate::latin::rule::LatinRules;
use crate::latin::solve::LatinVerdict;
use crate::latin::{LatinSquare, write_digits};
use crate::model::{Grid, Pos};

/// Everything `latin` found about one square.
pub struct LatinOutcome<'a> {
    /// The file, as shown.
    pub file: &'a str,
    /// The puzzle.
    pub square: &'a LatinSquare,
    /// The SAT layer's verdict.
    pub verdict: &'a LatinVerdict,
    /// The rule's steps, in order, and the grid they reach.
    pub steps: &'a [Step<u8>],
    /// Where the steps end.
    pub reached: &'a Grid<u8>,
    /// The steps' dependency graph.
    pub shape: &'a PathShape,
    /// Whether the deduction orders were asked for.
    pub orders_asked: bool,
    /// The search over deduction orders, when it ran, with the rules it ran on.
    pub orders: Option<(&'a EnablingSets, &'a LatinRules)>,
}

impl LatinOutcome<'_> {
    fn verdict_name(&self) -> &'static str {
        match self.verdict {
            LatinVerdict::Unique(_) => "unique",
            LatinVerdict::Multiple(..) => "multiple",
            LatinVerdict::None => "none",
        }
    }

    fn solution(&self) -> Option<&Grid<u8>> {
        match self.verdict {
            LatinVerdict::Unique(solution) | LatinVerdict::Multiple(solution, _) => Some(solution),
            LatinVerdict::None => None,
        }
    }

    fn solved_by_rule(&self) -> bool {
        self.reached.cells().iter().all(|&digit| digit != 0)
    }
}

/// The `--json` record of `latin` (docs/json.md). Its fields are written in alphabetical order,
/// as they always have been.
#[derive(Clone, Debug, Serialize)]
pub struct LatinRecord {
    /// The depth of the rule's dependency graph.
    pub depth: usize,
    /// The file, as shown.
    pub file: String,
    /// The order n.
    pub order: usize,
    /// The search over deduction orders, when it ran.
    pub orders: Option<OrdersRecord>,
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The first solution, as rows of digits, each ending in a newline.
    pub solution: Option<String>,
    /// Whether the rule alone fills every cell.
    pub solved_by_rule: bool,
    /// The rule's steps.
    pub steps: Vec<LatinStepRecord>,
    /// `unique`, `multiple` or `none`.
    pub verdict: &'static str,
    /// The number of steps at the widest depth.
    pub widest_layer: usize,
}

/// One step of the rule.
#[derive(Clone, Debug, Serialize)]
pub struct LatinStepRecord {
    /// `[row, column]`, 0-based.
    pub cell: [usize; 2],
    /// The steps (0-based) this one depends on.
    pub depends_on: Vec<usize>,
    /// The step's depth in the dependency graph.
    pub depth: usize,
    /// The digit fixed.
    pub digit: u8,
    /// The known cells that force it: `[row, column, digit]`.
    pub support: Vec<(usize, usize, u8)>,
}

/// The search over deduction orders.
#[derive(Clone, Debug, Serialize)]
pub struct OrdersRecord {
    /// False when the search stopped at its node limit or the time limit.
    pub complete: bool,
    /// The move whose smallest enabling set is largest, if any.
    pub longest_deduction: Option<LongestDeduction>,
    /// Search nodes visited.
    pub nodes: u64,
    /// Distinct states.
    pub states: u64,
}

/// The paper's longest deduction.
#[derive(Clone, Debug, Serialize)]
pub struct LongestDeduction {
    /// `[row, column]`, 0-based.
    pub cell: [usize; 2],
    /// The size of its smallest enabling set.
    pub smallest_enabling_set: usize,
}

impl LatinRecord {
    /// The record of `outcome`.
    pub fn new(outcome: &LatinOutcome) -> Self {
        let cell = |pos: Pos| [pos.row, pos.col];
        let steps = outcome
            .steps
            .iter()
            .enumerate()
            .map(|(i, step)| {
                let (pos, digit) = step.fixed[0];
                LatinStepRecord {
                    cell: cell(pos),
                    depends_on: outcome.shape.depends_on[i].clone(),
                    depth: outcome.shape.depths[i],
                    digit,
                    support: step
                        .support
                        .iter()
                        .map(|&(p, d)| (p.row, p.col, d))
                        .collect(),
                }
            })
            .collect();
        let orders = outcome.orders.map(|(found, rules)| OrdersRecord {
            complete: found.complete,
            longest_deduction: found
                .longest_deduction()
                .map(|(step, size)| LongestDeduction {
                    cell: cell(rules.cell(step)),
                    smallest_enabling_set: size,
                }),
            nodes: found.nodes,
            states: found.states,
        });
        LatinRecord {
            depth: outcome.shape.depth,
            file: outcome.file.to_owned(),
            order: outcome.square.order(),
            orders,
            schema_version: SCHEMA_VERSION,
            solution: outcome.solution().map(|solution| {
                let mut text = String::new();
                let _ = write_digits(&mut text, solution);
                text
            }),
            solved_by_rule: outcome.solved_by_rule(),
            steps,
            verdict: outcome.verdict_name(),
            widest_layer: outcome.shape.widest_layer,
        }
    }
}

/// `r3c4`: a cell as the Latin-square texts name it, 1-based.
fn cell_name(pos: Pos) -> String {
    format!("r{}c{}", pos.row + 1, pos.col + 1)
}

/// The text of `latin`.
pub fn render_latin(outcome: &LatinOutcome) -> String {
    let mut out = String::new();
    let shape = outcome.shape;
    let _ = writeln!(
        out,
        "{}: {2}x{2} Latin square, {}",
        outcome.file,
        outcome.verdict_name(),
        outcome.square.order()
    );
    if let Some(solution) = outcome.solution() {
        let _ = write_digits(&mut out, solution);
    }
    let _ = writeln!(
        out,
        "path: {} steps by the rule, {}; depth {}, widest layer {} steps (depth {})",
        outcome.steps.len(),
        if outcome.solved_by_rule() {
            "solved"
        } else {
            "stalled"
        },
        shape.depth,
        shape.widest_layer,
        shape.widest_layer_depth
    );
    for (i, step) in outcome.steps.iter().enumerate() {
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
    match outcome.orders {
        None if outcome.orders_asked => {
            let _ = writeln!(
                out,
                "deduction orders: not searched (they need a unique puzzle with at most 64 empty \
                 cells)"
            );
        }
        None => {}
        Some((found, rules)) => {
            let complete = if found.complete {
                ""
            } else {
                " (stopped at the node limit or the time limit)"
            };
            let _ = writeln!(
                out,
                "deduction orders: {} nodes, {} states{complete}",
                found.nodes, found.states
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
                    "longest deduction: {} needs {size} earlier steps at the least; minimal \
                     enabling sets: {}",
                    cell_name(rules.cell(step)),
                    sets.join(" ")
                );
            }
        }
    }
    out
}
