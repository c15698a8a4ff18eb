//! Colour propagation over whole grids: planted random pictures and the colour puzzles of the corpus.

use std::path::Path;

use crate::brute::Rng;
use crate::common;
use nonosat::formats::{ColourEntry, ParseErrorKind, read_path};
use nonosat::logic::colour::{ColourLineSolver, open_grid, propagate_colour, solved_picture};
use nonosat::model::{Colour, ColourClue, ColourPuzzle, Grid, Palette};

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
    read_path::<ColourPuzzle>(path, None).unwrap_or_else(|error| panic!("{error}"))
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
        let entries = match read_path::<ColourPuzzle>(path, None) {
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

/// Colour probing is sound and at least as strong as propagation: on random 4x4 and 5x5 pictures
/// with 2 to 4 colours, every solution (by brute force) keeps its colour in every cell, no cell has
/// more colours left than propagation leaves it, and a puzzle probing proves contradictory has no
/// solution. Some puzzles are solved by probing and not by propagation.
#[test]
fn colour_probing_keeps_every_solution_and_does_more_than_propagation() {
    use crate::brute::colour::all_colour_solutions;
    use nonosat::logic::colour_probe::probe_colour;
    let mut rng = Rng::new(31);
    let mut solver = ColourLineSolver::new();
    let mut probing_only = 0;
    for round in 0..400 {
        let side = 4 + (round % 2);
        let colours = 2 + (round % 3) as u8;
        let cells = (0..side * side)
            .map(|_| match rng.below(3) {
                0 => 0,
                _ => 1 + rng.below(u64::from(colours)) as u8,
            })
            .collect::<Vec<u8>>();
        let picture = Grid::from_rows(cells.chunks(side).map(<[u8]>::to_vec).collect()).unwrap();
        let puzzle = ColourPuzzle::from_picture(&picture, palette(colours)).unwrap();
        let solutions = all_colour_solutions(&puzzle, 10_000);
        let mut propagated = open_grid(&puzzle);
        propagate_colour(&puzzle, &mut propagated, &mut solver).unwrap();
        let mut probed = open_grid(&puzzle);
        probe_colour(&puzzle, &mut probed, &mut solver).expect("the picture is a solution");
        for pos in picture.positions() {
            assert_eq!(
                probed[pos] & !propagated[pos],
                0,
                "{pos:?}: probing widened"
            );
            for solution in &solutions {
                assert_ne!(
                    probed[pos] & (1 << solution[pos]),
                    0,
                    "{pos:?} lost a solution"
                );
            }
        }
        if solved_picture(&probed).is_some() && solved_picture(&propagated).is_none() {
            assert_eq!(solutions.len(), 1);
            probing_only += 1;
        }
    }
    assert!(
        probing_only > 0,
        "probing solves some puzzles propagation leaves open"
    );
    // Clues that contradict each other: rows `a b` and `b a`, columns both `a` over `b`.
    let block = |len, colour| nonosat::model::Block { len, colour };
    let clue = |first: u8, second: u8| ColourClue::new(vec![block(1, first), block(1, second)]);
    let rows = vec![clue(1, 2), clue(2, 1)];
    let columns = vec![clue(1, 2), clue(1, 2)];
    let puzzle = ColourPuzzle::new(rows, columns, palette(2)).unwrap();
    let mut grid = open_grid(&puzzle);
    assert!(probe_colour(&puzzle, &mut grid, &mut solver).is_err());
}

/// On random colour puzzles propagated by line logic, each cell's beliefs are a distribution over
/// the values it may still take (certain on a fixed cell), and give the planted picture's value
/// some weight, since the picture is a completion of every line.
#[test]
fn colour_beliefs_are_distributions_that_keep_the_picture_possible() {
    use nonosat::logic::colour_belief::{colour_beliefs, likeliest_value};
    let mut rng = Rng::new(31);
    let mut open_cells = 0;
    for round in 0..150 {
        let (side, colours) = (6 + round % 5, 2 + (round % 2) as u8);
        let cells: Vec<u8> = (0..side * side)
            .map(|_| rng.below(u64::from(colours) + 1) as u8)
            .collect();
        let rows = cells.chunks(side).map(<[u8]>::to_vec).collect();
        let picture = Grid::from_rows(rows).unwrap();
        let puzzle = ColourPuzzle::from_picture(&picture, palette(colours)).unwrap();
        let mut known = open_grid(&puzzle);
        propagate_colour(&puzzle, &mut known, &mut ColourLineSolver::new()).expect("solvable");
        let values = usize::from(colours) + 1;
        let beliefs = colour_beliefs(&puzzle, &known, &|| false).expect("beliefs");
        for (i, (&may, &value)) in known.cells().iter().zip(picture.cells()).enumerate() {
            let belief = &beliefs[i * values..(i + 1) * values];
            assert!(
                (belief.iter().sum::<f64>() - 1.0).abs() < 1e-9,
                "cell {i}: {belief:?}"
            );
            for (c, &p) in belief.iter().enumerate() {
                assert!(may & (1 << c) != 0 || p == 0.0, "cell {i} value {c}: {p}");
            }
            assert!(belief[usize::from(value)] > 0.0, "cell {i}: {belief:?}");
            if may.is_power_of_two() {
                assert_eq!(belief[usize::from(value)], 1.0);
            } else {
                open_cells += 1;
                let likeliest = likeliest_value(belief);
                assert!(likeliest.is_none_or(|v| may & (1 << v) != 0));
            }
        }
    }
    assert!(open_cells > 100, "{open_cells} open cells");
}
