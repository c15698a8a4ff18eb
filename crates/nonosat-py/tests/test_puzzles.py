"""Planted answers through numpy, and the puzzle's own API: clues, colours, conversions, counts."""

from __future__ import annotations

import numpy as np
import pytest

import nonosat
from conftest import clues_of

SEED = 20261126


@pytest.mark.parametrize("size", [1, 2, 5, 10, 15, 25])
def test_a_planted_black_and_white_picture_is_among_the_solutions(size):
    rng = np.random.default_rng(SEED + size)
    for density in (0.3, 0.5, 0.7):
        grid = rng.random((size, size + 1)) < density
        if not grid.any():
            grid[0, 0] = True
        puzzle = nonosat.Puzzle.from_grid(grid)
        assert (puzzle.rows, puzzle.columns) == clues_of(grid)
        result = puzzle.check()
        assert result.verdict in ("unique", "multiple")
        assert np.array_equal(result.solutions[0], grid)
        # No time limit: every open cell is settled, ambiguous or not.
        assert result.ambiguous_complete
        assert result.undecided.shape == grid.shape and not result.undecided.any()
        for solution in result.solutions:
            assert solution.dtype == bool and solution.shape == grid.shape
            assert clues_of(solution) == clues_of(grid)
        if result.verdict == "unique":
            assert not result.ambiguous.any()
        else:
            assert len(result.solutions) == 2
            assert np.array_equal(result.differing, result.solutions[0] != result.solutions[1])
            assert (result.ambiguous | ~result.differing).all()


def test_a_planted_colour_picture_is_among_the_solutions():
    rng = np.random.default_rng(SEED)
    for _ in range(20):
        grid = rng.integers(0, 4, size=(8, 9))
        puzzle = nonosat.Puzzle.from_grid(grid)
        assert puzzle.is_colour
        assert (puzzle.rows, puzzle.columns) == clues_of(grid.astype(np.uint8))
        result = puzzle.check()
        assert np.array_equal(result.solutions[0], grid)
        for solution in result.solutions:
            assert clues_of(solution) == clues_of(grid.astype(np.uint8))
        assert [c["name"] for c in puzzle.colours] == ["white", "black", "red", "green"]


def test_clues_solve_to_the_same_verdict_without_the_goal():
    grid = np.random.default_rng(SEED).random((12, 12)) < 0.55
    planted = nonosat.Puzzle.from_grid(grid)
    bare = nonosat.Puzzle(planted.rows, planted.columns)
    assert bare.goal is None and np.array_equal(planted.goal, grid)
    assert bare.check().verdict == planted.check().verdict
    solved = bare.solve()
    assert solved.verdict == "solved"
    assert clues_of(solved.solutions[0]) == clues_of(grid)


def test_grids_are_read_from_strings_lists_and_int_arrays_alike():
    rows = [".##.", "#..#"]
    as_bools = np.array([[c == "#" for c in row] for row in rows])
    for grid in (rows, as_bools, as_bools.astype(int), as_bools.tolist()):
        puzzle = nonosat.Puzzle.from_grid(grid)
        assert not puzzle.is_colour
        assert puzzle.rows == [[2], [1, 1]] and puzzle.columns == [[1], [1], [1], [1]]


def test_count_is_exact_up_to_its_limit():
    # Two independent 2x2 diagonals: four solutions.
    puzzle = nonosat.Puzzle([[1, 1], [1, 1], [1, 1], [1, 1]], [[1, 1]] * 4)
    assert puzzle.count(limit=100) == (
        len(puzzle.check(max_solutions=101).solutions),
        True,
    )
    count, exact = puzzle.count(limit=1)
    assert (count, exact) == (2, False)


def test_a_puzzle_converts_and_reads_back():
    grid = np.random.default_rng(SEED).random((7, 9)) < 0.5
    puzzle = nonosat.Puzzle.from_grid(grid)
    for format in ("non", "nin", "json", "jsonl", "xml", "olsak", "mk", "cwd", "tatham"):
        (again,) = nonosat.read(puzzle.convert(format), format=format)
        assert (again.rows, again.columns) == (puzzle.rows, puzzle.columns), format
    png = puzzle.convert("png")
    assert isinstance(png, bytes)
    assert np.array_equal(nonosat.read(png, format="png")[0].goal, grid)
    assert nonosat.clues(grid).startswith("width 9")
    many = nonosat.write_all([puzzle, puzzle], "jsonl")
    assert len(nonosat.read(many)) == 2


def test_a_file_is_read_by_path(tmp_path):
    path = tmp_path / "two.nin"
    path.write_text("4 2\n2\n1 1\n1\n1\n1\n1\n")
    for source in (path, str(path)):
        (puzzle,) = nonosat.read(source)
        assert puzzle.check().verdict == "unique"


def test_compare_gives_one_row_per_method_with_the_exact_verdict():
    puzzle = nonosat.Puzzle.from_grid(np.random.default_rng(SEED).random((10, 10)) < 0.6)
    rows = puzzle.compare()
    assert [row["method"] for row in rows] == [
        "line", "cube2", "cube3", "cube4", "myillust", "koike", "koike-probing", "probing",
    ]
    verdict = puzzle.check().verdict
    assert all(row["exact_verdict"] == verdict for row in rows)
    assert all(0 <= row["fixed"] <= 100 for row in rows)
    assert [r["method"] for r in puzzle.compare(methods=["line", "probing"])] == ["line", "probing"]


def test_explain_records_every_step_until_solved():
    puzzle = nonosat.Puzzle([[2], [1, 1]], [[1], [1], [1], [1]])
    path = puzzle.explain()
    assert path["verdict"] == "unique"
    assert path["cells_fixed"] == 8 and path["steps"]
    lone = nonosat.Puzzle([[3], [1]], [[1], [1], [2]])
    assert lone.explain(lines_only=True)["steps"]


def test_fix_proposes_edits_that_each_make_the_design_unique():
    design = np.array([[c == "#" for c in row] for row in ["#..", ".#.", "..."]])
    record = nonosat.Puzzle.from_grid(design).fix()
    assert record["verdict"] == "multiple" and record["ambiguous_complete"]
    assert record["edits"] and record["hints"]["sufficient"]
    for edit in record["edits"]:
        edited = nonosat.Puzzle.from_grid(edit["picture"])
        assert edited.check().verdict == "unique"
        flipped = np.zeros_like(design)
        for row, col in edit["flip"]:
            flipped[row, col] = True
        assert np.array_equal(edited.goal, design ^ flipped)
    with pytest.raises(ValueError, match="fix repairs a design"):
        nonosat.Puzzle([[1]], [[1]]).fix()


def test_a_colour_puzzle_is_made_from_colour_clues():
    colours = [("red", "#ff0000"), ("blue", "#0000ff")]
    grid = np.array([[1, 2], [2, 0]])
    from_grid = nonosat.Puzzle.from_grid(grid, colours=colours)
    puzzle = nonosat.Puzzle(from_grid.rows, from_grid.columns, colours=colours)
    assert puzzle.is_colour and puzzle.rows == [[(1, 1), (1, 2)], [(1, 2)]]
    assert [c["name"] for c in puzzle.colours] == ["white", "red", "blue"]
    result = puzzle.check()
    assert result.verdict == from_grid.check().verdict
    assert clues_of(result.solutions[0]) == clues_of(grid.astype(np.uint8))
    with pytest.raises(nonosat.PuzzleError, match="row 1: colour 3 is not one of the 2 named"):
        nonosat.Puzzle([[(1, 3)]], [[(1, 3)]], colours=colours)
    with pytest.raises(nonosat.PuzzleError, match="column 1: a block's length must be 1 or more, not 0"):
        nonosat.Puzzle([[]], [[(0, 1)]], colours=colours)
