//! The library's layers (docs/architecture.md) as a test: no module imports one above it, and every
//! source file of the workspace opens with a `//!` line saying what it is for.

use std::fs;
use std::path::{Path, PathBuf};

/// The library's top-level modules, lowest layer first. A module may use modules of a lower rank
/// only; two modules of the same rank are independent of each other.
const RANKS: [(&str, u8); 14] = [
    ("words", 0),
    ("model", 1),
    ("deadline", 1),
    ("image", 1),
    ("logic", 2),
    ("cnf", 2),
    ("formats", 2),
    ("testing", 2),
    ("sat", 3),
    ("solve", 4),
    ("methods", 5),
    ("explain", 5),
    ("latin", 6),
    ("report", 7),
];

fn rank(module: &str) -> Option<u8> {
    RANKS
        .iter()
        .find(|(name, _)| *name == module)
        .map(|&(_, rank)| rank)
}

fn source_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The top-level modules a line of code names through `crate::`, outside comments.
fn crate_paths(line: &str) -> Vec<&str> {
    let code = line.split("//").next().unwrap_or("");
    code.match_indices("crate::")
        .map(|(at, prefix)| {
            let rest = &code[at + prefix.len()..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            &rest[..end]
        })
        .collect()
}

#[test]
fn no_module_imports_one_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut violations = Vec::new();
    for file in source_files(&src) {
        let relative = file.strip_prefix(&src).unwrap();
        let top = relative.iter().next().unwrap().to_string_lossy();
        let module = top.trim_end_matches(".rs");
        if module == "lib" {
            continue;
        }
        let own = rank(module).unwrap_or_else(|| {
            panic!("{module} has no layer: add it to RANKS and docs/architecture.md")
        });
        for (number, line) in fs::read_to_string(&file).unwrap().lines().enumerate() {
            for used in crate_paths(line) {
                let Some(used_rank) = rank(used) else {
                    continue; // a re-export of lib.rs, such as crate::Puzzle
                };
                if used != module && used_rank >= own {
                    violations.push(format!(
                        "{}:{}: {module} (layer {own}) uses {used} (layer {used_rank})",
                        relative.display(),
                        number + 1
                    ));
                }
            }
        }
    }
    assert!(violations.is_empty(), "{}", violations.join("\n"));
}

#[test]
fn every_source_file_opens_with_a_module_doc_line() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut missing = Vec::new();
    for krate in fs::read_dir(&crates).unwrap() {
        let krate = krate.unwrap().path();
        for folder in ["src", "tests", "benches", "examples"] {
            if !krate.join(folder).is_dir() {
                continue;
            }
            for file in source_files(&krate.join(folder)) {
                let text = fs::read_to_string(&file).unwrap();
                if !text.starts_with("//!") {
                    missing.push(file.display().to_string());
                }
            }
        }
    }
    assert!(missing.is_empty(), "no //! header: {}", missing.join(", "));
}

#[test]
fn the_scanner_sees_crate_paths_in_code_only() {
    assert_eq!(
        crate_paths("use crate::solve::{check, Options}; // crate::report"),
        ["solve"]
    );
    assert_eq!(crate_paths("/// [`crate::report`]"), Vec::<&str>::new());
    assert_eq!(
        crate_paths("let a = crate::model::Grid::new(crate::cnf::MAX);"),
        ["model", "cnf"]
    );
}
