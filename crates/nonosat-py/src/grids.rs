//! Grids between the library and numpy: solutions and masks out as arrays, pictures in from numpy
//! arrays of bools or small integers, or from lists of strings of `#` and `.`.

use nonosat::model::{Grid, MAX_COLOURS, Pos};
use numpy::ndarray::Array2;
use numpy::{Element, IntoPyArray, PyArray2, PyReadonlyArray2};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// `grid` as a numpy array of `height` rows of `width` cells.
pub(crate) fn array<'py, T: Element + Clone>(
    py: Python<'py>,
    grid: &Grid<T>,
) -> Bound<'py, PyArray2<T>> {
    let cells = Array2::from_shape_vec((grid.height(), grid.width()), grid.cells().to_vec())
        .expect("a grid holds width times height cells");
    cells.into_pyarray(py)
}

/// A mask of `width` by `height` cells, true at `cells`.
pub(crate) fn mask<'py>(
    py: Python<'py>,
    (width, height): (usize, usize),
    cells: &[Pos],
) -> Bound<'py, PyArray2<bool>> {
    let mut grid = Grid::filled(width, height, false);
    for &pos in cells {
        grid[pos] = true;
    }
    array(py, &grid)
}

/// A picture given as a 2-D numpy array (or anything `numpy.asarray` takes) of bools or integers
/// from 0 (empty) to [`MAX_COLOURS`], or as a list of strings of `#` (black) and `.` (white).
pub(crate) fn picture(grid: &Bound<'_, PyAny>) -> PyResult<Grid<u8>> {
    if let Ok(rows) = grid.extract::<Vec<String>>()
        && !rows.is_empty()
    {
        return text_picture(&rows);
    }
    let py = grid.py();
    let numpy = py.import("numpy")?;
    let cells = numpy.call_method1("asarray", (grid,))?;
    let kind: String = cells.getattr("dtype")?.getattr("kind")?.extract()?;
    let dimensions: usize = cells.getattr("ndim")?.extract()?;
    if dimensions != 2 || cells.getattr("size")?.extract::<usize>()? == 0 {
        return Err(PyValueError::new_err(
            "a grid must be 2-dimensional and not empty: rows of cells",
        ));
    }
    if !matches!(kind.as_str(), "b" | "i" | "u") {
        return Err(PyTypeError::new_err(format!(
            "a grid's cells must be bools or integers (0 empty, 1 to {MAX_COLOURS} a colour), not of numpy kind '{kind}'"
        )));
    }
    let int = py.import("builtins")?.getattr("int")?;
    let (low, high): (i128, i128) = (
        int.call1((cells.call_method0("min")?,))?.extract()?,
        int.call1((cells.call_method0("max")?,))?.extract()?,
    );
    if low < 0 || high > MAX_COLOURS as i128 {
        return Err(PyValueError::new_err(format!(
            "a grid's cells must be 0 (empty) to {MAX_COLOURS} (a colour); this one has {}",
            if low < 0 { low } else { high }
        )));
    }
    let cells = cells.call_method1("astype", (numpy.getattr("uint8")?,))?;
    let cells: PyReadonlyArray2<'_, u8> = cells.extract()?;
    let rows = cells
        .as_array()
        .rows()
        .into_iter()
        .map(|row| row.to_vec())
        .collect();
    Ok(Grid::from_rows(rows).expect("an array's rows have one length"))
}

/// A picture of rows of `#` and `.`.
fn text_picture(rows: &[String]) -> PyResult<Grid<u8>> {
    let rows = rows
        .iter()
        .enumerate()
        .map(|(r, row)| {
            row.chars()
                .enumerate()
                .map(|(c, ch)| match ch {
                    '#' => Ok(1),
                    '.' => Ok(0),
                    other => Err(PyValueError::new_err(format!(
                        "row {}, column {}: '{other}' is not a cell: write # for black and . for white",
                        r + 1,
                        c + 1
                    ))),
                })
                .collect()
        })
        .collect::<PyResult<Vec<Vec<u8>>>>()?;
    Grid::from_rows(rows)
        .filter(|grid| grid.width() > 0)
        .ok_or_else(|| {
            PyValueError::new_err("a grid's rows must be as long as each other, and not empty")
        })
}
