//! The tile designer against an exhaustive search on small inputs, on the paper's examples, and
//! its recolouring searches against each other.

#[path = "../../nonosat/tests/brute/mod.rs"]
mod brute;

use std::collections::HashSet;

use brute::Rng;
use nonosat::image::Rgb;
use nonosat_tiles::Method;
use nonosat_tiles::build::{build_tiles, verify};
use nonosat_tiles::design::{Design, design, recoloured};
use nonosat_tiles::exact;
use nonosat_tiles::picture::{PictureSet, parse_pictures};
use nonosat_tiles::recolour::{Palette, algorithm_one, better, exact_best};
use nonosat_tiles::three::allocate_three;
use nonosat_tiles::venn::Counts;

/// Whether N tiles exist by direct search over the tiles themselves: each tile shows one colour to
/// each picture and has at most two distinct colours. Knows nothing of Venn regions.
fn tiles_exist_by_search(counts: &Counts) -> bool {
    let mut remaining = counts.per_picture.clone();
    let mut failed = HashSet::new();
    search(&mut remaining, &mut failed)
}

fn search(remaining: &mut Vec<Vec<u32>>, failed: &mut HashSet<Vec<Vec<u32>>>) -> bool {
    // Tiles are unordered: the next tile is the one that gives picture 0 its first colour left.
    let Some(first) = remaining[0].iter().position(|&c| c > 0) else {
        return true;
    };
    if failed.contains(remaining) {
        return false;
    }
    remaining[0][first] -= 1;
    let found = choose(remaining, 1, vec![first], failed);
    remaining[0][first] += 1;
    if !found {
        failed.insert(remaining.clone());
    }
    found
}

/// Chooses the colour the tile shows to picture `picture` and those after it.
fn choose(
    remaining: &mut Vec<Vec<u32>>,
    picture: usize,
    faces: Vec<usize>,
    failed: &mut HashSet<Vec<Vec<u32>>>,
) -> bool {
    if picture == remaining.len() {
        return search(remaining, failed);
    }
    for colour in 0..remaining[picture].len() {
        if remaining[picture][colour] == 0 {
            continue;
        }
        let mut next = faces.clone();
        if !next.contains(&colour) {
            next.push(colour);
        }
        if next.len() > 2 {
            continue;
        }
        remaining[picture][colour] -= 1;
        let found = choose(remaining, picture + 1, next, failed);
        remaining[picture][colour] += 1;
        if found {
            return true;
        }
    }
    false
}

/// Pictures of one row from strings, one character a colour, in the default palette.
fn pictures(rows: &[&str]) -> PictureSet {
    let files: Vec<(String, Vec<u8>)> = rows
        .iter()
        .enumerate()
        .map(|(i, row)| (format!("g{}", i + 1), format!("{row}\n").into_bytes()))
        .collect();
    let named: Vec<(&str, &[u8])> = files.iter().map(|(n, b)| (n.as_str(), &b[..])).collect();
    parse_pictures(&named, None).unwrap()
}

/// A random set of `m` pictures of `n` cells over `colours` colours.
fn random_set(rng: &mut Rng, n: usize, m: usize, colours: usize) -> PictureSet {
    shifted_set(rng, n, m, colours, 0)
}

/// A random set in which picture `i` draws its colours from `shift * i` on: the larger the shift,
/// the fewer colours the pictures share.
fn shifted_set(rng: &mut Rng, n: usize, m: usize, colours: usize, shift: usize) -> PictureSet {
    let rows: Vec<String> = (0..m)
        .map(|i| {
            (0..n)
                .map(|_| (b'a' + (shift * i) as u8 + rng.below(colours as u64) as u8) as char)
                .collect()
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    pictures(&rows)
}

/// The exact method, the formula (M = 3) and the search agree; every allocation found is valid
/// and its tiles rebuild every picture.
fn check_agreement(set: &PictureSet) -> bool {
    let counts = Counts::of(set);
    let expected = tiles_exist_by_search(&counts);
    let allocation = exact::allocate(&counts, None).unwrap();
    assert_eq!(allocation.is_some(), expected, "exact method on {set:?}");
    let mut allocations = vec![allocation];
    if counts.pictures() == 3 {
        let by_formula = allocate_three(&counts);
        assert_eq!(by_formula.is_some(), expected, "formula on {set:?}");
        allocations.push(by_formula);
    }
    for allocation in allocations.into_iter().flatten() {
        allocation.check(&counts).unwrap();
        let tiles = build_tiles(set, &counts, &allocation);
        verify(set, &tiles).unwrap();
    }
    expected
}

#[test]
fn existence_agrees_with_exhaustive_search_on_small_inputs() {
    let mut rng = Rng::new(7);
    let (mut yes, mut no) = (0, 0);
    for round in 0..1500 {
        let n = 1 + round % 6;
        let m = 1 + (round / 6) % 4;
        let colours = 2 + rng.below(5) as usize;
        let set = random_set(&mut rng, n, m, colours);
        if check_agreement(&set) {
            yes += 1;
        } else {
            no += 1;
        }
    }
    // Both verdicts must be exercised, or the comparison proves little.
    assert!(yes > 100 && no > 100, "{yes} with tiles, {no} without");
}

#[test]
fn the_formula_agrees_with_the_exact_method_on_larger_three_picture_sets() {
    let mut rng = Rng::new(11);
    let (mut yes, mut no) = (0, 0);
    for round in 0..300 {
        let n = 8 + round % 40;
        let colours = 2 + rng.below(8) as usize;
        let shift = rng.below(colours as u64) as usize;
        let set = shifted_set(&mut rng, n, 3, colours, shift);
        let counts = Counts::of(&set);
        let by_formula = allocate_three(&counts);
        let exact = exact::allocate(&counts, None).unwrap();
        assert_eq!(by_formula.is_some(), exact.is_some(), "on {set:?}");
        if let Some(allocation) = by_formula {
            allocation.check(&counts).unwrap();
            yes += 1;
        } else {
            no += 1;
        }
    }
    assert!(yes > 30 && no > 30, "{yes} with tiles, {no} without");
}

/// The paper's 4-cell experiment: α=a, β=b, γ=c, δ=d, ε=e, ζ=f, η=h.
const PAPER_FOUR_CELLS: [&str; 3] = ["aabc", "ddef", "abdh"];

/// Whether tiles exist for `counts`, by the exact method without a time limit.
fn exists_exactly(counts: &Counts) -> Result<bool, exact::ExactError> {
    exact::allocate(counts, None).map(|allocation| allocation.is_some())
}

#[test]
fn the_papers_four_cell_example_has_no_tiles_and_one_merge_suffices() {
    let set = pictures(&PAPER_FOUR_CELLS);
    assert!(!check_agreement(&set));
    let counts = Counts::of(&set);
    let palette = Palette::new(&counts, &set.colours);
    let optimal = exact_best(&palette, &mut exists_exactly).unwrap().unwrap();
    assert_eq!(
        optimal.groups(),
        counts.colours() - 1,
        "one merge is enough"
    );
    let paper = algorithm_one(&palette, &mut exists_exactly).unwrap();
    let ours = better(&palette, &paper, &mut exists_exactly).unwrap();
    assert!(palette.distance(&optimal) <= palette.distance(&ours) + 1e-12);
    assert!(palette.distance(&ours) <= palette.distance(&paper) + 1e-12);
}

#[test]
fn the_papers_example_with_twelve_cells_keeps_its_verdict() {
    let tripled: Vec<String> = PAPER_FOUR_CELLS.iter().map(|r| r.repeat(3)).collect();
    let rows: Vec<&str> = tripled.iter().map(String::as_str).collect();
    let set = pictures(&rows);
    assert!(!check_agreement(&set));
    let counts = Counts::of(&set);
    assert!(allocate_three(&counts).is_none());
    let palette = Palette::new(&counts, &set.colours);
    let optimal = exact_best(&palette, &mut exists_exactly).unwrap().unwrap();
    assert_eq!(
        optimal.groups(),
        counts.colours() - 1,
        "one merge is enough"
    );
}

#[test]
fn algorithm_one_merges_the_nearest_pair_into_their_weighted_mean() {
    // Picture 1: a a a b, picture 2: c c c c, picture 3: d d d d (no tiles: a tile would show three
    // colours). a and b are nearest but appear only in picture 1, so merging them is pointless;
    // c is nearer to d than to a or b.
    let legend = "a #000000\nb #080000\nc #ff0000\nd #f00000\n";
    let legend = nonosat_tiles::picture::parse_legend(legend, "legend").unwrap();
    let files: [(&str, &[u8]); 3] = [("g1", b"aaab\n"), ("g2", b"cccc\n"), ("g3", b"dddd\n")];
    let set = parse_pictures(&files, Some(&legend)).unwrap();
    let counts = Counts::of(&set);
    let palette = Palette::new(&counts, &set.colours);
    assert!(!exists_exactly(&counts).unwrap());
    let paper = algorithm_one(&palette, &mut exists_exactly).unwrap();
    let [a, b, c, d] = [0, 1, 2, 3];
    assert_ne!(
        paper.group_of[a], paper.group_of[b],
        "a and b only in picture 1"
    );
    assert_eq!(paper.group_of[c], paper.group_of[d], "c and d are nearest");
    assert_eq!(paper.groups(), 3, "one merge makes tiles exist");
    // c and d have 4 faces each: the mean of #ff0000 and #f00000 is #f80000 (rounded).
    let merged = recoloured(&set, &palette, &paper);
    assert_eq!(merged.colours[paper.group_of[c]], Rgb(0xf8, 0, 0));
    // Formula 6: 8 faces change by 7.5/255 in one channel, of 3 * 4 * 3 channel values.
    let expected = (8.0 * (7.5f64 / 255.0).powi(2) / 36.0).sqrt();
    assert!((palette.distance(&paper) - expected).abs() < 1e-12);
}

#[test]
fn the_papers_table_2_cases_get_the_same_verdict_from_all_three_methods() {
    // Colour a with counts (g1, g2, g3) as in Table 2; the other cells are colours of their own.
    for (g1, g2, g3) in [(1, 1, 3), (1, 3, 1), (2, 2, 2), (1, 2, 2)] {
        let fill = |count: usize, own: char| {
            let mut row = "a".repeat(count);
            row.extend(std::iter::repeat_n(own, 4 - count));
            row
        };
        let rows = [fill(g1, 'x'), fill(g2, 'y'), fill(g3, 'z')];
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        check_agreement(&pictures(&rows));
    }
}

#[test]
fn the_designer_always_ends_with_verified_tiles() {
    let mut rng = Rng::new(3);
    for round in 0..60 {
        let m = 3 + round % 3;
        let set = random_set(&mut rng, 12, m, 6);
        let outcome = design(&set, None, None).unwrap();
        verify(&outcome.pictures, &outcome.tiles).unwrap();
        if m == 3 {
            let exact = design(&set, Some(Method::Exact), None).unwrap();
            assert_eq!(exact.exists, outcome.exists, "formula and exact on {set:?}");
            verify(&exact.pictures, &exact.tiles).unwrap();
            let distance = |d: &Design| d.optimal.as_ref().map(|r| r.distance);
            assert_eq!(
                distance(&exact),
                distance(&outcome),
                "the optimum is the optimum"
            );
        }
        if let (Some(paper), Some(ours)) = (&outcome.paper, &outcome.better) {
            assert!(ours.distance <= paper.distance + 1e-12);
            let optimal = outcome
                .optimal
                .as_ref()
                .expect("six colours are few enough");
            assert!(optimal.distance <= ours.distance + 1e-12);
        }
    }
}

#[test]
fn bad_pictures_are_refused_with_where() {
    let error = parse_pictures(&[("a.txt", b"ab\nabc\n"), ("b.txt", b"ab\nab\n")], None)
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "a.txt:2: this row has 3 cells, but the row on line 1 has 2"
    );
    let error = parse_pictures(&[("a.txt", b"ab\n"), ("b.txt", b"abc\n")], None)
        .unwrap_err()
        .to_string();
    assert_eq!(error, "b.txt: is 3x1, but a.txt is 2x1");
    let legend = nonosat_tiles::picture::parse_legend("a #ff0000\nb red\n", "l.txt").unwrap_err();
    assert_eq!(
        legend.to_string(),
        "l.txt:2: expected `b #rrggbb`, found `b red`"
    );
    let mut only_a = std::collections::BTreeMap::new();
    only_a.insert('a', Rgb(255, 0, 0));
    let error = parse_pictures(&[("a.txt", b"ab\n")], Some(&only_a)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "a.txt: the legend gives no colour for `b`"
    );
}

#[test]
fn the_exact_method_gives_up_at_its_deadline() {
    let set = pictures(&["aabc", "ddef", "abdh", "affi"]);
    let counts = Counts::of(&set);
    let passed = nonosat::deadline::Deadline::after(std::time::Duration::ZERO);
    assert_eq!(
        exact::allocate(&counts, Some(passed)),
        Err(exact::ExactError::TimedOut)
    );
    let error = design(&set, None, Some(passed)).unwrap_err();
    assert_eq!(error.to_string(), "gave up: the time limit passed");
}

#[test]
fn too_many_colours_to_recolour_are_refused_with_a_message() {
    // Three pictures of 1001 cells, every cell a colour of its own: no tiles, 3003 colours.
    let cells = 1001;
    let set = PictureSet {
        width: cells,
        height: 1,
        colours: (0..3 * cells)
            .map(|j| Rgb((j % 256) as u8, (j / 256) as u8, 0))
            .collect(),
        names: (0..3 * cells).map(|j| j.to_string()).collect(),
        pictures: (0..3)
            .map(|i| (i * cells..(i + 1) * cells).collect())
            .collect(),
    };
    let error = design(&set, None, None).unwrap_err();
    assert_eq!(
        error.to_string(),
        "no tiles exist, and 3003 colours are too many to search for a recolouring (at most 1000): \
         reduce the palette first"
    );
}
