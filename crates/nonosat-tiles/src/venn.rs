//! Theorem 1's allocation problem: colour counts per picture, Venn regions, and the check of an
//! allocation.
//!
//! A region `u` is a non-empty set of pictures, kept as a bit mask (bit `i` for picture `i`). A
//! face in region `u` shows its colour to every picture of `u`; its tile's other face shows to the
//! pictures of the complement `ū`. An allocation gives, for each colour and region, how many faces
//! of that colour lie in that region. It is valid when (condition 1) every picture gets exactly its
//! colour counts and (condition 2) every region has as many faces as its complement.

use super::picture::{ColourId, PictureSet};

/// A non-empty set of pictures as a bit mask: bit `i` is picture `i` (0-based).
pub type Region = usize;

/// How many cells of each colour each picture has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    /// `per_picture[i][j]` is the number of cells of colour `j` in picture `i`.
    pub per_picture: Vec<Vec<u32>>,
}

impl Counts {
    /// Counts the cells of every picture.
    pub fn of(set: &PictureSet) -> Counts {
        let per_picture = set
            .pictures
            .iter()
            .map(|cells| {
                let mut counts = vec![0; set.colours.len()];
                for &colour in cells {
                    counts[colour] += 1;
                }
                counts
            })
            .collect();
        Counts { per_picture }
    }

    /// The number of pictures, M.
    pub fn pictures(&self) -> usize {
        self.per_picture.len()
    }

    /// The number of colours.
    pub fn colours(&self) -> usize {
        self.per_picture.first().map_or(0, Vec::len)
    }

    /// The number of cells of one picture, N.
    pub fn cells(&self) -> u64 {
        self.per_picture
            .first()
            .map_or(0, |row| row.iter().map(|&c| u64::from(c)).sum())
    }

    /// The region of all pictures.
    pub fn full(&self) -> Region {
        (1 << self.pictures()) - 1
    }

    /// The pictures in which `colour` appears, as a region (0 if none).
    pub fn support(&self, colour: ColourId) -> Region {
        (0..self.pictures())
            .filter(|&i| self.per_picture[i][colour] > 0)
            .fold(0, |mask, i| mask | 1 << i)
    }

    /// The counts after merging colours: `merged[j]` is the new colour of old colour `j`.
    pub fn merged(&self, merged: &[ColourId], new_colours: usize) -> Counts {
        let per_picture = self
            .per_picture
            .iter()
            .map(|row| {
                let mut counts = vec![0; new_colours];
                for (old, &count) in row.iter().enumerate() {
                    counts[merged[old]] += count;
                }
                counts
            })
            .collect();
        Counts { per_picture }
    }
}

/// Faces per colour and region: `faces[j][u]` faces of colour `j` in region `u` (`u = 0` unused).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Allocation {
    /// Indexed by colour, then by region mask.
    pub faces: Vec<Vec<u32>>,
}

/// Why an allocation is not a solution of the allocation problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AllocationFault {
    /// Condition 1 fails: a picture would not get its count of a colour.
    Count {
        /// The picture (0-based).
        picture: usize,
        /// The colour.
        colour: ColourId,
        /// Faces allocated to regions that contain the picture.
        allocated: u64,
        /// Cells of that colour in the picture.
        needed: u32,
    },
    /// Condition 2 fails: a region and its complement hold different numbers of faces.
    Unbalanced {
        /// The region.
        region: Region,
        /// Faces in it.
        faces: u64,
        /// Faces in its complement.
        complement_faces: u64,
    },
    /// The allocation's shape does not match the counts.
    Shape,
}

impl Allocation {
    /// The faces of all colours in `region`.
    pub fn region_size(&self, region: Region) -> u64 {
        self.faces.iter().map(|row| u64::from(row[region])).sum()
    }

    /// Checks conditions 1 and 2 against `counts`.
    pub fn check(&self, counts: &Counts) -> Result<(), AllocationFault> {
        let regions = 1usize << counts.pictures();
        if self.faces.len() != counts.colours() || self.faces.iter().any(|r| r.len() != regions) {
            return Err(AllocationFault::Shape);
        }
        for (picture, row) in counts.per_picture.iter().enumerate() {
            for (colour, &needed) in row.iter().enumerate() {
                let allocated: u64 = (1..regions)
                    .filter(|u| u & (1 << picture) != 0)
                    .map(|u| u64::from(self.faces[colour][u]))
                    .sum();
                if allocated != u64::from(needed) {
                    return Err(AllocationFault::Count {
                        picture,
                        colour,
                        allocated,
                        needed,
                    });
                }
            }
        }
        let full = counts.full();
        for region in 1..full {
            let (faces, complement_faces) =
                (self.region_size(region), self.region_size(full ^ region));
            if faces != complement_faces {
                return Err(AllocationFault::Unbalanced {
                    region,
                    faces,
                    complement_faces,
                });
            }
        }
        Ok(())
    }
}

/// The region as picture numbers, 1-based as in the paper: `{1,3}`.
pub fn region_label(region: Region) -> String {
    let members: Vec<String> = (0..usize::BITS as usize)
        .filter(|i| region & (1 << i) != 0)
        .map(|i| (i + 1).to_string())
        .collect();
    format!("{{{}}}", members.join(","))
}
