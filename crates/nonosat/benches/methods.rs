//! Method benchmark: line methods on single 30-cell lines, and every `compare` method on random puzzles.
//!
//! `cargo bench --bench methods [-- [SET]]`, where SET is one of `lines`, `random25`, `random30`
//! (exact match; all three when absent).
//!
//! - `lines`: each line method on one 30-cell line per clue with no known cell, and on
//!   [`PARTIAL_LINES`] partial lines per clue: random arrangements of the clue, each cell shown with
//!   a probability drawn per line from `[0, MAX_SHOWN)`. Time per call is the best of
//!   [`REPETITIONS`] batches, each repeated to last about [`MIN_BATCH`]; the ratio is to the DP
//!   solver in the same run. Enumeration is uncapped.
//! - `random25`, `random30`: [`RANDOM_PUZZLES`] random pictures at 50% density, given without their
//!   picture (random30 is the first 50 puzzles of the engine bench's random30), each method of
//!   [`Method::ALL`] run once by [`compare::run`], with its caps, and the exact answer by
//!   [`solve::check`].
//!
//! Answers are sanity-checked (complete line methods agree with DP and Koike's rules with part of
//! it; no method contradicts a puzzle made from a picture or fixes more than its reach; a unique
//! exact answer is the picture) and problems are printed with `!!`; speed is never asserted.

mod common;

use common::{XorShift64Star, median, random_puzzles};

use std::collections::BTreeMap;
use std::hint::black_box;
use std::process::exit;
use std::time::{Duration, Instant};

use nonosat::logic::{Contradiction, DpLineSolver, LineSolver};
use nonosat::methods::compare::{self, Method, MethodRun, Outcome};
use nonosat::methods::kikuchi::{Cube2, Cube3, freedom};
use nonosat::methods::koike::KoikeRules;
use nonosat::methods::myillust::{Budget, Try4};
use nonosat::model::{Cell, Clue, Grid, Puzzle};
use nonosat::solve::{self, Options, Report, Verdict};

const SET_NAMES: [&str; 3] = ["lines", "random25", "random30"];

/// Koike's line length, and his clues of 1,001 and 17,550 arrangements among others spanning 1 to
/// 20,349 (his Table 2 lists 220, 462, 1,001, 4,368, 17,550 and 20,349), in order of freedom.
const LINE_LEN: usize = 30;
const LINE_CLUES: [&[usize]; 7] = [
    &[9, 9, 10],
    &[6, 6, 7],
    &[4, 4, 4, 4, 4],
    &[2, 1, 1, 1, 3, 1, 1, 2, 2, 3],
    &[3, 3, 3, 3, 3],
    &[1, 1, 1, 1],
    &[1, 1, 4, 2, 2],
];
const PARTIAL_LINES: usize = 100;
/// A partial line shows each cell with a probability drawn uniformly from `[0, MAX_SHOWN)`.
const MAX_SHOWN: f64 = 0.5;
const LINE_SEED: u64 = 0x5EED_2026_0030_0004;
const REPETITIONS: usize = 5;
const MIN_BATCH: Duration = Duration::from_millis(5);

const RANDOM_PUZZLES: usize = 50;

fn main() {
    let filter = parse_args();
    let selected: Vec<&str> = SET_NAMES
        .into_iter()
        .filter(|name| filter.as_deref().is_none_or(|f| *name == f))
        .collect();
    if selected.is_empty() {
        usage(&format!("no set matches {:?}", filter.unwrap_or_default()));
    }
    for name in selected {
        match name {
            "lines" => run_lines(),
            "random25" => run_random(name, 25),
            "random30" => run_random(name, 30),
            _ => unreachable!("unknown set {name}"),
        }
    }
}

/// The set filter, if any.
fn parse_args() -> Option<String> {
    let mut filter = None;
    for word in std::env::args().skip(1) {
        match word.as_str() {
            "--bench" => {} // passed by `cargo bench`
            flag if flag.starts_with('-') => usage(&format!("unknown option {flag}")),
            _ if filter.is_some() => usage("give at most one set filter"),
            _ => filter = Some(word),
        }
    }
    filter
}

fn usage(problem: &str) -> ! {
    eprintln!("{problem}");
    eprintln!(
        "usage: cargo bench --bench methods -- [SET]; sets: {}",
        SET_NAMES.join(", ")
    );
    exit(2)
}

/// The time per call of `batch`, which makes `calls` calls: the best of [`REPETITIONS`], each
/// running `batch` as many times as it ran in a first [`MIN_BATCH`], which also warms up.
fn time_per_call(calls: usize, mut batch: impl FnMut()) -> Duration {
    let (started, mut rounds) = (Instant::now(), 0u32);
    while started.elapsed() < MIN_BATCH {
        batch();
        rounds += 1;
    }
    (0..REPETITIONS)
        .map(|_| {
            let started = Instant::now();
            for _ in 0..rounds {
                batch();
            }
            started.elapsed() / rounds
        })
        .min()
        .unwrap_or_default()
        / calls.max(1) as u32
}

/// A line method, timed on single lines.
#[derive(Clone, Copy, PartialEq, Eq)]
enum LineMethod {
    Dp,
    Cube2,
    Cube3,
    Try4,
    Koike,
}

impl LineMethod {
    const ALL: [LineMethod; 5] = [
        LineMethod::Dp,
        LineMethod::Cube2,
        LineMethod::Cube3,
        LineMethod::Try4,
        LineMethod::Koike,
    ];

    fn name(self) -> &'static str {
        match self {
            LineMethod::Dp => "dp",
            LineMethod::Cube2 => "cube2",
            LineMethod::Cube3 => "cube3",
            LineMethod::Try4 => "try4",
            LineMethod::Koike => "koike",
        }
    }

    /// A fresh solver, with no cap on enumeration.
    fn solver(self) -> Box<dyn LineSolver> {
        match self {
            LineMethod::Dp => Box::new(DpLineSolver::new()),
            LineMethod::Cube2 => Box::new(Cube2::new().with_max_arrangements(u128::MAX)),
            LineMethod::Cube3 => Box::new(Cube3::new().with_max_arrangements(u128::MAX)),
            LineMethod::Try4 => Box::new(Try4::new(Budget::Unlimited)),
            LineMethod::Koike => Box::new(KoikeRules::new()),
        }
    }

    /// Whether the method fixes every cell all arrangements agree on (Koike's rules do not).
    fn complete(self) -> bool {
        self != LineMethod::Koike
    }
}

/// The lines one clue is timed on: their name, and each line with the arrangement it was made from
/// (empty for the line with no known cell).
struct LineBatch {
    name: &'static str,
    lines: Vec<(Vec<bool>, Vec<Cell>)>,
}

/// What one method did on one batch.
struct LineResult {
    per_call: Duration,
    /// Cells fixed beyond those given, summed over the batch.
    fixed: usize,
}

fn run_lines() {
    let mut rng = XorShift64Star(LINE_SEED);
    println!(
        "== lines: {LINE_LEN}-cell lines, empty and {PARTIAL_LINES} partial per clue (each shown \
         with probability drawn from [0, {MAX_SHOWN})); time per call, best of {REPETITIONS}"
    );
    for blocks in LINE_CLUES {
        let clue = Clue::new(blocks.to_vec());
        let batches = [
            LineBatch {
                name: "empty",
                lines: vec![(Vec::new(), vec![Cell::Unknown; LINE_LEN])],
            },
            LineBatch {
                name: "partial",
                lines: (0..PARTIAL_LINES)
                    .map(|_| partial_line(&clue, &mut rng))
                    .collect(),
            },
        ];
        time_clue(&clue, &batches);
    }
}

/// A random arrangement of `clue` in [`LINE_LEN`] cells, chosen uniformly, and the line showing each
/// of its cells with a probability drawn from `[0, MAX_SHOWN)`.
fn partial_line(clue: &Clue, rng: &mut XorShift64Star) -> (Vec<bool>, Vec<Cell>) {
    // The arrangements are the k-subsets of the `slots` gaps: block j starts at its gap plus the
    // lengths of the blocks before it. Selection sampling picks a subset uniformly.
    let blocks = clue.blocks();
    let slots = LINE_LEN - clue.black_cells() + 1;
    let mut picture = vec![false; LINE_LEN];
    let (mut placed, mut blacks_before) = (0, 0);
    for slot in 0..slots {
        let needed = blocks.len() - placed;
        if rng.next_f64() * ((slots - slot) as f64) < needed as f64 {
            let start = slot + blacks_before;
            picture[start..start + blocks[placed]].fill(true);
            blacks_before += blocks[placed];
            placed += 1;
        }
    }
    assert_eq!(&Clue::of_line(picture.iter().copied()), clue);
    let shown = rng.next_f64() * MAX_SHOWN;
    let line = picture
        .iter()
        .map(|&black| match rng.next_f64() < shown {
            true => Cell::from_black(black),
            false => Cell::Unknown,
        })
        .collect();
    (picture, line)
}

/// Times every line method on each batch of `clue`, prints the table and the `json:` line.
fn time_clue(clue: &Clue, batches: &[LineBatch]) {
    let freedom = freedom(clue, LINE_LEN);
    println!("-- clue {clue}: freedom {freedom}");
    println!(
        "   {:<7} {:>28} {:>38}",
        "method",
        "empty line: µs/call, ratio",
        format!("{PARTIAL_LINES} partial lines: µs/call, ratio"),
    );
    let reference: Vec<Vec<Vec<Cell>>> = batches
        .iter()
        .map(|batch| solve_batch(LineMethod::Dp, clue, batch))
        .collect();
    let mut results = BTreeMap::new();
    for method in LineMethod::ALL {
        let mut row = Vec::new();
        for (batch, reference) in batches.iter().zip(&reference) {
            let answers = solve_batch(method, clue, batch);
            check_lines(method, clue, batch, reference, &answers);
            let mut solver = method.solver();
            let per_call = time_per_call(batch.lines.len(), || {
                for (_, line) in &batch.lines {
                    let _ = black_box(solver.solve_line(clue, black_box(line)));
                }
            });
            let fixed = batch
                .lines
                .iter()
                .zip(&answers)
                .map(|((_, line), answer)| known(answer) - known(line))
                .sum();
            row.push(LineResult { per_call, fixed });
        }
        results.insert(method.name(), row);
    }
    summarize_clue(clue, freedom, batches, &results);
}

/// `method`'s answer to each line of `batch` (a contradiction as the line unchanged, and flagged).
fn solve_batch(method: LineMethod, clue: &Clue, batch: &LineBatch) -> Vec<Vec<Cell>> {
    let mut solver = method.solver();
    batch
        .lines
        .iter()
        .map(|(_, line)| match solver.solve_line(clue, line) {
            Ok(answer) => answer,
            Err(Contradiction) => {
                println!(
                    "!! {}: contradiction on a consistent {} line of {clue}",
                    method.name(),
                    batch.name
                );
                line.clone()
            }
        })
        .collect()
}

/// Complete methods must give DP's answer; Koike's rules must fix nothing DP does not, and DP nothing
/// against the arrangement the line was made from.
fn check_lines(
    method: LineMethod,
    clue: &Clue,
    batch: &LineBatch,
    reference: &[Vec<Cell>],
    answers: &[Vec<Cell>],
) {
    for (((picture, line), dp), answer) in batch.lines.iter().zip(reference).zip(answers) {
        let wrong = if method.complete() {
            answer != dp
        } else {
            answer
                .iter()
                .zip(dp)
                .any(|(a, d)| a.known().is_some() && a != d)
        };
        let unsound = method == LineMethod::Dp
            && !picture.is_empty()
            && answer
                .iter()
                .zip(picture)
                .any(|(a, &black)| a.known().is_some_and(|b| b != black));
        if wrong || unsound {
            println!(
                "!! {}: wrong answer on a {} line of {clue}: {}",
                method.name(),
                batch.name,
                show(line)
            );
        }
    }
}

fn known(line: &[Cell]) -> usize {
    line.iter().filter(|cell| cell.known().is_some()).count()
}

/// `#` black, `.` white, `?` unknown.
fn show(line: &[Cell]) -> String {
    line.iter().map(|cell| cell.symbol()).collect()
}

/// `part / whole`, rounded to one decimal (for ratios and shares).
fn ratio(part: f64, whole: f64) -> f64 {
    (part / whole * 10.0).round() / 10.0
}

fn us(duration: Duration) -> f64 {
    duration.as_nanos() as f64 / 1000.0
}

/// Milliseconds, to the microsecond.
fn ms(duration: Duration) -> f64 {
    duration.as_micros() as f64 / 1000.0
}

/// Prints one row per method and a line on what Koike's rules fix, then the clue's `json:` line.
fn summarize_clue(
    clue: &Clue,
    freedom: u128,
    batches: &[LineBatch],
    results: &BTreeMap<&str, Vec<LineResult>>,
) {
    let dp = &results[LineMethod::Dp.name()];
    let mut methods = serde_json::Map::new();
    for method in LineMethod::ALL {
        let row = &results[method.name()];
        let mut cells = String::new();
        let mut record = serde_json::Map::new();
        for ((batch, result), base) in batches.iter().zip(row).zip(dp) {
            let r = ratio(us(result.per_call), us(base.per_call));
            cells += &format!("{:>20.3} {:>8.1}x", us(result.per_call), r);
            record.insert(format!("{}_us", batch.name), us(result.per_call).into());
            record.insert(format!("{}_ratio", batch.name), r.into());
            record.insert(format!("{}_fixed", batch.name), result.fixed.into());
        }
        println!("   {:<7} {cells}", method.name());
        methods.insert(method.name().to_string(), record.into());
    }
    let koike = &results[LineMethod::Koike.name()];
    let fixes: Vec<String> = batches
        .iter()
        .zip(koike.iter().zip(dp))
        .map(|(batch, (k, d))| format!("{} of {} on the {} line(s)", k.fixed, d.fixed, batch.name))
        .collect();
    println!("   koike fixes {} (cells DP fixes)", fixes.join(", "));
    let summary = serde_json::json!({
        "set": "lines",
        "clue": clue.to_string(),
        "len": LINE_LEN,
        "freedom": freedom,
        "partial_lines": PARTIAL_LINES,
        "methods": methods,
    });
    println!("json: {summary}");
}

/// Runs every method and the exact check on a random set, then prints its table and `json:` line.
fn run_random(set: &str, side: usize) {
    let puzzles = random_puzzles(side, RANDOM_PUZZLES);
    println!(
        "== {set}: {} random {side}x{side} puzzles at 50% density",
        puzzles.len()
    );
    let mut runs: BTreeMap<&str, Vec<MethodRun>> = BTreeMap::new();
    let mut exact: Vec<(Verdict, Duration)> = Vec::new();
    for (i, (puzzle, picture)) in puzzles.iter().enumerate() {
        let name = format!("{set} #{}", i + 1);
        let mine: Vec<MethodRun> = Method::ALL
            .iter()
            .map(|&method| compare::run(method, puzzle, None))
            .collect();
        let verdict = match solve::check(puzzle, &Options::default()) {
            Ok(report) => {
                check_report(&name, puzzle, picture, &report);
                (report.verdict, report.elapsed)
            }
            Err(error) => {
                println!("!! {name}: ERROR {error}");
                (Verdict::Timeout, Duration::ZERO)
            }
        };
        check_runs(&name, &mine, verdict.0);
        exact.push(verdict);
        for run in mine {
            runs.entry(run.method.name()).or_default().push(run);
        }
    }
    summarize_random(set, puzzles.len() * side * side, &runs, &exact);
}

/// The exact answer must be a solution, and the picture when unique.
fn check_report(name: &str, puzzle: &Puzzle, picture: &Grid<bool>, report: &Report) {
    for solution in &report.solutions {
        if let Err(mismatch) = puzzle.check(solution) {
            println!("!! {name}: exact solution breaks a clue: {mismatch}");
        }
    }
    let wrong = match report.verdict {
        Verdict::Unique => report.solutions.first() != Some(picture),
        Verdict::Multiple => report.solutions.len() != 2,
        _ => true,
    };
    if wrong {
        println!("!! {name}: exact verdict {} does not fit", report.verdict);
    }
}

/// No method contradicts a puzzle made from a picture, or solves one with several solutions; no
/// line-level method fixes more than the complete line solver, and probing fixes at least as much.
fn check_runs(name: &str, runs: &[MethodRun], verdict: Verdict) {
    let line = runs
        .iter()
        .find(|r| r.method == Method::Line)
        .map(|r| r.fixed);
    for run in runs {
        let beyond_line = match run.method {
            Method::KoikeProbing => false,
            Method::Probing => line.is_some_and(|l| run.fixed < l),
            _ => line.is_some_and(|l| run.fixed > l),
        };
        let solved_multiple = run.outcome == Outcome::Solved && verdict == Verdict::Multiple;
        if run.outcome == Outcome::Contradiction || solved_multiple || beyond_line {
            println!(
                "!! {name}: {} ended {} with {} cells fixed (line: {line:?}, exact: {verdict})",
                run.method,
                run.outcome.name(),
                run.fixed
            );
        }
    }
}

/// Per method: puzzles solved, share of cells fixed, total and median time, ratio to `line`; then
/// the exact verdicts and time, and the set's `json:` line.
fn summarize_random(
    set: &str,
    cells: usize,
    runs: &BTreeMap<&str, Vec<MethodRun>>,
    exact: &[(Verdict, Duration)],
) {
    let line_total: Duration = runs[Method::Line.name()].iter().map(|r| r.elapsed).sum();
    println!(
        "   {:<14} {:>7} {:>8} {:>12} {:>11} {:>9}",
        "method", "solved", "fixed", "total ms", "median ms", "ratio"
    );
    let mut methods = serde_json::Map::new();
    for method in Method::ALL {
        let list = &runs[method.name()];
        let solved = list.iter().filter(|r| r.outcome == Outcome::Solved).count();
        let fixed: usize = list.iter().map(|r| r.fixed).sum();
        let share = ratio(fixed as f64 * 100.0, cells as f64);
        let times: Vec<Duration> = list.iter().map(|r| r.elapsed).collect();
        let total: Duration = times.iter().sum();
        let median = ms(median(times));
        let r = ratio(ms(total), ms(line_total));
        let skipped: usize = list.iter().map(|r| r.lines_skipped).sum();
        println!(
            "   {:<14} {:>7} {:>7.1}% {:>12.3} {:>11.3} {:>8.1}x{}",
            method.name(),
            format!("{solved}/{}", list.len()),
            share,
            ms(total),
            median,
            r,
            match skipped {
                0 => String::new(),
                n => format!("  ({n} lines skipped)"),
            }
        );
        let record = serde_json::json!({
            "solved": solved,
            "fixed_percent": share,
            "total_ms": ms(total),
            "median_ms": median,
            "ratio": r,
            "lines_skipped": skipped,
        });
        methods.insert(method.name().to_string(), record);
    }
    let mut verdicts = BTreeMap::new();
    for (verdict, _) in exact {
        *verdicts.entry(verdict.name()).or_insert(0usize) += 1;
    }
    let exact_total: Duration = exact.iter().map(|(_, t)| *t).sum();
    let exact_median = ms(median(exact.iter().map(|(_, t)| *t).collect()));
    let counts: Vec<String> = verdicts.iter().map(|(v, n)| format!("{v}={n}")).collect();
    println!(
        "   exact: {}; total {:.3} ms, median {exact_median:.3} ms, ratio {:.1}x",
        counts.join(" "),
        ms(exact_total),
        ratio(ms(exact_total), ms(line_total)),
    );
    let summary = serde_json::json!({
        "set": set,
        "puzzles": exact.len(),
        "methods": methods,
        "exact": {
            "verdicts": verdicts,
            "total_ms": ms(exact_total),
            "median_ms": exact_median,
            "ratio": ratio(ms(exact_total), ms(line_total)),
        },
    });
    println!("json: {summary}");
}
