//! Solution paths against plain line propagation on the same puzzles: what supports, the graph and
//! the rating's SAT check cost.
//!
//! Run: `cargo bench --bench explain`. Puzzles: the line-solvable puzzles of nonogram-db in the
//! shared corpus (`$NONOSAT_PUZZLES`, else `../shared/puzzles`); without the corpus nothing runs.
//! Each time is the median of 5 runs.

#[allow(dead_code)] // this benchmark uses only the median
mod common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::median;
use nonosat::explain::nonogram::ExplainOptions;
use nonosat::explain::{explain, rate};
use nonosat::logic::DpLineSolver;
use nonosat::logic::propagate::propagate;
use nonosat::solve::Options;
use nonosat::{Cell, Grid, Puzzle};

const RUNS: usize = 5;

fn time(mut work: impl FnMut()) -> Duration {
    median(
        (0..RUNS)
            .map(|_| {
                let started = Instant::now();
                work();
                started.elapsed()
            })
            .collect(),
    )
}

fn corpus() -> Vec<(String, Puzzle)> {
    let dir = std::env::var_os("NONOSAT_PUZZLES")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("../shared/puzzles")
        });
    let Ok(expected) = std::fs::read_to_string(dir.join("EXPECTED.tsv")) else {
        eprintln!("corpus not found: set NONOSAT_PUZZLES; nothing to measure");
        return Vec::new();
    };
    expected
        .lines()
        .filter(|line| line.starts_with("nonogram-db/") && line.contains("unique logical"))
        .filter_map(|line| {
            let path = line.split('\t').next()?;
            let entries = nonosat::formats::read_path(&dir.join(path), None).ok()?;
            Some((path.to_owned(), entries.into_iter().next()?.puzzle))
        })
        .collect()
}

fn main() {
    let puzzles = corpus();
    println!(
        "{:<44} {:>9} {:>10} {:>10} {:>7}",
        "puzzle", "size", "propagate", "explain", "ratio"
    );
    let (mut base_total, mut path_total) = (Duration::ZERO, Duration::ZERO);
    for (name, puzzle) in &puzzles {
        let empty = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
        let base = time(|| {
            let mut grid = empty.clone();
            propagate(puzzle, &mut grid, &mut DpLineSolver::new()).expect("solvable");
        });
        let path = time(|| {
            let explanation = explain(puzzle, &empty, &ExplainOptions::default());
            rate(puzzle, &explanation, &Options::default()).expect("rated");
        });
        base_total += base;
        path_total += path;
        println!(
            "{name:<44} {:>9} {:>8.2}ms {:>8.2}ms {:>6.0}x",
            format!("{}x{}", puzzle.width(), puzzle.height()),
            base.as_secs_f64() * 1e3,
            path.as_secs_f64() * 1e3,
            path.as_secs_f64() / base.as_secs_f64()
        );
    }
    println!(
        "{} puzzles: propagate {:.1} ms, explain and rate {:.1} ms in all ({:.0}x)",
        puzzles.len(),
        base_total.as_secs_f64() * 1e3,
        path_total.as_secs_f64() * 1e3,
        path_total.as_secs_f64() / base_total.as_secs_f64()
    );
}
