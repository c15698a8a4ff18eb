//! Changing colours until tiles exist: the paper's Algorithm 1, its colour distance (formula 6),
//! and a search that finds recolourings with a smaller distance.
//!
//! A recolouring merges colours into groups; every face of a group takes the group's colour, the
//! mean of its members weighted by their face counts (the paper's formula 5, applied merge after
//! merge, gives the same mean). The distance is read as the root mean square change per colour
//! channel, channels in [0, 1]: `sqrt(Σ_faces |before - after|² / (3 N M))`, which lies in [0, 1]
//! as the paper says its values do. For a fixed grouping the weighted mean minimises that sum, so
//! the search only has to choose the grouping.
//!
//! - Algorithm 1 merges the two nearest colours (Euclidean RGB distance; never two colours that
//!   both appear only in the same single picture) until tiles exist.
//! - `better` merges the pair whose merge adds the least to the squared distance (Ward's
//!   criterion, weighing how many faces change) until tiles exist, then improves by local search:
//!   move one colour out of its group, alone or into another group, while that lowers the distance
//!   and tiles still exist. It refines Algorithm 1's answer the same way and keeps the better of
//!   the two, so it is never worse than Algorithm 1.
//! - `exact_best`, for at most [`EXACT_MAX_COLOURS`] colours, tries every grouping in order of
//!   distance and returns the first for which tiles exist: the least distance of any merging.

use super::venn::{Counts, Region};
use nonosat::image::Rgb;

/// The most colours for which [`exact_best`] tries every grouping (Bell(9) = 21,147 groupings).
pub const EXACT_MAX_COLOURS: usize = 9;

/// A grouping of the colours: `group_of[j]` is the new colour of old colour `j`, numbered from 0
/// in order of first appearance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recolouring {
    /// The group of each old colour.
    pub group_of: Vec<usize>,
}

/// What the search needs to know about the colours.
pub struct Palette<'a> {
    counts: &'a Counts,
    /// Each colour in [0, 1]^3.
    points: Vec<[f64; 3]>,
    /// Faces of each colour over all pictures.
    weights: Vec<f64>,
}

/// A group of merged colours, as the greedy searches keep it.
#[derive(Clone, Debug)]
struct Group {
    members: Vec<usize>,
    weight: f64,
    mean: [f64; 3],
    support: Region,
}

impl Recolouring {
    /// Every colour on its own.
    pub fn identity(colours: usize) -> Recolouring {
        Recolouring {
            group_of: (0..colours).collect(),
        }
    }

    /// The number of new colours.
    pub fn groups(&self) -> usize {
        self.group_of.iter().max().map_or(0, |&g| g + 1)
    }

    fn from_groups(colours: usize, groups: &[Group]) -> Recolouring {
        let mut group_of = vec![0; colours];
        for (index, group) in groups.iter().enumerate() {
            for &member in &group.members {
                group_of[member] = index;
            }
        }
        Recolouring::normalised(group_of)
    }

    /// Renumbers groups in order of first appearance.
    fn normalised(group_of: Vec<usize>) -> Recolouring {
        let mut renumber = vec![usize::MAX; group_of.len()];
        let mut next = 0;
        let group_of = group_of
            .into_iter()
            .map(|g| {
                if renumber[g] == usize::MAX {
                    renumber[g] = next;
                    next += 1;
                }
                renumber[g]
            })
            .collect();
        Recolouring { group_of }
    }
}

impl<'a> Palette<'a> {
    /// The palette of `colours` with their counts.
    pub fn new(counts: &'a Counts, colours: &[Rgb]) -> Palette<'a> {
        let points = colours
            .iter()
            .map(|&Rgb(r, g, b)| [r, g, b].map(|c| f64::from(c) / 255.0))
            .collect();
        let weights = (0..counts.colours())
            .map(|j| counts.per_picture.iter().map(|row| f64::from(row[j])).sum())
            .collect();
        Palette {
            counts,
            points,
            weights,
        }
    }

    fn singleton(&self, colour: usize) -> Group {
        Group {
            members: vec![colour],
            weight: self.weights[colour],
            mean: self.points[colour],
            support: self.counts.support(colour),
        }
    }

    fn groups_of(&self, recolouring: &Recolouring) -> Vec<Group> {
        let mut groups: Vec<Option<Group>> = vec![None; recolouring.groups()];
        for (colour, &g) in recolouring.group_of.iter().enumerate() {
            let single = self.singleton(colour);
            groups[g] = Some(match groups[g].take() {
                None => single,
                Some(group) => merge(&group, &single),
            });
        }
        groups.into_iter().flatten().collect()
    }

    /// The new colour of each group, in [0, 1]^3: the weighted mean of its members.
    pub fn means(&self, recolouring: &Recolouring) -> Vec<[f64; 3]> {
        self.groups_of(recolouring).iter().map(|g| g.mean).collect()
    }

    /// The counts after the recolouring.
    pub fn counts_after(&self, recolouring: &Recolouring) -> Counts {
        self.counts
            .merged(&recolouring.group_of, recolouring.groups())
    }

    /// Formula 6: the root mean square change per face and channel.
    pub fn distance(&self, recolouring: &Recolouring) -> f64 {
        let means = self.means(recolouring);
        let squared: f64 = (0..self.points.len())
            .map(|j| self.weights[j] * squared_gap(self.points[j], means[recolouring.group_of[j]]))
            .sum();
        let faces = self.counts.cells() as f64 * self.counts.pictures() as f64;
        (squared / (3.0 * faces)).sqrt()
    }
}

fn squared_gap(a: [f64; 3], b: [f64; 3]) -> f64 {
    (0..3).map(|k| (a[k] - b[k]).powi(2)).sum()
}

fn merge(a: &Group, b: &Group) -> Group {
    let weight = a.weight + b.weight;
    let mean = [0, 1, 2].map(|k| (a.mean[k] * a.weight + b.mean[k] * b.weight) / weight);
    let mut members = [a.members.as_slice(), b.members.as_slice()].concat();
    members.sort_unstable();
    Group {
        members,
        weight,
        mean,
        support: a.support | b.support,
    }
}

/// Two groups that appear only in one and the same picture: merging them changes nothing.
fn pointless(a: &Group, b: &Group) -> bool {
    a.support == b.support && a.support.count_ones() == 1
}

/// The paper's choice: the Euclidean distance between the two colours.
fn nearest(a: &Group, b: &Group) -> f64 {
    squared_gap(a.mean, b.mean).sqrt()
}

/// Ward's criterion: how much the merge adds to the sum of squared changes.
fn ward(a: &Group, b: &Group) -> f64 {
    a.weight * b.weight / (a.weight + b.weight) * squared_gap(a.mean, b.mean)
}

/// Merges the cheapest pair by `cost` until `tiles_exist` says yes (or one group is left).
fn greedy<E>(
    palette: &Palette,
    start: Recolouring,
    cost: fn(&Group, &Group) -> f64,
    tiles_exist: &mut dyn FnMut(&Counts) -> Result<bool, E>,
) -> Result<Recolouring, E> {
    let colours = palette.points.len();
    let mut groups = palette.groups_of(&start);
    loop {
        let recolouring = Recolouring::from_groups(colours, &groups);
        if tiles_exist(&palette.counts_after(&recolouring))? || groups.len() < 2 {
            return Ok(recolouring);
        }
        let mut best: Option<(f64, usize, usize)> = None;
        for a in 0..groups.len() {
            for b in a + 1..groups.len() {
                if pointless(&groups[a], &groups[b]) {
                    continue;
                }
                let value = cost(&groups[a], &groups[b]);
                if best.is_none_or(|(least, _, _)| value < least) {
                    best = Some((value, a, b));
                }
            }
        }
        let Some((_, a, b)) = best else {
            return Ok(recolouring);
        };
        let merged = merge(&groups[a], &groups[b]);
        groups.remove(b);
        groups[a] = merged;
    }
}

/// The paper's Algorithm 1: merge the two nearest colours until tiles exist.
pub fn algorithm_one<E>(
    palette: &Palette,
    tiles_exist: &mut dyn FnMut(&Counts) -> Result<bool, E>,
) -> Result<Recolouring, E> {
    let identity = Recolouring::identity(palette.points.len());
    greedy(palette, identity, nearest, tiles_exist)
}

/// Local search from a recolouring for which tiles exist: moves one colour out of its group,
/// alone or into another group, taking the move that lowers the distance most among those for
/// which tiles still exist, until no move helps.
fn refine<E>(
    palette: &Palette,
    mut recolouring: Recolouring,
    tiles_exist: &mut dyn FnMut(&Counts) -> Result<bool, E>,
) -> Result<Recolouring, E> {
    loop {
        let current = palette.distance(&recolouring);
        let groups = recolouring.groups();
        let mut moves: Vec<(f64, Recolouring)> = Vec::new();
        for colour in 0..recolouring.group_of.len() {
            for target in 0..=groups {
                if target == recolouring.group_of[colour] {
                    continue;
                }
                let mut group_of = recolouring.group_of.clone();
                group_of[colour] = target;
                let candidate = Recolouring::normalised(group_of);
                let distance = palette.distance(&candidate);
                if distance < current - 1e-12 {
                    moves.push((distance, candidate));
                }
            }
        }
        moves.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut improved = false;
        for (_, candidate) in moves {
            if tiles_exist(&palette.counts_after(&candidate))? {
                recolouring = candidate;
                improved = true;
                break;
            }
        }
        if !improved {
            return Ok(recolouring);
        }
    }
}

/// A recolouring for which tiles exist, never farther than Algorithm 1's (see the module notes).
pub fn better<E>(
    palette: &Palette,
    paper: &Recolouring,
    tiles_exist: &mut dyn FnMut(&Counts) -> Result<bool, E>,
) -> Result<Recolouring, E> {
    let identity = Recolouring::identity(palette.points.len());
    let by_ward = greedy(palette, identity, ward, tiles_exist)?;
    let by_ward = refine(palette, by_ward, tiles_exist)?;
    let by_paper = refine(palette, paper.clone(), tiles_exist)?;
    Ok(
        if palette.distance(&by_ward) < palette.distance(&by_paper) {
            by_ward
        } else {
            by_paper
        },
    )
}

/// The grouping of least distance for which tiles exist, trying every grouping of at most
/// [`EXACT_MAX_COLOURS`] colours (`None` for more colours).
pub fn exact_best<E>(
    palette: &Palette,
    tiles_exist: &mut dyn FnMut(&Counts) -> Result<bool, E>,
) -> Result<Option<Recolouring>, E> {
    let colours = palette.points.len();
    if colours > EXACT_MAX_COLOURS {
        return Ok(None);
    }
    let mut candidates: Vec<(f64, Recolouring)> = Vec::new();
    let mut growth = vec![0usize; colours];
    loop {
        let candidate = Recolouring {
            group_of: growth.clone(),
        };
        candidates.push((palette.distance(&candidate), candidate));
        if !next_growth_string(&mut growth) {
            break;
        }
    }
    candidates.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (_, candidate) in candidates {
        if tiles_exist(&palette.counts_after(&candidate))? {
            return Ok(Some(candidate));
        }
    }
    Ok(None)
}

/// Steps a restricted growth string (each entry at most one more than the largest before it) to
/// the next one; false after the last. These strings are the set partitions, each once.
fn next_growth_string(growth: &mut [usize]) -> bool {
    for k in (1..growth.len()).rev() {
        let ceiling = growth[..k].iter().max().copied().unwrap_or(0) + 1;
        if growth[k] < ceiling {
            growth[k] += 1;
            growth[k + 1..].fill(0);
            return true;
        }
    }
    false
}
