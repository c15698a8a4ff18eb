//! The table at the end of a batch: verdict counts, errors, times, the slowest puzzles.

use std::fmt;
use std::time::Duration;

use nonosat::solve::Verdict;
use nonosat::words::counted;

/// How many of the slowest puzzles the table names.
const SLOWEST_SHOWN: usize = 3;

/// Counts over the puzzles of a batch, as their results are printed.
#[derive(Default)]
pub(super) struct Summary {
    /// Puzzles in the batch, checked or not.
    puzzles: usize,
    counts: Vec<(Verdict, usize)>,
    line_solvable: usize,
    /// Puzzles that could not be checked, and files that could not be read.
    pub errors: usize,
    /// Files of directory walks that are not puzzle files, or not regular files.
    skipped: usize,
    /// Puzzles left unchecked by an interruption.
    pub unfinished: usize,
    puzzle_ms: f64,
    slowest: Vec<(String, f64)>,
    /// Wall-clock time of the whole batch.
    pub wall: Duration,
    /// Puzzles checked at a time.
    jobs: usize,
}

impl Summary {
    /// An empty summary of a batch of `puzzles` puzzles, `jobs` at a time.
    pub fn new(puzzles: usize, skipped: usize, jobs: usize) -> Summary {
        Summary {
            puzzles,
            skipped,
            jobs,
            ..Summary::default()
        }
    }

    /// Counts one puzzle's verdict and time.
    pub fn add(&mut self, heading: &str, verdict: Verdict, line_solvable: bool, ms: f64) {
        match self.counts.iter_mut().find(|(v, _)| *v == verdict) {
            Some((_, count)) => *count += 1,
            None => self.counts.push((verdict, 1)),
        }
        self.line_solvable += usize::from(line_solvable);
        self.puzzle_ms += ms;
        self.slowest.push((heading.to_owned(), ms));
        self.slowest.sort_by(|a, b| b.1.total_cmp(&a.1));
        self.slowest.truncate(SLOWEST_SHOWN);
    }

    fn count(&self, verdict: Verdict) -> usize {
        self.counts
            .iter()
            .find(|(v, _)| *v == verdict)
            .map_or(0, |(_, count)| *count)
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let checked: usize = self.counts.iter().map(|(_, count)| count).sum();
        writeln!(f)?;
        let row = |f: &mut fmt::Formatter<'_>, name: &str, count: usize| {
            writeln!(f, "  {name:<14} {count:>7}")
        };
        writeln!(
            f,
            "summary of {}",
            counted(self.puzzles, "puzzle", "puzzles")
        )?;
        for verdict in [
            Verdict::Unique,
            Verdict::Multiple,
            Verdict::None,
            Verdict::Timeout,
        ] {
            let name = match verdict {
                Verdict::None => "no solution",
                Verdict::Timeout => "timed out",
                other => other.name(),
            };
            row(f, name, self.count(verdict))?;
        }
        row(f, "line-solvable", self.line_solvable)?;
        row(f, "errors", self.errors)?;
        if self.unfinished > 0 {
            row(f, "not checked", self.unfinished)?;
        }
        if self.skipped > 0 {
            row(f, "skipped files", self.skipped)?;
        }
        writeln!(
            f,
            "time: {:.2} s wall clock, --jobs {}; {:.2} s over the {} checked",
            self.wall.as_secs_f64(),
            self.jobs,
            self.puzzle_ms / 1000.0,
            counted(checked, "puzzle", "puzzles")
        )?;
        for (heading, ms) in &self.slowest {
            writeln!(f, "  slowest: {heading} ({ms:.1} ms)")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_counts_verdicts_and_keeps_the_slowest_three() {
        let mut summary = Summary::new(5, 0, 2);
        summary.errors = 1;
        summary.add("a", Verdict::Unique, true, 1.0);
        summary.add("b", Verdict::Unique, false, 4.0);
        summary.add("c", Verdict::Multiple, false, 3.0);
        summary.add("d", Verdict::Timeout, false, 2.0);
        let text = summary.to_string();
        for line in [
            "summary of 5 puzzles",
            "  unique               2",
            "  multiple             1",
            "  no solution          0",
            "  timed out            1",
            "  line-solvable        1",
            "  errors               1",
            "  slowest: b (4.0 ms)",
            "  slowest: c (3.0 ms)",
            "  slowest: d (2.0 ms)",
        ] {
            assert!(text.lines().any(|l| l == line), "{line:?} in\n{text}");
        }
        assert!(!text.contains("slowest: a"), "{text}");
        assert!(text.contains("0.01 s over the 4 puzzles checked"), "{text}");
    }

    #[test]
    fn one_puzzle_is_counted_in_the_singular() {
        let mut summary = Summary::new(1, 0, 1);
        summary.add("a", Verdict::Unique, true, 1.0);
        let text = summary.to_string();
        assert!(text.contains("summary of 1 puzzle\n"), "{text}");
        assert!(text.contains("over the 1 puzzle checked"), "{text}");
    }
}
