//! Colour propagation over whole grids: planted random pictures and the colour puzzles of the corpus.

use std::path::Path;

use crate::brute::Rng;
use crate::common;
use nonosat::formats::{ColourEntry, ParseErrorKind, parse_colour_bytes};
use nonosat::logic::colour::{ColourLineSolver, open_grid, propagate_colour, solved_picture};
use nonosat::model::{Colour, ColourPuzzle, Grid, Palette};

/// A palette of `count` colours named `a`, `b`, ...
fn palette(count: u8) -> Palette {
    let colours = (0..count)
        .map(|i| Colour::new(&char::from(b'a' + i).to_string(), [i * 40, 0, 0]))
        .collect();
    Palette::new(Colour::new("white", [255; 3]), colours).unwrap()
}

/// Propagation is sound: on puzzles made from random pictures up to 30x30 with up to 6 colours, it
/// never removes the planted colour of a cell, and a grid it solves completely is the picture.
#[test]
fn planted_pictures_keep_their_colours() {
    let mut rng = Rng::new(29);
    let mut solver = ColourLineSolver::new();
    let mut solved = 0;
    for round in 0..300 {
        let side = |rng: &mut Rng| 1 + rng.below(30) as usize;
        let (width, height) = (side(&mut rng), side(&mut rng));
        let colours = 1 + (round % 6) as u8;
        let background_share = 1 + rng.below(3);
        let cells = (0..width * height)
            .map(|_| match rng.below(background_share + 2) {
                0 => 0,
                _ => 1 + rng.below(u64::from(colours)) as u8,
            })
            .collect::<Vec<u8>>();
        let rows = cells.chunks(width).map(<[u8]>::to_vec).collect();
        let picture = Grid::from_rows(rows).unwrap();
        let puzzle = ColourPuzzle::from_picture(&picture, palette(colours)).unwrap();
        let mut grid = open_grid(&puzzle);
        propagate_colour(&puzzle, &mut grid, &mut solver).expect("the picture fits its clues");
        for pos in picture.positions() {
            assert_ne!(
                grid[pos] & (1 << picture[pos]),
                0,
                "{pos:?} lost its colour"
            );
        }
        if let Some(found) = solved_picture(&grid) {
            assert_eq!(found, picture);
            solved += 1;
        }
    }
    assert!(solved > 0, "some planted puzzles are solved by line logic");
}

fn read(path: &Path) -> Vec<ColourEntry> {
    let bytes = std::fs::read(path).unwrap();
    parse_colour_bytes(&bytes, &path.to_string_lossy(), None)
        .unwrap_or_else(|error| panic!("{error}"))
}

/// The five colour `.g` files of pbnsolve: read with their tables and solved by line logic alone.
#[test]
fn corpus_pbnsolve_colour_puzzles_are_line_solvable() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let mut solver = ColourLineSolver::new();
    for name in ["acorn", "alladin", "bird2", "rose", "spaceShuttle"] {
        let path = dir.join(format!("pbnsolve/{name}.g"));
        let puzzle = read(&path).remove(0).puzzle;
        assert!(puzzle.palette().len() >= 2, "{name} is a colour puzzle");
        let mut grid = open_grid(&puzzle);
        propagate_colour(&puzzle, &mut grid, &mut solver).unwrap();
        let picture = solved_picture(&grid).unwrap_or_else(|| panic!("{name} is line-solvable"));
        assert_eq!(puzzle.check(&picture), Ok(()), "{name}");
    }
}

/// Every number-loom puzzle reads with its colours; line logic never contradicts it, and what it
/// solves completely passes the independent check.
#[test]
fn corpus_number_loom_puzzles_read_with_their_colours() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let mut solver = ColourLineSolver::new();
    let mut paths: Vec<_> = std::fs::read_dir(dir.join("number-loom/puzzles"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    paths.sort();
    let (mut colour, mut triddlers) = (0, 0);
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        let entries = match parse_colour_bytes(&bytes, &path.to_string_lossy(), None) {
            Err(error) if matches!(error.kind, ParseErrorKind::Unsupported { .. }) => {
                assert!(error.to_string().contains("triddlers"), "{error}");
                triddlers += 1;
                continue;
            }
            read => read.unwrap_or_else(|error| panic!("{error}")),
        };
        for entry in entries {
            let puzzle = entry.puzzle;
            colour += usize::from(puzzle.palette().len() > 1);
            let mut grid = open_grid(&puzzle);
            propagate_colour(&puzzle, &mut grid, &mut solver)
                .unwrap_or_else(|stuck| panic!("{}: {stuck}", path.display()));
            if let Some(picture) = solved_picture(&grid) {
                assert_eq!(puzzle.check(&picture), Ok(()), "{}", path.display());
            }
        }
    }
    let read = paths.len() - triddlers;
    assert!(
        read >= 25 && colour >= 7,
        "{read} files read, {colour} in colour, {triddlers} triddlers"
    );
    eprintln!(
        "number-loom: {read} puzzles read, {colour} in colour, {triddlers} triddlers refused"
    );
}
