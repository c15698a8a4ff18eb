//! Latin squares: the SAT verdict against brute-force counting of completions, the rule's supports
//! minimal, and the search over deduction orders against an independent enumeration of every
//! reachable state.

use std::collections::HashSet;

use crate::brute::Rng;
use nonosat::explain::orders::{StepRules, enabling_sets};
use nonosat::latin::LatinSquare;
use nonosat::latin::rule::{LatinRules, rule_path};
use nonosat::latin::solve::{LatinVerdict, solve};
use nonosat::{Grid, Pos};

const N: usize = 4;

/// Every 4x4 Latin square, by brute force over row permutations.
fn all_squares() -> Vec<Grid<u8>> {
    let perms: Vec<Vec<u8>> = (0..256u32)
        .map(|code| {
            (0..4)
                .map(|i| (code >> (2 * i) & 3) as u8 + 1)
                .collect::<Vec<u8>>()
        })
        .filter(|row| row.iter().collect::<HashSet<_>>().len() == 4)
        .collect();
    let mut squares = Vec::new();
    for a in &perms {
        for b in &perms {
            for c in &perms {
                for d in &perms {
                    let rows = vec![a.clone(), b.clone(), c.clone(), d.clone()];
                    let columns_ok = (0..4)
                        .all(|col| rows.iter().map(|r| r[col]).collect::<HashSet<_>>().len() == 4);
                    if columns_ok {
                        squares.push(Grid::from_rows(rows).unwrap());
                    }
                }
            }
        }
    }
    squares
}

/// Digits no known cell of the row or column of `pos` holds (computed afresh here).
fn left(cells: &Grid<u8>, pos: Pos) -> Vec<u8> {
    (1..=N as u8)
        .filter(|&d| {
            (0..N).all(|i| {
                cells[Pos {
                    row: pos.row,
                    col: i,
                }] != d
                    && cells[Pos {
                        row: i,
                        col: pos.col,
                    }] != d
            })
        })
        .collect()
}

fn random_puzzle(rng: &mut Rng, squares: &[Grid<u8>], empty: usize) -> (LatinSquare, Grid<u8>) {
    let solution = squares[rng.below(squares.len() as u64) as usize].clone();
    let mut cells = solution.clone();
    let mut positions: Vec<Pos> = cells.positions().collect();
    for _ in 0..empty {
        let pos = positions.remove(rng.below(positions.len() as u64) as usize);
        cells[pos] = 0;
    }
    (LatinSquare::new(cells), solution)
}

#[test]
fn sat_verdicts_match_brute_force_counts() {
    assert_eq!(all_squares().len(), 576);
    let squares = all_squares();
    let mut rng = Rng::new(5);
    let mut seen = [0; 3];
    for round in 0..300 {
        let (square, _) = random_puzzle(&mut rng, &squares, 6 + round % 9);
        let mut square = square;
        if round % 10 == 0 {
            // A clash: a digit repeated in the first row.
            let cells = square.cells().clone();
            let first = (0..N).find(|&c| cells[Pos { row: 0, col: c }] != 0);
            if let Some(col) = first {
                let digit = cells[Pos { row: 0, col }];
                square = square.with(
                    Pos {
                        row: 0,
                        col: (col + 1) % N,
                    },
                    digit,
                );
            }
        }
        let count = squares
            .iter()
            .filter(|s| {
                square
                    .cells()
                    .positions()
                    .all(|p| square.cells()[p] == 0 || square.cells()[p] == s[p])
            })
            .count();
        match solve(&square).unwrap() {
            LatinVerdict::None => {
                assert_eq!(count, 0);
                seen[0] += 1;
            }
            LatinVerdict::Unique(s) => {
                assert_eq!(count, 1);
                assert_eq!(square.check(&s), Ok(()));
                seen[1] += 1;
            }
            LatinVerdict::Multiple(a, b) => {
                assert!(count >= 2);
                assert_ne!(a, b);
                seen[2] += 1;
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 10), "{seen:?}");
}

#[test]
fn rule_steps_replay_with_minimal_supports() {
    let squares = all_squares();
    let mut rng = Rng::new(9);
    for round in 0..200 {
        let (square, solution) = random_puzzle(&mut rng, &squares, 4 + round % 8);
        let (steps, reached) = rule_path(&square);
        let mut cells = square.cells().clone();
        for step in &steps {
            let (pos, digit) = step.fixed[0];
            assert_eq!(digit, solution[pos], "a deduction against the solution");
            assert_eq!(cells[pos], 0);
            let from = |support: &[(Pos, u8)]| {
                let mut partial = Grid::filled(N, N, 0u8);
                for &(p, d) in support {
                    assert_eq!(cells[p], d, "support cell not known yet");
                    partial[p] = d;
                }
                left(&partial, pos)
            };
            assert_eq!(from(&step.support), vec![digit]);
            for drop in 0..step.support.len() {
                let mut smaller = step.support.clone();
                smaller.remove(drop);
                assert!(from(&smaller).len() > 1, "support not minimal");
            }
            cells[pos] = digit;
        }
        assert_eq!(cells, reached);
        // The path stops only where no empty cell has a single candidate.
        assert!(
            reached
                .positions()
                .all(|p| reached[p] != 0 || left(&reached, p).len() != 1)
        );
    }
}

#[test]
fn enabling_sets_are_the_minimal_ones_over_every_reachable_state() {
    let squares = all_squares();
    let mut rng = Rng::new(12);
    let mut checked = 0;
    while checked < 30 {
        let (square, solution) = random_puzzle(&mut rng, &squares, 9);
        if !rule_path(&square).1.cells().iter().all(|&d| d != 0) {
            continue;
        }
        checked += 1;
        let rules = LatinRules::new(&square, &solution);
        let found = enabling_sets(&rules, u64::MAX, None);
        let empty = square.empty_cells();
        // Independently: a move is allowed when its cell has one candidate left.
        let allowed = |state: u64, step: usize| {
            let mut cells = square.cells().clone();
            for (i, &p) in empty.iter().enumerate() {
                if state >> i & 1 == 1 {
                    cells[p] = solution[p];
                }
            }
            state >> step & 1 == 0 && left(&cells, empty[step]).len() == 1
        };
        let mut reachable = HashSet::from([0u64]);
        let mut frontier = vec![0u64];
        while let Some(state) = frontier.pop() {
            for step in 0..empty.len() {
                if allowed(state, step) && reachable.insert(state | 1 << step) {
                    frontier.push(state | 1 << step);
                }
            }
        }
        for step in 0..empty.len() {
            for &state in &reachable {
                if allowed(state, step) {
                    assert!(
                        found.sets[step].iter().any(|&s| s & !state == 0),
                        "a state has no recorded subset"
                    );
                }
            }
            for &set in &found.sets[step] {
                assert!(allowed(set, step));
                for &state in &reachable {
                    if state != set && state & !set == 0 {
                        assert!(
                            !allowed(state, step),
                            "a smaller reachable state enables it too"
                        );
                    }
                }
            }
        }
        assert_eq!(
            rules.available(0).count_ones() as usize,
            (0..empty.len()).filter(|&s| allowed(0, s)).count()
        );
    }
}
