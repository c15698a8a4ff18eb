//! Counts in words: `1 cell` but `2 cells`, for every message and report that counts something.

/// `count` followed by `one` when it is 1, else by `many`: `counted(1, "row", "rows")` is `1 row`.
pub fn counted(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(0, "cell", "cells"), "0 cells");
        assert_eq!(counted(1, "cell", "cells"), "1 cell");
        assert_eq!(counted(2, "puzzle", "puzzles"), "2 puzzles");
    }
}
