//! The record and the text of `tiles`: existence, recolourings, tiles and layouts.

use std::fmt::Write;

use serde::Serialize;

use crate::Method;
use crate::build::Face;
use crate::design::{Design, Recoloured};
use crate::picture::PictureSet;
use crate::venn::region_label;
use nonosat::report::SCHEMA_VERSION;

/// The result of `tiles` (see docs/json.md).
#[derive(Clone, Debug, Serialize)]
pub struct TilesRecord {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The picture files, as given.
    pub pictures: Vec<String>,
    /// Columns of each picture.
    pub width: usize,
    /// Rows of each picture.
    pub height: usize,
    /// Cells of each picture, N (also the number of tiles).
    pub cells: usize,
    /// Colours over all pictures as given.
    pub colours: usize,
    /// Whether tiles exist for the pictures as given.
    pub exists: bool,
    /// `formula` (the paper's, M = 3) or `exact` (the integer programme).
    pub method: &'static str,
    /// Milliseconds of the existence test on the pictures as given.
    pub decide_ms: f64,
    /// Algorithm 1's recolouring, when tiles did not exist.
    pub paper: Option<RecolourRecord>,
    /// The better search's recolouring, when tiles did not exist.
    pub better: Option<RecolourRecord>,
    /// The least-distance merging, when tiles did not exist and the colours are few enough.
    pub optimal: Option<RecolourRecord>,
    /// The palette of the pictures the tiles rebuild: name and `#rrggbb`.
    pub palette: Vec<[String; 2]>,
    /// The tiles: colour indices into `palette`, and the pictures (1-based) showing the front.
    pub tiles: Vec<TileRecord>,
    /// For each picture, for each cell row by row: `[tile, "front" | "back"]` (tile 0-based).
    pub layouts: Vec<Vec<(usize, &'static str)>>,
    /// Faces per Venn region (1-based picture sets such as `{1,3}`), summed over colours.
    pub regions: Vec<(String, u64)>,
}

/// One recolouring.
#[derive(Clone, Debug, Serialize)]
pub struct RecolourRecord {
    /// Colours after it.
    pub colours: usize,
    /// The paper's formula 6 (root mean square change per channel, 0 to 1).
    pub distance: f64,
    /// Milliseconds the search took.
    pub ms: f64,
}

/// One tile.
#[derive(Clone, Debug, Serialize)]
pub struct TileRecord {
    /// Colour of the front face (index into `palette`).
    pub front: usize,
    /// Colour of the back face.
    pub back: usize,
    /// The pictures (1-based) that show the front; the others show the back.
    pub front_pictures: Vec<usize>,
}

fn recolour_record(found: &Option<Recoloured>) -> Option<RecolourRecord> {
    found.as_ref().map(|r| RecolourRecord {
        colours: r.colours,
        distance: r.distance,
        ms: r.time.as_secs_f64() * 1e3,
    })
}

fn face_name(face: Face) -> &'static str {
    match face {
        Face::Front => "front",
        Face::Back => "back",
    }
}

fn members(region: usize, pictures: usize) -> Vec<usize> {
    (0..pictures)
        .filter(|i| region & (1 << i) != 0)
        .map(|i| i + 1)
        .collect()
}

impl TilesRecord {
    /// The record of a design made from `input` read from `files`.
    pub fn new(files: Vec<String>, input: &PictureSet, design: &Design) -> TilesRecord {
        let pictures = design.pictures.picture_count();
        let full = (1usize << pictures) - 1;
        TilesRecord {
            schema_version: SCHEMA_VERSION,
            pictures: files,
            width: input.width,
            height: input.height,
            cells: input.cell_count(),
            colours: input.colours.len(),
            exists: design.exists,
            method: match design.method {
                Method::Formula => "formula",
                Method::Exact => "exact",
            },
            decide_ms: design.decide_time.as_secs_f64() * 1e3,
            paper: recolour_record(&design.paper),
            better: recolour_record(&design.better),
            optimal: recolour_record(&design.optimal),
            palette: design
                .pictures
                .names
                .iter()
                .zip(&design.pictures.colours)
                .map(|(name, rgb)| [name.clone(), rgb.hex()])
                .collect(),
            tiles: design
                .tiles
                .tiles
                .iter()
                .map(|t| TileRecord {
                    front: t.front,
                    back: t.back,
                    front_pictures: members(t.front_pictures, pictures),
                })
                .collect(),
            layouts: design
                .tiles
                .layouts
                .iter()
                .map(|layout| layout.iter().map(|p| (p.tile, face_name(p.face))).collect())
                .collect(),
            regions: (1..=full)
                .map(|u| (region_label(u), design.allocation.region_size(u)))
                .collect(),
        }
    }
}

/// The summary for the terminal: verdict, recolourings, regions; tiles and layouts when
/// `details`.
pub fn render_tiles(record: &TilesRecord, details: bool) -> String {
    let mut text = String::new();
    let m = record.pictures.len();
    let _ = writeln!(
        text,
        "{m} pictures of {}x{} = {} cells, {} colours",
        record.width, record.height, record.cells, record.colours
    );
    let _ = writeln!(
        text,
        "tiles exist: {} (by the {}, {:.2} ms)",
        if record.exists { "yes" } else { "no" },
        if record.method == "formula" {
            "paper's M = 3 formula"
        } else {
            "exact integer programme"
        },
        record.decide_ms
    );
    for (label, found) in [
        ("Algorithm 1 (paper)", &record.paper),
        ("better search", &record.better),
        ("least distance", &record.optimal),
    ] {
        if let Some(r) = found {
            let _ = writeln!(
                text,
                "{label:<20} {:>3} colours ({} merged), colour distance {:.4} ({:.1} ms)",
                r.colours,
                record.colours - r.colours,
                r.distance,
                r.ms
            );
        }
    }
    if !record.exists {
        let _ = writeln!(text, "the tiles below rebuild the recoloured pictures");
    }
    let palette: Vec<String> = record
        .palette
        .iter()
        .map(|[name, hex]| format!("{name}={hex}"))
        .collect();
    let _ = writeln!(text, "palette: {}", palette.join(" "));
    let regions: Vec<String> = record
        .regions
        .iter()
        .filter(|(_, faces)| *faces > 0)
        .map(|(label, faces)| format!("{label}:{faces}"))
        .collect();
    let _ = writeln!(text, "faces per region: {}", regions.join(" "));
    if !details {
        return text;
    }
    let name = |colour: usize| record.palette[colour][0].as_str();
    let _ = writeln!(
        text,
        "tiles (front / back, and the pictures showing the front):"
    );
    for (index, tile) in record.tiles.iter().enumerate() {
        let shown: Vec<String> = tile.front_pictures.iter().map(usize::to_string).collect();
        let _ = writeln!(
            text,
            "  {index:>4}: {} / {}  front in {{{}}}",
            name(tile.front),
            name(tile.back),
            shown.join(",")
        );
    }
    for (picture, layout) in record.layouts.iter().enumerate() {
        let _ = writeln!(text, "picture {} (tile and face up, F or B):", picture + 1);
        for row in layout.chunks(record.width.max(1)) {
            let cells: Vec<String> = row
                .iter()
                .map(|(tile, face)| format!("{tile}{}", if *face == "front" { 'F' } else { 'B' }))
                .collect();
            let _ = writeln!(text, "  {}", cells.join(" "));
        }
    }
    text
}
