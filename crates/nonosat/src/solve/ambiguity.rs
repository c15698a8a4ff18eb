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
//! A search stopped by its limit keeps what it has: the cells shown ambiguous so far, each proved so
//! by two solutions, marked incomplete.

use super::searcher::{Found, SearchError, Searcher};
use crate::model::{Grid, Pos};

/// The ambiguous cells found, row by row, and whether they are all of them.
pub(crate) struct Ambiguity {
    /// Cells that differ between two solutions found.
    pub cells: Vec<Pos>,
    /// Whether every other cell was proved to be in the backbone (false: the limit stopped it).
    pub complete: bool,
}

/// Every ambiguous cell, given solutions already found (at least one), or those found before the
/// limit stopped the search.
pub(crate) fn ambiguous_cells<S: Searcher>(
    search: &mut S,
    seen: &[Grid<S::Value>],
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
    for &pos in &open {
        if !candidate[pos] {
            continue;
        }
        let kept = search.cell_is(pos, reference[pos]);
        let solved: Found<_, S> = search
            .solve_assuming(&[!kept])
            .map_err(SearchError::Stopped)
            .and_then(|model| model.map(|model| search.verified(&model)).transpose());
        match solved {
            Err(SearchError::Unverified(mismatch)) => return Err(mismatch),
            Err(SearchError::Stopped(_)) => return Ok(Ambiguity::found(&ambiguous, false)),
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
    Ok(Ambiguity::found(&ambiguous, true))
}

impl Ambiguity {
    /// The cells marked in `ambiguous`, row by row.
    fn found(ambiguous: &Grid<bool>, complete: bool) -> Self {
        let cells = ambiguous
            .positions()
            .filter(|&pos| ambiguous[pos])
            .collect();
        Ambiguity { cells, complete }
    }
}
