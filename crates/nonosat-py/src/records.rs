//! The library's JSON records (the CLI's `--json`, docs/json.md) as Python dicts and lists.

use pyo3::prelude::*;
use serde::Serialize;

/// `record` as the Python value its JSON reads as.
pub(crate) fn to_python<'py>(
    py: Python<'py>,
    record: &impl Serialize,
) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(record)
        .map_err(|error| pyo3::exceptions::PyRuntimeError::new_err(error.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
}
