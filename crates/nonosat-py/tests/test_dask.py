"""The Dask example on a local cluster of two worker processes: 1,000 seeded random puzzles, every
verdict equal to the CLI's `check --json` on the same archive."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import cloudpickle
import pytest
from distributed import Client, LocalCluster

from conftest import cli_records

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "dask_check.py"
PUZZLES, SIDE, SEED = 1000, 15, 29


def load_example():
    spec = importlib.util.spec_from_file_location("dask_check", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    # The workers cannot import the example by name: send its functions by value, as Dask does
    # for a script's own.
    cloudpickle.register_pickle_by_value(module)
    return module


def test_the_dask_example_agrees_with_the_cli_on_every_puzzle(tmp_path, cli):
    example = load_example()
    archive = tmp_path / "random.jsonl"
    example.make_archive(str(archive), PUZZLES, SIDE, SEED)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster, Client(
        cluster
    ) as client:
        frame = example.check_archive(str(archive), client, timeout=60, blocksize="64kB")
    records = cli_records(cli, "check", "--timeout", "60", str(archive))
    assert len(frame) == len(records) == PUZZLES
    assert [r["index"] for r in records] == list(range(PUZZLES))
    assert list(frame["verdict"]) == [r["verdict"] for r in records]
    assert list(frame["line_solvable"]) == [r["line_solvable"] for r in records]
    # A random set has both kinds: the comparison is not between two constant columns.
    assert {"unique", "multiple"} <= set(frame["verdict"])
