"""The per-call overhead of ``Puzzle.check()``: the wall time of each call against the time the
library's check reports for itself (``CheckResult.elapsed``), medians over many calls of one seeded
random unique puzzle of 5x5 and of 30x30. docs/python.md, "Figures", has what it printed.

    python check_overhead.py
"""

from __future__ import annotations

import statistics
import time

import numpy as np

import nonosat


def unique_random(size: int, seed: int):
    """The clues (no goal) of the first seeded random picture from ``seed`` on with one answer."""
    while True:
        grid = np.random.default_rng(seed).random((size, size)) < 0.6
        planted = nonosat.Puzzle.from_grid(grid)
        bare = nonosat.Puzzle(planted.rows, planted.columns)
        if bare.check().verdict == "unique":
            return bare, seed
        seed += 1


def main() -> None:
    for size, calls in ((5, 2000), (30, 300)):
        puzzle, seed = unique_random(size, 1)
        for ambiguous in (True, False):
            walls, inside = [], []
            for _ in range(calls):
                started = time.perf_counter()
                result = puzzle.check(ambiguous=ambiguous)
                walls.append(time.perf_counter() - started)
                inside.append(result.elapsed)
            wall = statistics.median(walls) * 1e6
            check = statistics.median(inside) * 1e6
            print(
                f"{size}x{size} (seed {seed}) ambiguous={ambiguous}: call {wall:.0f} us, "
                f"check {check:.0f} us, overhead {wall - check:.0f} us (medians of {calls}); "
                f"line_solvable={result.line_solvable}"
            )


if __name__ == "__main__":
    main()
