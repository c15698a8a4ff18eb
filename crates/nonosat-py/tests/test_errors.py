"""Bad input raises a Python exception that says what and where, as the CLI does."""

from __future__ import annotations

import numpy as np
import pytest

import nonosat


def test_a_bad_file_names_its_file_line_and_reason(tmp_path):
    path = tmp_path / "bad.nin"
    path.write_text("3 2\n1\nx\n1\n1\n0\n")
    with pytest.raises(nonosat.ParseError) as raised:
        nonosat.read(path)
    error = raised.value
    assert (error.file, error.line) == (str(path), 3)
    assert error.reason == '"x" is not a number'
    assert str(error) == f'{path}:3: "x" is not a number'
    assert isinstance(error, ValueError)


def test_a_text_names_itself_as_text():
    with pytest.raises(nonosat.ParseError, match=r"^<text>:2: ") as raised:
        nonosat.read("5 5\nxx\n", format="nin")
    assert raised.value.line == 2


def test_an_empty_text_is_refused_without_a_line():
    with pytest.raises(nonosat.ParseError) as raised:
        nonosat.read(b"  \n")
    assert raised.value.line is None


@pytest.mark.parametrize(
    ("rows", "columns", "message"),
    [
        ([[3]], [[1], [1]], "the clue of row 1 needs at least 3 cells but the line has 2"),
        ([[1], [1]], [[2], [1]], "the row clues ask for 2 black cells but the column clues ask for 3"),
        ([[-1]], [[1]], "row 1: clue numbers count cells and cannot be negative"),
        ([[1, 0, 1]], [[1], [0], [1]], "row 1: a block of 0 cells inside a clue"),
        ([], [[1]], "the puzzle has no rows or no columns"),
    ],
)
def test_clues_that_make_no_puzzle_say_why(rows, columns, message):
    with pytest.raises(nonosat.PuzzleError, match=message.replace("(", r"\(")):
        nonosat.Puzzle(rows, columns)


@pytest.mark.parametrize(
    ("grid", "error", "message"),
    [
        ([".#", "#"], ValueError, "as long as each other"),
        ([".x"], ValueError, r"row 1, column 2: 'x' is not a cell"),
        (np.array([[0, 40]]), ValueError, "0 \\(empty\\) to 31"),
        (np.array([[-1, 1]]), ValueError, "this one has -1"),
        (np.array([0.5, 1.0]), ValueError, "2-dimensional"),
        (np.array([[0.5, 1.0]]), TypeError, "bools or integers"),
    ],
)
def test_grids_that_are_no_picture_say_why(grid, error, message):
    with pytest.raises(error, match=message):
        nonosat.Puzzle.from_grid(grid)


def test_bad_names_and_limits_list_what_is_accepted():
    puzzle = nonosat.Puzzle([[1]], [[1]])
    with pytest.raises(ValueError, match='no search named "fast": choose one of auto, race'):
        puzzle.check(backend="fast")
    with pytest.raises(ValueError, match='no method named "guess"'):
        puzzle.compare(methods=["guess"])
    with pytest.raises(ValueError, match='no format named "docx"'):
        puzzle.convert("docx")
    with pytest.raises(ValueError, match="timeout must be a number of seconds"):
        puzzle.check(timeout=-1)
    with pytest.raises(nonosat.WriteError, match="tournament"):
        puzzle.convert("tournament")


def test_colour_puzzles_refuse_black_and_white_methods():
    puzzle = nonosat.Puzzle.from_grid(np.array([[1, 2], [2, 1]]))
    with pytest.raises(ValueError, match="cube2: black-and-white only"):
        puzzle.compare(methods=["cube2"])
    assert [row["method"] for row in puzzle.compare()] == ["line", "probing"]
