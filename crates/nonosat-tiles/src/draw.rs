//! Drawings of the tiles (both faces) and of each picture rebuilt from them.

use super::build::{Face, TileSet};
use super::picture::PictureSet;
use nonosat::image::{Anchor, Drawing, Rgb};

const MARGIN: u32 = 8;
const GRID: Rgb = Rgb(96, 96, 96);
/// Cells at least this large carry tile numbers.
const NUMBERED: u32 = 24;

/// The pixel size of a cell for pictures of `width` x `height` cells.
fn cell_size(width: usize, height: usize) -> u32 {
    (640 / width.max(height).max(1) as u32).clamp(3, 32)
}

/// Every tile as a pair of squares, front left and back right, in rows of tiles as wide as the
/// pictures; numbered underneath when the squares are large enough.
pub fn draw_tiles(set: &PictureSet, tiles: &TileSet) -> Drawing {
    let size = cell_size(set.width, set.height);
    let per_row = set.width.max(1) as u32;
    let rows = (tiles.tiles.len() as u32).div_ceil(per_row);
    let pitch_x = 2 * size + size / 2 + 2;
    let pitch_y = size + size / 2 + 2;
    let mut drawing = Drawing::new(
        2 * MARGIN + per_row * pitch_x,
        2 * MARGIN + rows.max(1) * pitch_y,
    );
    for (index, tile) in tiles.tiles.iter().enumerate() {
        let (column, row) = (index as u32 % per_row, index as u32 / per_row);
        let (x, y) = (MARGIN + column * pitch_x, MARGIN + row * pitch_y);
        drawing.rect(x, y, size, size, set.colours[tile.front]);
        drawing.rect(x + size, y, size, size, set.colours[tile.back]);
        drawing.outline(x, y, 2 * size, size, 1, GRID);
        drawing.rect(x + size, y, 1, size, GRID);
        if size >= NUMBERED {
            let label = index.to_string();
            drawing.text(
                x + size,
                y + size + size / 4 + 1,
                size / 3,
                Anchor::Middle,
                GRID,
                &label,
            );
        }
    }
    drawing
}

/// Picture `picture` as rebuilt from the tiles: each cell in the colour of the face that lies up,
/// with its tile's number when cells are large enough; a cell showing a back face has a small mark
/// in its corner.
pub fn draw_rebuilt(set: &PictureSet, tiles: &TileSet, picture: usize) -> Drawing {
    let size = cell_size(set.width, set.height);
    let mut drawing = Drawing::new(
        2 * MARGIN + set.width as u32 * size,
        2 * MARGIN + set.height as u32 * size,
    );
    for (cell, placement) in tiles.layouts[picture].iter().enumerate() {
        let (column, row) = ((cell % set.width) as u32, (cell / set.width) as u32);
        let (x, y) = (MARGIN + column * size, MARGIN + row * size);
        let tile = tiles.tiles[placement.tile];
        let colour = match placement.face {
            Face::Front => set.colours[tile.front],
            Face::Back => set.colours[tile.back],
        };
        drawing.rect(x, y, size, size, colour);
        let ink = if colour.luma() > 128 {
            Rgb::BLACK
        } else {
            Rgb::WHITE
        };
        if placement.face == Face::Back && size >= 8 {
            drawing.rect(x + 1, y + 1, size / 4, size / 4, ink);
        }
        if size >= 8 {
            drawing.outline(x, y, size, size, 1, GRID);
        }
        if size >= NUMBERED {
            let label = placement.tile.to_string();
            drawing.text(
                x + size / 2,
                y + size / 2,
                size / 3,
                Anchor::Middle,
                ink,
                &label,
            );
        }
    }
    drawing
}
