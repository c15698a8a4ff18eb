//! The shape of Korekawa et al.'s Table 1: nodes of the search over deduction orders on 5x5 Latin
//! squares with 16 empty cells, then 15, ... 7 as one empty cell at a time (chosen at random) is
//! filled with its answer.
//!
//! Run: `cargo run --example latin_table1 [SEED]` (default seed 1). Puzzles come from a seeded
//! generator: a cyclic square with its rows, columns and digits shuffled, and 16 cells emptied at
//! random until the paper's single rule solves the puzzle. Every puzzle is checked unique by the SAT
//! layer first.

use nonosat::explain::orders::enabling_sets;
use nonosat::latin::LatinSquare;
use nonosat::latin::rule::{LatinRules, rule_path};
use nonosat::latin::solve::{LatinVerdict, solve};
use nonosat::model::{Grid, Pos};

/// Nodes after which a search counts as exploded (the paper's "x").
const NODE_LIMIT: u64 = 20_000_000;
const ORDER: usize = 5;
const PUZZLES: usize = 5;

/// xorshift64*.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % bound
    }

    fn shuffled(&mut self, n: usize) -> Vec<usize> {
        let mut items: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            items.swap(i, self.below(i + 1));
        }
        items
    }
}

fn random_square(rng: &mut Rng) -> Grid<u8> {
    let (rows, cols, digits) = (
        rng.shuffled(ORDER),
        rng.shuffled(ORDER),
        rng.shuffled(ORDER),
    );
    let mut square = Grid::filled(ORDER, ORDER, 0u8);
    for pos in square.positions() {
        square[pos] = digits[(rows[pos.row] + cols[pos.col]) % ORDER] as u8 + 1;
    }
    square
}

/// A puzzle with 16 empty cells that the rule solves, and its solution.
fn puzzle(rng: &mut Rng) -> (LatinSquare, Grid<u8>) {
    loop {
        let solution = random_square(rng);
        let mut cells = solution.clone();
        for i in rng.shuffled(ORDER * ORDER).into_iter().take(16) {
            cells[Pos {
                row: i / ORDER,
                col: i % ORDER,
            }] = 0;
        }
        let square = LatinSquare::new(cells);
        let solved = rule_path(&square).1.cells().iter().all(|&d| d != 0);
        if solved {
            match solve(&square) {
                Ok(LatinVerdict::Unique(found)) => {
                    assert_eq!(found, solution, "the rule's answer is the SAT answer");
                    return (square, solution);
                }
                other => panic!("a puzzle the rule solves must be unique: {other:?}"),
            }
        }
    }
}

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1u64);
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut columns = Vec::new();
    for _ in 0..PUZZLES {
        let (mut square, solution) = puzzle(&mut rng);
        let mut column = Vec::new();
        loop {
            let found = enabling_sets(&LatinRules::new(&square, &solution), NODE_LIMIT, None);
            let longest = found.longest_deduction().map_or(0, |(_, size)| size);
            column.push((found.complete, found.nodes, found.states, longest));
            let empty = square.empty_cells();
            if empty.len() == 7 {
                break;
            }
            let pos = empty[rng.below(empty.len())];
            square = square.with(pos, solution[pos]);
        }
        columns.push(column);
    }
    println!("seed {seed}: nodes (distinct states, longest deduction) per puzzle");
    print!("empty");
    for p in 1..=PUZZLES {
        print!(" | {:>24}", format!("puzzle {p}"));
    }
    println!();
    for (row, empty) in (7..=16).rev().enumerate() {
        print!("{empty:>5}");
        for column in &columns {
            let (complete, nodes, states, longest) = column[row];
            let cell = if complete {
                format!("{nodes} ({states}, {longest})")
            } else {
                "x".to_owned()
            };
            print!(" | {cell:>24}");
        }
        println!();
    }
}
