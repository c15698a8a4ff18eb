//! `--svg` and `--png`: each puzzle drawn to a file, named after its place when a file holds several.

use std::path::{Path, PathBuf};

use nonosat::image::Drawing;

use super::args::PictureArgs;
use super::error::CliError;
use super::output::{Printer, shown_name, write_file};

impl PictureArgs {
    /// Whether any picture was asked for.
    pub(super) fn wanted(&self) -> bool {
        self.svg.is_some() || self.png.is_some()
    }

    /// Writes the drawing of the puzzle at `index` (of `count` in the input) to every picture file
    /// asked for; a file that cannot be written is an error of that puzzle, printed by `printer`.
    pub(super) fn write(
        &self,
        printer: &mut Printer,
        index: usize,
        count: usize,
        drawing: &Drawing,
    ) {
        if let Some(path) = &self.svg {
            let path = numbered(path, index, count);
            if let Err(error) = write_file(&path, drawing.to_svg().as_bytes()) {
                printer.error(&error);
            }
        }
        if let Some(path) = &self.png {
            let path = numbered(path, index, count);
            let written = drawing
                .to_png()
                .map_err(|error| {
                    let file = shown_name(&path);
                    let context = format!("cannot draw {}", path.display());
                    CliError::new(&file, error).at(index).context(context)
                })
                .and_then(|png| write_file(&path, &png));
            if let Err(error) = written {
                printer.error(&error);
            }
        }
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
