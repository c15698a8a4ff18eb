//! Tile designer benchmark: existence for N = 2400 cells with M = 3, 4 and 5 pictures, and the
//! paper's small examples.
//!
//! `cargo bench --bench tiles`
//!
//! - `random M`: [`SETS`] random sets of M pictures of 48x50 cells; picture `i` draws each cell
//!   uniformly from colours `s * i .. s * i + PALETTE`, where the shift `s` is 0 to 6 across the
//!   sets, so the pictures share all, much or little of their palettes. For each set: the exact integer programme, the paper's formula (M = 3), and
//!   the whole designer (existence, then Algorithm 1, the better search and the tiles when none
//!   exist). Median and maximum over the sets; the formula's ratio is to the exact method in the
//!   same run; for the sets without tiles, the mean colour distance of Algorithm 1 and of the
//!   better search.
//! - `paper`: the paper's 4-cell three-picture example and its four-picture extension (which took
//!   the paper 621,712 ms by exhaustive search), through the whole designer.
//!
//! Verdicts are cross-checked (formula against exact) and every tile set is verified; problems are
//! printed with `!!`. Speed is never asserted.

#[allow(dead_code)] // the benchmarks use different parts of it
#[path = "../../nonosat/benches/common/mod.rs"]
mod common;

use common::{XorShift64Star, median};

use std::process::exit;
use std::time::{Duration, Instant};

use nonosat::image::Rgb;
use nonosat_tiles::build::verify;
use nonosat_tiles::design::design;
use nonosat_tiles::exact;
use nonosat_tiles::picture::{PictureSet, parse_pictures};
use nonosat_tiles::three::allocate_three;
use nonosat_tiles::venn::Counts;

const WIDTH: usize = 48;
const HEIGHT: usize = 50;
const SETS: usize = 14;
const PALETTE: u64 = 10;
/// Set `k` shifts each picture's palette by `k % SHIFTS` colours: 0 (one shared palette) to 6.
const SHIFTS: usize = 7;
const SEED: u64 = 0x5EED_7113_0000_0003;

fn main() {
    let mut problems = 0;
    println!(
        "tiles: N = {} cells, {SETS} random sets per M",
        WIDTH * HEIGHT
    );
    println!(
        "{:<10} {:>6} {:>12} {:>12} {:>12} {:>12} {:>12}",
        "set", "tiles?", "exact med", "exact max", "formula med", "design med", "design max"
    );
    let mut rng = XorShift64Star(SEED);
    for pictures in 3..=5 {
        let (mut exact_times, mut formula_times, mut design_times) = (vec![], vec![], vec![]);
        let mut with_tiles = 0;
        // (Algorithm 1's distance, the better search's) for the sets without tiles.
        let mut distances: Vec<(f64, f64)> = Vec::new();
        for index in 0..SETS {
            let set = random_set(&mut rng, pictures, index % SHIFTS);
            let counts = Counts::of(&set);
            let started = Instant::now();
            let verdict = exact::allocate(&counts, None).map(|a| a.is_some());
            exact_times.push(started.elapsed());
            let Ok(verdict) = verdict else {
                println!("!! the exact method failed: {verdict:?}");
                problems += 1;
                continue;
            };
            with_tiles += usize::from(verdict);
            if pictures == 3 {
                let started = Instant::now();
                let by_formula = allocate_three(&counts).is_some();
                formula_times.push(started.elapsed());
                if by_formula != verdict {
                    println!("!! the formula says {by_formula}, the exact method {verdict}");
                    problems += 1;
                }
            }
            let started = Instant::now();
            match design(&set, None, None) {
                Ok(outcome) => {
                    design_times.push(started.elapsed());
                    if let (Some(paper), Some(ours)) = (&outcome.paper, &outcome.better) {
                        distances.push((paper.distance, ours.distance));
                        if ours.distance > paper.distance + 1e-12 {
                            println!("!! the better search is worse than Algorithm 1");
                            problems += 1;
                        }
                    }
                    if verify(&outcome.pictures, &outcome.tiles).is_err() {
                        println!("!! tiles that do not rebuild the pictures");
                        problems += 1;
                    }
                }
                Err(error) => {
                    println!("!! the designer failed: {error}");
                    problems += 1;
                }
            }
        }
        let max = |times: &[Duration]| times.iter().max().copied().unwrap_or_default();
        println!(
            "{:<10} {:>6} {:>12} {:>12} {:>12} {:>12} {:>12}",
            format!("random {pictures}"),
            format!("{with_tiles}/{SETS}"),
            ms(median(exact_times.clone())),
            ms(max(&exact_times)),
            if formula_times.is_empty() {
                "-".into()
            } else {
                ms(median(formula_times.clone()))
            },
            ms(median(design_times.clone())),
            ms(max(&design_times)),
        );
        if !distances.is_empty() {
            let count = distances.len() as f64;
            let mean =
                |pick: fn(&(f64, f64)) -> f64| distances.iter().map(pick).sum::<f64>() / count;
            let wins = distances.iter().filter(|(p, o)| o < &(p - 1e-12)).count();
            println!(
                "           recoloured {} sets: mean distance {:.4} (Algorithm 1) against {:.4} \
                 (better search), better in {wins}",
                distances.len(),
                mean(|d| d.0),
                mean(|d| d.1),
            );
        }
        if !formula_times.is_empty() {
            let ratio =
                median(exact_times).as_secs_f64() / median(formula_times).as_secs_f64().max(1e-9);
            println!("           formula is {ratio:.0}x faster than the exact method");
        }
    }
    for (name, rows) in [
        ("paper M=3", &["aabc", "ddef", "abdh"][..]),
        ("paper M=4", &["aabc", "ddef", "abdh", "affi"][..]),
    ] {
        let set = text_set(rows);
        let started = Instant::now();
        match design(&set, None, None) {
            Ok(outcome) => {
                let merges = outcome
                    .paper
                    .as_ref()
                    .map_or(0, |p| set.colours.len() - p.colours);
                println!(
                    "{name}: {} in total, tiles exist as given: {}, Algorithm 1 merges {merges}",
                    ms(started.elapsed()),
                    outcome.exists
                );
            }
            Err(error) => {
                println!("!! {name}: {error}");
                problems += 1;
            }
        }
    }
    if problems > 0 {
        exit(1);
    }
}

fn ms(time: Duration) -> String {
    format!("{:.2} ms", time.as_secs_f64() * 1e3)
}

/// A random set of `pictures` pictures (see the module notes).
fn random_set(rng: &mut XorShift64Star, pictures: usize, shift: usize) -> PictureSet {
    let mut palette: Vec<Rgb> = Vec::new();
    let mut colour_of = |index: usize, rng: &mut XorShift64Star| {
        while palette.len() <= index {
            let channel = |rng: &mut XorShift64Star| (rng.next_u64() >> 56) as u8;
            palette.push(Rgb(channel(rng), channel(rng), channel(rng)));
        }
        index
    };
    let cells = (0..pictures)
        .map(|i| {
            (0..WIDTH * HEIGHT)
                .map(|_| {
                    let pick = shift * i + (rng.next_u64() % PALETTE) as usize;
                    colour_of(pick, rng)
                })
                .collect::<Vec<_>>()
        })
        .collect::<Vec<_>>();
    let used = palette.len();
    PictureSet {
        width: WIDTH,
        height: HEIGHT,
        names: (0..used).map(|j| format!("c{j}")).collect(),
        colours: palette,
        pictures: cells,
    }
}

fn text_set(rows: &[&str]) -> PictureSet {
    let files: Vec<(String, Vec<u8>)> = rows
        .iter()
        .enumerate()
        .map(|(i, row)| (format!("g{}", i + 1), format!("{row}\n").into_bytes()))
        .collect();
    let named: Vec<(&str, &[u8])> = files.iter().map(|(n, b)| (n.as_str(), &b[..])).collect();
    parse_pictures(&named, None).expect("well-formed rows")
}
