//! `--svg` and `--png`: each puzzle drawn to a file, named after its place when a file holds several.

use std::path::{Path, PathBuf};

use nonosat::image::Drawing;
use nonosat::model::Metadata;

use super::args::PictureArgs;
use super::error::CliError;
use super::output::{shown_name, write_file};
use super::status::Status;

impl PictureArgs {
    /// Whether any picture was asked for.
    pub(super) fn wanted(&self) -> bool {
        self.svg.is_some() || self.png.is_some()
    }

    /// Writes the drawing of the puzzle at `index` (of `count` in the input) to every picture file
    /// asked for, and returns the failures, each naming its file. The caller prints them after the
    /// result, so that a picture never hides a verdict. A drawing that cannot be rendered is an
    /// internal error (exit 5), a file that cannot be written is not (docs/pictures.md).
    pub(super) fn write(&self, index: usize, count: usize, drawing: &Drawing) -> Vec<CliError> {
        let mut failures = Vec::new();
        if let Some(path) = &self.svg {
            let path = numbered(path, index, count);
            failures.extend(write_file(&path, drawing.to_svg().as_bytes()).err());
        }
        if let Some(path) = &self.png {
            let path = numbered(path, index, count);
            let written = drawing
                .to_png()
                .map_err(|error| {
                    let context = format!("cannot draw {}", path.display());
                    CliError::new(&shown_name(&path), error)
                        .at(index)
                        .context(context)
                        .with_status(Status::Internal)
                })
                .and_then(|png| write_file(&path, &png));
            failures.extend(written.err());
        }
        failures
    }
}

/// The title of a picture of the puzzle labelled `label` in `file`: the puzzle's own title (from
/// `meta`), else the file's name (without its directories) followed by the label.
pub(super) fn title(file: &Path, label: &str, meta: &Metadata) -> String {
    if let Some(title) = meta.title.as_deref().map(str::trim)
        && !title.is_empty()
    {
        return title.to_owned();
    }
    let name = match file.file_name() {
        _ if file == Path::new("-") => "standard input".into(),
        Some(name) => name.to_string_lossy(),
        None => file.to_string_lossy(),
    };
    [name.as_ref(), label].join(" ").trim_end().to_owned()
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

    fn meta(title: Option<&str>) -> Metadata {
        Metadata {
            title: title.map(str::to_owned),
            ..Metadata::default()
        }
    }

    #[test]
    fn a_title_is_the_puzzles_own_else_the_file_name_and_label() {
        let file = Path::new("/home/someone/Puzzles/Whale.non");
        assert_eq!(title(file, "", &meta(Some("The Whale"))), "The Whale");
        assert_eq!(title(file, "", &meta(None)), "Whale.non");
        assert_eq!(title(file, "#3", &meta(Some("  "))), "Whale.non #3");
        assert_eq!(title(Path::new("-"), "", &meta(None)), "standard input");
        assert_eq!(title(Path::new("a.txt"), "$2", &meta(None)), "a.txt $2");
    }

    #[test]
    fn several_puzzles_get_numbered_names() {
        let path = Path::new("out/puzzle.svg");
        assert_eq!(numbered(path, 0, 1), Path::new("out/puzzle.svg"));
        assert_eq!(numbered(path, 0, 3), Path::new("out/puzzle-1.svg"));
        assert_eq!(numbered(path, 2, 3), Path::new("out/puzzle-3.svg"));
        assert_eq!(numbered(Path::new("p"), 1, 2), Path::new("p-2"));
    }
}
