//! Ambiguity in depth: the ambiguous-cell set against the plain uniqueness check, certified
//! verdicts (proof writing and independent checking), and `fix` on 20x20 designs.
//!
//! `cargo bench --bench depth [-- SET]`, SET one of `ambiguous`, `proof`, `fix`. Every answer is
//! sanity-checked and problems are printed with `!!`; speed is never asserted.

mod common;

use common::{XorShift64Star, median, random_puzzles};

use std::time::{Duration, Instant};

use drat_check::{check_refutation, parse_dimacs, parse_drat};
use nonosat::model::{Grid, Puzzle};
use nonosat::sat::SatBackend;
use nonosat::solve::certify::prove;
use nonosat::solve::fix;
use nonosat::solve::repair::FixOptions;
use nonosat::solve::{Options, Verdict, check};

/// The sets, in the order they run.
const SETS: [&str; 3] = ["ambiguous", "proof", "fix"];

fn main() {
    // `--bench` is passed by `cargo bench`; anything else but one set's name is a mistake.
    let words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|w| w != "--bench")
        .collect();
    let filter = match &words[..] {
        [] => None,
        [set] if SETS.contains(&set.as_str()) => Some(set.as_str()),
        _ => {
            eprintln!(
                "usage: cargo bench --bench depth [-- SET], SET one of {}",
                SETS.join(", ")
            );
            std::process::exit(2)
        }
    };
    let wanted = |name: &str| filter.is_none_or(|f| f == name);
    if wanted("ambiguous") {
        ambiguous();
    }
    if wanted("proof") {
        proof();
    }
    if wanted("fix") {
        fix_designs();
    }
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

/// The random 30x30 set of the engine bench: plain `check` and `check` with every ambiguous cell,
/// one after the other on each puzzle.
fn ambiguous() {
    let (mut plain_total, mut deep_total) = (Duration::ZERO, Duration::ZERO);
    let (mut ratios, mut sizes) = (Vec::new(), Vec::new());
    let deep = Options::default().with_ambiguous_cells(true);
    let puzzles = random_puzzles(30, 100);
    for (i, (puzzle, _)) in puzzles.iter().enumerate() {
        let started = Instant::now();
        let plain = check(puzzle, &Options::default()).expect("checks");
        let plain_time = started.elapsed();
        let started = Instant::now();
        let full = check(puzzle, &deep).expect("checks");
        let deep_time = started.elapsed();
        let ambiguous = full.ambiguous.clone().unwrap_or_default();
        if full.verdict != plain.verdict
            || !plain
                .differing_cells()
                .iter()
                .all(|p| ambiguous.contains(p))
        {
            println!("!! random30 #{}: the deep check disagrees", i + 1);
        }
        plain_total += plain_time;
        deep_total += deep_time;
        ratios.push(deep_time.as_secs_f64() / plain_time.as_secs_f64());
        sizes.push(ambiguous.len());
    }
    sizes.sort();
    ratios.sort_by(f64::total_cmp);
    println!(
        "ambiguous: random30, 100 puzzles: plain check {:.0} ms, with every ambiguous cell {:.0} ms \
         in total; ratio {:.2}x (per puzzle: median {:.2}x, max {:.2}x); ambiguous cells per \
         puzzle: median {}, max {}",
        ms(plain_total),
        ms(deep_total),
        deep_total.as_secs_f64() / plain_total.as_secs_f64(),
        ratios[ratios.len() / 2],
        ratios[ratios.len() - 1],
        sizes[sizes.len() / 2],
        sizes[sizes.len() - 1],
    );
}

/// Unique random 30x30 puzzles (60% black, which makes uniqueness likely): time to check, to
/// write the DRAT proof, and to check it with the independent checker.
fn proof() {
    let mut rng = XorShift64Star(0x00DD_BA11_5EED);
    let mut found = 0;
    let (mut checks, mut proves, mut verifies) = (Vec::new(), Vec::new(), Vec::new());
    while found < 10 {
        let picture = random_picture(&mut rng, 30, 0.6);
        let puzzle = bare(&picture);
        let started = Instant::now();
        let report = check(&puzzle, &Options::default()).expect("checks");
        let check_time = started.elapsed();
        if report.verdict != Verdict::Unique || report.line_solvable {
            continue;
        }
        found += 1;
        let (mut formula, mut drat) = (Vec::new(), Vec::new());
        let started = Instant::now();
        let other = prove(
            &puzzle,
            Some(&picture),
            &mut formula,
            &mut drat,
            SatBackend::for_cells(puzzle.cell_count()),
            None,
        )
        .map(|proof| proof.other);
        let prove_time = started.elapsed();
        if !matches!(other, Ok(None)) {
            println!("!! proof #{found}: the certifying solve did not refute");
            continue;
        }
        let started = Instant::now();
        let formula = parse_dimacs(&String::from_utf8(formula).unwrap()).unwrap();
        let steps = parse_drat(&String::from_utf8(drat.clone()).unwrap()).unwrap();
        let verified = check_refutation(&formula, &steps);
        let verify_time = started.elapsed();
        match verified {
            Ok(done) => println!(
                "proof #{found}: check {:.1} ms, proof {:.1} ms ({} lemmas, {} KiB), \
                 independent check {:.1} ms",
                ms(check_time),
                ms(prove_time),
                done.rup + done.rat,
                drat.len() / 1024,
                ms(verify_time)
            ),
            Err(rejection) => println!("!! proof #{found}: rejected: {rejection}"),
        }
        checks.push(check_time);
        proves.push(prove_time);
        verifies.push(verify_time);
    }
    println!(
        "proof: 10 unique 30x30 puzzles needing search: median check {:.1} ms, proof {:.1} ms, \
         independent check {:.1} ms; slowest check of a proof {:.1} ms",
        ms(median(checks)),
        ms(median(proves)),
        ms(median(verifies.clone())),
        ms(verifies.into_iter().max().unwrap_or_default())
    );
}

/// 20x20 designs (55% black) whose ambiguity lies in a few regions: `fix` with its defaults.
fn fix_designs() {
    let mut rng = XorShift64Star(0xF1C5_0000_2020);
    let mut found = 0;
    let (mut times, mut pair_times) = (Vec::new(), Vec::new());
    while found < 10 {
        let picture = random_picture(&mut rng, 20, 0.55);
        let deep = Options::default().with_ambiguous_cells(true);
        let report = check(&bare(&picture), &deep).expect("checks");
        let ambiguous = report.ambiguous.unwrap_or_default().len();
        if report.verdict != Verdict::Multiple || !(8..=60).contains(&ambiguous) {
            continue;
        }
        found += 1;
        let started = Instant::now();
        let repairs = fix(&bare(&picture), &picture, &FixOptions::default()).expect("fixes");
        let time = started.elapsed();
        let hints = repairs.hints.expect("hints for a multiple design");
        for edit in &repairs.edits {
            let unique = check(&bare(&edit.picture), &Options::default()).expect("checks");
            if unique.verdict != Verdict::Unique {
                println!("!! fix #{found}: an edit is not unique");
            }
        }
        let with_pairs = FixOptions::default().with_pairs(true);
        let started = Instant::now();
        let paired = fix(&bare(&picture), &picture, &with_pairs).expect("fixes");
        let pairs_time = started.elapsed();
        println!(
            "fix #{found}: {ambiguous} ambiguous cells; {} hints ({}), {} alternatives; {} edits; \
             {:.1} ms; with --pairs {} edits in {:.1} ms",
            hints.cells.len(),
            if hints.proved_minimal {
                "proved minimal"
            } else {
                "best found"
            },
            hints.alternatives,
            repairs.edits.len(),
            ms(time),
            paired.edits.len(),
            ms(pairs_time)
        );
        times.push(time);
        pair_times.push(pairs_time);
    }
    println!(
        "fix: 10 designs of 20x20: median {:.1} ms, max {:.1} ms; with --pairs median {:.1} ms, \
         max {:.1} ms",
        ms(median(times.clone())),
        ms(times.into_iter().max().unwrap_or_default()),
        ms(median(pair_times.clone())),
        ms(pair_times.into_iter().max().unwrap_or_default())
    );
}

fn random_picture(rng: &mut XorShift64Star, side: usize, density: f64) -> Grid<bool> {
    let rows = (0..side)
        .map(|_| (0..side).map(|_| rng.next_f64() < density).collect())
        .collect();
    Grid::from_rows(rows).expect("rows of equal length")
}

/// The puzzle of `picture`'s clues, without the picture.
fn bare(picture: &Grid<bool>) -> Puzzle {
    let clued = Puzzle::from_picture(picture).expect("a picture makes a puzzle");
    Puzzle::new(clued.rows().to_vec(), clued.columns().to_vec()).expect("its own clues")
}
