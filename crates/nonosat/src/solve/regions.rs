//! Designs whose ambiguity lies in separate regions: the regions, found from the ambiguous cells,
//! and a combined repair of one edit per region, re-checked as a whole.
//!
//! One flipped cell changes the clues of one row and one column, so it rarely settles two
//! ambiguous places far apart; [`repair`](super::repair)'s single edits then find nothing. Here
//! the regions are settled one after another: for each, the cells nearest it are tried in turn,
//! and a flip is kept when the check of the picture so far leaves none of the region's cells
//! ambiguous and makes no cell ambiguous that was not. The picture with every kept flip is then
//! checked again and proposed only when its puzzle is unique.

use std::collections::{BTreeSet, HashSet};

use super::check::run;
use super::design::Edit;
use super::searcher::SolveKind;
use crate::deadline::{Deadline, Limit};
use crate::model::{Grid, Pos};
use crate::solve::{CheckError, Options, Verdict};

/// How many cells nearest a region are tried for it.
const CANDIDATES_PER_REGION: usize = 40;

/// `cells` in regions of cells that touch, by a side or a corner: each region sorted, the regions
/// in the order of their first cell.
pub(crate) fn regions(cells: &[Pos]) -> Vec<Vec<Pos>> {
    let mut unvisited: HashSet<Pos> = cells.iter().copied().collect();
    let mut sorted = cells.to_vec();
    sorted.sort();
    let mut regions = Vec::new();
    for &start in &sorted {
        if !unvisited.remove(&start) {
            continue;
        }
        let mut region = vec![start];
        let mut next = 0;
        while let Some(&pos) = region.get(next) {
            next += 1;
            for row in pos.row.saturating_sub(1)..=pos.row + 1 {
                for col in pos.col.saturating_sub(1)..=pos.col + 1 {
                    let neighbour = Pos { row, col };
                    if unvisited.remove(&neighbour) {
                        region.push(neighbour);
                    }
                }
            }
        }
        region.sort();
        regions.push(region);
    }
    regions
}

/// Every cell of `grid`, nearest `cells` first (by the number of king's moves to the nearest of
/// them), then row by row.
pub(crate) fn nearest_first<T>(grid: &Grid<T>, cells: &[Pos]) -> Vec<Pos> {
    let distance = |pos: Pos| {
        cells
            .iter()
            .map(|cell| cell.row.abs_diff(pos.row).max(cell.col.abs_diff(pos.col)))
            .min()
            .unwrap_or(0)
    };
    let mut nearest: Vec<Pos> = grid.positions().collect();
    nearest.sort_by_key(|&pos| (distance(pos), pos));
    nearest
}

/// One edit per region of `ambiguous`, the ambiguous cells of `design` (whose puzzle is
/// `puzzle`), when there are two regions or more (see the module documentation); `None` when some
/// region finds no change, when the whole is not unique, or when `deadline` passes first.
pub(crate) fn combined_edit<P: SolveKind>(
    puzzle: &P,
    design: &Grid<P::Value>,
    ambiguous: &[Pos],
    deadline: Option<Deadline>,
) -> Result<Option<Edit<P::Value>>, CheckError>
where
    CheckError: From<P::Mismatch>,
{
    let regions = regions(ambiguous);
    if regions.len() < 2 {
        return Ok(None);
    }
    let mut picture = design.clone();
    let mut flipped = Vec::new();
    let mut open: BTreeSet<Pos> = ambiguous.iter().copied().collect();
    for region in &regions {
        if region.iter().all(|pos| !open.contains(pos)) {
            continue; // an earlier change settled this region too
        }
        let Some(change) = settling_change(puzzle, &picture, region, &open, deadline)? else {
            return Ok(None);
        };
        picture[change.pos] = change.value;
        flipped.push(change.pos);
        open = change.still_open;
    }
    let Ok(whole) = puzzle.of_picture(&picture) else {
        return Ok(None);
    };
    let report = run(
        &whole,
        &Options::default().with_deadline(deadline),
        true,
        &|_| {},
    )?;
    if report.verdict != Verdict::Unique {
        return Ok(None);
    }
    flipped.sort();
    Ok(Some(Edit { flipped, picture }))
}

/// A change of one cell that settles a region.
struct Settling<V> {
    /// The cell changed.
    pos: Pos,
    /// Its new value.
    value: V,
    /// The cells still ambiguous after the change.
    still_open: BTreeSet<Pos>,
}

/// The cell nearest `region`, and its new value, whose change in `picture` leaves none of the
/// region's cells ambiguous and no cell ambiguous outside `open`.
fn settling_change<P: SolveKind>(
    puzzle: &P,
    picture: &Grid<P::Value>,
    region: &[Pos],
    open: &BTreeSet<Pos>,
    deadline: Option<Deadline>,
) -> Result<Option<Settling<P::Value>>, CheckError>
where
    CheckError: From<P::Mismatch>,
{
    let nearest = nearest_first(picture, region);
    let options = Options::default()
        .with_ambiguous_cells(true)
        .with_deadline(deadline);
    let values = puzzle.values();
    for &pos in nearest.iter().take(CANDIDATES_PER_REGION) {
        for &value in values.iter().filter(|&&value| value != picture[pos]) {
            if deadline.check().is_err() {
                return Ok(None);
            }
            let mut trial = picture.clone();
            trial[pos] = value;
            let Ok(changed) = puzzle.of_picture(&trial) else {
                continue;
            };
            let report = run(&changed, &options, true, &|_| {})?;
            let still_open: BTreeSet<Pos> = match report.verdict {
                Verdict::Unique => BTreeSet::new(),
                Verdict::Multiple if report.ambiguous_complete => {
                    report.ambiguous.iter().flatten().copied().collect()
                }
                _ => continue,
            };
            let settles = region.iter().all(|cell| !still_open.contains(cell));
            if settles && still_open.is_subset(open) {
                return Ok(Some(Settling {
                    pos,
                    value,
                    still_open,
                }));
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_that_touch_by_a_side_or_a_corner_share_a_region() {
        let pos = |row, col| Pos { row, col };
        let cells = [
            pos(0, 0),
            pos(5, 5),
            pos(1, 1),
            pos(0, 3),
            pos(6, 4),
            pos(2, 3),
        ];
        assert_eq!(
            regions(&cells),
            [
                vec![pos(0, 0), pos(1, 1)],
                vec![pos(0, 3)],
                vec![pos(2, 3)],
                vec![pos(5, 5), pos(6, 4)],
            ]
        );
        assert!(regions(&[]).is_empty());
    }
}
