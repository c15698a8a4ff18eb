//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};

/// The shared puzzle corpus: the folder named by `NONOSAT_PUZZLES` (CI sets it), else
/// `../shared/puzzles` beside the crate when it exists. When neither is there, says so on stderr and
/// returns `None`: the caller skips its checks, visibly.
///
/// # Panics
/// When `NONOSAT_PUZZLES` is set but names no folder: a corpus asked for must not be skipped silently.
pub fn corpus_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("NONOSAT_PUZZLES") {
        let dir = PathBuf::from(dir);
        assert!(
            dir.is_dir(),
            "NONOSAT_PUZZLES is set to {}, which is not a folder",
            dir.display()
        );
        return Some(dir);
    }
    let beside = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("../shared/puzzles");
    if beside.is_dir() {
        return Some(beside);
    }
    eprintln!("corpus tests skipped: set NONOSAT_PUZZLES to the puzzles folder");
    None
}
