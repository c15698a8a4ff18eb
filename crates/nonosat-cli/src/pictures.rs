//! `--svg` and `--png`: each puzzle drawn to a file, named after its place when a file holds several.

use std::path::{Path, PathBuf};

use nonosat::image::Drawing;

use super::args::PictureArgs;
use super::output::{print_error, shown_name, write_file};
use super::status::Status;

impl PictureArgs {
    /// Whether any picture was asked for.
    pub(super) fn wanted(&self) -> bool {
        self.svg.is_some() || self.png.is_some()
    }

    /// Writes the drawing of the puzzle at `index` (of `count` in the input) to every picture file
    /// asked for; the status says whether all could be written.
    pub(super) fn write(
        &self,
        json: bool,
        index: usize,
        count: usize,
        drawing: &Drawing,
    ) -> Status {
        let mut status = Status::Done;
        if let Some(path) = &self.svg {
            let path = numbered(path, index, count);
            status = status.and(write_file(&path, drawing.to_svg().as_bytes(), json));
        }
        if let Some(path) = &self.png {
            let path = numbered(path, index, count);
            match drawing.to_raster() {
                Ok(image) => status = status.and(write_file(&path, &image.to_png(), json)),
                Err(error) => {
                    let message = format!("cannot draw {}: {error}", path.display());
                    print_error(json, &shown_name(&path), Some(index), &message);
                    status = status.and(Status::BadInput);
                }
            }
        }
        status
    }
}

/// `path` itself for a single puzzle; `NAME-N.EXT` (N 1-based) for the puzzle at `index` of several.
pub(super) fn numbered(path: &Path, index: usize, count: usize) -> PathBuf {
    if count == 1 {
        return path.to_owned();
    }
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(extension) => format!("{stem}-{}.{}", index + 1, extension.to_string_lossy()),
        None => format!("{stem}-{}", index + 1),
    };
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn several_puzzles_get_numbered_names() {
        let path = Path::new("out/puzzle.svg");
        assert_eq!(numbered(path, 0, 1), Path::new("out/puzzle.svg"));
        assert_eq!(numbered(path, 0, 3), Path::new("out/puzzle-1.svg"));
        assert_eq!(numbered(path, 2, 3), Path::new("out/puzzle-3.svg"));
        assert_eq!(numbered(Path::new("p"), 1, 2), Path::new("p-2"));
    }
}
