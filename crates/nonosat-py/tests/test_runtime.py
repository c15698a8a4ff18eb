"""What a search owes its caller in Python: the timeout honoured, the GIL released so that threads
run in parallel, Ctrl-C stopping it, and pictures that parse."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ElementTree

import numpy as np
import pytest

import nonosat

SVG = "{http://www.w3.org/2000/svg}"


def random_puzzle(size: int, seed: int) -> nonosat.Puzzle:
    """The clues of a random picture, without the picture (so that no goal guides the search)."""
    grid = np.random.default_rng(seed).random((size, size)) < 0.5
    planted = nonosat.Puzzle.from_grid(grid)
    return nonosat.Puzzle(planted.rows, planted.columns)


# A puzzle whose check takes minutes (random 80x80 clues): only a time limit or Ctrl-C ends it.
HARD = (80, 1)


def test_the_timeout_is_honoured():
    puzzle = random_puzzle(*HARD)
    started = time.monotonic()
    result = puzzle.check(timeout=0.5)
    took = time.monotonic() - started
    assert result.verdict == "timeout"
    assert result.solutions == [] and result.ambiguous is None
    assert took < 0.5 + 2.0, f"a check with a 0.5 s limit took {took:.2f} s"


def test_a_zero_timeout_answers_at_once():
    result = random_puzzle(*HARD).check(timeout=0)
    assert result.verdict == "timeout" and result.elapsed < 1.0


def test_the_gil_is_released_during_a_search():
    puzzle = random_puzzle(*HARD)
    worker = threading.Thread(target=puzzle.check, kwargs={"timeout": 1.0})
    worker.start()
    spins = 0
    while worker.is_alive():
        spins += 1
    worker.join()
    # Python code ran on this thread all along the search: far more than a thread switch or two.
    assert spins > 10_000, f"only {spins} loops ran beside the search"


def test_two_checks_on_two_threads_run_at_the_same_time():
    puzzles = [random_puzzle(40, seed) for seed in (0, 1)]
    barrier = threading.Barrier(2)
    intervals = [None, None]

    def check(i: int) -> None:
        barrier.wait()
        result = puzzles[i].check(backend="auto", ambiguous=False)
        end = time.monotonic()
        intervals[i] = (end - result.elapsed, end)

    threads = [threading.Thread(target=check, args=(i,)) for i in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    (start_a, end_a), (start_b, end_b) = intervals
    # Under a held GIL the second search could only start after the first call returned.
    assert max(start_a, start_b) < min(end_a, end_b), f"no overlap: {intervals}"


def test_ctrl_c_stops_a_search():
    # Ctrl-C at a terminal reaches Python's own handler. A process started in the background by a
    # shell without job control (as CI may be) inherits SIGINT ignored, and Python then leaves it
    # ignored: the child puts the terminal's handler back, or the signal would never arrive.
    script = f"""
import signal, time, numpy as np, nonosat
signal.signal(signal.SIGINT, signal.default_int_handler)
grid = np.random.default_rng({HARD[1]}).random(({HARD[0]}, {HARD[0]})) < 0.5
planted = nonosat.Puzzle.from_grid(grid)
puzzle = nonosat.Puzzle(planted.rows, planted.columns)
print("searching", flush=True)
started = time.monotonic()
try:
    puzzle.check()
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted after", round(time.monotonic() - started, 2), flush=True)
"""
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "searching"
        time.sleep(1.0)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=30)
        stopped = time.monotonic() - sent
    finally:
        child.kill()
    assert out.startswith("interrupted after"), out
    assert child.returncode == 0
    assert stopped < 5.0, f"the search went on {stopped:.2f} s after Ctrl-C"


def test_the_pictures_are_svg_with_the_differing_cells_marked():
    puzzle = nonosat.Puzzle([[1], [1]], [[1], [1]])
    blank = ElementTree.fromstring(puzzle._repr_svg_())
    assert blank.tag == f"{SVG}svg"
    result = puzzle.check()
    assert result.verdict == "multiple"
    drawn = ElementTree.fromstring(result._repr_svg_())
    fills = [rect.get("fill") for rect in drawn.iter(f"{SVG}rect")]
    # Both solutions are drawn, and every cell differs between them: in each, two cells marked
    # black and two white (and the legend's swatches).
    assert fills.count("#d62728") >= 4 and fills.count("#ffbb78") >= 4
    texts = [text.text for text in drawn.iter(f"{SVG}text")]
    assert "2x2: multiple" in texts


def test_a_colour_result_draws_its_colours():
    puzzle = nonosat.Puzzle.from_grid(np.array([[1, 2], [2, 0]]))
    drawn = ElementTree.fromstring(puzzle.check()._repr_svg_())
    fills = {rect.get("fill") for rect in drawn.iter(f"{SVG}rect")}
    assert {"#000000", "#dc2828"} <= fills


def test_an_infinite_timeout_is_no_limit():
    assert nonosat.Puzzle([[1]], [[1]]).check(timeout=float("inf")).verdict == "unique"
    with pytest.raises(ValueError, match="timeout must be a number of seconds"):
        nonosat.Puzzle([[1]], [[1]]).check(timeout=float("nan"))
