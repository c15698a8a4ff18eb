//! Brute-force references for colour lines: every full and partial line with three colours, and
//! the union of the full lines that fit, by enumeration alone.

use std::collections::HashMap;

use nonosat::logic::colour::Colours;
use nonosat::model::{Block, Colour, ColourClue, ColourPuzzle, Grid, LineId, Palette};

/// Colours besides the background in the exhaustive tests.
pub const COLOURS: u8 = 3;

/// The runs of a full line of colour indices (0 the background), read independently of the model.
pub fn runs(line: &[u8]) -> Vec<(usize, u8)> {
    let mut runs: Vec<(usize, u8)> = Vec::new();
    let mut previous = 0;
    for &colour in line {
        if colour != 0 {
            if colour == previous {
                runs.last_mut().expect("a run is open").0 += 1;
            } else {
                runs.push((1, colour));
            }
        }
        previous = colour;
    }
    runs
}

pub fn clue(runs: &[(usize, u8)]) -> ColourClue {
    ColourClue::new(
        runs.iter()
            .map(|&(len, colour)| Block { len, colour })
            .collect(),
    )
}

/// Every full line of `len` cells with `values` values a cell, as base-`values` digits.
pub fn full_lines(len: usize, values: u8) -> Vec<Vec<u8>> {
    let count = usize::from(values).pow(u32::try_from(len).unwrap());
    (0..count)
        .map(|mut index| {
            (0..len)
                .map(|_| {
                    let digit = u8::try_from(index % usize::from(values)).unwrap();
                    index /= usize::from(values);
                    digit
                })
                .collect()
        })
        .collect()
}

/// The clues of every line of `len`, each with the full lines that have it.
pub fn lines_by_clue(len: usize) -> (Vec<Vec<(usize, u8)>>, Vec<usize>) {
    let mut index: HashMap<Vec<(usize, u8)>, usize> = HashMap::new();
    let mut clues = Vec::new();
    let mut clue_of_line = Vec::new();
    for line in full_lines(len, COLOURS + 1) {
        let key = runs(&line);
        let next = index.len();
        let id = *index.entry(key.clone()).or_insert_with(|| {
            clues.push(key);
            next
        });
        clue_of_line.push(id);
    }
    (clues, clue_of_line)
}

/// For a partial line, the per-cell union of every consistent full line, by clue index. The
/// consistent lines are enumerated directly, as numbers in base `COLOURS + 1`.
pub fn unions_by_clue(
    partial: &[Colours],
    lines: &[Vec<u8>],
    clue_of_line: &[usize],
) -> HashMap<usize, Vec<Colours>> {
    let mut unions: HashMap<usize, Vec<Colours>> = HashMap::new();
    let mut indices = vec![0usize];
    let mut weight = 1;
    for &cell in partial {
        let allowed: Vec<usize> = (0..=COLOURS)
            .filter(|&c| cell & (1 << c) != 0)
            .map(usize::from)
            .collect();
        indices = indices
            .iter()
            .flat_map(|&index| allowed.iter().map(move |&c| index + c * weight))
            .collect();
        weight *= usize::from(COLOURS + 1);
    }
    for index in indices {
        let union = unions
            .entry(clue_of_line[index])
            .or_insert_with(|| vec![0; partial.len()]);
        for (cell, &c) in union.iter_mut().zip(&lines[index]) {
            *cell |= 1 << c;
        }
    }
    unions
}

/// Every partial line of `len` whose cells are unknown or one colour.
pub fn partial_lines(len: usize) -> impl Iterator<Item = Vec<Colours>> {
    let unknown: Colours = (1 << (COLOURS + 1)) - 1;
    full_lines(len, COLOURS + 2).into_iter().map(move |digits| {
        digits
            .into_iter()
            .map(|d| if d > COLOURS { unknown } else { 1 << d })
            .collect()
    })
}

/// Every arrangement of a clue on a line of `len`, by placing block after block (no DP).
pub fn arrangements(runs: &[(usize, u8)], len: usize) -> Vec<Vec<u8>> {
    fn place(runs: &[(usize, u8)], line: &[u8], len: usize, out: &mut Vec<Vec<u8>>) {
        let Some((&(run, colour), later)) = runs.split_first() else {
            let mut full = line.to_vec();
            full.resize(len, 0);
            out.push(full);
            return;
        };
        let start_min = line.len();
        for start in start_min..=len.saturating_sub(run) {
            let mut next = line.to_vec();
            next.resize(start, 0);
            next.extend(std::iter::repeat_n(colour, run));
            if later.first().is_some_and(|&(_, c)| c == colour) {
                next.push(0);
            }
            if next.len() <= len {
                place(later, &next, len, out);
            }
        }
    }
    let mut out = Vec::new();
    place(runs, &[], len, &mut out);
    out
}

/// Whether a column whose first cells are `prefix` can still meet `clue`: its closed runs are the
/// clue's first blocks, and an open run at its end is no longer than the next block of its colour.
fn prefix_fits(prefix: &[u8], clue: &[(usize, u8)]) -> bool {
    let found = runs(prefix);
    let open = prefix.last().is_some_and(|&c| c != 0);
    if found.len() > clue.len() {
        return false;
    }
    let closed = found.len() - usize::from(open);
    if found[..closed] != clue[..closed] {
        return false;
    }
    !open || {
        let (len, colour) = found[closed];
        let (want, want_colour) = clue[closed];
        colour == want_colour && len <= want
    }
}

/// Every solution of a colour puzzle, up to `cap`: rows from their arrangements, columns pruned
/// by their prefixes, each full grid read afresh against every clue.
pub fn all_colour_solutions(puzzle: &ColourPuzzle, cap: usize) -> Vec<Grid<u8>> {
    let (width, height) = (puzzle.width(), puzzle.height());
    let as_runs = |line: LineId| -> Vec<(usize, u8)> {
        puzzle
            .clue(line)
            .blocks()
            .iter()
            .map(|b| (b.len, b.colour))
            .collect()
    };
    let rows: Vec<Vec<Vec<u8>>> = (0..height)
        .map(|r| arrangements(&as_runs(LineId::Row(r)), width))
        .collect();
    let columns: Vec<Vec<(usize, u8)>> = (0..width).map(|c| as_runs(LineId::Col(c))).collect();
    let mut found = Vec::new();
    let mut chosen: Vec<Vec<u8>> = Vec::new();
    fn search(
        rows: &[Vec<Vec<u8>>],
        columns: &[Vec<(usize, u8)>],
        chosen: &mut Vec<Vec<u8>>,
        found: &mut Vec<Grid<u8>>,
        cap: usize,
    ) {
        if found.len() >= cap {
            return;
        }
        if chosen.len() == rows.len() {
            let grid = Grid::from_rows(chosen.clone()).expect("rows of one width");
            let full = (0..columns.len()).all(|c| {
                let column: Vec<u8> = chosen.iter().map(|row| row[c]).collect();
                runs(&column) == columns[c]
            });
            if full {
                found.push(grid);
            }
            return;
        }
        for row in &rows[chosen.len()] {
            chosen.push(row.clone());
            let fits = (0..columns.len()).all(|c| {
                let prefix: Vec<u8> = chosen.iter().map(|row| row[c]).collect();
                prefix_fits(&prefix, &columns[c])
            });
            if fits {
                search(rows, columns, chosen, found, cap);
            }
            chosen.pop();
        }
    }
    search(&rows, &columns, &mut chosen, &mut found, cap);
    found
}

/// A palette of `count` colours named `a`, `b`, ...
pub fn palette(count: u8) -> Palette {
    let colours = (0..count)
        .map(|i| Colour::new(&char::from(b'a' + i).to_string(), [i * 40, 0, 0]))
        .collect();
    Palette::new(Colour::new("white", [255; 3]), colours).unwrap()
}

/// A random picture of `width` x `height` with colours `1..=colours` and about a third background.
pub fn random_picture(rng: &mut super::Rng, width: usize, height: usize, colours: u8) -> Grid<u8> {
    let cells: Vec<u8> = (0..width * height)
        .map(|_| match rng.below(3) {
            0 => 0,
            _ => 1 + rng.below(u64::from(colours)) as u8,
        })
        .collect();
    Grid::from_rows(cells.chunks(width).map(<[u8]>::to_vec).collect()).unwrap()
}
