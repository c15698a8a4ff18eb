//! Plain-text output for the terminal: verdict summaries with the solutions drawn, repairs, and
//! comparisons.

use std::fmt::Write;

use super::grid::MARK;
use super::json::ColourRecord;
use super::kind::Shown;
use crate::methods::compare::Comparison;
use crate::model::{Grid, Palette, Pos};
use crate::solve::repair::Repairs;
use crate::solve::{GoalReport, RepairsOf, Report, ReportOf, Verdict};
use crate::words::counted;

/// The verdict of `check` or `solve` for a person: summary lines, then the solutions drawn (one
/// letter a cell in colour, followed by the colour table).
pub fn render_check<P: Shown>(heading: &str, puzzle: &P, report: &ReportOf<P>) -> String {
    render_verdict(heading, puzzle, report) + &render_check_detail(puzzle, report)
}

/// The first two lines of [`render_check`]: the puzzle's heading and size, and the verdict.
pub fn render_verdict<P: Shown>(heading: &str, puzzle: &P, report: &ReportOf<P>) -> String {
    verdict_lines(heading, (puzzle.width(), puzzle.height()), report)
}

/// The rest of [`render_check`] after [`render_verdict`]: propagation, goal, ambiguous cells,
/// time, the solutions drawn, and a colour puzzle's colour table.
pub fn render_check_detail<P: Shown>(puzzle: &P, report: &ReportOf<P>) -> String {
    let cells = puzzle.width() * puzzle.height();
    let draw = |grid: &Grid<P::Value>, marked: &[Pos]| puzzle.draw_grid(grid, marked);
    let mut out = detail_lines(cells, report, draw);
    let marks = marked_cells(report);
    match puzzle.palette() {
        None => {
            if let Some(marks) = marks {
                let _ = writeln!(out, "\nX = black and o = white {}", marks.place());
            }
        }
        Some(palette) => {
            let _ = write!(out, "\ncolours:");
            for colour in ColourRecord::table(palette) {
                let _ = write!(out, " {} {} ({}),", colour.char, colour.name, colour.rgb);
            }
            out.pop();
            out.push('\n');
            if let Some(marks) = marks {
                let _ = writeln!(out, "{MARK} marks {}", marks.which());
            }
        }
    }
    out
}

/// Which cells a drawn report marks.
enum Marks {
    /// The ambiguous cells of a puzzle with several solutions.
    Ambiguous,
    /// The cells where the solutions drawn differ.
    Differing,
}

impl Marks {
    /// Where the marked cells are, after the way they are drawn.
    fn place(&self) -> &'static str {
        match self {
            Marks::Ambiguous => "on the ambiguous cells",
            Marks::Differing => "where the solutions differ",
        }
    }

    /// The marked cells, in words.
    fn which(&self) -> &'static str {
        match self {
            Marks::Ambiguous => "the ambiguous cells",
            Marks::Differing => "the cells where the solutions differ",
        }
    }
}

/// Which cells a drawn report marks, if any are marked.
fn marked_cells<S: PartialEq, M>(report: &Report<S, M>) -> Option<Marks> {
    let ambiguous = report
        .ambiguous
        .as_ref()
        .filter(|_| report.verdict == Verdict::Multiple);
    match ambiguous {
        Some(cells) if !cells.is_empty() => Some(Marks::Ambiguous),
        Some(_) => None,
        None => (!report.differing_cells().is_empty()).then_some(Marks::Differing),
    }
}

/// The heading and verdict lines of a report on a `width` x `height` puzzle.
fn verdict_lines<S: PartialEq, M>(
    heading: &str,
    (width, height): (usize, usize),
    report: &Report<S, M>,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{heading}: {width}x{height} puzzle");
    let verdict = match report.verdict {
        Verdict::Unique => "unique: exactly one solution".to_owned(),
        Verdict::Multiple if report.exhausted => format!(
            "multiple: exactly {} solutions, shown below",
            report.solutions.len()
        ),
        Verdict::Multiple if report.solutions.len() > 2 => format!(
            "multiple: at least {} solutions, shown below",
            report.solutions.len()
        ),
        Verdict::Multiple => format!(
            "multiple: at least two solutions, shown below; they differ in {}",
            counted(report.differing_cells().len(), "cell", "cells")
        ),
        Verdict::Solved => "solved (uniqueness not checked; use `check`)".to_owned(),
        Verdict::None => "no solution: no grid satisfies every clue".to_owned(),
        Verdict::Timeout => "timed out before an answer".to_owned(),
    };
    let _ = writeln!(out, "verdict: {verdict}");
    out
}

/// The lines after the verdict of a report on a puzzle of `cells` cells: propagation, goal,
/// ambiguous cells, time, then its solutions, each drawn by `draw` with the cells to mark.
fn detail_lines<S: PartialEq, M: std::fmt::Display>(
    cells: usize,
    report: &Report<S, M>,
    draw: impl Fn(&Grid<S>, &[Pos]) -> String,
) -> String {
    let mut out = String::new();
    if report.line_refuted {
        let line = match report.refuted_line {
            Some(line) => format!("{line}, which"),
            None => "a line that".to_owned(),
        };
        let _ = writeln!(
            out,
            "line propagation: meets {line} cannot be completed: line logic alone proves there \
             is no solution (`explain` shows the steps)"
        );
    } else {
        let _ = writeln!(
            out,
            "line propagation: fixed {} of {cells} cells ({:.1}%){}",
            report.fixed_by_propagation,
            100.0 * report.fixed_by_propagation as f64 / cells as f64,
            if report.line_solvable {
                ", solves the puzzle alone"
            } else if report.fixed_by_propagation + report.fixed_by_counting == cells {
                ", needs more than line logic"
            } else {
                ", needs search"
            },
        );
    }
    if report.fixed_by_counting > 0 {
        let known = report.fixed_by_propagation + report.fixed_by_counting;
        let _ = writeln!(
            out,
            "counting across lines: fixed {} more cells{}",
            report.fixed_by_counting,
            if known == cells {
                ", every cell is known"
            } else {
                ""
            },
        );
    }
    match &report.goal {
        Some(GoalReport::Solves) => {
            let _ = writeln!(out, "goal picture: satisfies the clues");
        }
        Some(GoalReport::Breaks(mismatch)) => {
            let _ = writeln!(out, "goal picture: not a solution ({mismatch})");
        }
        None => {}
    }
    let marked = match (&report.ambiguous, report.verdict) {
        (Some(ambiguous), Verdict::Multiple) if report.ambiguous_complete => {
            let _ = writeln!(
                out,
                "ambiguous cells: {} (each differs between some two solutions)",
                ambiguous.len()
            );
            ambiguous.clone()
        }
        (Some(ambiguous), Verdict::Multiple) => {
            let _ = writeln!(
                out,
                "ambiguous cells: at least {}; the time limit left {} other open cells undecided",
                ambiguous.len(),
                report.undecided.len()
            );
            ambiguous.clone()
        }
        _ => report.differing_cells(),
    };
    let _ = writeln!(out, "time: {:.1} ms", report.elapsed.as_secs_f64() * 1000.0);
    let goal_first = matches!(report.goal, Some(GoalReport::Solves));
    for (i, solution) in report.solutions.iter().enumerate() {
        let name = match (report.solutions.len(), goal_first, i) {
            (1, _, _) => "solution".to_owned(),
            (_, true, 0) => "solution 1 (the goal picture)".to_owned(),
            (_, true, _) => "solution 2 (differs from the goal)".to_owned(),
            _ => format!("solution {}", i + 1),
        };
        let _ = writeln!(out, "\n{name}:");
        out.push_str(&draw(solution, &marked));
    }
    out
}

/// Why `fix` proposes no edit: the time limit stopped its search (`cut_short`), or every edit it
/// tries leaves the design ambiguous.
pub fn no_edit(cut_short: bool) -> &'static str {
    if cut_short {
        "no edit found before the time limit passed (give a longer --timeout)"
    } else {
        "no edit tried makes the design unique: every cell near the ambiguous ones was tried (and \
         with --pairs, pairs of them)"
    }
}

/// What `fix` proposes for `design`, a picture of the kind of `puzzle`, for a person: the hints
/// drawn on the design, then the edits; cells named `black` and `white` or by their colours, and
/// a colour design's colour table last.
pub fn render_fix<P: Shown>(
    heading: &str,
    puzzle: &P,
    design: &Grid<P::Value>,
    repairs: &RepairsOf<P>,
) -> String {
    let name = |value: P::Value| puzzle.value_name(value);
    let draw = |grid: &Grid<P::Value>, marked: &[Pos]| puzzle.draw_grid(grid, marked);
    match puzzle.palette() {
        None => {
            let legends = ["X = black and o = white", "X/o"];
            render_fix_with(heading, design, repairs, name, draw, legends)
        }
        Some(palette) => {
            let legends = ["cells after a *", "*"];
            render_fix_with(heading, design, repairs, name, draw, legends) + &colour_legend(palette)
        }
    }
}

/// The colour table as `.` and the letters of [`draw_colour_grid`](super::draw_colour_grid),
/// with their names.
fn colour_legend(palette: &Palette) -> String {
    let table: Vec<String> = ColourRecord::table(palette)
        .into_iter()
        .map(|colour| format!("{} {}", colour.char, colour.name))
        .collect();
    format!("colours: {}\n", table.join(", "))
}

/// [`render_fix`] over any kind of cell: `name` says a value in words, `draw` draws a grid with
/// marked cells, and `[marked, changed]` say how marked cells are drawn, at length and briefly.
fn render_fix_with<V: Copy, M>(
    heading: &str,
    design: &Grid<V>,
    repairs: &Repairs<V, M>,
    name: impl Fn(V) -> String,
    draw: impl Fn(&Grid<V>, &[Pos]) -> String,
    [marked, changed]: [&str; 2],
) -> String {
    let mut out = String::new();
    let check = &repairs.check;
    let _ = writeln!(
        out,
        "{heading}: {}x{} design",
        design.width(),
        design.height()
    );
    let Some(hints) = &repairs.hints else {
        let verdict = match (check.verdict, &check.ambiguous) {
            (Verdict::Unique, _) => "unique: nothing to fix".to_owned(),
            (Verdict::Multiple, Some(found)) => format!(
                "multiple; the time limit passed after {} of the ambiguous cells, and repairs need \
                 them all: nothing to propose (give a longer --timeout)",
                counted(found.len(), "cell", "cells")
            ),
            (Verdict::Timeout, _) => {
                "timed out before an answer: nothing to propose (give a longer --timeout)"
                    .to_owned()
            }
            (other, _) => format!("{other}: nothing to propose"),
        };
        let _ = writeln!(out, "verdict: {verdict}");
        return out;
    };
    let ambiguous = check.ambiguous.as_deref().unwrap_or_default();
    let _ = writeln!(
        out,
        "verdict: multiple; {} ambiguous cells",
        ambiguous.len()
    );
    let quality = match (hints.proved_minimal, hints.sufficient) {
        (true, _) => "proved minimal",
        (false, true) => "best found in the time limit",
        (false, false) => "NOT enough: the time limit passed before they made the puzzle unique",
    };
    let _ = writeln!(
        out,
        "\nfewest hints: {} ({quality}; {} met)",
        counted(hints.cells.len(), "cell", "cells"),
        counted(hints.alternatives, "other solution", "other solutions")
    );
    for &pos in &hints.cells {
        let colour = name(design[pos]);
        let _ = writeln!(
            out,
            "  row {}, column {}: {colour}",
            pos.row + 1,
            pos.col + 1
        );
    }
    out.push_str(&draw(design, &hints.cells));
    let _ = writeln!(out, "{marked}: the hints to print in the grid");
    if repairs.edits.is_empty() {
        let _ = writeln!(out, "\n{}", no_edit(repairs.edits_cut_short));
    } else {
        let _ = writeln!(
            out,
            "\nedits that make the puzzle unique (each re-checked):"
        );
    }
    for (i, edit) in repairs.edits.iter().enumerate() {
        let cells: Vec<String> = edit
            .flipped
            .iter()
            .map(|&pos| {
                let (from, to) = (name(design[pos]), name(edit.picture[pos]));
                format!(
                    "row {}, column {}: {from} to {to}",
                    pos.row + 1,
                    pos.col + 1
                )
            })
            .collect();
        let _ = writeln!(out, "  {}. {}", i + 1, cells.join("; "));
    }
    if let Some(first) = repairs.edits.first() {
        let _ = writeln!(
            out,
            "\nthe picture after edit 1 ({changed} = the changed cells):"
        );
        out.push_str(&draw(&first.picture, &first.flipped));
    }
    let _ = writeln!(
        out,
        "time: {:.1} ms",
        repairs.elapsed.as_secs_f64() * 1000.0
    );
    out
}

/// A comparison as a table: one row per method, then the exact verdict.
pub fn render_comparison<S, M>(
    heading: &str,
    (width, height): (usize, usize),
    comparison: &Comparison<S, M>,
) -> String {
    let cells = width * height;
    let mut out = String::new();
    let _ = writeln!(out, "{heading}: {width}x{height} puzzle, {cells} cells");
    let _ = writeln!(
        out,
        "{:<14} {:>16} {:<13} {:>6} {:>10} {:>7} {:>10}",
        "method", "fixed", "outcome", "passes", "line calls", "skipped", "time"
    );
    for run in &comparison.runs {
        let fixed = format!(
            "{}/{cells} ({:.1}%)",
            run.fixed,
            100.0 * run.fixed as f64 / cells as f64
        );
        let _ = writeln!(
            out,
            "{:<14} {:>16} {:<13} {:>6} {:>10} {:>7} {:>7.1} ms",
            run.method.name(),
            fixed,
            run.outcome.name(),
            run.passes,
            run.line_calls,
            run.lines_skipped,
            run.elapsed.as_secs_f64() * 1000.0
        );
    }
    for run in comparison
        .runs
        .iter()
        .filter(|run| !run.unexamined.is_empty())
    {
        let shown: Vec<String> = run
            .unexamined
            .iter()
            .take(8)
            .map(ToString::to_string)
            .collect();
        let more = run.unexamined.len() - shown.len();
        let more = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "{} left {} open lines unexamined, over its cap: {}{more}",
            run.method.name(),
            run.unexamined.len(),
            shown.join(", ")
        );
    }
    let exact = &comparison.exact;
    let _ = writeln!(
        out,
        "exact (SAT): {}, {:.1} ms",
        exact.verdict,
        exact.elapsed.as_secs_f64() * 1000.0
    );
    out
}
