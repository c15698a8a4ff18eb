//! The `nonosat._nonosat` extension module: the library's puzzles, checks and pictures in Python
//! terms. The Python package `nonosat` (python/nonosat) re-exports it; docs/python.md is its guide.
//!
//! - `puzzle`: `Puzzle`, made from clues, a picture or a file, with check, solve, count, explain,
//!   compare and convert; `result`: `CheckResult`;
//! - `grids`: numpy arrays in and out; `records`: the CLI's JSON records as dicts;
//! - `interrupt`: every search with the GIL released, under its timeout, stopped by Ctrl-C;
//! - `errors`: the library's errors as Python exceptions.

mod errors;
mod grids;
mod interrupt;
mod puzzle;
mod records;
mod result;

use nonosat::formats::{self, Puzzles, ReadOptions};
use pyo3::prelude::*;
use pyo3::types::PyList;

use errors::raised;
use puzzle::{Kind, PyPuzzle, format};

/// The puzzles of `data`, the bytes of a file named `source` (which names it in errors and, by
/// its extension, tells the format when `format` is None).
#[pyfunction]
#[pyo3(signature = (data, source, format=None))]
fn parse<'py>(
    py: Python<'py>,
    data: &[u8],
    source: &str,
    format: Option<&str>,
) -> PyResult<Bound<'py, PyList>> {
    let format = format.map(self::format).transpose()?;
    let puzzles = raised(formats::parse_any(
        data,
        source,
        format,
        &ReadOptions::default(),
    ))?;
    let kinds: Vec<Kind> = match puzzles {
        Puzzles::BlackAndWhite(entries) => entries
            .into_iter()
            .map(|e| Kind::BlackAndWhite(e.puzzle))
            .collect(),
        Puzzles::Colour(entries) => entries
            .into_iter()
            .map(|e| Kind::Colour(e.puzzle))
            .collect(),
    };
    PyList::new(py, kinds.into_iter().map(|kind| PyPuzzle { kind }))
}

/// Several black-and-white puzzles written in one file of `format` (`jsonl`, `nonpack`, `xml`).
#[pyfunction]
fn write_all(puzzles: Vec<PyRef<'_, PyPuzzle>>, format: &str) -> PyResult<String> {
    let format = self::format(format)?;
    let black_and_white = puzzles
        .iter()
        .map(|puzzle| match &puzzle.kind {
            Kind::BlackAndWhite(puzzle) => Ok(puzzle.clone()),
            Kind::Colour(_) => Err(errors::WriteError::new_err(
                "write_all takes black-and-white puzzles; write a colour puzzle with convert",
            )),
        })
        .collect::<PyResult<Vec<_>>>()?;
    raised(formats::write_all(&black_and_white, format))
}

#[pymodule]
fn _nonosat(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PyPuzzle>()?;
    module.add_class::<result::CheckResult>()?;
    module.add_function(wrap_pyfunction!(parse, module)?)?;
    module.add_function(wrap_pyfunction!(write_all, module)?)?;
    errors::register(module)
}
