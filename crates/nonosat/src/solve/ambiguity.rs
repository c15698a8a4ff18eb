//! The ambiguous cells of a puzzle: every cell that differs between some two of its solutions.
//!
//! They are the open cells outside the backbone (the cells every solution agrees on). Cells fixed by
//! line propagation are in the backbone. The rest start as candidates for it: those on which all
//! solutions seen so far agree. Each candidate still standing is asked to take another value than
//! in the first solution (another colour, in a colour puzzle), under an assumption: a model takes
//! out every candidate it disagrees with (each of them is ambiguous), and an UNSAT answer puts the
//! candidate in the backbone, where it is added as a unit clause to speed up the solves that follow.

use super::searcher::{Found, Searcher};
use crate::model::{Grid, Pos};

/// Every ambiguous cell, row by row, given solutions already found (at least one).
pub(crate) fn ambiguous_cells<S: Searcher>(
    search: &mut S,
    seen: &[Grid<S::Value>],
) -> Found<Vec<Pos>, S> {
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
        match search.solve_assuming(&[!kept])? {
            Some(model) => {
                let picture = search.verified(&model)?;
                for &other in &open {
                    if candidate[other] && picture[other] != reference[other] {
                        candidate[other] = false;
                        ambiguous[other] = true;
                    }
                }
            }
            None => {
                candidate[pos] = false;
                search.add_clause(&[kept]);
            }
        }
    }
    Ok(ambiguous
        .positions()
        .filter(|&pos| ambiguous[pos])
        .collect())
}
