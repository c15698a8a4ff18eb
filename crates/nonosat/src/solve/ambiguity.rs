//! The ambiguous cells of a puzzle: every cell that differs between some two of its solutions.
//!
//! They are the open cells outside the backbone (the cells every solution agrees on). Cells fixed
//! by line propagation, or by probing the root, are in the backbone. The rest start as candidates
//! for it: those on which all solutions seen so far agree. Each candidate still standing is asked
//! to take another value than in the first solution (another colour, in a colour puzzle), under an
//! assumption: a model takes out every candidate it disagrees with (each of them is ambiguous), and
//! an UNSAT answer puts the candidate in the backbone, where it is added as a unit clause to speed
//! up the solves that follow.
//!
//! The questions are asked in passes, each under a cap on its conflicts four times the last
//! pass's, the last pass without a cap: the easy cells are settled first, and a question that
//! needs a long search does not hold up all those after it. Without a time limit the answer is
//! the same whatever the caps; under one, more cells are settled by the time it passes. varisat
//! counts no conflicts, so its first pass asks every question to its end.
//!
//! A search stopped by its limit keeps what it has: the cells shown ambiguous so far, each proved so
//! by two solutions, and the candidates still standing, undecided.

use super::searcher::{Found, SearchError, Searcher};
use crate::model::{Grid, Pos};
use crate::sat::Capped;

/// The first pass's cap on a question's conflicts.
const FIRST_CAP: u32 = 1_000;

/// The passes after the first multiply the cap by this, up to [`LAST_CAP`]; the pass after that
/// asks without a cap.
const CAP_GROWTH: u32 = 4;
const LAST_CAP: u32 = 1_024_000;

/// The ambiguous cells found, and those neither shown ambiguous nor proved in the backbone when
/// the limit stopped the search, each row by row.
pub(crate) struct Ambiguity {
    /// Cells that differ between two solutions found.
    pub cells: Vec<Pos>,
    /// Cells neither shown ambiguous nor proved in the backbone: none when every question was
    /// answered.
    pub undecided: Vec<Pos>,
}

/// Every ambiguous cell, given solutions already found (at least one), or those found before the
/// limit stopped the search.
pub(crate) fn ambiguous_cells<S: Searcher>(
    search: &mut S,
    seen: &[Grid<S::Value>],
) -> Result<Ambiguity, S::Mismatch> {
    ambiguous_cells_capped(search, seen, Some(FIRST_CAP))
}

/// [`ambiguous_cells`] with a first pass capped at `first_cap` conflicts a question (`None`:
/// one pass without a cap).
fn ambiguous_cells_capped<S: Searcher>(
    search: &mut S,
    seen: &[Grid<S::Value>],
    first_cap: Option<u32>,
) -> Result<Ambiguity, S::Mismatch> {
    let reference = &seen[0];
    let mut ambiguous = Grid::filled(reference.width(), reference.height(), false);
    let mut candidate = ambiguous.clone();
    let open = search.open_cells();
    for &pos in &open {
        if seen.iter().all(|solution| solution[pos] == reference[pos]) {
            candidate[pos] = true;
        } else {
            ambiguous[pos] = true;
        }
    }
    let mut cap = first_cap;
    loop {
        let mut cut_short = false;
        for &pos in &open {
            if !candidate[pos] {
                continue;
            }
            let kept = search.cell_is(pos, reference[pos]);
            let answer = match cap {
                Some(conflicts) => search.solve_capped(&[!kept], conflicts),
                None => search.solve_assuming(&[!kept]).map(Capped::Answered),
            };
            let model = match answer {
                Ok(Capped::Answered(model)) => model,
                Ok(Capped::CapReached) => {
                    cut_short = true;
                    continue;
                }
                Err(_) => return Ok(Ambiguity::found(&ambiguous, &candidate)),
            };
            let solved: Found<_, S> = model.map(|model| search.verified(&model)).transpose();
            match solved {
                Err(SearchError::Unverified(mismatch)) => return Err(mismatch),
                Err(SearchError::Stopped(_)) => {
                    return Ok(Ambiguity::found(&ambiguous, &candidate));
                }
                Ok(Some(picture)) => {
                    for &other in &open {
                        if candidate[other] && picture[other] != reference[other] {
                            candidate[other] = false;
                            ambiguous[other] = true;
                        }
                    }
                }
                Ok(None) => {
                    candidate[pos] = false;
                    search.add_clause(&[kept]);
                }
            }
        }
        if !cut_short {
            return Ok(Ambiguity::found(&ambiguous, &candidate));
        }
        cap = cap
            .map(|conflicts| conflicts * CAP_GROWTH)
            .filter(|&conflicts| conflicts <= LAST_CAP);
    }
}

impl Ambiguity {
    /// Whether every ambiguous cell is known: every other open cell was proved in the backbone.
    pub fn complete(&self) -> bool {
        self.undecided.is_empty()
    }

    /// The cells marked in `ambiguous`, and in `undecided`, row by row.
    fn found(ambiguous: &Grid<bool>, undecided: &Grid<bool>) -> Self {
        let marked = |grid: &Grid<bool>| grid.positions().filter(|&pos| grid[pos]).collect();
        Ambiguity {
            cells: marked(ambiguous),
            undecided: marked(undecided),
        }
    }
}

#[cfg(all(test, feature = "cadical"))]
mod tests {
    use super::*;
    use crate::sat::Interrupt;
    use crate::solve::searcher::SolveKind;
    use crate::testing::{Rng, random_picture};
    use crate::{Cell, Puzzle};

    /// The ambiguous cells of `puzzle` (which has a solution) on a fresh lines search, with the
    /// first pass capped at `first_cap` conflicts.
    fn ambiguity(puzzle: &Puzzle, first_cap: Option<u32>) -> Ambiguity {
        let known = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
        let mut search = puzzle
            .lines_search(known, Interrupt::default(), 0)
            .expect("CaDiCaL is built in");
        let model = search
            .solve_assuming(&[])
            .ok()
            .flatten()
            .expect("a solution");
        let first = search.verified(&model).ok().expect("a verified solution");
        ambiguous_cells_capped(&mut search, &[first], first_cap).expect("verified models")
    }

    /// Passes capped from a single conflict up find the same cells as one pass without a cap.
    #[test]
    fn capped_passes_find_the_cells_one_pass_finds() {
        let mut rng = Rng(0x5eed_ca95);
        let mut ambiguous = 0;
        for _ in 0..30 {
            let puzzle = Puzzle::from_picture(&random_picture(&mut rng, 14, 14)).expect("fits");
            let puzzle = Puzzle::new(puzzle.rows().to_vec(), puzzle.columns().to_vec())
                .expect("the same clues");
            let uncapped = ambiguity(&puzzle, None);
            let capped = ambiguity(&puzzle, Some(1));
            assert_eq!(capped.cells, uncapped.cells, "{puzzle:?}");
            assert!(capped.complete() && uncapped.complete());
            ambiguous += usize::from(!capped.cells.is_empty());
        }
        assert!(
            ambiguous > 10,
            "the set must hold ambiguous puzzles: {ambiguous}"
        );
    }
}
