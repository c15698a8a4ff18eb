//! Reading benchmark: time to parse one puzzle in each format, against `.nin` as the baseline.
//!
//! `cargo bench --bench formats`. Random pictures of two sizes (30x30 and 200x200, 50% black) are
//! written in every format that holds the clues, PNG included (one pixel a cell), and each text is
//! parsed [`RUNS`] times; the table gives the median time per parse and its ratio to reading the
//! same puzzle as `.nin` in the same run. Every parse is checked to give the puzzle's clues back;
//! problems are printed with `!!`, and speed is never asserted.

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use common::{median, random_puzzles};
use nonosat::Puzzle;
use nonosat::formats::{self, Format, ReadOptions};
use nonosat::image::{Raster, Rgb};

const RUNS: usize = 21;
const SIDES: [usize; 2] = [30, 200];
const FORMATS: [Format; 11] = [
    Format::Nin,
    Format::Non,
    Format::Json,
    Format::VerHor,
    Format::Xml,
    Format::Olsak,
    Format::Cwd,
    Format::Tatham,
    Format::Picture,
    Format::Pbm,
    Format::Png,
];

fn main() {
    println!("format       side  bytes     median/parse  vs nin");
    for side in SIDES {
        let (clues, picture) = random_puzzles(side, 1).remove(0);
        let puzzle = clues
            .with_goal(picture)
            .expect("the picture fits its own clues");
        let mut baseline = None;
        for format in FORMATS {
            let Some(bytes) = written(&puzzle, format) else {
                continue;
            };
            let time = median_parse(&bytes, format, &puzzle);
            let baseline = *baseline.get_or_insert(time);
            println!(
                "{:<12} {side:>4}  {:>8}  {:>10.1} µs  {:>6.2}",
                format.name(),
                bytes.len(),
                time.as_secs_f64() * 1e6,
                time.as_secs_f64() / baseline.as_secs_f64()
            );
        }
    }
}

/// The puzzle's file in `format`, PNG drawn one pixel a cell.
fn written(puzzle: &Puzzle, format: Format) -> Option<Vec<u8>> {
    if format == Format::Png {
        let goal = puzzle.goal()?;
        let mut image = Raster::filled(goal.width(), goal.height(), Rgb::WHITE).ok()?;
        for (index, &black) in goal.cells().iter().enumerate() {
            if black {
                image.set(index % goal.width(), index / goal.width(), Rgb::BLACK);
            }
        }
        return Some(image.to_png());
    }
    formats::write(puzzle, format).ok().map(String::into_bytes)
}

/// The median time of [`RUNS`] parses of `bytes`, each checked to give `puzzle`'s clues.
fn median_parse(bytes: &[u8], format: Format, puzzle: &Puzzle) -> Duration {
    let options = ReadOptions::default();
    let times = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            let entries =
                formats::parse_bytes::<Puzzle>(black_box(bytes), "bench", Some(format), &options);
            let elapsed = start.elapsed();
            match entries.as_deref() {
                Ok([entry])
                    if entry.puzzle.rows() == puzzle.rows()
                        && entry.puzzle.columns() == puzzle.columns() => {}
                _ => println!("!! {format}: the puzzle did not read back"),
            }
            elapsed
        })
        .collect();
    median(times)
}
