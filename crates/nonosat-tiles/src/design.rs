//! The whole designer: decide existence; if no tiles exist, recolour (Algorithm 1, the better
//! search, and the exact optimum for few colours); build the tiles of the chosen pictures and
//! verify them by rebuilding every picture.

use std::time::{Duration, Instant};

use nonosat::deadline::Deadline;

use super::build::{RebuildFault, TileSet, build_tiles, verify};
use super::exact::ExactError;
use super::picture::PictureSet;
use super::recolour::{Palette, Recolouring, algorithm_one, better, exact_best};
use super::venn::{Allocation, AllocationFault, Counts};
use super::{Method, allocate, fastest};
use nonosat::image::Rgb;

/// One recolouring and what it costs.
#[derive(Clone, Debug, PartialEq)]
pub struct Recoloured {
    /// The grouping of the colours.
    pub recolouring: Recolouring,
    /// Formula 6.
    pub distance: f64,
    /// Colours after it.
    pub colours: usize,
    /// Time the search took.
    pub time: Duration,
}

/// The outcome of [`design`].
#[derive(Clone, Debug)]
pub struct Design {
    /// Whether tiles exist for the pictures as given.
    pub exists: bool,
    /// The method that decided existence.
    pub method: Method,
    /// Time of the existence test on the pictures as given.
    pub decide_time: Duration,
    /// Algorithm 1's recolouring, when one was needed.
    pub paper: Option<Recoloured>,
    /// The better search's recolouring, when one was needed.
    pub better: Option<Recoloured>,
    /// The least-distance merging, when one was needed and the colours are few enough.
    pub optimal: Option<Recoloured>,
    /// The pictures the tiles rebuild: the input, or its best recolouring.
    pub pictures: PictureSet,
    /// The valid allocation of those pictures.
    pub allocation: Allocation,
    /// The tiles and layouts, verified.
    pub tiles: TileSet,
}

/// Why [`design`] gave no answer.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum DesignError {
    /// The exact method failed or refused.
    #[error(transparent)]
    Exact(#[from] ExactError),
    /// The recoloured pictures have no allocation (a bug: please report it).
    #[error("internal error: the recoloured pictures have no allocation")]
    NoAllocation,
    /// The allocation found fails its independent check (a bug: please report it).
    #[error("internal error: allocation fails: {0:?}")]
    Allocation(AllocationFault),
    /// The tiles do not rebuild the pictures (a bug: please report it).
    #[error("internal error: the tiles do not rebuild the pictures: {0:?}")]
    Rebuild(RebuildFault),
    /// No tiles exist and there are too many colours to search for a recolouring.
    #[error(
        "no tiles exist, and {colours} colours are too many to search for a recolouring (at \
         most {MAX_RECOLOURED}): reduce the palette first"
    )]
    TooManyColours {
        /// Colours of the pictures.
        colours: usize,
    },
}

/// The most colours the recolouring searches accept (their greedy merging takes time cubic in it).
pub const MAX_RECOLOURED: usize = 1000;

/// Runs the designer with `method` (the fastest for the picture count when `None`), giving up at
/// `deadline`.
pub fn design(
    set: &PictureSet,
    method: Option<Method>,
    deadline: Option<Deadline>,
) -> Result<Design, DesignError> {
    let counts = Counts::of(set);
    let method = method.unwrap_or_else(|| fastest(&counts));
    let started = Instant::now();
    let found = allocate(&counts, method, deadline)?;
    let decide_time = started.elapsed();
    // Every step of every search asks this, so the deadline bounds the searches too.
    let mut tiles_exist = |counts: &Counts| {
        if deadline.is_some_and(Deadline::has_passed) {
            return Err(ExactError::TimedOut);
        }
        allocate(counts, method, deadline).map(|a| a.is_some())
    };
    let (paper, better_found, optimal, pictures) = match found {
        Some(_) => (None, None, None, set.clone()),
        None if set.colours.len() > MAX_RECOLOURED => {
            return Err(DesignError::TooManyColours {
                colours: set.colours.len(),
            });
        }
        None => {
            let palette = Palette::new(&counts, &set.colours);
            let timed = |search: &mut dyn FnMut() -> Result<Recolouring, ExactError>| {
                let started = Instant::now();
                search().map(|recolouring| Recoloured {
                    distance: palette.distance(&recolouring),
                    colours: recolouring.groups(),
                    recolouring,
                    time: started.elapsed(),
                })
            };
            let paper = timed(&mut || algorithm_one(&palette, &mut tiles_exist))?;
            let ours = timed(&mut || better(&palette, &paper.recolouring, &mut tiles_exist))?;
            let started = Instant::now();
            let optimal = exact_best(&palette, &mut tiles_exist)?.map(|recolouring| Recoloured {
                distance: palette.distance(&recolouring),
                colours: recolouring.groups(),
                recolouring,
                time: started.elapsed(),
            });
            let chosen = optimal.as_ref().unwrap_or(&ours);
            let pictures = recoloured(set, &palette, &chosen.recolouring);
            (Some(paper), Some(ours), optimal, pictures)
        }
    };
    let final_counts = Counts::of(&pictures);
    let allocation = allocate(&final_counts, method, deadline)?.ok_or(DesignError::NoAllocation)?;
    allocation
        .check(&final_counts)
        .map_err(DesignError::Allocation)?;
    let tiles = build_tiles(&pictures, &final_counts, &allocation);
    verify(&pictures, &tiles).map_err(DesignError::Rebuild)?;
    Ok(Design {
        exists: paper.is_none(),
        method,
        decide_time,
        paper,
        better: better_found,
        optimal,
        pictures,
        allocation,
        tiles,
    })
}

/// The pictures with each group of colours replaced by its mean, rounded to 8 bits.
pub fn recoloured(set: &PictureSet, palette: &Palette, recolouring: &Recolouring) -> PictureSet {
    let means = palette.means(recolouring);
    let colours = means
        .iter()
        .map(|m| {
            let [r, g, b] = m.map(|c| (c * 255.0).round().clamp(0.0, 255.0) as u8);
            Rgb(r, g, b)
        })
        .collect();
    let mut names = vec![Vec::new(); recolouring.groups()];
    for (old, &group) in recolouring.group_of.iter().enumerate() {
        names[group].push(set.names[old].clone());
    }
    PictureSet {
        width: set.width,
        height: set.height,
        colours,
        names: names.into_iter().map(|n| n.join("+")).collect(),
        pictures: set
            .pictures
            .iter()
            .map(|cells| cells.iter().map(|&c| recolouring.group_of[c]).collect())
            .collect(),
    }
}
