#!/usr/bin/env python3
"""Check a certificate written by `nonosat check --proof P FILE`, apart from nonosat.

Usage: check_certificate.py [--dratify] FORMULA PROOF   (FORMULA is P.cnf, PROOF is P)

A second, independent checker (N-version): it was written from the specification in
docs/ambiguity.md ("Certified verdicts, and how a publisher checks one" and "Certificates with
counting steps") only, without reading nonosat's own checker (crates/drat-check) or its counting
code, and it uses nothing but Python's standard library. It reads

- the formula: DIMACS, with the `c nonogram size|row|column` comment lines that declare the clues
  of a certificate with counting steps (cell (r, c) is variable r * WIDTH + c + 1, true when black);
- the proof: DRAT lemmas (checked by reverse unit propagation, RAT on the first literal where RUP
  fails, never on a cell when the proof counts), `d` deletions (a deleted unit clause stays, and
  literals fixed at the root stay fixed), and `k rows|columns CLASS... = TOTAL | UNITS... 0`
  counting steps, each checked by its own count of the fewest and most black cells every line can
  put into the class given the cells known at the root of unit propagation; or a model
  (`s SATISFIABLE` and `v` lines), checked against every clause.

With --dratify, PyPI's `dratify` (another author's DRAT checker) checks the DRAT part: this script
checks the counting steps (and the lemmas before the last step, on which the cells known at each
step rest), then hands dratify the formula as read plus the steps' units as unit clauses, and every
DRAT line of the proof. A publisher can so check a counting certificate with no nonosat code.

Exit 0 "verified: ...", 1 "rejected: <what>, <which proof line>", 2 when a file cannot be read
(file, line, offending token).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

INFEASIBLE = 1 << 30
# The largest variable a formula or a proof may name (2^25, as nonosat verify-proof allows).
MAX_VARIABLE = 1 << 25


class Unreadable(Exception):
    """A file that cannot be read as a formula or a proof (exit 2)."""


class Rejected(Exception):
    """A certificate that does not check (exit 1)."""


def escape(text: str) -> str:
    """`text` with control characters and non-ASCII shown as escapes, fit to print."""
    return "".join(ch if " " <= ch <= "~" else f"\\x{ord(ch):02x}" if ord(ch) < 256
                   else f"\\u{ord(ch):04x}" for ch in text)


def unreadable(path: Path, line: int, what: str, token: Optional[str] = None) -> Unreadable:
    """An Unreadable error naming the file, the line and, when given, the token."""
    at = f" at '{escape(token)}'" if token is not None else ""
    return Unreadable(f"{escape(str(path))}, line {line}: {what}{at}")


def odd_character(line: str) -> Optional[str]:
    """The first character text may not hold on this line, if any: above ASCII anywhere, a
    control character but in a comment (`c nonogram` lines are none)."""
    words = line.split()
    if words[:1] == ["c"] and words[1:2] != ["nonogram"]:
        return next((ch for ch in line if ch > "~"), None)
    return next((ch for ch in line if not (" " <= ch <= "~" or ch in "\t\r")), None)


def read_text(path: Path) -> List[str]:
    """The lines of a text file, unreadable when it holds an odd character (binary DRAT does)."""
    try:
        text = path.read_bytes().decode("latin-1")
    except OSError as error:
        raise Unreadable(f"{escape(str(path))}: cannot read: {escape(error.strerror or str(error))}")
    lines = text.split("\n")[:-1] if text.endswith("\n") else text.split("\n")
    for number, line in enumerate(lines, 1):
        odd = odd_character(line)
        if odd is not None:
            raise unreadable(path, number, "not text (binary DRAT is not read)", odd)
    return lines


def parse_int(token: str, path: Path, line: int, what: str) -> int:
    """An integer token, else an Unreadable error naming it; a literal names at most
    MAX_VARIABLE."""
    if not (token.isascii() and token.lstrip("-").isdigit()) or token.startswith("--"):
        raise unreadable(path, line, f"expected {what}", token)
    if len(token) > 12 or abs(int(token)) > MAX_VARIABLE:
        raise unreadable(path, line, f"a number beyond {MAX_VARIABLE}", token)
    return int(token)


@dataclass
class Clues:
    """The nonogram declared by a formula's `c nonogram` lines."""

    width: int
    height: int
    rows: List[List[int]]
    columns: List[List[int]]

    def line_clue(self, axis: str, index: int) -> List[int]:
        """The clue of row or column `index`."""
        return self.rows[index] if axis == "rows" else self.columns[index]

    def cell(self, axis: str, line: int, position: int) -> int:
        """The variable of cell `position` of row or column `line`."""
        row, column = (line, position) if axis == "rows" else (position, line)
        return row * self.width + column + 1


@dataclass
class Formula:
    """A DIMACS formula with the clues its comments declare, if any."""

    variables: int
    clauses: List[List[int]]
    clues: Optional[Clues]


@dataclass
class ClueLines:
    """The `c nonogram` lines as read, before they are checked to be complete."""

    size: Optional[Tuple[int, int]] = None
    rows: Dict[int, List[int]] = field(default_factory=dict)
    columns: Dict[int, List[int]] = field(default_factory=dict)


def read_clue_line(tokens: List[str], seen: ClueLines, path: Path, line: int) -> None:
    """Record one `c nonogram ...` line (tokens after `c nonogram`)."""
    if not tokens:
        raise unreadable(path, line, "a `c nonogram` line without a kind")
    kind, rest = tokens[0], tokens[1:]
    if kind == "size":
        if len(rest) != 2 or seen.size is not None:
            raise unreadable(path, line, "expected one `c nonogram size WIDTH HEIGHT` line")
        width, height = (parse_int(t, path, line, "a size") for t in rest)
        if width < 1 or height < 1:
            raise unreadable(path, line, "the size must be positive", " ".join(rest))
        seen.size = (width, height)
        return
    if kind not in ("row", "column") or not rest:
        raise unreadable(path, line, "expected `c nonogram size|row|column ...`", kind)
    index = parse_int(rest[0], path, line, "a line number")
    blocks = [parse_int(t, path, line, "a block length") for t in rest[1:]]
    if any(b < 1 for b in blocks):
        raise unreadable(path, line, "a block length must be positive", " ".join(rest[1:]))
    table = seen.rows if kind == "row" else seen.columns
    if index in table or index < 0:
        raise unreadable(path, line, f"{kind} {index} is declared twice or is negative")
    table[index] = blocks


def finish_clues(seen: ClueLines, path: Path, variables: int) -> Optional[Clues]:
    """The declared clues, checked complete, or None when the formula declares none."""
    if seen.size is None and not seen.rows and not seen.columns:
        return None
    if seen.size is None:
        raise unreadable(path, 1, "`c nonogram` lines without a `c nonogram size` line")
    width, height = seen.size
    if sorted(seen.rows) != list(range(height)) or sorted(seen.columns) != list(range(width)):
        raise unreadable(path, 1, f"the `c nonogram` lines must declare rows 0..{height - 1} "
                         f"and columns 0..{width - 1}, each once")
    if width * height > variables:
        raise unreadable(path, 1, f"{width}x{height} cells but only {variables} variables")
    return Clues(width, height, [seen.rows[i] for i in range(height)],
                 [seen.columns[i] for i in range(width)])


def read_formula(path: Path) -> Formula:
    """Read a DIMACS formula and its `c nonogram` clue lines."""
    header: Optional[Tuple[int, int]] = None
    clauses: List[List[int]] = []
    clause: List[int] = []
    seen = ClueLines()
    lines = read_text(path)
    for number, text in enumerate(lines, 1):
        tokens = text.split()
        if not tokens or tokens[0] == "%":
            continue
        if tokens[0] == "c":
            if len(tokens) > 1 and tokens[1] == "nonogram":
                read_clue_line(tokens[2:], seen, path, number)
            continue
        if tokens[0] == "p":
            if header is not None or len(tokens) != 4 or tokens[1] != "cnf":
                raise unreadable(path, number, "expected one `p cnf VARIABLES CLAUSES` line")
            header = (parse_int(tokens[2], path, number, "a variable count"),
                      parse_int(tokens[3], path, number, "a clause count"))
            continue
        if header is None:
            raise unreadable(path, number, "a clause before the `p cnf` line", tokens[0])
        for token in tokens:
            literal = parse_int(token, path, number, "a literal")
            if literal == 0:
                clauses.append(clause)
                clause = []
            elif abs(literal) > header[0]:
                raise unreadable(path, number, f"a literal beyond the {header[0]} variables",
                                 token)
            else:
                clause.append(literal)
    if header is None:
        raise unreadable(path, 1, "no `p cnf` line")
    if clause:
        raise unreadable(path, len(lines), "the last clause does not end with 0")
    if len(clauses) != header[1]:
        raise unreadable(path, 1, f"the `p cnf` line says {header[1]} clauses, "
                         f"the file has {len(clauses)}")
    return Formula(header[0], clauses, finish_clues(seen, path, header[0]))


@dataclass
class Step:
    """One line of a proof: a lemma ('a'), a deletion ('d') or a counting step ('k')."""

    kind: str
    line: int
    literals: List[int]
    axis: str = ""
    lines: List[int] = field(default_factory=list)
    total: int = 0


@dataclass
class Proof:
    """A proof's steps, or a model when the certificate says the formula is satisfiable."""

    steps: List[Step]
    model: Optional[List[int]]


def read_counting_step(tokens: List[str], path: Path, number: int) -> Step:
    """Parse `k rows|columns CLASS... = TOTAL | UNITS... 0`."""
    if len(tokens) < 2 or tokens[1] not in ("rows", "columns"):
        raise unreadable(path, number, "expected `k rows|columns`",
                         tokens[1] if len(tokens) > 1 else "k")
    if "=" not in tokens or "|" not in tokens or tokens.index("=") > tokens.index("|"):
        raise unreadable(path, number, "expected `k rows|columns CLASS... = TOTAL | UNITS... 0`")
    equals, bar = tokens.index("="), tokens.index("|")
    if bar != equals + 2:
        raise unreadable(path, number, "expected one TOTAL between `=` and `|`")
    if tokens[-1] != "0" or bar == len(tokens) - 1:
        raise unreadable(path, number, "a counting step must end with 0", tokens[-1])
    lines = [parse_int(t, path, number, "a line number") for t in tokens[2:equals]]
    total = parse_int(tokens[equals + 1], path, number, "a total")
    units = [parse_int(t, path, number, "a literal") for t in tokens[bar + 1:-1]]
    if 0 in units:
        raise unreadable(path, number, "a 0 before the end of the counting step")
    return Step("k", number, units, tokens[1], lines, total)


def read_clause_step(tokens: List[str], path: Path, number: int) -> Step:
    """Parse a lemma `LITERALS... 0` or a deletion `d LITERALS... 0`: one clause a line, as
    nonosat writes them (and verify-proof reads them)."""
    kind, body = "a", tokens
    if tokens[0].startswith("d"):  # `d 1 2 0`, or `d1 2 0` as drat-trim reads it too
        kind, body = "d", ([tokens[0][1:]] if tokens[0] != "d" else []) + tokens[1:]
    literals = [parse_int(t, path, number, "a literal") for t in body]
    if not literals or literals[-1] != 0:
        raise unreadable(path, number, "the clause does not end with 0 on its line", tokens[-1])
    if 0 in literals[:-1]:
        raise unreadable(path, number, "one clause a line: a 0 before the end of the line")
    return Step(kind, number, literals[:-1])


def read_proof(path: Path) -> Proof:
    """Read a proof (text DRAT with `k` steps) or a model (`s SATISFIABLE`, `v` lines)."""
    steps: List[Step] = []
    model: Optional[List[int]] = None
    lines = read_text(path)
    for number, text in enumerate(lines, 1):
        tokens = text.split()
        if not tokens or tokens[0] == "c":
            continue
        if tokens[0] == "s":
            if " ".join(tokens[1:]) != "SATISFIABLE" or steps or model is not None:
                raise unreadable(path, number, "only `s SATISFIABLE` can open a model", text)
            model = []
            continue
        if tokens[0] == "v":
            if model is None:
                raise unreadable(path, number, "a `v` line without `s SATISFIABLE`")
            model.extend(parse_int(t, path, number, "a literal") for t in tokens[1:])
            continue
        if model is not None:
            raise unreadable(path, number, "expected a `v` line of the model", tokens[0])
        steps.append(read_counting_step(tokens, path, number) if tokens[0] == "k"
                     else read_clause_step(tokens, path, number))
    if model is not None and (not model or model[-1] != 0):
        raise unreadable(path, len(lines), "the model does not end with 0")
    return Proof(steps, model)


def line_range(clue: Sequence[int], known: Sequence[int],
               in_class: Sequence[int]) -> Tuple[int, int]:
    """The fewest and most black cells in the class an arrangement of `clue` agreeing with `known`
    (1 black, -1 white, 0 open, per cell) can have; (INFEASIBLE, -1) when none agrees.

    A dynamic programme over (block, start): low[j][i] and high[j][i] are the fewest and most
    class cells the blocks j.. can blacken in cells i.., cell i-1 being white or the edge.
    """
    n, k = len(known), len(clue)
    whites = [0] * (n + 1)
    blacks = [0] * (n + 1)
    counted = [0] * (n + 1)
    for i in range(n):
        whites[i + 1] = whites[i] + (known[i] == -1)
        blacks[i + 1] = blacks[i] + (known[i] == 1)
        counted[i + 1] = counted[i] + in_class[i]
    low = [INFEASIBLE] * (n + 2)
    high = [-1] * (n + 2)
    for i in range(n + 1):
        if blacks[n] == blacks[i]:
            low[i], high[i] = 0, 0
    for j in range(k - 1, -1, -1):
        length = clue[j]
        new_low = [INFEASIBLE] * (n + 2)
        new_high = [-1] * (n + 2)
        for i in range(n - 1, -1, -1):
            best_low, best_high = INFEASIBLE, -1
            if known[i] != 1:
                best_low, best_high = new_low[i + 1], new_high[i + 1]
            end = i + length
            if end <= n and whites[end] == whites[i] and (end == n or known[end] != 1):
                after = min(end + 1, n)
                if low[after] < INFEASIBLE:
                    gained = counted[end] - counted[i]
                    best_low = min(best_low, low[after] + gained)
                    best_high = max(best_high, high[after] + gained)
            new_low[i], new_high[i] = best_low, best_high
        low, high = new_low, new_high
    return (low[0], high[0]) if low[0] < INFEASIBLE else (INFEASIBLE, -1)


class Clauses:
    """A clause database with unit propagation by two watched literals.

    Variable v of the formula is v inside; a variable beyond them that the proof names (RAT's
    extension variables, numbered as the proof likes) gets the next number inside. Literal v is
    index 2v, -v is 2v + 1. Assignments at the root are never undone (a deletion does not unfix a
    literal: every model of the clauses before it satisfies the literal).
    """

    def __init__(self, variables: int) -> None:
        self.variables = variables
        self.value = [0] * (2 * variables + 2)
        self.watches: List[List[List[int]]] = [[] for _ in range(2 * variables + 2)]
        self.trail: List[int] = []
        self.head = 0
        self.conflict = False
        self.alive: Dict[Tuple[int, ...], List[List[int]]] = {}
        self.extra: Dict[int, int] = {}
        self.names: List[int] = []

    def inside(self, variable: int) -> int:
        """The inside number of a DIMACS variable, given one when the proof introduces it."""
        if variable <= self.variables:
            return variable
        if variable not in self.extra:
            self.names.append(variable)
            self.extra[variable] = self.variables + len(self.names)
            self.value.extend((0, 0))
            self.watches.extend(([], []))
        return self.extra[variable]

    def index(self, literal: int) -> int:
        """The index of a DIMACS literal."""
        variable = self.inside(abs(literal))
        return 2 * variable if literal > 0 else 2 * variable + 1

    def literal(self, lit: int) -> int:
        """The DIMACS literal of an index."""
        variable = lit // 2
        if variable > self.variables:
            variable = self.names[variable - self.variables - 1]
        return -variable if lit % 2 else variable

    def assign(self, lit: int) -> None:
        """Make literal index `lit` true."""
        self.value[lit] = 1
        self.value[lit ^ 1] = -1
        self.trail.append(lit)

    def propagate(self) -> bool:
        """Unit propagation from the trail's head; False on a conflict."""
        value, watches, trail = self.value, self.watches, self.trail
        while self.head < len(trail):
            false_lit = trail[self.head] ^ 1
            self.head += 1
            watching = watches[false_lit]
            kept, i, count = 0, 0, len(watching)
            while i < count:
                clause = watching[i]
                i += 1
                if not clause:
                    continue
                if clause[0] == false_lit:
                    clause[0], clause[1] = clause[1], false_lit
                other = clause[0]
                if value[other] == 1:
                    watching[kept] = clause
                    kept += 1
                    continue
                for position in range(2, len(clause)):
                    if value[clause[position]] != -1:
                        clause[1], clause[position] = clause[position], false_lit
                        watches[clause[1]].append(clause)
                        break
                else:
                    watching[kept] = clause
                    kept += 1
                    if value[other] == -1:
                        watching[kept:] = watching[i:]
                        return False
                    self.assign(other)
            del watching[kept:]
        return True

    def undo(self, mark: int) -> None:
        """Unassign everything after trail position `mark`."""
        for lit in self.trail[mark:]:
            self.value[lit] = self.value[lit ^ 1] = 0
        del self.trail[mark:]
        self.head = mark

    def add(self, literals: Sequence[int]) -> None:
        """Add a clause at the root and propagate what it implies there."""
        lits = list(dict.fromkeys(self.index(x) for x in literals))
        self.alive.setdefault(tuple(sorted(lits)), []).append(lits)
        if self.conflict:
            return
        value = self.value
        lits.sort(key=lambda lit: value[lit] == -1)
        if not lits or value[lits[0]] == -1:
            self.conflict = True
        elif len(lits) == 1 or value[lits[1]] == -1:
            if value[lits[0]] == 0:
                self.assign(lits[0])
                self.conflict = not self.propagate()
        if len(lits) >= 2:
            self.watches[lits[0]].append(lits)
            self.watches[lits[1]].append(lits)

    def delete(self, literals: Sequence[int]) -> bool:
        """Delete one copy of a clause (a unit clause stays); False when it is not there."""
        key = tuple(sorted(set(self.index(x) for x in literals)))
        copies = self.alive.get(key)
        if not copies:
            return False
        if len(key) > 1:
            copies.pop().clear()
            if not copies:
                del self.alive[key]
        return True

    def implied(self, literals: Sequence[int]) -> bool:
        """Reverse unit propagation: the negation of the clause conflicts at the root."""
        if self.conflict:
            return True
        mark = len(self.trail)
        for literal in literals:
            lit = self.index(literal)
            if self.value[lit] == 1:
                self.undo(mark)
                return True
            if self.value[lit] == 0:
                self.assign(lit ^ 1)
        follows = not self.propagate()
        self.undo(mark)
        return follows

    def resolution_candidates(self, pivot: int) -> List[List[int]]:
        """The live clauses that hold the negation of DIMACS literal `pivot`."""
        negated = self.index(-pivot)
        return [copy for key, copies in self.alive.items() if negated in key for copy in copies]

    def rat(self, literals: Sequence[int]) -> bool:
        """RAT on the first literal: every resolvent with a clause holding its negation is RUP."""
        pivot = literals[0]
        negated = self.index(-pivot)
        for other in self.resolution_candidates(pivot):
            rest = [self.literal(lit) for lit in other if lit != negated]
            if not self.implied(list(literals) + rest):
                return False
        return True

    def cell_value(self, variable: int) -> int:
        """1 when the variable is true at the root, -1 false, 0 open (or in no clause yet)."""
        if variable > self.variables:
            variable = self.extra.get(variable, 0)
        return self.value[2 * variable] if variable else 0


def check_counting_step(step: Step, clues: Optional[Clues], clauses: Clauses) -> None:
    """Check a `k` step against the cells known at the root; raise Rejected when it fails."""
    where = f"the counting step on line {step.line} of the proof"
    if clues is None:
        raise Rejected(f"{where}: the formula declares no clues (no `c nonogram` lines)")
    across = clues.width if step.axis == "rows" else clues.height
    if len(set(step.lines)) != len(step.lines) or any(not 0 <= x < across for x in step.lines):
        raise Rejected(f"{where}: the class names a line twice or beyond the nonogram")
    other_axis = "columns" if step.axis == "rows" else "rows"
    declared = sum(sum(clues.line_clue(other_axis, x)) for x in step.lines)
    if declared != step.total:
        raise Rejected(f"{where}: the class's clues add up to {declared} black cells, "
                       f"not {step.total}")
    counted = clues.height if step.axis == "rows" else clues.width
    in_class = [0] * across
    for x in step.lines:
        in_class[x] = 1

    def known(line: int) -> List[int]:
        return [clauses.cell_value(clues.cell(step.axis, line, p)) for p in range(across)]

    ranges = [line_range(clues.line_clue(step.axis, i), known(i), in_class)
              for i in range(counted)]
    low, high = sum(r[0] for r in ranges), sum(r[1] for r in ranges)
    if not step.literals:
        if low > step.total or high < step.total:
            return
        raise Rejected(f"{where} does not follow: the lines can hold {step.total} black cells "
                       f"of the class")
    for unit in step.literals:
        if not 1 <= abs(unit) <= clues.width * clues.height:
            raise Rejected(f"{where}: the unit {unit} is not a cell")
        row, column = divmod(abs(unit) - 1, clues.width)
        line, position = (row, column) if step.axis == "rows" else (column, row)
        cells = known(line)
        cells[position] = -1 if unit > 0 else 1
        mine = line_range(clues.line_clue(step.axis, line), cells, in_class)
        rest_low, rest_high = low - ranges[line][0], high - ranges[line][1]
        if not (mine[0] + rest_low > step.total or mine[1] + rest_high < step.total):
            raise Rejected(f"{where} does not follow: the count does not force {unit}")


def check_model(formula: Formula, model: List[int]) -> str:
    """Check a model against every clause of the formula; the verdict's text."""
    true = set()
    for literal in model[:-1]:
        if -literal in true:
            raise Rejected(f"the model gives variable {abs(literal)} both values")
        true.add(literal)
    for number, clause in enumerate(formula.clauses, 1):
        if not any(literal in true for literal in clause):
            raise Rejected(f"the model does not satisfy clause {number} of the formula")
    return "verified: the model satisfies the formula: it is satisfiable (another solution)"


def check_lemma(step: Step, clauses: Clauses, counts: bool, cells: int) -> str:
    """Check one DRAT lemma; 'rup' or 'rat', else raise Rejected."""
    if clauses.implied(step.literals):
        return "rup"
    where = f"the lemma on line {step.line} of the proof"
    if not step.literals:
        raise Rejected(f"{where} (the empty clause) does not follow by unit propagation")
    if counts and abs(step.literals[0]) <= cells:
        raise Rejected(f"{where} is not RUP, and RAT on a cell's variable is refused in a proof "
                       f"with counting steps")
    if clauses.rat(step.literals):
        return "rat"
    raise Rejected(f"{where} is neither RUP nor RAT")


def replay(formula: Formula, steps: List[Step], clauses: Clauses) -> Dict[str, int]:
    """Check `steps` in order on `clauses`; stop at the empty clause. Tallies of what was done."""
    counts = any(step.kind == "k" for step in steps)
    cells = formula.clues.width * formula.clues.height if formula.clues else 0
    tally = {"k": 0, "rup": 0, "rat": 0, "d": 0, "missing": 0}
    for step in steps:
        if clauses.conflict:
            break
        if step.kind == "d":
            tally["d" if clauses.delete(step.literals) else "missing"] += 1
            continue
        if step.kind == "k":
            check_counting_step(step, formula.clues, clauses)
            tally["k"] += 1
            for unit in step.literals:
                clauses.add([unit])
            if not step.literals:
                clauses.add([])  # a step without units derives the empty clause
        else:
            tally[check_lemma(step, clauses, counts, cells)] += 1
            clauses.add(step.literals)
    return tally


def load_formula(formula: Formula) -> Clauses:
    """A clause database holding the formula, propagated at the root; its arrays are as large as
    the variables the clauses name (not what the `p cnf` line claims)."""
    clauses = Clauses(max((abs(x) for clause in formula.clauses for x in clause), default=0))
    for clause in formula.clauses:
        clauses.add(clause)
    return clauses


def check(formula: Formula, proof: Proof) -> str:
    """Check a certificate; the verdict's text, or raise Rejected."""
    if proof.model is not None:
        return check_model(formula, proof.model)
    clauses = load_formula(formula)
    tally = replay(formula, proof.steps, clauses)
    if not clauses.conflict:
        raise Rejected("every step follows, but the proof never derives the empty clause "
                       "(nor a conflict of unit propagation)")
    return (f"verified: the proof refutes the formula; it is unsatisfiable ({tally['k']} "
            f"counting steps, {tally['rup']} lemmas by RUP, {tally['rat']} by RAT, "
            f"{tally['d']} deletions, {tally['missing']} deletions of absent clauses ignored)")


def dratify_input(formula: Formula, steps: Sequence[Step]) -> Tuple[str, str]:
    """The formula as read plus the counting steps' units (an empty clause for a step without
    units) as DIMACS, and the proof's DRAT lines: what dratify checks once the steps are."""
    derived = [[unit] for step in steps if step.kind == "k" for unit in step.literals]
    derived += [[] for step in steps if step.kind == "k" and not step.literals]
    variables = max([formula.variables] + [abs(x) for step in steps for x in step.literals])
    clauses = formula.clauses + derived
    text = f"p cnf {variables} {len(clauses)}\n" + "".join(
        " ".join(map(str, clause + [0])) + "\n" for clause in clauses)
    proof = "".join(("d " if step.kind == "d" else "") + " ".join(map(str, step.literals + [0]))
                    + "\n" for step in steps if step.kind != "k")
    return text, proof


def check_with_dratify(formula: Formula, proof: Proof) -> str:
    """Check the counting steps here and the DRAT lemmas after the last one with dratify."""
    try:
        import dratify  # type: ignore[import-not-found]
    except ImportError as error:
        raise Unreadable("--dratify needs the `dratify` package (pip install dratify)") from error
    if proof.model is not None:
        return check_model(formula, proof.model)
    last = max((i for i, step in enumerate(proof.steps) if step.kind == "k"), default=-1)
    tally = replay(formula, proof.steps[:last + 1], load_formula(formula))
    text, lemmas = dratify_input(formula, proof.steps)
    result = dratify.check_proof(dratify.parse_dimacs(text), lemmas, engine="python")
    if not result.ok:
        raise Rejected(f"dratify rejects the DRAT lemmas: {escape(result.reason)}")
    return (f"verified: {tally['k']} counting steps checked here, then dratify "
            f"{dratify.__version__} verified the DRAT lemmas over the formula and their units: "
            f"{escape(result.reason)}")


def main(argv: Optional[List[str]] = None) -> int:
    """Command line: print the verdict and return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("formula", type=Path, help="the formula, P.cnf")
    parser.add_argument("proof", type=Path, help="the certificate, P")
    parser.add_argument("--dratify", action="store_true",
                        help="check the DRAT lemmas after the counting steps with dratify")
    args = parser.parse_args(argv)
    try:
        formula = read_formula(args.formula)
        proof = read_proof(args.proof)
        verdict = (check_with_dratify if args.dratify else check)(formula, proof)
    except Unreadable as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except Rejected as error:
        print(f"rejected: {error}")
        return 1
    print(verdict)
    return 0


if __name__ == "__main__":
    sys.exit(main())
