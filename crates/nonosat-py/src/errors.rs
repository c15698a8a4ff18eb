//! The Python exceptions: each library error becomes one, with its message as the CLI prints it
//! and, for a file that could not be read, the file and line as attributes.

use nonosat::formats::{ParseError as LibParseError, WriteError as LibWriteError};
use nonosat::model::{ColourError, PuzzleError as LibPuzzleError};
use nonosat::solve::CheckError as LibCheckError;
use nonosat::solve::repair::FixError;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    nonosat,
    ParseError,
    PyValueError,
    "A puzzle file or text that could not be read: `file` and `line` (None when no single line is \
     to blame) say where, `reason` what is wrong."
);
pyo3::create_exception!(
    nonosat,
    PuzzleError,
    PyValueError,
    "Clues or a grid that make no puzzle: a clue longer than its line, totals that differ, no cells."
);
pyo3::create_exception!(
    nonosat,
    WriteError,
    PyValueError,
    "A puzzle that the format asked for cannot hold."
);
pyo3::create_exception!(
    nonosat,
    CheckError,
    PyRuntimeError,
    "A check that could not be carried out (an encoding too large, or an internal error)."
);

/// A library error turned into its Python exception.
pub(crate) trait ToPy {
    /// The exception, raised by returning it.
    fn to_py(&self) -> PyErr;
}

impl ToPy for LibParseError {
    fn to_py(&self) -> PyErr {
        Python::attach(|py| {
            let error = ParseError::new_err(self.to_string());
            let value = error.value(py);
            let attributes = [
                ("file", self.file.clone().into_pyobject(py)?.into_any()),
                ("line", self.line.into_pyobject(py)?),
                (
                    "reason",
                    self.kind.to_string().into_pyobject(py)?.into_any(),
                ),
            ];
            for (name, attribute) in attributes {
                value.setattr(name, attribute)?;
            }
            Ok::<_, PyErr>(error)
        })
        .unwrap_or_else(|failed| failed)
    }
}

impl ToPy for LibPuzzleError {
    fn to_py(&self) -> PyErr {
        PuzzleError::new_err(self.to_string())
    }
}

impl ToPy for ColourError {
    fn to_py(&self) -> PyErr {
        PuzzleError::new_err(self.to_string())
    }
}

impl ToPy for LibWriteError {
    fn to_py(&self) -> PyErr {
        WriteError::new_err(self.to_string())
    }
}

impl ToPy for LibCheckError {
    fn to_py(&self) -> PyErr {
        CheckError::new_err(self.to_string())
    }
}

impl ToPy for FixError {
    fn to_py(&self) -> PyErr {
        match self {
            FixError::Check(error) => error.to_py(),
            design => PuzzleError::new_err(design.to_string()),
        }
    }
}

/// `result` with its error as a Python exception.
pub(crate) fn raised<T, E: ToPy>(result: Result<T, E>) -> PyResult<T> {
    result.map_err(|error| error.to_py())
}

/// Adds the exceptions to the module.
pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("ParseError", py.get_type::<ParseError>())?;
    module.add("PuzzleError", py.get_type::<PuzzleError>())?;
    module.add("WriteError", py.get_type::<WriteError>())?;
    module.add("CheckError", py.get_type::<CheckError>())?;
    Ok(())
}
