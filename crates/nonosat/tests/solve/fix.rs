//! `fix` against brute force: the hints hit every other solution and no smaller set does; the
//! single-cell edits are exactly those whose puzzles are unique; `hints_settle` agrees with it;
//! designs with separate ambiguous regions get one edit per region.

use std::fmt::Debug;
use std::time::Duration;

use crate::brute::{Rng, all_solutions, count_solutions};
use nonosat::deadline::Deadline;
use nonosat::solve::Verdict;
use nonosat::solve::repair::{FixOptions, Repairs};
use nonosat::solve::{fix, hints_settle};
use nonosat::{Grid, Pos, Puzzle};

/// Whether every solution other than `design` differs from it on some cell of `hints`.
pub(crate) fn hints_suffice<T: PartialEq>(
    design: &Grid<T>,
    solutions: &[Grid<T>],
    hints: &[Pos],
) -> bool {
    solutions
        .iter()
        .filter(|s| *s != design)
        .all(|s| hints.iter().any(|&pos| s[pos] != design[pos]))
}

/// Whether some set of `size` cells hits every other solution (size is small).
pub(crate) fn some_hint_set_of_size<T: PartialEq>(
    design: &Grid<T>,
    solutions: &[Grid<T>],
    size: usize,
) -> bool {
    let cells: Vec<Pos> = design.positions().collect();
    fn choose(
        cells: &[Pos],
        size: usize,
        chosen: &mut Vec<Pos>,
        test: &dyn Fn(&[Pos]) -> bool,
    ) -> bool {
        if chosen.len() == size {
            return test(chosen);
        }
        (0..cells.len()).any(|i| {
            chosen.push(cells[i]);
            let found = choose(&cells[i + 1..], size, chosen, test);
            chosen.pop();
            found
        })
    }
    choose(&cells, size, &mut Vec::new(), &|hints| {
        hints_suffice(design, solutions, hints)
    })
}

/// What the repairs of a random `design` whose solutions are `solutions` must show, of either
/// kind: a unique design gets no hints and no edits (`false`); a multiple one (`true`) gets hints
/// proved minimal and sufficient that hit every other solution, where no smaller set does.
pub(crate) fn hints_are_minimal<V: PartialEq + Debug, M>(
    design: &Grid<V>,
    solutions: &[Grid<V>],
    repairs: &Repairs<V, M>,
) -> bool {
    if solutions.len() == 1 {
        assert_eq!(repairs.check.verdict, Verdict::Unique);
        assert_eq!(repairs.hints, None);
        assert!(repairs.edits.is_empty());
        return false;
    }
    assert_eq!(repairs.check.verdict, Verdict::Multiple);
    let hints = repairs.hints.as_ref().expect("hints for a multiple design");
    assert!(hints.proved_minimal && hints.sufficient);
    assert!(hints_suffice(design, solutions, &hints.cells), "{design:?}");
    assert!(
        !some_hint_set_of_size(design, solutions, hints.cells.len() - 1),
        "a smaller hint set exists for {design:?}"
    );
    true
}

pub(crate) fn generous() -> FixOptions {
    FixOptions::default()
        .with_deadline(Some(Deadline::after(Duration::from_secs(600))))
        .with_edits(usize::MAX)
}

#[test]
fn hints_are_minimal_and_single_edits_complete_on_random_designs() {
    let mut rng = Rng::new(77);
    let mut multiple = 0;
    while multiple < 40 {
        let size = 4 + rng.below(3) as usize;
        let design = rng.picture(size, size, 0.5);
        let puzzle = Puzzle::from_picture(&design).unwrap();
        let solutions = all_solutions(&puzzle, usize::MAX);
        let repairs = fix(&puzzle, &design, &generous()).unwrap();
        if !hints_are_minimal(&design, &solutions, &repairs) {
            continue;
        }
        multiple += 1;
        // Single-cell edits: exactly the flips whose puzzles brute force finds unique.
        let mut expected: Vec<Pos> = design
            .positions()
            .filter(|&pos| {
                let mut edited = design.clone();
                edited[pos] = !edited[pos];
                count_solutions(&Puzzle::from_picture(&edited).unwrap(), 2) == 1
            })
            .collect();
        let mut proposed: Vec<Pos> = repairs
            .edits
            .iter()
            .map(|edit| {
                assert_eq!(edit.flipped.len(), 1);
                assert_eq!(edit.picture.differences(&design), edit.flipped);
                edit.flipped[0]
            })
            .collect();
        expected.sort();
        proposed.sort();
        assert_eq!(proposed, expected, "{design:?}");
    }
}

/// Designs where no single cell will do: with `pairs`, the two-cell edits are exactly the pairs
/// whose puzzles are unique (up to 6x6 every cell is a pair candidate).
#[test]
fn two_cell_edits_when_no_single_cell_will_do() {
    let mut rng = Rng::new(78);
    let options = generous().with_pairs(true);
    let mut tried = 0;
    while tried < 5 {
        let size = 4 + rng.below(3) as usize;
        let design = rng.picture(size, size, 0.5);
        let unique_after = |cells: &[Pos]| {
            let mut edited = design.clone();
            for &pos in cells {
                edited[pos] = !edited[pos];
            }
            count_solutions(&Puzzle::from_picture(&edited).unwrap(), 2) == 1
        };
        let cells: Vec<Pos> = design.positions().collect();
        if count_solutions(&Puzzle::from_picture(&design).unwrap(), 2) < 2
            || cells.iter().any(|&pos| unique_after(&[pos]))
        {
            continue;
        }
        tried += 1;
        let mut expected = Vec::new();
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                if unique_after(&[a, b]) {
                    expected.push(vec![a, b]);
                }
            }
        }
        let repairs = fix(&kind_of(&design), &design, &options).unwrap();
        let mut proposed: Vec<Vec<Pos>> = repairs.edits.iter().map(|e| e.flipped.clone()).collect();
        for edit in &repairs.edits {
            assert_eq!(edit.picture.differences(&design), edit.flipped);
        }
        expected.sort();
        proposed.sort();
        assert_eq!(proposed, expected, "{design:?}");
    }
}

/// `hints_settle`, the re-check of `fix --apply hints`, against brute force: for random hint sets
/// on random designs with several solutions, it says "settled" exactly when every other solution breaks a hint.
#[test]
fn hints_settle_exactly_when_brute_force_says_so() {
    let mut rng = Rng::new(91);
    let mut settled = [0, 0];
    while settled.iter().sum::<usize>() < 100 {
        let size = 3 + rng.below(3) as usize;
        let design = rng.picture(size, size, 0.5);
        let solutions = all_solutions(&Puzzle::from_picture(&design).unwrap(), usize::MAX);
        if solutions.len() == 1 {
            continue;
        }
        let hints: Vec<Pos> = design.positions().filter(|_| rng.below(4) == 0).collect();
        let expected = hints_suffice(&design, &solutions, &hints);
        let answer = hints_settle(&kind_of(&design), &design, &hints, None).unwrap();
        assert_eq!(answer, Some(expected), "{design:?} with hints {hints:?}");
        settled[usize::from(expected)] += 1;
    }
    // Both answers were met, so the test can tell them apart.
    assert!(settled[0] > 10 && settled[1] > 10, "{settled:?}");
}

/// Two ambiguous 3x3 tiles on the diagonal of a 7x7 design, sharing no row or column: when no
/// single cell will do (brute force says so), `fix` proposes one edit per region, and brute force
/// finds the edited puzzle unique.
#[test]
fn separate_ambiguous_regions_get_one_edit_each() {
    let mut rng = Rng::new(2026);
    let (mut combined, mut without_single) = (0, 0);
    while without_single < 30 {
        let tiles = [rng.picture(3, 3, 0.5), rng.picture(3, 3, 0.5)];
        let ambiguous =
            |tile: &Grid<bool>| count_solutions(&Puzzle::from_picture(tile).unwrap(), 2);
        if tiles.iter().any(|tile| ambiguous(tile) < 2) {
            continue;
        }
        let mut design = Grid::filled(7, 7, false);
        for (tile, corner) in tiles.iter().zip([0, 4]) {
            for pos in tile.positions() {
                design[Pos {
                    row: corner + pos.row,
                    col: corner + pos.col,
                }] = tile[pos];
            }
        }
        let unique_after = |flipped: &[Pos]| {
            let mut edited = design.clone();
            for &pos in flipped {
                edited[pos] = !edited[pos];
            }
            count_solutions(&Puzzle::from_picture(&edited).unwrap(), 2) == 1
        };
        if design.positions().any(|pos| unique_after(&[pos])) {
            continue;
        }
        without_single += 1;
        let repairs = fix(&kind_of(&design), &design, &generous()).unwrap();
        assert!(repairs.edits.len() <= 1, "{design:?}");
        if let Some(edit) = repairs.edits.first() {
            combined += 1;
            assert!(edit.flipped.len() >= 2, "{design:?}");
            assert_eq!(edit.picture.differences(&design), edit.flipped);
            assert!(unique_after(&edit.flipped), "{design:?}: {edit:?}");
        }
    }
    // The combined repair is found for most such designs, so the test can tell it from none.
    assert!(combined >= 15, "{combined} of 30");
}

/// The puzzle of `design`: the kind `fix` repairs it as.
fn kind_of(design: &Grid<bool>) -> Puzzle {
    Puzzle::from_picture(design).expect("a design makes a puzzle")
}
