//! The hard-puzzle benchmark: `check`/`solve` time on fixed puzzle sets under every SAT backend
//! and their race (wall time: the race keeps two cores busy), with varisat (the engine of before
//! CaDiCaL) as the baseline in the same run, and line propagation alone beside each puzzle.
//!
//! `cargo bench --bench hard [-- [SET] [--backend NAME] [--timeout SECONDS] [--count N] [--each]]`,
//! where SET names one set (see [`SET_NAMES`]), `--backend` keeps one backend, `--timeout` bounds
//! each puzzle (default: none, but [`WOLTER_TIMEOUT`] for `wolter`), `--count` the puzzles of a
//! random set (default 100 for random30, 20 for random50; the first ones are always the same) or
//! taken from each tournament file (default [`TOURNAMENT_COUNT`]; 1000 is a whole set), and `--each`
//! prints a line per puzzle of every set, not only of the small ones. The corpus sets read the
//! folder named by `NONOSAT_PUZZLES`, else `../shared/puzzles` beside the crate. Each puzzle runs
//! once per backend; the propagation baseline is the best of [`BASELINE_RUNS`]. Every answer
//! is sanity-checked and problems are printed with `!!`; speed is never asserted.

mod common;

use common::{median, random_puzzles};

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::exit;
use std::time::{Duration, Instant};

use nonosat::deadline::Deadline;
use nonosat::formats;
use nonosat::logic::DpLineSolver;
use nonosat::logic::propagate::propagate;
use nonosat::model::{Cell, Grid, Puzzle};
use nonosat::sat::SatBackend;
use nonosat::solve::{self, CheckError, Options, Report, Strategy, Verdict};

const SET_NAMES: [&str; 10] = [
    "random30",
    "random50",
    "ndom",
    "ndom-large",
    "survey",
    "goal",
    "wolter",
    "jwilk",
    "cauldron",
    "tournament",
];
const BASELINE_RUNS: usize = 5;
const SURVEY_FILES: [&str; 2] = ["survey/webpbn-00803.nin", "survey/webpbn-01611.nin"];
/// Wolter's two puzzles that no solver of his survey finished, without their pictures.
const WOLTER_FILES: [&str; 2] = ["survey/knotty.nin", "survey/faase.nin"];
/// The per-puzzle limit of the `wolter` set when `--timeout` is not given.
const WOLTER_TIMEOUT: Duration = Duration::from_secs(60);
/// Puzzles with the designer's picture given, and the picture's file (none: the puzzle's own
/// solution, found first).
const GOAL_CASES: [(&str, Option<&str>); 5] = [
    ("survey/webpbn-00803.nin", None),
    ("survey/webpbn-01611.nin", None),
    ("ndom/12-dom.nin", None),
    ("survey/knotty.nin", Some("survey/knotty-goal.txt")),
    ("survey/faase.nin", Some("survey/faase-solution1.txt")),
];
/// The n-Dom sizes beyond the corpus's 3..14, made by [`ndom`].
const LARGE_NDOM: std::ops::RangeInclusive<usize> = 15..=20;
const TOURNAMENT_FILES: [&str; 2] = ["tournament/taai2011.txt", "tournament/icga2017.txt"];
const TOURNAMENT_COUNT: usize = 100;

#[derive(Clone, Copy)]
enum Task {
    /// Solve and prove uniqueness.
    Check,
    /// First solution only.
    Solve,
}

impl Task {
    fn run(self, puzzle: &Puzzle, options: &Options) -> Result<Report, CheckError> {
        match self {
            Task::Check => solve::check(puzzle, options),
            Task::Solve => solve::solve(puzzle, options),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Task::Check => "check",
            Task::Solve => "solve",
        }
    }
}

/// One puzzle to time, with the picture it was made from when there is one.
struct Case {
    name: String,
    puzzle: Puzzle,
    picture: Option<Grid<bool>>,
}

struct Set {
    name: &'static str,
    task: Task,
    /// Print one line per puzzle.
    per_file: bool,
    cases: Vec<Case>,
}

/// What one puzzle took.
struct Timing {
    name: String,
    verdict: &'static str,
    task: Duration,
    baseline: Duration,
}

struct Args {
    filter: Option<String>,
    /// The time limit of each puzzle.
    timeout: Option<Duration>,
    /// The backend choices to run, varisat (the baseline) first.
    backends: Vec<Strategy>,
    /// The puzzles of a random set, or taken from each tournament file, when not the default.
    count: Option<usize>,
    /// Print one line per puzzle of every set, not only of the small ones.
    each: bool,
}

fn main() {
    let args = parse_args();
    let selected: Vec<&str> = SET_NAMES
        .into_iter()
        .filter(|name| args.filter.as_deref().is_none_or(|f| *name == f))
        .collect();
    if selected.is_empty() {
        usage(&format!(
            "no set matches {:?}",
            args.filter.unwrap_or_default()
        ));
    }
    let corpus = corpus_dir();
    let mut skipped = false;
    for name in selected {
        let mut set = match (name, &corpus) {
            ("random30", _) => random_set("random30", 30, args.count.unwrap_or(100)),
            ("random50", _) => random_set("random50", 50, args.count.unwrap_or(20)),
            ("ndom-large", _) => ndom_set(&LARGE_NDOM, corpus.as_deref()),
            (_, Some(dir)) => corpus_set(name, dir, args.count.unwrap_or(TOURNAMENT_COUNT)),
            (_, None) => {
                skipped = true;
                continue;
            }
        };
        set.per_file |= args.each;
        let timeout = match name {
            "wolter" => args.timeout.or(Some(WOLTER_TIMEOUT)),
            _ => args.timeout,
        };
        let mut totals = Vec::new();
        for &backend in &args.backends {
            totals.push((backend, run_set(&set, backend, timeout)));
        }
        compare_backends(&totals);
    }
    if skipped {
        println!("corpus sets skipped: set NONOSAT_PUZZLES to the puzzles folder");
    }
}

fn parse_args() -> Args {
    let mut args = Args {
        filter: None,
        timeout: None,
        backends: bench_choices(),
        count: None,
        each: false,
    };
    let mut words = std::env::args().skip(1);
    while let Some(word) = words.next() {
        match word.as_str() {
            "--bench" => {} // passed by `cargo bench`
            "--timeout" => {
                let seconds = words.next().and_then(|s| s.parse::<f64>().ok());
                match seconds.and_then(|s| Duration::try_from_secs_f64(s).ok()) {
                    Some(limit) => args.timeout = Some(limit),
                    None => usage("--timeout needs a number of seconds"),
                }
            }
            "--backend" => {
                let name = words.next().unwrap_or_default();
                match Strategy::all().into_iter().find(|b| b.name() == name) {
                    Some(backend) => args.backends = vec![backend],
                    None => usage(&format!("no backend is called {name:?}")),
                }
            }
            "--count" => match words.next().and_then(|n| n.parse().ok()) {
                Some(count) => args.count = Some(count),
                None => usage("--count needs a number of puzzles"),
            },
            "--each" => args.each = true,
            flag if flag.starts_with('-') => usage(&format!("unknown option {flag}")),
            _ if args.filter.is_some() => usage("give at most one set filter"),
            _ => args.filter = Some(word),
        }
    }
    args
}

fn usage(problem: &str) -> ! {
    eprintln!("{problem}");
    eprintln!(
        "usage: cargo bench --bench hard -- [SET] [--backend NAME] [--timeout SECONDS] \
         [--count N] [--each]; sets: {}",
        SET_NAMES.join(", ")
    );
    exit(2)
}

/// The corpus folder: `NONOSAT_PUZZLES`, else `../shared/puzzles` beside the crate, else `None`.
fn corpus_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("NONOSAT_PUZZLES") {
        let dir = PathBuf::from(dir);
        if !dir.is_dir() {
            usage(&format!(
                "NONOSAT_PUZZLES={} is not a folder",
                dir.display()
            ));
        }
        return Some(dir);
    }
    let beside = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("../shared/puzzles");
    beside.is_dir().then_some(beside)
}

/// `count` random `side`x`side` pictures at 50% density, given to the engine without their
/// picture.
fn random_set(name: &'static str, side: usize, count: usize) -> Set {
    let cases = random_puzzles(side, count)
        .into_iter()
        .enumerate()
        .map(|(i, (puzzle, picture))| Case {
            name: format!("{name} #{}", i + 1),
            puzzle,
            picture: Some(picture),
        })
        .collect();
    Set {
        name,
        task: Task::Check,
        per_file: false,
        cases,
    }
}

/// Greifer's n-Dom ("Domino Logic III"), (2n+1)x(2n+1), from the clue pattern of the corpus's
/// `ndom/README.txt`: rows `3`, `1`, then n-1 times `3 1` and `1`, then `1`; columns `1`, `1`, then
/// n-1 times `1 3` and `1`, then `3`. Every n-Dom has exactly one solution.
fn ndom(n: usize) -> Puzzle {
    let clue = |blocks: &[usize]| nonosat::Clue::new(blocks.to_vec());
    let mut rows = vec![clue(&[3]), clue(&[1])];
    let mut columns = vec![clue(&[1]), clue(&[1])];
    for _ in 1..n {
        rows.extend([clue(&[3, 1]), clue(&[1])]);
        columns.extend([clue(&[1, 3]), clue(&[1])]);
    }
    rows.push(clue(&[1]));
    columns.push(clue(&[3]));
    Puzzle::new(rows, columns).expect("n-Dom's clues fit its grid")
}

/// n-Dom for each n of `sizes`, made from the clue pattern; with the corpus, the generator is
/// first checked against the corpus's 3- to 14-Dom, and a difference is printed with `!!`.
fn ndom_set(sizes: &std::ops::RangeInclusive<usize>, corpus: Option<&Path>) -> Set {
    for n in 3..=14 {
        let Some(dir) = corpus else { break };
        let file = format!("ndom/{n:02}-dom.nin");
        let same = load(dir, &file).first().map(|case| case.puzzle == ndom(n));
        if same != Some(true) {
            println!("!! the n-Dom generator does not give {file}");
        }
    }
    let cases = sizes
        .clone()
        .map(|n| Case {
            name: format!("{n}-Dom"),
            puzzle: ndom(n),
            picture: None,
        })
        .collect();
    Set {
        name: "ndom-large",
        task: Task::Check,
        per_file: true,
        cases,
    }
}

/// A set read from the corpus; `count` tournament puzzles are taken from each tournament file.
fn corpus_set(name: &'static str, dir: &Path, count: usize) -> Set {
    let files = |names: &[&str]| names.iter().map(|&f| String::from(f)).collect::<Vec<_>>();
    let (files, task, per_file, limit) = match name {
        "ndom" => (ndom_files(dir), Task::Check, true, usize::MAX),
        "survey" => (files(&SURVEY_FILES), Task::Check, true, usize::MAX),
        "wolter" => (files(&WOLTER_FILES), Task::Check, true, usize::MAX),
        "jwilk" => (jwilk_files(dir), Task::Check, false, usize::MAX),
        "cauldron" => (
            files(&["picross-solver/cauldron.non"]),
            Task::Check,
            true,
            usize::MAX,
        ),
        "tournament" => (files(&TOURNAMENT_FILES), Task::Solve, false, count),
        "goal" => {
            return Set {
                name,
                task: Task::Check,
                per_file: true,
                cases: goal_cases(dir),
            };
        }
        _ => unreachable!("unknown set {name}"),
    };
    let cases = files
        .iter()
        .flat_map(|f| load(dir, f).into_iter().take(limit))
        .collect();
    Set {
        name,
        task,
        per_file,
        cases,
    }
}

/// [`GOAL_CASES`], each puzzle carrying its picture as the goal.
fn goal_cases(dir: &Path) -> Vec<Case> {
    let mut cases = Vec::new();
    for (file, picture_file) in GOAL_CASES {
        let Some(case) = load(dir, file).into_iter().next() else {
            continue;
        };
        let goal = match picture_file {
            Some(picture_file) => match formats::read_path::<Puzzle>(&dir.join(picture_file), None)
            {
                Ok(entries) => entries
                    .into_iter()
                    .next()
                    .and_then(|e| e.puzzle.goal().cloned()),
                Err(error) => {
                    println!("!! ERROR reading {picture_file}: {error}");
                    None
                }
            },
            None => solve::solve(&case.puzzle, &Options::default())
                .ok()
                .and_then(|report| report.solutions.into_iter().next()),
        };
        match goal.map(|goal| case.puzzle.clone().with_goal(goal)) {
            Some(Ok(puzzle)) => cases.push(Case {
                name: format!("{} +goal", case.name),
                puzzle,
                picture: None,
            }),
            _ => println!("!! {file}: no goal picture"),
        }
    }
    cases
}

/// The corpus-relative paths of `jwilk/data/*.nin`, sorted.
fn jwilk_files(dir: &Path) -> Vec<String> {
    sorted_files(dir, "jwilk/data")
}

/// The corpus-relative paths of `ndom/*.nin`, sorted.
fn ndom_files(dir: &Path) -> Vec<String> {
    sorted_files(dir, "ndom")
}

/// The corpus-relative paths of the `.nin` files in `folder`, sorted.
fn sorted_files(dir: &Path, folder: &str) -> Vec<String> {
    let entries = match std::fs::read_dir(dir.join(folder)) {
        Ok(entries) => entries,
        Err(error) => {
            println!("!! ERROR reading {}: {error}", dir.join(folder).display());
            return Vec::new();
        }
    };
    let mut files: Vec<String> = entries
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".nin"))
        .map(|name| format!("{folder}/{name}"))
        .collect();
    files.sort();
    files
}

/// The puzzles of one corpus file, named by path and label; a file that fails to load is reported.
fn load(dir: &Path, file: &str) -> Vec<Case> {
    match formats::read_path(&dir.join(file), None) {
        Ok(entries) => entries
            .into_iter()
            .map(|entry| Case {
                name: format!("{file} {}", entry.label).trim_end().to_string(),
                puzzle: entry.puzzle,
                picture: None,
            })
            .collect(),
        Err(error) => {
            println!("!! ERROR reading {file}: {error}");
            Vec::new()
        }
    }
}

/// Each backend alone, varisat first, then the race of both when there are two, then the
/// depth-first search with probing.
fn bench_choices() -> Vec<Strategy> {
    let mut choices: Vec<Strategy> = SatBackend::ALL.iter().map(|&b| Strategy::Only(b)).collect();
    if choices.len() > 1 {
        choices.push(Strategy::Race);
    }
    choices.push(Strategy::Probing);
    choices
}

/// Times every case of `set` under `backend` beside its propagation baseline, prints the per-set
/// summary, and returns the set's total time.
fn run_set(set: &Set, backend: Strategy, timeout: Option<Duration>) -> Duration {
    println!(
        "== {} ({}, {}): {} puzzles",
        set.name,
        set.task.name(),
        backend.name(),
        set.cases.len()
    );
    let mut timings = Vec::new();
    for case in &set.cases {
        let baseline = propagation_time(&case.puzzle);
        let options = Options::default()
            .with_strategy(backend)
            .with_deadline(timeout.map(Deadline::after));
        let started = Instant::now();
        let outcome = set.task.run(&case.puzzle, &options);
        let task = started.elapsed();
        for problem in problems(case, &outcome) {
            println!("!! {}: {problem}", case.name);
        }
        let verdict = outcome
            .as_ref()
            .map_or("error", |report| report.verdict.name());
        if set.per_file {
            let line_solvable = outcome.as_ref().map(|report| report.line_solvable).ok();
            println!(
                "   {:<26} {verdict:<9} {:>11.3} ms  line_solvable={}",
                case.name,
                ms(task),
                line_solvable.map_or("?".to_string(), |b| b.to_string()),
            );
        }
        timings.push(Timing {
            name: case.name.clone(),
            verdict,
            task,
            baseline,
        });
    }
    summarize(set.name, backend, &timings)
}

/// Each backend's total against the first one's (varisat, the baseline), when there are several.
fn compare_backends(totals: &[(Strategy, Duration)]) {
    let Some(&(base, base_total)) = totals.first() else {
        return;
    };
    for &(backend, total) in &totals[1..] {
        println!(
            "   {}: {:.3} ms against {} {:.3} ms: {:.2}x the baseline's time",
            backend.name(),
            ms(total),
            base.name(),
            ms(base_total),
            total.as_secs_f64() / base_total.as_secs_f64().max(1e-9)
        );
    }
}

/// Line propagation alone to its fixpoint on a blank grid: the best of [`BASELINE_RUNS`].
fn propagation_time(puzzle: &Puzzle) -> Duration {
    (0..BASELINE_RUNS)
        .map(|_| {
            let mut grid = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
            let started = Instant::now();
            let _ = black_box(propagate(puzzle, &mut grid, &mut DpLineSolver::new()));
            started.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// What is wrong with an answer: errors, timeouts, and anything inconsistent. Cheap checks only.
fn problems(case: &Case, outcome: &Result<Report, CheckError>) -> Vec<String> {
    let report = match outcome {
        Ok(report) => report,
        Err(error) => return vec![format!("ERROR {error}")],
    };
    let mut found = Vec::new();
    for (i, solution) in report.solutions.iter().enumerate() {
        if let Err(mismatch) = case.puzzle.check(solution) {
            found.push(format!("solution {} breaks a clue: {mismatch}", i + 1));
        }
    }
    let count = report.solutions.len();
    let expected = match report.verdict {
        Verdict::Timeout => {
            found.push(format!("TIMEOUT after {:.3} ms", ms(report.elapsed)));
            count
        }
        Verdict::None => 0,
        Verdict::Unique | Verdict::Solved => 1,
        Verdict::Multiple => 2,
    };
    if count != expected {
        found.push(format!(
            "verdict {} with {count} solution(s)",
            report.verdict
        ));
    }
    if let [first, second] = report.solutions.as_slice()
        && first == second
    {
        found.push("the two solutions are the same grid".to_string());
    }
    if let Some(picture) = &case.picture {
        match report.verdict {
            Verdict::None => {
                found.push("no solution, but the puzzle was made from a picture".into())
            }
            Verdict::Unique if report.solutions.first() != Some(picture) => {
                found.push("unique, but the solution is not the picture".into());
            }
            _ => {}
        }
    }
    found
}

/// Milliseconds, to the microsecond.
fn ms(duration: Duration) -> f64 {
    duration.as_micros() as f64 / 1000.0
}

/// Prints the counts, total, median, maximum, slowest five, baseline and ratio of a set under
/// `backend`, then its `json:` line; returns the total.
fn summarize(set: &str, backend: Strategy, timings: &[Timing]) -> Duration {
    let mut verdicts = BTreeMap::new();
    for timing in timings {
        *verdicts.entry(timing.verdict).or_insert(0usize) += 1;
    }
    let total: Duration = timings.iter().map(|t| t.task).sum();
    let baseline: Duration = timings.iter().map(|t| t.baseline).sum();
    let max = timings.iter().max_by_key(|t| t.task);
    let (max_ms, max_puzzle) = max.map_or((0.0, ""), |t| (ms(t.task), t.name.as_str()));
    let median_ms = ms(median(timings.iter().map(|t| t.task).collect()));
    let ratio = (ms(total) / ms(baseline) * 10.0).round() / 10.0;
    let counts: Vec<String> = verdicts.iter().map(|(v, n)| format!("{v}={n}")).collect();
    println!("   verdicts: {}", counts.join(" "));
    println!(
        "   total {:.3} ms, median {median_ms:.3} ms, max {max_ms:.3} ms ({max_puzzle})",
        ms(total)
    );
    let mut slowest: Vec<&Timing> = timings.iter().collect();
    slowest.sort_by_key(|t| std::cmp::Reverse(t.task));
    let slowest: Vec<String> = slowest
        .iter()
        .take(5)
        .map(|t| format!("{} {:.1} ms", t.name, ms(t.task)))
        .collect();
    println!("   slowest: {}", slowest.join(", "));
    println!(
        "   baseline (propagation, best of {BASELINE_RUNS}) {:.3} ms, ratio {ratio:.1}x",
        ms(baseline)
    );
    let summary = serde_json::json!({
        "set": set,
        "backend": backend.name(),
        "puzzles": timings.len(),
        "total_ms": ms(total),
        "median_ms": median_ms,
        "max_ms": max_ms,
        "max_puzzle": max_puzzle,
        "baseline_ms": ms(baseline),
        "ratio": ratio,
        "verdicts": verdicts,
    });
    println!("json: {summary}");
    total
}
