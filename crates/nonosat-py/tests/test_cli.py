"""Every verdict equal to the CLI's `check --json` on the shared corpus, and to the known verdict."""

from __future__ import annotations

import csv

import nonosat
from conftest import cli_records

TIMEOUT = 10.0


def test_every_corpus_verdict_equals_the_clis(corpus, cli):
    with open(corpus / "EXPECTED.tsv", newline="") as table:
        rows = list(csv.DictReader(table, delimiter="\t"))
    assert len(rows) > 150, "EXPECTED.tsv lists too few files"
    compared = 0
    for row in rows:
        path = corpus / row["path"]
        puzzles = nonosat.read(path)
        records = cli_records(cli, "check", "--timeout", str(TIMEOUT), str(path))
        assert len(records) == len(puzzles), row["path"]
        for index, (puzzle, record) in enumerate(zip(puzzles, records)):
            assert record["index"] == index
            result = puzzle.check(timeout=TIMEOUT)
            if "timeout" in (result.verdict, record["verdict"]):
                continue
            assert result.verdict == record["verdict"], f"{row['path']} #{index}"
            if row["known"] in ("unique", "multiple") and len(puzzles) == 1:
                assert result.verdict == row["known"], row["path"]
            if result.verdict == "unique":
                ours = result.record(file=record["file"], index=index, label=record["label"])
                assert ours["solutions"] == record["solutions"], row["path"]
            compared += 1
    assert compared >= len(rows) - 10, f"only {compared} verdicts compared"
