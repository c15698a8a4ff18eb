//! Colour quantisation: a picture's pixels mapped onto a background colour (white, or another
//! chosen) and at most N other colours, so that a photo-like PNG can be read as a colour puzzle of
//! few colours.
//!
//! A picture with at most N colours besides the background keeps them exactly. Otherwise the N
//! colours are found by k-means in RGB over the picture's distinct colours, weighted by how many
//! pixels have each: the background is a fixed centre (so pixels near it become background), the
//! first other centres
//! are picked one at a time where pixels are many and far from every centre so far, then
//! up to eight rounds of Lloyd's refinement move each centre to the mean of its pixels. Colours no
//! pixel ends up nearest to are dropped. Deterministic: the same picture gives the same colours.

use std::collections::HashMap;

use super::{Raster, Rgb};

/// Rounds of Lloyd's refinement after the centres are first picked.
const ROUNDS: usize = 8;

/// A picture as colour indices: index 0 is the background, the others index
/// [`Quantised::colours`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quantised {
    /// The colours besides the background, in the order their first pixel appears (row by row).
    pub colours: Vec<Rgb>,
    /// Each pixel's colour, row by row: 0 for the background, `i` for `colours[i - 1]`.
    pub indices: Vec<Vec<u8>>,
}

/// The pixels of `raster` on `background` and at most `most` other colours (`most` at most 255).
///
/// ```
/// use nonosat::image::{Raster, Rgb, quantise};
/// let mut picture = Raster::filled(3, 1, Rgb::WHITE).unwrap();
/// picture.set(0, 0, Rgb(200, 0, 0));
/// picture.set(1, 0, Rgb(190, 10, 0));
/// let two = quantise(&picture, Rgb::WHITE, 2);
/// assert_eq!(two.colours, [Rgb(200, 0, 0), Rgb(190, 10, 0)]);
/// let one = quantise(&picture, Rgb::WHITE, 1);
/// assert_eq!(one.colours, [Rgb(195, 5, 0)]);
/// assert_eq!(one.indices, [[1, 1, 0]]);
/// ```
pub fn quantise(raster: &Raster, background: Rgb, most: usize) -> Quantised {
    let most = most.min(usize::from(u8::MAX));
    // The distinct colours with their pixel counts, in the order they first appear.
    let mut seen: HashMap<Rgb, usize> = HashMap::new();
    let mut distinct: Vec<(Rgb, u64)> = Vec::new();
    for y in 0..raster.height() {
        for x in 0..raster.width() {
            let pixel = raster.get(x, y);
            let at = *seen.entry(pixel).or_insert_with(|| {
                distinct.push((pixel, 0));
                distinct.len() - 1
            });
            distinct[at].1 += 1;
        }
    }
    let others = distinct.iter().filter(|(c, _)| *c != background).count();
    let centres = if others <= most {
        let mut exact = vec![background];
        exact.extend(
            distinct
                .iter()
                .map(|&(c, _)| c)
                .filter(|&c| c != background),
        );
        exact
    } else {
        refine(&distinct, first_centres(&distinct, background, most))
    };
    // Each distinct colour's centre, then the centres renumbered in order of first appearance.
    let nearest: Vec<usize> = distinct
        .iter()
        .map(|&(c, _)| nearest(&centres, c))
        .collect();
    let mut renumbered: Vec<Option<u8>> = vec![None; centres.len()];
    renumbered[0] = Some(0);
    let mut colours = Vec::new();
    for &centre in &nearest {
        if renumbered[centre].is_none() {
            colours.push(centres[centre]);
            renumbered[centre] = Some(colours.len() as u8);
        }
    }
    let indices = (0..raster.height())
        .map(|y| {
            (0..raster.width())
                .map(|x| {
                    let centre = nearest[seen[&raster.get(x, y)]];
                    renumbered[centre].expect("every used centre is numbered")
                })
                .collect()
        })
        .collect();
    Quantised { colours, indices }
}

/// The background, then `most` centres picked one at a time: each the distinct colour with the
/// largest pixel count times squared distance to the nearest centre so far.
fn first_centres(distinct: &[(Rgb, u64)], background: Rgb, most: usize) -> Vec<Rgb> {
    let mut centres = vec![background];
    let mut gap: Vec<u64> = distinct
        .iter()
        .map(|&(c, _)| distance(c, background))
        .collect();
    for _ in 0..most {
        let (best, score) = distinct
            .iter()
            .zip(&gap)
            .map(|(&(c, count), &d)| (c, count * d))
            .max_by_key(|&(_, score)| score)
            .expect("there are more distinct colours than centres");
        if score == 0 {
            break;
        }
        centres.push(best);
        for (g, &(c, _)) in gap.iter_mut().zip(distinct) {
            *g = (*g).min(distance(c, best));
        }
    }
    centres
}

/// [`ROUNDS`] rounds of Lloyd's refinement: every centre but the background (the first) moves to the count-weighted
/// mean of the colours nearest to it.
fn refine(distinct: &[(Rgb, u64)], mut centres: Vec<Rgb>) -> Vec<Rgb> {
    for _ in 0..ROUNDS {
        let mut sums = vec![[0u64; 4]; centres.len()];
        for &(c, count) in distinct {
            let sum = &mut sums[nearest(&centres, c)];
            let Rgb(r, g, b) = c;
            for (s, v) in sum.iter_mut().zip([r, g, b]) {
                *s += u64::from(v) * count;
            }
            sum[3] += count;
        }
        let mut moved = false;
        for (centre, sum) in centres.iter_mut().zip(&sums).skip(1) {
            if sum[3] == 0 {
                continue;
            }
            let mean = |i: usize| ((sum[i] + sum[3] / 2) / sum[3]) as u8;
            let next = Rgb(mean(0), mean(1), mean(2));
            moved |= next != *centre;
            *centre = next;
        }
        if !moved {
            break;
        }
    }
    centres
}

/// The index of the centre nearest to `colour` (the first of equals).
fn nearest(centres: &[Rgb], colour: Rgb) -> usize {
    (0..centres.len())
        .min_by_key(|&i| distance(centres[i], colour))
        .expect("the background is always a centre")
}

/// Squared distance in RGB.
fn distance(a: Rgb, b: Rgb) -> u64 {
    let d = |x: u8, y: u8| u64::from(x.abs_diff(y)).pow(2);
    d(a.0, b.0) + d(a.1, b.1) + d(a.2, b.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A picture of `rows`, each pixel one of the given colours.
    fn picture(rows: &[&[Rgb]]) -> Raster {
        let mut raster = Raster::filled(rows[0].len(), rows.len(), Rgb::WHITE).unwrap();
        for (y, row) in rows.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                raster.set(x, y, c);
            }
        }
        raster
    }

    const RED: Rgb = Rgb(220, 20, 20);
    const BLUE: Rgb = Rgb(20, 20, 220);
    const NEAR_WHITE: Rgb = Rgb(250, 250, 245);

    #[test]
    fn few_colours_are_kept_exactly_in_order_of_appearance() {
        let raster = picture(&[&[Rgb::WHITE, BLUE, RED], &[RED, NEAR_WHITE, Rgb::WHITE]]);
        let q = quantise(&raster, Rgb::WHITE, 3);
        assert_eq!(q.colours, [BLUE, RED, NEAR_WHITE]);
        assert_eq!(q.indices, [[0, 1, 2], [2, 3, 0]]);
    }

    #[test]
    fn shades_merge_into_their_mean_and_near_white_becomes_background() {
        let reds = [Rgb(220, 20, 20), Rgb(210, 30, 20), Rgb(230, 10, 20)];
        let blues = [Rgb(20, 20, 220), Rgb(30, 20, 210)];
        let raster = picture(&[
            &[reds[0], reds[1], NEAR_WHITE, blues[0]],
            &[reds[2], Rgb::WHITE, blues[1], blues[0]],
        ]);
        let q = quantise(&raster, Rgb::WHITE, 2);
        assert_eq!(q.colours, [Rgb(220, 20, 20), Rgb(23, 20, 217)]);
        assert_eq!(q.indices, [[1, 1, 0, 2], [1, 0, 2, 2]]);
    }

    #[test]
    fn never_more_colours_than_asked_and_none_unused() {
        let mut raster = Raster::filled(16, 16, Rgb::WHITE).unwrap();
        for y in 0..16 {
            for x in 0..16 {
                raster.set(x, y, Rgb((x * 16) as u8, (y * 16) as u8, 128));
            }
        }
        for most in [1, 2, 5, 31] {
            let q = quantise(&raster, Rgb::WHITE, most);
            assert!(q.colours.len() <= most, "{most}");
            for index in 1..=q.colours.len() as u8 {
                assert!(q.indices.iter().flatten().any(|&i| i == index), "{most}");
            }
        }
    }

    #[test]
    fn another_background_is_index_zero_and_a_fixed_centre() {
        const CREAM: Rgb = Rgb(255, 255, 204);
        const NEAR_CREAM: Rgb = Rgb(250, 250, 200);
        let raster = picture(&[&[CREAM, RED, Rgb::WHITE], &[NEAR_CREAM, BLUE, CREAM]]);
        let exact = quantise(&raster, CREAM, 4);
        assert_eq!(exact.colours, [RED, Rgb::WHITE, NEAR_CREAM, BLUE]);
        assert_eq!(exact.indices, [[0, 1, 2], [3, 4, 0]]);
        let merged = quantise(&raster, CREAM, 3);
        assert_eq!(merged.indices[1][0], 0, "{merged:?}");
        assert!(!merged.colours.contains(&CREAM), "{merged:?}");
    }
}
