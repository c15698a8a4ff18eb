"""Check a JSON Lines archive of puzzles with Dask, collecting one verdict a puzzle into a dataframe.

    python dask_check.py ARCHIVE.jsonl                 # a local cluster of 2 workers
    python dask_check.py ARCHIVE.jsonl --scheduler tcp://host:8786
    python dask_check.py --make 1000 --size 15 ARCHIVE.jsonl   # write a seeded random archive first

Each worker reads its own blocks of the file (``dask.bag.read_text``), parses each line with
``nonosat.read`` and checks it with the same search as ``nonosat check``. The rows come back in the
archive's order, so row ``i`` is the archive's line ``i`` (the CLI's ``index``). docs/python.md
explains the recipe.
"""

from __future__ import annotations

import argparse
import time
from typing import Optional

import dask.bag
import numpy as np
import pandas

import nonosat


def make_archive(path: str, count: int, size: int, seed: int, density: float = 0.5) -> None:
    """Writes ``count`` random ``size`` x ``size`` puzzles (clues only) to ``path``, one JSON a line."""
    rng = np.random.default_rng(seed)
    puzzles = []
    for _ in range(count):
        grid = rng.random((size, size)) < density
        grid[rng.integers(size), rng.integers(size)] = True  # never an empty picture
        planted = nonosat.Puzzle.from_grid(grid)
        puzzles.append(nonosat.Puzzle(planted.rows, planted.columns))
    with open(path, "w") as archive:
        archive.write(nonosat.write_all(puzzles, "jsonl"))


def check_line(line: str, timeout: Optional[float]) -> dict:
    """The verdict of the puzzle on one line of the archive, with what the check found."""
    (puzzle,) = nonosat.read(line, format="json")
    result = puzzle.check(timeout=timeout)
    return {
        "width": puzzle.width,
        "height": puzzle.height,
        "verdict": result.verdict,
        "line_solvable": result.line_solvable,
        "ambiguous_cells": -1 if result.ambiguous is None else int(result.ambiguous.sum()),
        "time_ms": result.elapsed * 1000.0,
    }


def check_archive(
    path: str, client, timeout: Optional[float] = None, blocksize: str = "256kB"
) -> pandas.DataFrame:
    """Every puzzle of the JSON Lines archive at ``path`` checked on ``client``'s cluster."""
    lines = dask.bag.read_text(path, blocksize=blocksize).filter(lambda line: line.strip())
    rows = lines.map(check_line, timeout=timeout).compute(scheduler=client.get)
    frame = pandas.DataFrame(rows)
    frame.index.name = "index"
    return frame


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archive", help="a JSON Lines file of puzzles")
    parser.add_argument("--scheduler", help="a Dask scheduler's address (default: a local cluster)")
    parser.add_argument("--workers", type=int, default=2, help="local cluster's workers")
    parser.add_argument("--timeout", type=float, help="seconds per puzzle")
    parser.add_argument("--make", type=int, metavar="N", help="first write N random puzzles")
    parser.add_argument("--size", type=int, default=15, help="their side (with --make)")
    parser.add_argument("--seed", type=int, default=1, help="their seed (with --make)")
    args = parser.parse_args()
    if args.make:
        make_archive(args.archive, args.make, args.size, args.seed)

    from distributed import Client, LocalCluster

    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True)
        client = Client(cluster)
    with client:
        started = time.monotonic()
        frame = check_archive(args.archive, client, args.timeout)
        took = time.monotonic() - started
    print(frame["verdict"].value_counts().to_string())
    print(f"{len(frame)} puzzles in {took:.2f} s")


if __name__ == "__main__":
    main()
