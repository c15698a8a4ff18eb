"""Certificates of `check --proof` checked by three checkers that share no code.

tools/check_certificate.py (written from docs/ambiguity.md alone), `nonosat verify-proof` (the
crate drat-check) and PyPI's dratify (another author's DRAT checker) must accept every genuine
certificate and agree on rejecting every tampered one.
"""

from __future__ import annotations

import importlib.util
import itertools
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Callable, Dict, List, Tuple

import pytest

from conftest import ROOT

TOOL = ROOT / "tools" / "check_certificate.py"


def ndom_clues(n: int) -> str:
    """n-Dom in the .nin format, by the pattern of the corpus's ndom/README.txt."""
    size = 2 * n + 1
    rows = [[3], [1]] + [[3, 1], [1]] * (n - 1) + [[1]]
    columns = [[1], [1]] + [[1, 3], [1]] * (n - 1) + [[3]]
    lines = [f"{size} {size}"] + [" ".join(map(str, clue)) for clue in rows + columns]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def dratify():
    """PyPI's dratify, installed by .ci/run; its absence is a failure, not a skip."""
    try:
        import dratify as module
    except ImportError:
        pytest.fail("dratify is not installed: pip install 'dratify>=0.1.10,<0.2' (see .ci/run)")
    return module


@pytest.fixture(scope="module")
def tool():
    """The checker as a module, for its counting function."""
    spec = importlib.util.spec_from_file_location("check_certificate", TOOL)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up while defined
    spec.loader.exec_module(module)
    return module


def certify(cli: Path, puzzle: Path, out: Path, *flags: str) -> Tuple[str, str]:
    """`check --proof` on a puzzle file: the formula's and the proof's text."""
    done = subprocess.run([str(cli), "check", *flags, "--proof", str(out), str(puzzle)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1), done.stderr
    return Path(f"{out}.cnf").read_text(), out.read_text()


def ours(formula: str, proof: str, tmp: Path, *flags: str) -> Tuple[int, str]:
    """Exit code and output of tools/check_certificate.py on the two texts."""
    (tmp / "f.cnf").write_text(formula)
    (tmp / "p").write_text(proof)
    done = subprocess.run([sys.executable, str(TOOL), *flags, str(tmp / "f.cnf"), str(tmp / "p")],
                          capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout + done.stderr


def verify_proof(cli: Path, formula: str, proof: str, tmp: Path) -> int:
    """Exit code of `nonosat verify-proof` on the two texts."""
    (tmp / "g.cnf").write_text(formula)
    (tmp / "q").write_text(proof)
    done = subprocess.run([str(cli), "verify-proof", str(tmp / "g.cnf"), str(tmp / "q")],
                          capture_output=True, text=True, timeout=120)
    return done.returncode


def dratify_ok(dratify, formula: str, proof: str) -> bool:
    """dratify's verdict on a plain DRAT certificate."""
    return dratify.check_proof(dratify.parse_dimacs(formula), proof, engine="python").ok


def step_lines(proof: str) -> List[int]:
    """The indices of the proof's counting steps among its lines."""
    return [i for i, line in enumerate(proof.splitlines()) if line.startswith("k ")]


def edit_line(text: str, index: int, change: Callable[[str], str]) -> str:
    """The text with line `index` replaced by change(line) (removed when it returns '')."""
    lines = text.splitlines()
    lines[index] = change(lines[index])
    return "\n".join(line for line in lines if line) + "\n"


def insert_after_comments(proof: str, lemmas: str) -> str:
    """The proof with `lemmas` before its first step."""
    lines = proof.splitlines()
    first = next(i for i, line in enumerate(lines) if not line.startswith("c"))
    return "\n".join(lines[:first] + lemmas.splitlines() + lines[first:]) + "\n"


# Two unit lemmas on one variable cannot both follow unless propagation refutes the formula.
CONTRADICTION = "1 0\n-1 0\n"


@pytest.fixture(scope="module")
def ndom(corpus: Path, cli: Path, tmp_path_factory) -> Dict[int, Tuple[str, str]]:
    """Counting certificates of n-Dom, 5, 8, 11 and 14 from the corpus, 20 built here."""
    tmp = tmp_path_factory.mktemp("ndom")
    assert (corpus / "ndom" / "05-dom.nin").read_text() == ndom_clues(5)
    (tmp / "20-dom.nin").write_text(ndom_clues(20))
    files = {n: corpus / "ndom" / f"{n:02}-dom.nin" for n in (5, 8, 11, 14)}
    files[20] = tmp / "20-dom.nin"
    return {n: certify(cli, path, tmp / f"{n}.proof") for n, path in files.items()}


@pytest.mark.parametrize("n", [5, 8, 11, 14, 20])
def test_counting_certificates_are_verified_by_every_checker(ndom, cli, tmp_path, n):
    formula, proof = ndom[n]
    assert step_lines(proof), "the certificate has no counting step"
    assert "c nonogram size" in formula
    code, said = ours(formula, proof, tmp_path)
    assert code == 0 and said.startswith("verified:"), said
    assert f"{len(step_lines(proof))} counting steps" in said
    assert verify_proof(cli, formula, proof, tmp_path) == 0
    code, said = ours(formula, proof, tmp_path, "--dratify")
    assert code == 0 and "dratify" in said, said


def test_the_drat_lemmas_after_counting_are_checked_by_dratify(ndom, cli, tmp_path):
    """Without its last step, 8-Dom's certificate rests on its DRAT lemmas; corrupt them and all
    three checkers (dratify through --dratify) reject it."""
    formula, proof = ndom[8]
    shorter = edit_line(proof, step_lines(proof)[-1], lambda _: "")
    code, said = ours(formula, shorter, tmp_path)
    assert code == 0 and not re.search(r" 0 lemmas by RUP", said), said
    assert verify_proof(cli, formula, shorter, tmp_path) == 0
    code, said = ours(formula, shorter, tmp_path, "--dratify")
    assert code == 0 and "empty clause derived" in said, said
    after = step_lines(shorter)[-1] + 1
    broken = edit_line(shorter, after, lambda line: CONTRADICTION + line)
    for flags in ((), ("--dratify",)):
        code, said = ours(formula, broken, tmp_path, *flags)
        assert code == 1 and said.startswith("rejected:"), said
    assert verify_proof(cli, formula, broken, tmp_path) == 6
    truncated = "\n".join(shorter.splitlines()[:after + 5]) + "\n"
    for flags in ((), ("--dratify",)):
        assert ours(formula, truncated, tmp_path, *flags)[0] == 1
    assert verify_proof(cli, formula, truncated, tmp_path) == 6


def retotal(line: str, delta: int) -> str:
    """A step line with its TOTAL moved by delta."""
    head, total, tail = re.match(r"(.* = )(\d+)( \|.*)", line).groups()
    return f"{head}{int(total) + delta}{tail}"


def relabel(line: str, old: str, new: str) -> str:
    """A step line with class line `old` named `new`."""
    head, rest = line.split(" = ", 1)
    words = head.split()
    words[words.index(old)] = new
    return " ".join(words) + " = " + rest


def repeat_first(line: str) -> str:
    """A step line whose class names its first line twice (total unchanged)."""
    words = line.split()
    return " ".join(words[:3] + words[2:])


def flip_first_unit(line: str) -> str:
    """A step line with its first unit negated."""
    head, units = line.split(" | ")
    first, *rest = units.split()
    return f"{head} | {' '.join([str(-int(first))] + rest)}"


def not_a_cell(line: str) -> str:
    """A step line whose first unit names a variable beyond the cells."""
    head, units = line.split(" | ")
    return f"{head} | 100000 {units}"


TAMPERS: Dict[str, Callable[[str, str], Tuple[str, str]]] = {
    "wrong total": lambda f, p: (f, edit_line(p, step_lines(p)[0], lambda s: retotal(s, 1))),
    "class line mislabelled": lambda f, p: (f, edit_line(p, step_lines(p)[0],
                                                        lambda s: relabel(s, "2", "3"))),
    "class line mislabelled, total adjusted": lambda f, p: (
        f, edit_line(p, step_lines(p)[0], lambda s: retotal(relabel(s, "2", "3"), -3))),
    "class line repeated": lambda f, p: (f, edit_line(p, step_lines(p)[1], repeat_first)),
    "unit flipped": lambda f, p: (f, edit_line(p, step_lines(p)[1], flip_first_unit)),
    "unit not a cell": lambda f, p: (f, edit_line(p, step_lines(p)[2], not_a_cell)),
    "step removed": lambda f, p: (f, edit_line(p, step_lines(p)[1], lambda _: "")),
    "row clue changed": lambda f, p: (f.replace("c nonogram row 1 1\n", "c nonogram row 1 2\n"),
                                      p),
    "column clue changed": lambda f, p: (
        f.replace("c nonogram column 0 1\n", "c nonogram column 0 2\n"), p),
    "clue lines removed": lambda f, p: ("".join(line for line in f.splitlines(True)
                                                if not line.startswith("c nonogram")), p),
    "lemma that does not follow": lambda f, p: (f, insert_after_comments(p, CONTRADICTION)),
}


@pytest.mark.parametrize("tamper", sorted(TAMPERS))
def test_tampered_counting_certificates_are_rejected_by_both(ndom, cli, tmp_path, tamper):
    formula, proof = ndom[8]
    bad_formula, bad_proof = TAMPERS[tamper](formula, proof)
    assert (bad_formula, bad_proof) != (formula, proof)
    code, said = ours(bad_formula, bad_proof, tmp_path)
    assert code == 1 and said.startswith("rejected:"), said
    assert verify_proof(cli, bad_formula, bad_proof, tmp_path) == 6
    assert ours(bad_formula, bad_proof, tmp_path, "--dratify")[0] == 1


# (puzzle, backend): varisat's proofs, and CaDiCaL's through nonosat's proof tracer.
PLAIN = ["jwilk/data/data022.nin varisat", "jwilk/data/data038.nin varisat",
         "jwilk/data/data091.nin cadical"]


@pytest.fixture(scope="module")
def plain(corpus: Path, cli: Path, tmp_path_factory) -> Dict[str, Tuple[str, str]]:
    """Plain DRAT certificates of small unique puzzles that need search."""
    tmp = tmp_path_factory.mktemp("plain")
    return {name: certify(cli, corpus / name.split()[0], tmp / f"{i}.proof", "--backend",
                          name.split()[1]) for i, name in enumerate(PLAIN)}


@pytest.mark.parametrize("name", PLAIN)
def test_plain_certificates_are_verified_by_all_three(plain, cli, dratify, tmp_path, name):
    formula, proof = plain[name]
    assert not step_lines(proof) and "c nonogram" not in formula
    assert proof.count(" 0\n") > 100, "the proof is too small to test anything"
    code, said = ours(formula, proof, tmp_path)
    assert code == 0 and said.startswith("verified:"), said
    assert verify_proof(cli, formula, proof, tmp_path) == 0
    assert dratify_ok(dratify, formula, proof)
    assert ours(formula, proof, tmp_path, "--dratify")[0] == 0


def without_blocking_clause(formula: str) -> str:
    """The formula without its last clause (the solution found), which makes it satisfiable."""
    lines = formula.rstrip("\n").splitlines()
    variables, clauses = re.search(r"^p cnf (\d+) (\d+)$", formula, re.M).groups()
    header = f"p cnf {variables} {clauses}"
    return "\n".join(lines[:-1]).replace(header, f"p cnf {variables} {int(clauses) - 1}") + "\n"


PLAIN_TAMPERS: Dict[str, Callable[[str, str], Tuple[str, str]]] = {
    "lemma that does not follow": lambda f, p: (f, CONTRADICTION + p),
    "second half dropped": lambda f, p: (f, "\n".join(p.splitlines()[:len(p.splitlines()) // 2])
                                         + "\n"),
    "blocking clause removed": lambda f, p: (without_blocking_clause(f), p),
}


@pytest.mark.parametrize("tamper", sorted(PLAIN_TAMPERS))
def test_tampered_plain_certificates_are_rejected_by_all_three(plain, cli, dratify, tmp_path,
                                                               tamper):
    formula, proof = plain[PLAIN[0]]
    bad_formula, bad_proof = PLAIN_TAMPERS[tamper](formula, proof)
    assert ours(bad_formula, bad_proof, tmp_path)[0] == 1
    assert verify_proof(cli, bad_formula, bad_proof, tmp_path) == 6
    assert not dratify_ok(dratify, bad_formula, bad_proof)


def test_a_model_is_checked_and_a_wrong_one_rejected(corpus, cli, tmp_path):
    formula, model = certify(cli, corpus / "jwilk/data/data001.nin", tmp_path / "m")
    assert model.startswith("s SATISFIABLE")
    code, said = ours(formula, model, tmp_path)
    assert code == 0 and "satisfiable" in said, said
    assert verify_proof(cli, formula, model, tmp_path) == 1
    first = re.search(r"^v (-?\d+)", model, re.M).group(1)
    flipped = re.sub(rf"^v {first} ", f"v {-int(first)} ", model, count=1, flags=re.M)
    assert ours(formula, flipped, tmp_path)[0] == 1
    assert verify_proof(cli, formula, flipped, tmp_path) == 6


def test_unreadable_input_names_file_line_and_escaped_token(tmp_path):
    code, said = ours("p cnf 2 1\n1 2 0\n", "1 0\n-2 \x07x 0\n", tmp_path)
    assert code == 2
    assert "line 2" in said and "'\\x07'" in said and "\x07" not in said, said
    code, said = ours("p cnf 2 1\n1 2 0\n", "1 0\n\n-2 9x 0\n", tmp_path)
    assert code == 2 and "line 3" in said and "'9x'" in said, said
    code, said = ours("p cnf 2 1\n1 2 0\n", "k rows 0 = 1 2 0\n", tmp_path)
    assert code == 2 and "line 1" in said, said


def test_the_count_equals_brute_force_on_random_lines(tool):
    """The fewest and most black cells in a class, against every arrangement of short lines."""
    generator = random.Random(30)
    for _ in range(300):
        length = generator.randint(1, 8)
        cells = [list(bits) for bits in itertools.product((0, 1), repeat=length)]
        picture = generator.choice(cells)
        clue = [len(run) for run in "".join(map(str, picture)).split("0") if run]
        known = [generator.choice((0, 0, 1 if b else -1, -1 if b else 1)) for b in picture]
        in_class = [generator.randint(0, 1) for _ in range(length)]
        counts = [sum(c * k for c, k in zip(line, in_class)) for line in cells
                  if [len(r) for r in "".join(map(str, line)).split("0") if r] == clue
                  and all(k == 0 or (k == 1) == bool(c) for c, k in zip(line, known))]
        expected = (min(counts), max(counts)) if counts else (tool.INFEASIBLE, -1)
        assert tool.line_range(clue, known, in_class) == expected, (clue, known, in_class)



def transpose_step(line: str, size: int) -> str:
    """A `k rows` step of a square puzzle as the `k columns` step of its transpose."""
    head, units = line.split(" | ")
    moved = []
    for unit in map(int, units.split()[:-1]):
        row, column = divmod(abs(unit) - 1, size)
        moved.append((column * size + row + 1) * (1 if unit > 0 else -1))
    return " | ".join([head.replace("k rows", "k columns"), " ".join(map(str, moved + [0]))])


def test_steps_over_columns_are_checked_by_both(ndom, cli, tmp_path):
    """5-Dom's steps, transposed, refute the transposed puzzle's formula; a unit flipped in them
    is rejected by both checkers."""
    (tmp_path / "t.nin").write_text(re.sub(r"^11 11\n((?:.*\n){11})((?:.*\n){11})$", r"11 11\n\2\1",
                                           ndom_clues(5)))
    formula, _ = certify(cli, tmp_path / "t.nin", tmp_path / "t.proof")
    _, proof = ndom[5]
    steps = "".join(transpose_step(line, 11) + "\n" for line in proof.splitlines()
                    if line.startswith("k rows"))
    code, said = ours(formula, steps, tmp_path)
    assert code == 0 and "5 counting steps" in said, said
    assert verify_proof(cli, formula, steps, tmp_path) == 0
    flipped = edit_line(steps, 1, flip_first_unit)
    code, said = ours(formula, flipped, tmp_path)
    assert code == 1 and "line 2" in said, said
    assert verify_proof(cli, formula, flipped, tmp_path) == 6


def test_mutated_certificates_get_the_same_verdict_from_both(ndom, cli, tmp_path):
    """Bytes of 5-Dom's formula and proof changed at random: the two checkers accept the same
    ones (a syntax error is exit 2 here, a rejection there), and ours never crashes."""
    formula, proof = ndom[5]
    generator = random.Random(5)
    accepted = refused = 0
    for _ in range(40):
        texts = [formula, proof]
        for _ in range(generator.randint(1, 3)):
            which = generator.random() < 0.7
            at = generator.randrange(len(texts[which]))
            byte = generator.choice("\x00\x07\n -019dk|=\xff")
            texts[which] = texts[which][:at] + byte + texts[which][at + 1:]
        (tmp_path / "f.cnf").write_bytes(texts[0].encode("latin-1"))
        (tmp_path / "p").write_bytes(texts[1].encode("latin-1"))
        done = subprocess.run([sys.executable, str(TOOL), str(tmp_path / "f.cnf"),
                               str(tmp_path / "p")], capture_output=True, text=True, timeout=60)
        assert done.returncode in (0, 1, 2) and "Traceback" not in done.stderr, done.stderr
        theirs = subprocess.run([str(cli), "verify-proof", str(tmp_path / "f.cnf"),
                                 str(tmp_path / "p")], capture_output=True, timeout=60)
        assert (done.returncode == 0) == (theirs.returncode == 0), done.stdout + done.stderr
        accepted += done.returncode == 0
        refused += done.returncode != 0
    assert accepted and refused, (accepted, refused)


def fresh_variable(formula: str) -> int:
    """A variable the formula does not have."""
    return int(re.search(r"^p cnf (\d+)", formula, re.M).group(1)) + 5


def test_rat_on_a_fresh_variable_is_accepted_and_on_a_cell_refused_when_counting(
        ndom, plain, cli, dratify, tmp_path):
    formula, proof = ndom[5]
    x = fresh_variable(formula)
    accepted = insert_after_comments(proof, f"{x} 1 0\n")
    assert ours(formula, accepted, tmp_path)[1].count("1 by RAT") == 1
    assert verify_proof(cli, formula, accepted, tmp_path) == 0
    on_a_cell = insert_after_comments(proof, f"1 {x} 0\n")
    code, said = ours(formula, on_a_cell, tmp_path)
    assert code == 1 and "RAT on a cell" in said, said
    assert verify_proof(cli, formula, on_a_cell, tmp_path) == 6
    formula, proof = plain[PLAIN[0]]
    x = fresh_variable(formula)
    assert ours(formula, f"{x} 1 0\n" + proof, tmp_path)[0] == 0
    assert verify_proof(cli, formula, f"{x} 1 0\n" + proof, tmp_path) == 0
    assert dratify_ok(dratify, formula, f"{x} 1 0\n" + proof)
    resolvent = f"{x} 0\n-{x} 1 0\n" + proof
    assert ours(formula, resolvent, tmp_path)[0] == 1
    assert verify_proof(cli, formula, resolvent, tmp_path) == 6
    assert not dratify_ok(dratify, formula, resolvent)
