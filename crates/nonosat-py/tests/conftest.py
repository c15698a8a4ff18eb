"""Shared fixtures: the shared puzzle corpus, the `nonosat` binary, and planted-answer helpers."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import List

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The shared corpus (NONOSAT_PUZZLES); the tests that need it say so when it is absent."""
    path = Path(os.environ.get("NONOSAT_PUZZLES", ROOT.parent / "shared" / "puzzles"))
    if not (path / "EXPECTED.tsv").is_file():
        pytest.skip(f"NOT RUN: the shared corpus is not at {path} (set NONOSAT_PUZZLES)")
    return path


@pytest.fixture(scope="session")
def cli() -> Path:
    """The `nonosat` binary: NONOSAT_BIN, else the workspace's release or debug build."""
    named = os.environ.get("NONOSAT_BIN")
    candidates = [Path(named)] if named else [
        ROOT / "target" / "release" / "nonosat",
        ROOT / "target" / "debug" / "nonosat",
    ]
    found = [path for path in candidates if path.is_file()] or [
        Path(p) for p in [shutil.which("nonosat")] if p
    ]
    if not found:
        pytest.skip("NOT RUN: no nonosat binary (build it, or set NONOSAT_BIN)")
    return found[0]


def cli_records(cli: Path, *args: str) -> List[dict]:
    """The JSON records `nonosat ARGS --json` prints, one per puzzle."""
    done = subprocess.run(
        [str(cli), *args, "--json"], capture_output=True, text=True, timeout=600
    )
    # 0 unique or solved, 1 multiple, 3 no solution, 4 timeout: anything else is a failure.
    assert done.returncode in (0, 1, 3, 4), done.stderr
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def runs(line: np.ndarray) -> List:
    """The clue of a line: block lengths (bools), or (length, colour) pairs (integers)."""
    blocks: List = []
    previous, length = 0, 0
    for cell in [int(c) for c in line] + [0]:
        if cell == previous and cell != 0:
            length += 1
            continue
        if previous != 0:
            blocks.append(length if line.dtype == bool else (length, previous))
        previous, length = cell, 1
    return blocks


def clues_of(grid: np.ndarray):
    """The row and column clues of a picture, computed here, apart from the library."""
    return [runs(row) for row in grid], [runs(col) for col in grid.T]
