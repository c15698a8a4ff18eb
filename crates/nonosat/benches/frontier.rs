//! The frontier benchmark: fresh random sets, new on every run unless a seed is given, run through
//! the binary as a user runs it, with per-set totals, medians, p99 and maxima beside the floors
//! of issue 30. Fixed sets invite tuning to them; these are for reporting.
//!
//! `cargo bench --bench frontier -- [--sets NAME,...] [--seed N] [--count N] [--timeout S]
//! [--binary PATH] [--base PATH] [--keep DIR]`; `--help` prints this line, and any other argument
//! is refused with it, before anything runs.
//!
//! The sets ([`SETS`]):
//! - `tournament`: three sets like the computer tournaments' (TAAI, ICGA): 1000 random 25x25
//!   pictures each, black density falling from 50% to 35% along the set, in the tournament format;
//!   each set is solved by one `nonosat solve --json FILE` process (first solutions, as the
//!   tournaments ask), its CPU time the set's total and each record's `time_ms` the puzzle's time
//!   (a slow puzzle's CPU time alone, see [`run_whole`]).
//! - `random30` (1000), `random40` (100), `random50` (100), `random60` (20): random square pictures
//!   at 50%, given as clues (`.non`), each checked by `nonosat check --no-ambiguous --json FILE` in
//!   a process of its own, its CPU time (user and system, every thread) the puzzle's time.
//!
//! `--count` replaces every chosen set's size (the first puzzles of a seed are always the same);
//! `--timeout` replaces each set's per-puzzle limit. `--base`, a second binary (a build before a
//! change), runs the same files in the same run, puzzle by puzzle in turn with the first for the
//! one-process-a-puzzle sets, and its verdicts must agree. `--keep DIR` writes the sets into DIR
//! and keeps them; otherwise they live in a temporary folder. Every verdict of a planted puzzle
//! must be unique, multiple or solved; anything else is printed with `!!`. Each set's five slowest
//! puzzles are named with every binary's time and verdict. Speed is never asserted.

// Each benchmark uses a part of what the benchmarks share.
#[allow(dead_code)]
mod common;
#[path = "common/process.rs"]
mod process;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use common::{XorShift64Star, random_puzzle};
use nonosat::Puzzle;
use nonosat::formats::{self, Format};

/// A set of the benchmark: its name, how many puzzles, their side, and the limit per puzzle.
struct SetSpec {
    name: &'static str,
    count: usize,
    side: usize,
    timeout: u64,
    /// The floor of issue 30, printed beside the figures: the most total CPU seconds, and the
    /// most seconds any one puzzle may take (none for a set without a floor).
    floor: Option<(f64, f64)>,
}

const SETS: [SetSpec; 5] = [
    SetSpec {
        name: "tournament",
        count: 1000,
        side: 25,
        timeout: 60,
        floor: Some((25.0, 2.0)),
    },
    SetSpec {
        name: "random30",
        count: 1000,
        side: 30,
        timeout: 60,
        floor: Some((12.0, 0.5)),
    },
    SetSpec {
        name: "random40",
        count: 100,
        side: 40,
        timeout: 60,
        floor: None,
    },
    SetSpec {
        name: "random50",
        count: 100,
        side: 50,
        timeout: 60,
        floor: Some((60.0, 60.0)),
    },
    SetSpec {
        name: "random60",
        count: 20,
        side: 60,
        timeout: 120,
        floor: Some((f64::INFINITY, 120.0)),
    },
];

/// A tournament puzzle slower than this in its set's run is timed again alone (see [`run_whole`]).
const RERUN_OVER: Duration = Duration::from_millis(200);

/// How many tournament-like sets `tournament` makes.
const TOURNAMENT_SETS: usize = 3;

/// One binary's results on one set: a time and a verdict per puzzle, and the total CPU time.
#[derive(Default)]
struct Outcome {
    times: Vec<Duration>,
    verdicts: Vec<&'static str>,
    total: Duration,
}

/// A generator for the set numbered `tag` of `seed`: splitmix64 of both, so that neighbouring
/// seeds and tags give unrelated sets (and the state is never zero, which xorshift cannot leave).
fn generator(seed: u64, tag: u64) -> XorShift64Star {
    let mut z = seed ^ tag.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    XorShift64Star((z ^ (z >> 31)) | 1)
}

/// The nearest-rank percentile `p` (0 to 100) of sorted `values`.
fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Prints one binary's line for a set: total, median, p99, maximum, how many undecided, and, for a
/// set with a floor, how many are over its per-puzzle bound and whether it holds.
fn print_outcome(who: &str, spec: &SetSpec, outcome: &Outcome) {
    let mut sorted = outcome.times.clone();
    sorted.sort();
    let max = sorted.last().copied().unwrap_or_default();
    let undecided = outcome.verdicts.iter().filter(|v| !is_decided(v)).count();
    let total = outcome.total.as_secs_f64();
    let floor = spec.floor.map_or(String::new(), |(most_total, most_each)| {
        let over = sorted
            .iter()
            .filter(|t| t.as_secs_f64() > most_each)
            .count();
        let met = total < most_total && over == 0 && undecided == 0;
        format!(
            "  over {most_each} s: {over}  floor {}",
            if met { "met" } else { "NOT met" }
        )
    });
    println!(
        "  {who:<8} total {total:>8.2} CPU-s  median {:>8.1} ms  p99 {:>8.1} ms  max {:>8.1} ms  \
         undecided {undecided}{floor}",
        common::median(sorted.clone()).as_secs_f64() * 1e3,
        percentile(&sorted, 99.0).as_secs_f64() * 1e3,
        max.as_secs_f64() * 1e3,
    );
}

/// The floor of `spec` in words, after a set's heading.
fn floor_text(spec: &SetSpec) -> String {
    match spec.floor {
        Some((total, each)) if total.is_finite() => {
            format!("; floor: under {total} CPU-s, none over {each} s")
        }
        Some((_, each)) => format!("; floor: every one decided within {each} s"),
        None => String::new(),
    }
}

/// Whether `verdict` answers a planted puzzle (which always has a solution).
fn is_decided(verdict: &str) -> bool {
    matches!(verdict, "unique" | "multiple" | "solved")
}

/// Checks each of `files` with every binary in turn, one process a puzzle.
fn run_each(binaries: &[&str], files: &[PathBuf], timeout: u64) -> Vec<Outcome> {
    let timeout = timeout.to_string();
    let mut outcomes: Vec<Outcome> = binaries.iter().map(|_| Outcome::default()).collect();
    for file in files {
        for (binary, outcome) in binaries.iter().zip(&mut outcomes) {
            let args = ["check", "--no-ambiguous", "--json", "--timeout", &timeout];
            let mut args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
            args.push(file.as_os_str());
            let run = process::run(binary, &args);
            outcome.times.push(run.cpu);
            outcome.total += run.cpu;
            outcome.verdicts.push(process::verdict(&run.stdout));
        }
    }
    outcomes
}

/// Solves the whole tournament `file` with each binary, one process each: the process's CPU time
/// is the set's total, and each record's `time_ms` (wall time) the puzzle's, except that a puzzle
/// whose wall time passes [`RERUN_OVER`] is solved again alone, in a process of its own, and its CPU
/// time taken instead (wall time on a shared machine overstates, and a race runs two threads).
fn run_whole(binaries: &[&str], file: &Path, puzzles: &[Puzzle], timeout: u64) -> Vec<Outcome> {
    let timeout = timeout.to_string();
    let solve = |binary: &str, file: &Path| {
        let args = ["solve", "--json", "--timeout", &timeout];
        let mut args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
        args.push(file.as_os_str());
        process::run(binary, &args)
    };
    binaries
        .iter()
        .map(|binary| {
            let run = solve(binary, file);
            let mut outcome = Outcome {
                total: run.cpu,
                ..Outcome::default()
            };
            for (index, record) in run.stdout.lines().enumerate() {
                outcome.verdicts.push(process::verdict(record));
                let mut time = record_time(record);
                if let Some(puzzle) = puzzles.get(index).filter(|_| time > RERUN_OVER) {
                    let alone = file.with_extension(format!("{index}.non"));
                    let text = formats::write(puzzle, Format::Non).expect("writes");
                    std::fs::write(&alone, text).expect("a puzzle's file");
                    time = solve(binary, &alone).cpu;
                }
                outcome.times.push(time);
            }
            outcome
        })
        .collect()
}

/// The `time_ms` of a `--json` record (zero where it has none).
fn record_time(record: &str) -> Duration {
    let Some(at) = record.find("\"time_ms\":") else {
        return Duration::ZERO;
    };
    let number: String = record[at + 10..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == 'e' || *c == '-')
        .collect();
    Duration::from_secs_f64(number.parse::<f64>().unwrap_or(0.0) / 1e3)
}

/// Prints every binary's line for a set, `!!` where a verdict is not a planted puzzle's or
/// differs from the first binary's, and the puzzles only some binaries decided.
fn report(spec: &SetSpec, names: &[&str], outcomes: &[Outcome], expected: usize) {
    for (name, outcome) in names.iter().zip(outcomes) {
        print_outcome(name, spec, outcome);
        if outcome.verdicts.len() != expected {
            println!(
                "!! {name}: {} answers for {expected} puzzles",
                outcome.verdicts.len()
            );
        }
    }
    let first = &outcomes[0].verdicts;
    for (index, verdict) in first.iter().enumerate() {
        if !is_decided(verdict) {
            println!("!! puzzle {index}: {verdict}");
        }
    }
    // A puzzle one binary decides and another leaves undecided is no disagreement, but is named;
    // two decided verdicts that differ are.
    for (name, outcome) in names.iter().zip(outcomes).skip(1) {
        for (index, (mine, theirs)) in first.iter().zip(&outcome.verdicts).enumerate() {
            if mine == theirs {
                continue;
            }
            let mark = if is_decided(mine) && is_decided(theirs) {
                "!!"
            } else {
                "  "
            };
            println!("{mark} puzzle {index}: {mine}, {name} {theirs}");
        }
    }
    print_slowest(names, outcomes);
}

/// How many of a set's slowest puzzles [`print_slowest`] names.
const SLOWEST_SHOWN: usize = 5;

/// Names the set's [`SLOWEST_SHOWN`] slowest puzzles (slowest in any binary first), each with every
/// binary's time and verdict, so that the tail can be run again without timing the whole set.
fn print_slowest(names: &[&str], outcomes: &[Outcome]) {
    let slowest_in_any = |index: usize| {
        outcomes
            .iter()
            .filter_map(|outcome| outcome.times.get(index))
            .max()
            .copied()
            .unwrap_or_default()
    };
    let mut indices: Vec<usize> = (0..outcomes[0].times.len()).collect();
    indices.sort_by_key(|&index| std::cmp::Reverse(slowest_in_any(index)));
    println!("  slowest, ms ({}):", names.join(" / "));
    for index in indices.into_iter().take(SLOWEST_SHOWN) {
        let times: Vec<String> = outcomes
            .iter()
            .map(|outcome| {
                let time = outcome.times.get(index).copied().unwrap_or_default();
                format!("{:.1}", time.as_secs_f64() * 1e3)
            })
            .collect();
        let verdicts: Vec<&str> = outcomes
            .iter()
            .map(|outcome| outcome.verdicts.get(index).copied().unwrap_or("none"))
            .collect();
        println!(
            "    puzzle {index:<4} {:<24} {}",
            times.join(" / "),
            verdicts.join(" / ")
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let names: Vec<&str> = SETS.iter().map(|spec| spec.name).collect();
    let usage = format!(
        "usage: cargo bench --bench frontier -- [--sets NAME,...] [--seed N] [--count N] \
         [--timeout S] [--binary PATH] [--base PATH] [--keep DIR]; sets: {}",
        names.join(", ")
    );
    process::refuse_unknown(
        &args,
        &[],
        &[
            "--sets",
            "--seed",
            "--count",
            "--timeout",
            "--binary",
            "--base",
            "--keep",
        ],
        &usage,
    );
    let seed = process::seed(&args);
    let chosen: Vec<&str> = process::flag(&args, "--sets")
        .map_or_else(|| names.clone(), |chosen| chosen.split(',').collect());
    if let Some(unknown) = chosen.iter().find(|name| !names.contains(name)) {
        eprintln!("unknown set {unknown}\n{usage}");
        std::process::exit(2);
    }
    let count: Option<usize> =
        process::flag(&args, "--count").map(|n| n.parse().expect("--count N"));
    let timeout: Option<u64> =
        process::flag(&args, "--timeout").map(|s| s.parse().expect("--timeout SECONDS"));
    let binary = process::flag(&args, "--binary").unwrap_or(process::RELEASE_BINARY);
    let mut binaries = vec![binary];
    let mut names = vec!["nonosat"];
    if let Some(base) = process::flag(&args, "--base") {
        binaries.push(base);
        names.push("base");
    }
    let (folder, keep) = match process::flag(&args, "--keep") {
        Some(dir) => (PathBuf::from(dir), true),
        None => (
            std::env::temp_dir().join(format!("nonosat-frontier-{}", std::process::id())),
            false,
        ),
    };
    std::fs::create_dir_all(&folder).expect("a folder for the sets");
    println!("seed {seed}; binary {binary}");
    for (tag, spec) in SETS
        .iter()
        .enumerate()
        .filter(|(_, s)| chosen.contains(&s.name))
    {
        let count = count.unwrap_or(spec.count);
        let timeout = timeout.unwrap_or(spec.timeout);
        if spec.name == "tournament" {
            for set in 0..TOURNAMENT_SETS {
                let mut rng = generator(seed, (tag * 16 + set) as u64);
                let puzzles: Vec<Puzzle> = (0..count)
                    .map(|i| {
                        let along = i as f64 / (count.max(2) - 1) as f64;
                        random_puzzle(&mut rng, spec.side, 0.50 - 0.15 * along).0
                    })
                    .collect();
                let text = formats::write_all(&puzzles, Format::Tournament).expect("writes");
                let file = folder.join(format!("tournament-{set}.txt"));
                std::fs::write(&file, text).expect("the set's file");
                println!(
                    "tournament {set}: {count} puzzles 25x25, density 50% to 35%, `solve --json \
                     --timeout {timeout} {}`{}",
                    file.display(),
                    floor_text(spec),
                );
                report(
                    spec,
                    &names,
                    &run_whole(&binaries, &file, &puzzles, timeout),
                    count,
                );
            }
        } else {
            let mut rng = generator(seed, (tag * 16) as u64);
            let files: Vec<PathBuf> = (0..count)
                .map(|i| {
                    let (puzzle, _) = random_puzzle(&mut rng, spec.side, 0.5);
                    let path = folder.join(format!("{}-{i}.non", spec.name));
                    let text = formats::write(&puzzle, Format::Non).expect("writes");
                    std::fs::write(&path, text).expect("a puzzle's file");
                    path
                })
                .collect();
            println!(
                "{}: {count} puzzles {side}x{side} at 50%, `check --no-ambiguous --json --timeout \
                 {timeout} FILE`, one process each{}",
                spec.name,
                floor_text(spec),
                side = spec.side,
            );
            report(spec, &names, &run_each(&binaries, &files, timeout), count);
        }
    }
    if !keep {
        std::fs::remove_dir_all(&folder).expect("the temporary folder goes");
    }
}
