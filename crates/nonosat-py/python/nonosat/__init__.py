"""nonosat: solve nonograms and prove whether their answer is unique, from Python.

A thin layer over the Rust library that the ``nonosat`` command runs: the same readers, the same
search (verdicts equal to ``nonosat check --json``), grids as numpy arrays, pictures in notebooks.
docs/python.md is the guide.

>>> import nonosat
>>> puzzle = nonosat.Puzzle([[2], [1, 1]], [[1], [1], [1], [1]])
>>> result = puzzle.check()
>>> result.verdict
'unique'
>>> result.solutions[0].astype(int).tolist()
[[0, 1, 1, 0], [1, 0, 0, 1]]
"""

from __future__ import annotations

import os
from typing import List, Optional, Union

from ._nonosat import (
    CheckError,
    CheckResult,
    ParseError,
    Puzzle,
    PuzzleError,
    WriteError,
    parse as _parse,
    write_all,
)

__all__ = [
    "CheckError",
    "CheckResult",
    "ParseError",
    "Puzzle",
    "PuzzleError",
    "WriteError",
    "clues",
    "read",
    "write_all",
]


def read(
    source: Union[str, bytes, "os.PathLike[str]"], format: Optional[str] = None
) -> List[Puzzle]:
    """The puzzles of a file or of a text.

    ``source`` is a path (a ``pathlib.Path``, or a string naming an existing file), the text of a
    puzzle file (a string), or a file's bytes. ``format`` is a format name (``non``, ``nin``,
    ``jsonl``, ``xml``, ``olsak``, ...; see ``nonosat formats`` of the CLI); None detects it from the
    file's name and content. A file that cannot be read raises :class:`ParseError` naming the file
    and line, as the CLI does.
    """
    if isinstance(source, bytes):
        return _parse(source, "<bytes>", format)
    if isinstance(source, os.PathLike) or (
        isinstance(source, str) and "\n" not in source and os.path.isfile(source)
    ):
        path = os.fspath(source)
        with open(path, "rb") as file:
            return _parse(file.read(), path, format)
    if isinstance(source, str):
        return _parse(source.encode("utf-8"), "<text>", format)
    raise TypeError(
        f"read takes a path, a puzzle's text or its bytes, not {type(source).__name__}"
    )


def clues(grid: object, format: str = "non") -> str:
    """The puzzle whose answer is the picture ``grid`` (see :meth:`Puzzle.from_grid`), written in
    ``format``: the CLI's ``clues``."""
    text = Puzzle.from_grid(grid).convert(format)
    if not isinstance(text, str):
        raise WriteError(f"{format} is a binary format: use Puzzle.convert for its bytes")
    return text
