//! What the benchmarks share: a seeded generator and the random puzzle sets built from it.

use std::time::Duration;

use nonosat::{Grid, Puzzle};

/// The seed of the random puzzle sets; the `random30` sets of both benchmarks start alike.
pub const RANDOM_SEED: u64 = 0x5EED_2024_C0FF_EE01;

/// A tiny xorshift64* generator: the sets must be the same on every machine and run.
pub struct XorShift64Star(pub u64);

impl XorShift64Star {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `[0, 1)`, from the top 53 bits.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// `count` random `side`x`side` pictures at 50% density, each with the puzzle of its clues given
/// without the picture, so the engine does not get the answer.
pub fn random_puzzles(side: usize, count: usize) -> Vec<(Puzzle, Grid<bool>)> {
    let mut rng = XorShift64Star(RANDOM_SEED);
    (0..count)
        .map(|_| random_puzzle(&mut rng, side, 0.5))
        .collect()
}

/// A random `side`x`side` picture whose cells are black with probability `density`, and the
/// puzzle of its clues given without the picture.
pub fn random_puzzle(rng: &mut XorShift64Star, side: usize, density: f64) -> (Puzzle, Grid<bool>) {
    let rows = (0..side)
        .map(|_| (0..side).map(|_| rng.next_f64() < density).collect())
        .collect();
    let picture = Grid::from_rows(rows).expect("rows of equal length");
    let clued = Puzzle::from_picture(&picture).expect("a picture makes a puzzle");
    let puzzle = Puzzle::new(clued.rows().to_vec(), clued.columns().to_vec())
        .expect("the picture's own clues");
    (puzzle, picture)
}

/// The median of `values` (the mean of the middle two for an even count; zero when empty).
pub fn median(mut values: Vec<Duration>) -> Duration {
    values.sort();
    let n = values.len();
    match n {
        0 => Duration::ZERO,
        _ if n % 2 == 1 => values[n / 2],
        _ => (values[n / 2 - 1] + values[n / 2]) / 2,
    }
}
