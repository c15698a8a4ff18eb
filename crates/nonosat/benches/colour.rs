//! The colour benchmark: solve and uniqueness (`check`) and line propagation on random colour
//! puzzles, with the black-and-white random30 set in the same run as the baseline, and the
//! number-loom colour puzzles.
//!
//! `cargo bench --bench colour`. Sets: random pictures (one cell in three background, the others a
//! uniform colour) of 20x20 and 30x30 with 2, 3 and 5 colours, 50 each, given as clues without
//! the picture; the black-and-white random30 set of the engine benchmarks; the colour puzzles of
//! number-loom (corpus from `NONOSAT_PUZZLES`, else `../shared/puzzles`).
//!
//! - `check`: propagation, the encoding, a first solution and the uniqueness refutation, on one
//!   backend chosen by size (`Strategy::Auto`, varisat at these sizes) for colour and black and
//!   white alike, once per puzzle; per set the median and maximum per puzzle and the verdicts.
//! - line propagation: from an empty grid, best of three runs; the random30 set by the tuned
//!   black-and-white DP and, lifted to the one-colour case, by the colour solver.
//!
//! Every solution and every solved grid is checked; speed is never asserted.
//!
//! `cargo bench --bench colour -- cli [--seed N] [--count N] [--binary PATH] [--base PATH]` runs
//! the binary as a user would instead: fresh random 30x30 pictures (a seed printed, or the one
//! given) at 50% density (half the cells background, the rest uniform over the colours) with 3
//! and 5 colours, and denser ones (90%, mostly unique), `--count` each (default 30), written as
//! `.non` files; each checked by `nonosat check --no-ambiguous FILE` in a process of its own, the
//! processes' CPU time summed (user and system, as `wait4` reports it). The
//! binary is the release build of this workspace unless `--binary` names another; `--base`, a
//! second binary (as a copy of the build before a change), runs on the same files in the same run,
//! and its verdicts must agree.

mod common;
#[path = "common/process.rs"]
mod process;

use common::{XorShift64Star, median, random_puzzles};

use std::ffi::OsStr;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use nonosat::formats::{self, ReadOptions};
use nonosat::logic::DpLineSolver;
use nonosat::logic::colour::{ColourLineSolver, open_grid, propagate_colour, solved_picture};
use nonosat::logic::propagate::propagate;
use nonosat::model::{Cell, Colour, ColourClue, ColourPuzzle, Grid, LineId, Palette};
use nonosat::solve::{Options, Report, Strategy, Verdict, check};

/// Runs per puzzle; the best is kept.
const RUNS: usize = 3;

/// Puzzles per random set.
const COUNT: usize = 50;

/// A random colour picture: each cell coloured with probability `density` (else background), its
/// colour uniform over `colours`.
fn random_colour_puzzle(
    rng: &mut XorShift64Star,
    side: usize,
    colours: u8,
    density: f64,
) -> ColourPuzzle {
    let cells: Vec<u8> = (0..side * side)
        .map(|_| {
            if rng.next_f64() < density {
                1 + (rng.next_u64() % u64::from(colours)) as u8
            } else {
                0
            }
        })
        .collect();
    let rows = cells.chunks(side).map(<[u8]>::to_vec).collect();
    let picture = Grid::from_rows(rows).expect("square");
    let palette_colours = (0..colours)
        .map(|i| Colour::new(&format!("c{i}"), [i * 40, 0, 0]))
        .collect();
    let palette = Palette::new(Colour::new("white", [255; 3]), palette_colours).expect("palette");
    let clues = |line: fn(usize) -> LineId| -> Vec<ColourClue> {
        (0..side)
            .map(|i| ColourClue::of_line(picture.line(line(i))))
            .collect()
    };
    ColourPuzzle::new(clues(LineId::Row), clues(LineId::Col), palette).expect("a picture's clues")
}

/// The random colour sets: (name, puzzles).
fn colour_sets() -> Vec<(String, Vec<ColourPuzzle>)> {
    let mut sets = Vec::new();
    for side in [20, 30] {
        for colours in [2, 3, 5] {
            let mut rng =
                XorShift64Star(common::RANDOM_SEED ^ (side as u64 * 16 + u64::from(colours)));
            let puzzles = (0..COUNT)
                .map(|_| random_colour_puzzle(&mut rng, side, colours, 2.0 / 3.0))
                .collect();
            sets.push((format!("random{side} {colours} colours"), puzzles));
        }
    }
    sets
}

/// The time of one `check` (by `run`) and its verdict; a verdict other than unique or multiple,
/// or a solution that breaks the clues, is printed with `!!`.
fn time_check<S, M>(
    run: impl FnOnce() -> Report<S, M>,
    valid: impl Fn(&Grid<S>) -> bool,
) -> (Duration, Verdict) {
    let start = Instant::now();
    let report = run();
    let elapsed = start.elapsed();
    if !matches!(report.verdict, Verdict::Unique | Verdict::Multiple) {
        println!("!! a planted puzzle answered {}", report.verdict);
    }
    if !report.solutions.iter().all(valid) {
        println!("!! a solution breaks its clues");
    }
    (elapsed, report.verdict)
}

/// Prints one set's `check` line: median and maximum per puzzle, and the verdicts; returns the
/// median.
fn report_checks(name: &str, times: Vec<(Duration, Verdict)>) -> Duration {
    let unique = times.iter().filter(|(_, v)| *v == Verdict::Unique).count();
    let count = times.len();
    let durations: Vec<Duration> = times.into_iter().map(|(time, _)| time).collect();
    let max = durations.iter().max().copied().unwrap_or_default();
    let median = median(durations);
    println!(
        "{name:<28} {count:>3} puzzles  median {:>9.2} ms  max {:>9.2} ms  unique {unique}",
        median.as_secs_f64() * 1e3,
        max.as_secs_f64() * 1e3,
    );
    median
}

/// The best time of colour propagation on `puzzle`, and whether it solved it (checked).
fn time_colour(puzzle: &ColourPuzzle, solver: &mut ColourLineSolver) -> (Duration, bool) {
    let mut best = Duration::MAX;
    let mut solved = false;
    for _ in 0..RUNS {
        let start = Instant::now();
        let mut grid = open_grid(puzzle);
        let result = propagate_colour(puzzle, &mut grid, solver);
        best = best.min(start.elapsed());
        black_box(&result);
        if result.is_err() {
            println!("!! a contradiction on a puzzle that has a solution");
        }
        if let Some(picture) = solved_picture(&grid) {
            if puzzle.check(&picture).is_err() {
                println!("!! a solved grid breaks its clues");
            }
            solved = true;
        }
    }
    (best, solved)
}

/// Prints one set's line: median and maximum per puzzle, and how many line logic solved.
fn report(name: &str, times: Vec<(Duration, bool)>) {
    let solved = times.iter().filter(|(_, solved)| *solved).count();
    let count = times.len();
    let durations: Vec<Duration> = times.into_iter().map(|(time, _)| time).collect();
    let max = durations.iter().max().copied().unwrap_or_default();
    println!(
        "{name:<28} {count:>3} puzzles  median {:>9.1} µs  max {:>9.1} µs  line-solved {solved}",
        median(durations).as_secs_f64() * 1e6,
        max.as_secs_f64() * 1e6,
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "cli") {
        cli(&args);
        return;
    }
    process::refuse_unknown(&args, &[], &[], USAGE);
    let sets = colour_sets();
    let bw = random_puzzles(30, COUNT);
    let options = Options::default().with_strategy(Strategy::Auto);
    println!("check (solve + uniqueness), one backend by size, once per puzzle");
    let mut colour_medians = Vec::new();
    for (name, puzzles) in &sets {
        let times = puzzles
            .iter()
            .map(|puzzle| {
                let run = || check(puzzle, &options).expect("encodes");
                time_check(run, |grid| puzzle.check(grid).is_ok())
            })
            .collect();
        colour_medians.push((name.clone(), report_checks(name, times)));
    }
    let bw_times = bw
        .iter()
        .map(|(puzzle, _)| {
            let run = || check(puzzle, &options).expect("encodes");
            time_check(run, |grid| puzzle.check(grid).is_ok())
        })
        .collect();
    let bw_median = report_checks("random30 b&w", bw_times);
    for (name, median) in colour_medians
        .iter()
        .filter(|(name, _)| name.starts_with("random30"))
    {
        println!(
            "{name:<28} median / b&w random30 median = {:.2}",
            median.as_secs_f64() / bw_median.as_secs_f64()
        );
    }

    let mut solver = ColourLineSolver::new();
    println!("\ncolour line propagation, best of {RUNS} runs per puzzle");
    for (name, puzzles) in &sets {
        let times = puzzles
            .iter()
            .map(|puzzle| time_colour(puzzle, &mut solver))
            .collect();
        report(name, times);
    }

    let mut dp = DpLineSolver::new();
    let bw_times = bw
        .iter()
        .map(|(puzzle, _)| {
            let mut best = Duration::MAX;
            let mut solved = false;
            for _ in 0..RUNS {
                let start = Instant::now();
                let mut grid = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
                let result = propagate(puzzle, &mut grid, &mut dp);
                best = best.min(start.elapsed());
                black_box(&result);
                solved = grid
                    .to_picture()
                    .is_some_and(|picture| puzzle.check(&picture).is_ok());
            }
            (best, solved)
        })
        .collect();
    report("random30 b&w, b&w DP", bw_times);
    let lifted = bw
        .iter()
        .map(|(puzzle, _)| time_colour(&ColourPuzzle::from_black_and_white(puzzle), &mut solver))
        .collect();
    report("random30 b&w, colour solver", lifted);

    let corpus = std::env::var_os("NONOSAT_PUZZLES")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../../shared/puzzles"
            ))
        });
    let Ok(entries) = std::fs::read_dir(corpus.join("number-loom/puzzles")) else {
        println!("number-loom: no corpus at {}", corpus.display());
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
    paths.sort();
    let (mut times, mut checks) = (Vec::new(), Vec::new());
    for path in paths {
        let bytes = std::fs::read(&path).expect("readable");
        let Ok(read) = formats::parse_bytes::<ColourPuzzle>(
            &bytes,
            &path.to_string_lossy(),
            None,
            &ReadOptions::default(),
        ) else {
            continue;
        };
        for entry in read.into_iter().filter(|e| e.puzzle.palette().len() > 1) {
            times.push(time_colour(&entry.puzzle, &mut solver));
            let run = || check(&entry.puzzle, &options).expect("encodes");
            checks.push(time_check(run, |grid| entry.puzzle.check(grid).is_ok()));
        }
    }
    report("number-loom colour", times);
    report_checks("number-loom colour, check", checks);
}

/// Checks each of `files` with `binary` in a process of its own: the processes' CPU time and
/// the verdicts.
fn run_binary(binary: &str, files: &[PathBuf]) -> (Duration, Vec<&'static str>) {
    let mut cpu = Duration::ZERO;
    let verdicts = files
        .iter()
        .map(|file| {
            let args = ["check", "--no-ambiguous", "--json"].map(OsStr::new);
            let run = process::run(binary, &[&args[..], &[file.as_os_str()]].concat());
            cpu += run.cpu;
            process::verdict(&run.stdout)
        })
        .collect();
    (cpu, verdicts)
}

/// The command lines this benchmark takes.
const USAGE: &str = "usage: cargo bench --bench colour [-- cli [--seed N] [--count N] \
                     [--binary PATH] [--base PATH]]";

/// The `cli` mode: see the module's comment.
fn cli(args: &[String]) {
    process::refuse_unknown(
        args,
        &["cli"],
        &["--seed", "--count", "--binary", "--base"],
        USAGE,
    );
    let seed = process::seed(args);
    let count: usize = process::flag(args, "--count").map_or(30, |n| n.parse().expect("--count N"));
    let binary = process::flag(args, "--binary").unwrap_or(process::RELEASE_BINARY);
    let base = process::flag(args, "--base");
    println!("seed {seed}; {count} puzzles a set, 30x30; `{binary} check --no-ambiguous`");
    let folder = std::env::temp_dir().join(format!("nonosat-colour-bench-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a temporary folder");
    for (density, colours) in [(0.5, 3), (0.5, 5), (0.9, 3), (0.9, 5)] {
        let set_seed = seed ^ (u64::from(colours) << 32) ^ (density * 100.0) as u64;
        let mut rng = XorShift64Star(set_seed | 1);
        let files: Vec<PathBuf> = (0..count)
            .map(|i| {
                let puzzle = random_colour_puzzle(&mut rng, 30, colours, density);
                let text = formats::write(&puzzle, formats::Format::Non).expect("writes");
                let path = folder.join(format!("d{density}-c{colours}-{i}.non"));
                std::fs::write(&path, text).expect("a temporary file");
                path
            })
            .collect();
        let name = format!("{}% density, {colours} colours", density * 100.0);
        let (time, verdicts) = run_binary(binary, &files);
        let unique = verdicts.iter().filter(|v| **v == "unique").count();
        let multiple = verdicts.iter().filter(|v| **v == "multiple").count();
        println!(
            "{name:<26} nonosat {:>6.2} CPU-s  unique {unique} multiple {multiple}",
            time.as_secs_f64()
        );
        if verdicts
            .iter()
            .any(|v| !matches!(*v, "unique" | "multiple"))
        {
            println!("!! a planted puzzle answered neither unique nor multiple: {verdicts:?}");
        }
        if let Some(base) = base {
            let (base_time, base_verdicts) = run_binary(base, &files);
            println!(
                "{name:<26} base    {:>6.2} CPU-s  ({:.1}x)",
                base_time.as_secs_f64(),
                base_time.as_secs_f64() / time.as_secs_f64().max(1e-3)
            );
            if base_verdicts != verdicts {
                println!("!! the verdicts differ from the base's");
            }
        }
    }
    std::fs::remove_dir_all(&folder).expect("the temporary folder goes");
}
