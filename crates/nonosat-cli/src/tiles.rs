//! `tiles`: double-sided tiles that rebuild every one of several colour pictures.

use std::path::Path;

use nonosat::deadline::Deadline;
use nonosat_tiles::Method;
use nonosat_tiles::design::{Design, DesignError, design};
use nonosat_tiles::draw::{draw_rebuilt, draw_tiles};
use nonosat_tiles::exact::ExactError;
use nonosat_tiles::picture::read_pictures;
use nonosat_tiles::report::{TilesRecord, render_tiles};

use super::args::TilesArgs;
use super::atomic;
use super::error::{CliError, Usage};
use super::output::{emit, json_line, shown_name};
use super::status::Status;

/// Tiles and layouts are printed to the terminal up to this many cells (always with `--out`).
const PRINTED_CELLS: usize = 100;

/// `tiles`: decide, recolour if needed, build and verify the tiles, print and draw them.
pub(super) fn tiles(args: &TilesArgs) -> Result<Status, CliError> {
    let files: Vec<String> = args.pictures.iter().map(|p| shown_name(p)).collect();
    let paths: Vec<&Path> = args.pictures.iter().map(|p| p.as_path()).collect();
    let input = read_pictures(&paths, args.legend.as_deref()).map_err(|error| {
        let file = error.file.clone();
        CliError::new(&file, error)
    })?;
    let method = args.exact.then_some(Method::Exact);
    let outcome =
        design(&input, method, args.timeout.limit.map(Deadline::after)).map_err(|error| {
            let status = match error {
                DesignError::Exact(ExactError::TimedOut) => Status::Timeout,
                DesignError::Exact(ExactError::Rounding(_))
                | DesignError::NoAllocation
                | DesignError::Allocation(_)
                | DesignError::Rebuild(_) => Status::Internal,
                _ => Status::BadInput,
            };
            CliError::new(&files.join(" "), error).with_status(status)
        })?;
    let record = TilesRecord::new(files, &input, &outcome);
    if let Some(dir) = &args.out {
        write_out(dir, &record, &outcome)?;
    }
    if args.json {
        emit(&json_line(&record));
    } else {
        let mut text = render_tiles(&record, record.cells <= PRINTED_CELLS);
        if let Some(dir) = &args.out {
            text.push_str(&format!("written: {}\n", dir.display()));
        }
        emit(&text);
    }
    Ok(if outcome.exists {
        Status::Done
    } else {
        Status::NoSolution
    })
}

/// Writes tiles.txt, tiles.png/svg and picture-K.png/svg (K from 1) into `dir`.
fn write_out(dir: &Path, record: &TilesRecord, outcome: &Design) -> Result<(), CliError> {
    let shown = dir.display().to_string();
    std::fs::create_dir_all(dir).map_err(|error| {
        CliError::new(
            &shown,
            Usage::CreateDir {
                path: dir.to_owned(),
                source: error,
            },
        )
    })?;
    let write = |name: String, bytes: &[u8]| {
        let path = dir.join(name);
        atomic::write(&path, bytes).map_err(|error| {
            CliError::new(
                &shown,
                Usage::Write {
                    path,
                    source: error,
                },
            )
        })
    };
    write("tiles.txt".into(), render_tiles(record, true).as_bytes())?;
    let mut drawings = vec![(
        "tiles".to_owned(),
        draw_tiles(&outcome.pictures, &outcome.tiles),
    )];
    for picture in 0..outcome.pictures.picture_count() {
        drawings.push((
            format!("picture-{}", picture + 1),
            draw_rebuilt(&outcome.pictures, &outcome.tiles, picture),
        ));
    }
    for (name, drawing) in drawings {
        write(format!("{name}.svg"), drawing.to_svg().as_bytes())?;
        let png = drawing
            .to_png()
            .map_err(|error| CliError::new(&shown, error))?;
        write(format!("{name}.png"), &png)?;
    }
    Ok(())
}
