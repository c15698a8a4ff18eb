//! From a valid allocation to actual tiles and, for each picture, which tile shows which face at
//! each cell (the paper's section 3.6); and the independent check that rebuilds every picture.

use super::picture::{ColourId, PictureSet};
use super::venn::{Allocation, Counts, Region};

/// A double-sided square tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile {
    /// The colour of its front face.
    pub front: ColourId,
    /// The colour of its back face.
    pub back: ColourId,
    /// The pictures that show its front (the others show its back).
    pub front_pictures: Region,
}

/// Which face of a tile lies up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// The front face.
    Front,
    /// The back face.
    Back,
}

/// A tile placed in a cell: which tile, which face up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Index into [`TileSet::tiles`].
    pub tile: usize,
    /// The face that shows.
    pub face: Face,
}

/// The tiles and, for each picture, the placement at each of its cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileSet {
    /// N tiles.
    pub tiles: Vec<Tile>,
    /// `layouts[i][cell]`: the placement at that cell of picture `i`, cells row by row.
    pub layouts: Vec<Vec<Placement>>,
}

/// Makes the tiles of a valid allocation: each face of region `u` is paired with a face of `ū`
/// (any pairing will do); a face of the full region gets a tile whose back is never shown, and is
/// given the same colour. Then each picture takes, for each cell, a tile that shows its colour.
pub fn build_tiles(set: &PictureSet, counts: &Counts, allocation: &Allocation) -> TileSet {
    let full = counts.full();
    let faces_in = |region: Region| -> Vec<ColourId> {
        allocation
            .faces
            .iter()
            .enumerate()
            .flat_map(|(colour, row)| std::iter::repeat_n(colour, row[region] as usize))
            .collect()
    };
    let mut tiles = Vec::with_capacity(set.cell_count());
    for region in 1..=full {
        let complement = full ^ region;
        if region == full {
            tiles.extend(faces_in(full).into_iter().map(|colour| Tile {
                front: colour,
                back: colour,
                front_pictures: full,
            }));
        } else if region < complement {
            let fronts = faces_in(region);
            let backs = faces_in(complement);
            tiles.extend(fronts.into_iter().zip(backs).map(|(front, back)| Tile {
                front,
                back,
                front_pictures: region,
            }));
        }
    }
    let layouts = (0..set.picture_count())
        .map(|picture| lay_out(set, &tiles, picture))
        .collect();
    TileSet { tiles, layouts }
}

/// Places every tile on a cell of its shown colour in one picture, cells in reading order.
fn lay_out(set: &PictureSet, tiles: &[Tile], picture: usize) -> Vec<Placement> {
    let mut waiting: Vec<Vec<Placement>> = vec![Vec::new(); set.colours.len()];
    for (index, tile) in tiles.iter().enumerate().rev() {
        let placement = if tile.front_pictures & (1 << picture) != 0 {
            (tile.front, Face::Front)
        } else {
            (tile.back, Face::Back)
        };
        waiting[placement.0].push(Placement {
            tile: index,
            face: placement.1,
        });
    }
    set.pictures[picture]
        .iter()
        .map(|&colour| {
            waiting[colour]
                .pop()
                .expect("a valid allocation shows each colour as often as the picture has it")
        })
        .collect()
}

/// Why a tile set does not rebuild the pictures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RebuildFault {
    /// The number of tiles is not the number of cells.
    TileCount {
        /// Tiles in the set.
        tiles: usize,
        /// Cells of each picture.
        cells: usize,
    },
    /// A picture's layout has the wrong length, names a tile that does not exist or uses one twice.
    BadLayout {
        /// The picture (0-based).
        picture: usize,
    },
    /// A cell shows the wrong colour.
    WrongColour {
        /// The picture (0-based).
        picture: usize,
        /// The cell, row by row (0-based).
        cell: usize,
    },
}

/// Rebuilds every picture from the tiles and layouts: each tile used exactly once per picture and
/// every cell showing its colour. Shares nothing with the construction above.
pub fn verify(set: &PictureSet, tile_set: &TileSet) -> Result<(), RebuildFault> {
    let cells = set.cell_count();
    if tile_set.tiles.len() != cells {
        return Err(RebuildFault::TileCount {
            tiles: tile_set.tiles.len(),
            cells,
        });
    }
    if tile_set.layouts.len() != set.picture_count() {
        return Err(RebuildFault::BadLayout {
            picture: tile_set.layouts.len().min(set.picture_count()),
        });
    }
    for (picture, (layout, wanted)) in tile_set.layouts.iter().zip(&set.pictures).enumerate() {
        let mut used = vec![false; cells];
        if layout.len() != cells {
            return Err(RebuildFault::BadLayout { picture });
        }
        for (cell, placement) in layout.iter().enumerate() {
            if placement.tile >= cells || std::mem::replace(&mut used[placement.tile], true) {
                return Err(RebuildFault::BadLayout { picture });
            }
            let tile = tile_set.tiles[placement.tile];
            let shown = match placement.face {
                Face::Front => tile.front,
                Face::Back => tile.back,
            };
            if shown != wanted[cell] {
                return Err(RebuildFault::WrongColour { picture, cell });
            }
        }
    }
    Ok(())
}
