//! `fix` on colour designs against brute force: the hints hit every other solution and no smaller
//! set does, the single-cell recolourings are exactly those whose puzzles are unique, and
//! `hints_settle_colour` agrees with a brute-force list of the solutions.

use super::colour::puzzle_of;
use super::fix::{generous, hints_are_minimal, hints_suffice};
use crate::brute::Rng;
use crate::brute::colour::all_colour_solutions;
use crate::brute::colour::{palette, random_picture};
use nonosat::model::ColourPuzzle;
use nonosat::model::{Grid, Pos};
use nonosat::solve::{fix, hints_settle};

/// Whether the clues of `picture` (with `colours` colours) have exactly one solution, by brute
/// force.
fn unique(picture: &Grid<u8>, colours: u8) -> bool {
    all_colour_solutions(&puzzle_of(picture, colours), 2).len() == 1
}

/// Random 4x4 and 5x5 designs of two and three colours: for each with several solutions, the
/// hints are proved minimal, hit every other solution, and no smaller set does; the single-cell
/// edits are exactly the recolourings (to another colour or the background) whose puzzles brute
/// force finds unique, each picture differing from the design in its one cell.
#[test]
fn colour_hints_are_minimal_and_recolourings_complete_on_random_designs() {
    let mut rng = Rng::new(1313);
    let (mut multiple, mut with_edits) = (0, 0);
    while multiple < 30 {
        let size = 4 + rng.below(2) as usize;
        let colours = 2 + rng.below(2) as u8;
        let design = random_picture(&mut rng, size, size, colours);
        let solutions = all_colour_solutions(&puzzle_of(&design, colours), usize::MAX);
        let kind = ColourPuzzle::from_picture(&design, palette(colours)).unwrap();
        let repairs = fix(&kind, &design, &generous()).unwrap();
        if !hints_are_minimal(&design, &solutions, &repairs) {
            continue;
        }
        multiple += 1;
        let mut expected: Vec<(Pos, u8)> = Vec::new();
        for pos in design.positions() {
            for value in (0..=colours).filter(|&value| value != design[pos]) {
                let mut edited = design.clone();
                edited[pos] = value;
                if unique(&edited, colours) {
                    expected.push((pos, value));
                }
            }
        }
        let mut proposed: Vec<(Pos, u8)> = repairs
            .edits
            .iter()
            .map(|edit| {
                assert_eq!(edit.flipped.len(), 1);
                assert_eq!(edit.picture.differences(&design), edit.flipped);
                let pos = edit.flipped[0];
                (pos, edit.picture[pos])
            })
            .collect();
        expected.sort();
        proposed.sort();
        assert_eq!(proposed, expected, "{design:?}");
        with_edits += usize::from(!proposed.is_empty());
    }
    // Most such designs have a recolouring, so the test can tell edits from none.
    assert!(with_edits >= 15, "{with_edits} of 30");
}

/// `hints_settle_colour` against brute force: for random hint sets on random colour designs with
/// several solutions, it says "settled" exactly when every other solution breaks a hint.
#[test]
fn colour_hints_settle_exactly_when_brute_force_says_so() {
    let mut rng = Rng::new(1314);
    let mut settled = [0, 0];
    while settled.iter().sum::<usize>() < 60 {
        let size = 3 + rng.below(3) as usize;
        let colours = 2 + rng.below(2) as u8;
        let design = random_picture(&mut rng, size, size, colours);
        let solutions = all_colour_solutions(&puzzle_of(&design, colours), usize::MAX);
        if solutions.len() == 1 {
            continue;
        }
        let hints: Vec<Pos> = design.positions().filter(|_| rng.below(4) == 0).collect();
        let expected = hints_suffice(&design, &solutions, &hints);
        let kind = ColourPuzzle::from_picture(&design, palette(colours)).unwrap();
        let answer = hints_settle(&kind, &design, &hints, None).unwrap();
        assert_eq!(answer, Some(expected), "{design:?} with hints {hints:?}");
        settled[usize::from(expected)] += 1;
    }
    assert!(settled[0] > 5 && settled[1] > 5, "{settled:?}");
}
