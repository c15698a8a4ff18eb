//! The input of the tile designer: M pictures of equal size over one shared palette.
//!
//! A picture is a PNG (each pixel a cell, each distinct RGB a colour) or a text grid (each
//! character a cell, each distinct character a colour). Text colours come from a legend (`CHAR
//! #rrggbb` a line) when one is given, else from a fixed palette in character order.

use std::collections::BTreeMap;
use std::path::Path;

use nonosat::image::{Raster, Rgb};

/// The most pictures at once: the exact method has `2^M - 1` Venn regions per colour.
pub const MAX_PICTURES: usize = 8;

/// The most cells a picture may have.
pub const MAX_CELLS: usize = 1 << 20;

/// An index into [`PictureSet::colours`].
pub type ColourId = usize;

/// M pictures of the same size whose cells are colours of one palette.
#[derive(Clone, Debug, PartialEq)]
pub struct PictureSet {
    /// Columns of every picture.
    pub width: usize,
    /// Rows of every picture.
    pub height: usize,
    /// The palette: every colour used by some picture, each once.
    pub colours: Vec<Rgb>,
    /// A short name for each colour: its character for text, its hex code for PNG.
    pub names: Vec<String>,
    /// `pictures[i][row * width + column]` is the colour of that cell of picture `i`.
    pub pictures: Vec<Vec<ColourId>>,
}

/// A picture file that could not be used, and where the problem is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}{}: {message}", line.map_or(String::new(), |line| format!(":{line}")))]
pub struct PictureError {
    /// The file as named by the user.
    pub file: String,
    /// The 1-based line at fault, for text files.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

fn error(file: &str, line: Option<usize>, message: impl Into<String>) -> PictureError {
    PictureError {
        file: file.into(),
        line,
        message: message.into(),
    }
}

/// One picture as read, before the palettes of all pictures are joined.
enum Cells {
    /// Rows of characters.
    Text(Vec<Vec<char>>),
    /// Rows of colours.
    Png(Raster),
}

/// Reads the picture files (PNG by their signature, else text) and an optional legend file.
pub fn read_pictures(paths: &[&Path], legend: Option<&Path>) -> Result<PictureSet, PictureError> {
    let legend = match legend {
        None => None,
        Some(path) => {
            let name = path.display().to_string();
            Some(parse_legend(&read_text(path)?, &name)?)
        }
    };
    let mut files = Vec::new();
    for path in paths {
        let name = path.display().to_string();
        let bytes = read_bytes(path)?;
        files.push((name, bytes));
    }
    let named: Vec<(&str, &[u8])> = files.iter().map(|(n, b)| (n.as_str(), &b[..])).collect();
    parse_pictures(&named, legend.as_ref())
}

fn read_bytes(path: &Path) -> Result<Vec<u8>, PictureError> {
    let name = path.display().to_string();
    let too_large = (MAX_CELLS as u64) * 64;
    match std::fs::metadata(path) {
        Ok(metadata) if metadata.len() > too_large => {
            return Err(error(&name, None, format!("larger than {too_large} bytes")));
        }
        _ => {}
    }
    std::fs::read(path).map_err(|e| error(&name, None, format!("cannot read: {e}")))
}

fn read_text(path: &Path) -> Result<String, PictureError> {
    let name = path.display().to_string();
    String::from_utf8(read_bytes(path)?).map_err(|_| error(&name, None, "not UTF-8 text"))
}

/// Parses a legend: one `CHAR #rrggbb` a line; blank lines and lines starting with `;` are skipped.
pub fn parse_legend(text: &str, source: &str) -> Result<BTreeMap<char, Rgb>, PictureError> {
    let mut legend = BTreeMap::new();
    for (index, line) in text.lines().enumerate() {
        let here = Some(index + 1);
        let line = line.trim_end();
        if line.trim().is_empty() || line.starts_with(';') {
            continue;
        }
        let mut chars = line.chars();
        let key = chars.next().expect("the line is not empty");
        let code = chars.as_str().trim();
        let rgb = parse_hex(code).ok_or_else(|| {
            error(
                source,
                here,
                format!("expected `{key} #rrggbb`, found `{line}`"),
            )
        })?;
        if legend.insert(key, rgb).is_some() {
            return Err(error(source, here, format!("`{key}` is given twice")));
        }
    }
    Ok(legend)
}

fn parse_hex(code: &str) -> Option<Rgb> {
    let hex = code.strip_prefix('#')?;
    if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let channel = |at: usize| u8::from_str_radix(&hex[at..at + 2], 16).ok();
    Some(Rgb(channel(0)?, channel(2)?, channel(4)?))
}

/// Builds the picture set from named file contents (PNG or text) and an optional legend.
pub fn parse_pictures(
    files: &[(&str, &[u8])],
    legend: Option<&BTreeMap<char, Rgb>>,
) -> Result<PictureSet, PictureError> {
    if files.is_empty() {
        return Err(error("tiles", None, "no picture given"));
    }
    if files.len() > MAX_PICTURES {
        return Err(error(
            files[MAX_PICTURES].0,
            None,
            format!("at most {MAX_PICTURES} pictures are supported"),
        ));
    }
    let mut read = Vec::new();
    for &(name, bytes) in files {
        let cells = if bytes.starts_with(b"\x89PNG") {
            Cells::Png(Raster::from_png(bytes).map_err(|e| error(name, None, e.to_string()))?)
        } else {
            let text = std::str::from_utf8(bytes).map_err(|_| error(name, None, "not UTF-8"))?;
            Cells::Text(parse_grid(text, name)?)
        };
        read.push((name, cells));
    }
    let size = |cells: &Cells| match cells {
        Cells::Text(rows) => (rows[0].len(), rows.len()),
        Cells::Png(raster) => (raster.width(), raster.height()),
    };
    let (width, height) = size(&read[0].1);
    if width * height > MAX_CELLS {
        return Err(error(
            read[0].0,
            None,
            format!("more than {MAX_CELLS} cells"),
        ));
    }
    for (name, cells) in &read {
        let (w, h) = size(cells);
        if (w, h) != (width, height) {
            return Err(error(
                name,
                None,
                format!("is {w}x{h}, but {} is {width}x{height}", read[0].0),
            ));
        }
    }
    let texts: Vec<char> = read
        .iter()
        .filter_map(|(_, cells)| match cells {
            Cells::Text(rows) => Some(rows.iter().flatten().copied()),
            Cells::Png(_) => None,
        })
        .flatten()
        .collect();
    let char_colours = char_palette(&texts, legend, &read)?;
    let mut palette: BTreeMap<Rgb, ColourId> = BTreeMap::new();
    let mut set = PictureSet {
        width,
        height,
        colours: Vec::new(),
        names: Vec::new(),
        pictures: Vec::new(),
    };
    let mut intern = |rgb: Rgb, name: String, set: &mut PictureSet| -> ColourId {
        *palette.entry(rgb).or_insert_with(|| {
            set.colours.push(rgb);
            set.names.push(name);
            set.colours.len() - 1
        })
    };
    for (_, cells) in &read {
        let picture = match cells {
            Cells::Text(rows) => rows
                .iter()
                .flatten()
                .map(|c| intern(char_colours[c], c.to_string(), &mut set))
                .collect(),
            Cells::Png(raster) => (0..height)
                .flat_map(|y| (0..width).map(move |x| (x, y)))
                .map(|(x, y)| {
                    let rgb = raster.get(x, y);
                    intern(rgb, rgb.hex(), &mut set)
                })
                .collect(),
        };
        set.pictures.push(picture);
    }
    Ok(set)
}

/// Rows of a text grid; blank lines and lines starting with `;` are skipped; spaces are cells.
fn parse_grid(text: &str, source: &str) -> Result<Vec<Vec<char>>, PictureError> {
    let mut rows: Vec<Vec<char>> = Vec::new();
    let mut first_line = 0;
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with(';') {
            continue;
        }
        let row: Vec<char> = line.trim_end_matches('\r').chars().collect();
        match rows.first() {
            None => first_line = index + 1,
            Some(first) if first.len() != row.len() => {
                return Err(error(
                    source,
                    Some(index + 1),
                    format!(
                        "this row has {} cells, but the row on line {first_line} has {}",
                        row.len(),
                        first.len()
                    ),
                ));
            }
            Some(_) => {}
        }
        rows.push(row);
        if rows.len() * rows[0].len() > MAX_CELLS {
            return Err(error(
                source,
                Some(index + 1),
                format!("more than {MAX_CELLS} cells"),
            ));
        }
    }
    if rows.is_empty() {
        return Err(error(source, None, "no rows of cells"));
    }
    Ok(rows)
}

/// The colour of each character: the legend's, else a fixed palette in character order.
fn char_palette(
    chars: &[char],
    legend: Option<&BTreeMap<char, Rgb>>,
    read: &[(&str, Cells)],
) -> Result<BTreeMap<char, Rgb>, PictureError> {
    let used: std::collections::BTreeSet<char> = chars.iter().copied().collect();
    let mut colours = BTreeMap::new();
    for (rank, &c) in used.iter().enumerate() {
        let rgb = match legend {
            Some(legend) => *legend.get(&c).ok_or_else(|| {
                let name = read
                    .iter()
                    .find(|(_, cells)| matches!(cells, Cells::Text(rows) if rows.iter().flatten().any(|&x| x == c)))
                    .map_or("tiles", |(name, _)| name);
                error(name, None, format!("the legend gives no colour for `{c}`"))
            })?,
            None => default_colour(rank),
        };
        colours.insert(c, rgb);
    }
    Ok(colours)
}

/// A distinct colour for the `rank`-th character: hues around the wheel, then darker rounds.
fn default_colour(rank: usize) -> Rgb {
    const HUES: [Rgb; 12] = [
        Rgb(230, 25, 75),
        Rgb(60, 180, 75),
        Rgb(255, 225, 25),
        Rgb(0, 130, 200),
        Rgb(245, 130, 48),
        Rgb(145, 30, 180),
        Rgb(70, 240, 240),
        Rgb(240, 50, 230),
        Rgb(210, 245, 60),
        Rgb(250, 190, 212),
        Rgb(0, 128, 128),
        Rgb(170, 110, 40),
    ];
    let Rgb(r, g, b) = HUES[rank % HUES.len()];
    let round = (rank / HUES.len()) as u32;
    let shade = |c: u8| (u32::from(c) * 4 / (4 + round)) as u8;
    Rgb(shade(r), shade(g), shade(b))
}

impl PictureSet {
    /// The number of pictures, M.
    pub fn picture_count(&self) -> usize {
        self.pictures.len()
    }

    /// The number of cells of each picture, N.
    pub fn cell_count(&self) -> usize {
        self.width * self.height
    }
}
