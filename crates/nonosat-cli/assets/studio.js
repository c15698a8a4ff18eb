// nonosat studio: the page's script. It keeps the picture (design mode) or the marks of a hand
// solve (solve mode), draws them with their clues on a canvas, and asks the server's API
// (docs/server.md) for the verdict, the repairs and the solving path after each stroke.
"use strict";

const $ = (id) => document.getElementById(id);
const canvas = $("grid");
const pen = canvas.getContext("2d");

// Names this page to the server, so that its newer requests supersede its older ones.
const CLIENT = Math.random().toString(36).slice(2) + Date.now().toString(36);
// How long after a stroke the verdict is asked for, how long its check may search, and how
// long each slower answer after it (every ambiguous cell, repairs, the solving path) may: a
// superseded job that is already running holds its solver thread until its limit.
const SETTLE_MS = 120;
const VERDICT_TIMEOUT_S = 10;
const FOLLOW_UP_TIMEOUT_S = 4;
const UNDO_KEPT = 200;

const state = {
  width: 15,
  height: 15,
  cells: new Uint8Array(15 * 15), // design: 1 black, 0 white
  solving: false,
  clues: null, // solve mode: { rows, columns }
  marks: null, // solve mode: 0 unknown, 1 black, 2 white
  name: "design",
  maxSide: 200,
  undo: [],
  redo: [],
  check: null, // the last check record of the picture shown
  showSecond: false,
  hintCells: [], // [row, column, black] from a repair's hint list
  solveMarks: { step: [], mistakes: [] },
  explain: null,
  strokeAt: 0, // performance.now() of the last stroke
  pending: 0, // id of the latest design sent for a verdict
  timings: [], // milliseconds from stroke to verdict, for the browser test's figures
};

// ---- clues and geometry -------------------------------------------------------------------

function runs(cells) {
  const out = [];
  let run = 0;
  for (const black of cells) {
    if (black) run += 1;
    else if (run) { out.push(run); run = 0; }
  }
  if (run) out.push(run);
  return out;
}

function at(row, col) { return state.cells[row * state.width + col]; }

function designClues() {
  const rows = [];
  const columns = [];
  for (let r = 0; r < state.height; r++) {
    rows.push(runs(Array.from({ length: state.width }, (_, c) => at(r, c))));
  }
  for (let c = 0; c < state.width; c++) {
    columns.push(runs(Array.from({ length: state.height }, (_, r) => at(r, c))));
  }
  return { rows, columns };
}

function clues() { return state.solving ? state.clues : designClues(); }

function rowsOf(cells, width, height) {
  const rows = [];
  for (let r = 0; r < height; r++) {
    let row = "";
    for (let c = 0; c < width; c++) row += cells[r * width + c] ? "#" : ".";
    rows.push(row);
  }
  return rows;
}

function designRows() { return rowsOf(state.cells, state.width, state.height); }

// The layout: cell size and the room for clues left and above.
function layout() {
  const { rows, columns } = clues();
  const longestRow = Math.max(1, ...rows.map((clue) => clue.length));
  const longestColumn = Math.max(1, ...columns.map((clue) => clue.length));
  const side = Math.max(state.width + longestRow * 0.8, state.height + longestColumn * 0.8);
  const cell = Math.max(6, Math.min(32, Math.floor(640 / side)));
  const left = Math.ceil(longestRow * cell * 0.8) + 4;
  const top = Math.ceil(longestColumn * cell * 0.8) + 4;
  return { cell, left, top, rows, columns };
}

// Where the grid's top left corner is in the window.
function origin() {
  const box = canvas.getBoundingClientRect();
  return [box.left + canvas.clientLeft, box.top + canvas.clientTop];
}

function cellAt(event) {
  const { cell, left, top } = layout();
  const [x, y] = origin();
  const col = Math.floor((event.clientX - x - left) / cell);
  const row = Math.floor((event.clientY - y - top) / cell);
  if (row < 0 || col < 0 || row >= state.height || col >= state.width) return null;
  return [row, col];
}

// ---- drawing ------------------------------------------------------------------------------

function draw() {
  const { cell, left, top, rows, columns } = layout();
  canvas.width = left + state.width * cell + 2;
  canvas.height = top + state.height * cell + 2;
  pen.fillStyle = "#fff";
  pen.fillRect(0, 0, canvas.width, canvas.height);
  pen.fillStyle = "#222";
  pen.font = `${Math.max(6, Math.floor(cell * 0.6))}px system-ui, sans-serif`;
  pen.textAlign = "right";
  pen.textBaseline = "middle";
  rows.forEach((clue, r) => {
    const text = clue.length ? clue.join(" ") : "0";
    pen.fillText(text, left - 4, top + (r + 0.5) * cell);
  });
  pen.textAlign = "center";
  columns.forEach((clue, c) => {
    const list = clue.length ? clue : [0];
    list.forEach((n, i) => {
      const y = top - 4 - (list.length - 1 - i) * cell * 0.8 - cell * 0.35;
      pen.fillText(String(n), left + (c + 0.5) * cell, y);
    });
  });
  const second = secondSolution();
  for (let r = 0; r < state.height; r++) {
    for (let c = 0; c < state.width; c++) {
      const x = left + c * cell;
      const y = top + r * cell;
      if (state.solving) {
        const mark = state.marks[r * state.width + c];
        if (mark === 1) { pen.fillStyle = "#222"; pen.fillRect(x, y, cell, cell); }
        if (mark === 2) {
          pen.fillStyle = "#888";
          pen.beginPath();
          pen.arc(x + cell / 2, y + cell / 2, Math.max(1.5, cell / 8), 0, 2 * Math.PI);
          pen.fill();
        }
      } else if (second) {
        if (second[r][c] === "#") { pen.fillStyle = "#1d4ed8"; pen.fillRect(x, y, cell, cell); }
      } else if (at(r, c)) {
        pen.fillStyle = "#222";
        pen.fillRect(x, y, cell, cell);
      }
    }
  }
  drawGridLines(pen, left, top, cell, state.width, state.height);
  if (!state.solving) drawVerdictMarks(left, top, cell, second);
  if (state.solving) drawSolveMarks(left, top, cell);
}

function drawGridLines(context, left, top, cell, width, height) {
  for (let c = 0; c <= width; c++) {
    context.strokeStyle = c % 5 === 0 ? "#555" : "#ccc";
    context.beginPath();
    context.moveTo(left + c * cell + 0.5, top);
    context.lineTo(left + c * cell + 0.5, top + height * cell);
    context.stroke();
  }
  for (let r = 0; r <= height; r++) {
    context.strokeStyle = r % 5 === 0 ? "#555" : "#ccc";
    context.beginPath();
    context.moveTo(left, top + r * cell + 0.5);
    context.lineTo(left + width * cell, top + r * cell + 0.5);
    context.stroke();
  }
}

// Ambiguous cells (an orange cross), the cells where the second solution differs (a red frame),
// and the hint cells of a repair (a green ring).
function drawVerdictMarks(left, top, cell, second) {
  const record = state.check;
  if (record && $("show-ambiguous").checked && record.ambiguous) {
    pen.strokeStyle = "#ea580c";
    pen.lineWidth = Math.max(1.5, cell / 8);
    for (const [r, c] of record.ambiguous) {
      const x = left + c * cell;
      const y = top + r * cell;
      const inset = cell * 0.22;
      pen.beginPath();
      pen.moveTo(x + inset, y + inset);
      pen.lineTo(x + cell - inset, y + cell - inset);
      pen.moveTo(x + cell - inset, y + inset);
      pen.lineTo(x + inset, y + cell - inset);
      pen.stroke();
    }
    pen.lineWidth = 1;
  }
  if (second && record) {
    pen.strokeStyle = "#dc2626";
    pen.lineWidth = 2;
    for (const [r, c] of record.differing_cells) {
      pen.strokeRect(left + c * cell + 1.5, top + r * cell + 1.5, cell - 3, cell - 3);
    }
    pen.lineWidth = 1;
  }
  pen.strokeStyle = "#16a34a";
  pen.lineWidth = 2;
  for (const [r, c] of state.hintCells) {
    pen.beginPath();
    pen.arc(left + (c + 0.5) * cell, top + (r + 0.5) * cell, cell * 0.38, 0, 2 * Math.PI);
    pen.stroke();
  }
  pen.lineWidth = 1;
}

// Solve mode: the hint's cells (green frames) and the mistakes (red crosses).
function drawSolveMarks(left, top, cell) {
  pen.lineWidth = 2;
  pen.strokeStyle = "#16a34a";
  for (const { row, column } of state.solveMarks.step) {
    pen.strokeRect(left + column * cell + 1.5, top + row * cell + 1.5, cell - 3, cell - 3);
  }
  pen.strokeStyle = "#dc2626";
  for (const [r, c] of state.solveMarks.mistakes) {
    const x = left + c * cell;
    const y = top + r * cell;
    pen.beginPath();
    pen.moveTo(x + 2, y + 2);
    pen.lineTo(x + cell - 2, y + cell - 2);
    pen.moveTo(x + cell - 2, y + 2);
    pen.lineTo(x + 2, y + cell - 2);
    pen.stroke();
  }
  pen.lineWidth = 1;
}

function secondSolution() {
  const record = state.check;
  if (!state.showSecond || !record || record.solutions.length < 2) return null;
  return record.solutions[1];
}

// ---- the API ------------------------------------------------------------------------------

async function api(endpoint, body, binary = false) {
  const response = await fetch(`/api/${endpoint}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Nonosat-Client": CLIENT },
    body: JSON.stringify(body),
  });
  if (response.status === 409) return null; // a newer request of this page took over
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try { message = (await response.json()).error; } catch (_) { /* not JSON */ }
    throw new Error(message);
  }
  return binary ? response.blob() : response.json();
}

function showError(error) { $("error").textContent = error ? String(error.message || error) : ""; }

// The puzzle the page is about, as the API takes it.
function puzzleBody() {
  if (state.solving) return { puzzle: JSON.stringify(state.clues), format: "json", name: state.name };
  return { grid: designRows(), name: state.name };
}

// ---- the live verdict ---------------------------------------------------------------------

let settleTimer = 0;

// After a stroke: clues now, verdict once the drawing has settled.
function changed() {
  state.strokeAt = performance.now();
  state.check = null;
  state.explain = null;
  state.showSecond = false;
  state.hintCells = [];
  $("second").disabled = true;
  $("verdict").classList.add("pending");
  $("repairs").replaceChildren();
  $("rating").textContent = "";
  drawPath();
  draw();
  clearTimeout(settleTimer);
  settleTimer = setTimeout(askVerdict, SETTLE_MS);
}

// The verdict first (two solutions at most, no ambiguous cells: quick), then one after the
// other while no newer stroke came: every ambiguous cell, the repairs, the solving path.
async function askVerdict() {
  const id = ++state.pending;
  const body = { ...puzzleBody(), ambiguous_cells: false, timeout: VERDICT_TIMEOUT_S };
  let record;
  try {
    record = await api("check", body);
  } catch (error) {
    if (id === state.pending) { showError(error); $("verdict").classList.remove("pending"); }
    return;
  }
  if (!record || id !== state.pending) return;
  showError(null);
  state.timings.push(performance.now() - state.strokeAt);
  state.check = record;
  showVerdict(record);
  draw();
  if (record.verdict === "multiple") await askAmbiguous(id);
  if (id === state.pending) await askRepairs(id);
  if (id === state.pending) await askPath(id);
}

async function askAmbiguous(id) {
  $("details").textContent = "finding every ambiguous cell…";
  let record;
  try {
    record = await api("check", { ...puzzleBody(), timeout: FOLLOW_UP_TIMEOUT_S });
  } catch (error) {
    if (id === state.pending) showError(error);
    return;
  }
  if (!record || id !== state.pending) return;
  state.check = record;
  showVerdict(record);
  draw();
}

function showVerdict(record) {
  const verdict = $("verdict");
  verdict.classList.remove("pending");
  verdict.dataset.verdict = record.verdict;
  const words = {
    unique: "unique",
    multiple: "multiple solutions",
    none: "no solution",
    timeout: "timed out",
  };
  verdict.textContent = words[record.verdict] || record.verdict;
  const parts = [];
  if (record.verdict === "unique") {
    parts.push(record.line_solvable ? "line-solvable" : "needs more than line logic");
  }
  if (record.verdict === "multiple" && record.ambiguous) parts.push(`${record.ambiguous.length} ambiguous cells`);
  parts.push(`${record.fixed_by_propagation} of ${record.cells} cells by line logic`);
  parts.push(`${record.time_ms.toFixed(1)} ms`);
  $("details").textContent = parts.join(" · ");
  $("second").disabled = record.solutions.length < 2;
  $("second").textContent = state.showSecond ? "Back to my design" : "Show second solution";
  document.body.dataset.verdicts = String(state.timings.length);
}

async function askRepairs(id) {
  const list = $("repairs");
  list.replaceChildren();
  if (state.solving || !state.check) return;
  if (state.check.verdict !== "multiple") {
    const words = { unique: "unique: nothing to repair", none: "no solution: the clues contradict" };
    list.append(item(words[state.check.verdict] || "no verdict in time"));
    return;
  }
  let record;
  try { record = await api("fix", { grid: designRows(), timeout: FOLLOW_UP_TIMEOUT_S }); } catch (error) {
    if (id === state.pending) list.append(item(`repairs failed: ${error.message}`));
    return;
  }
  if (!record || id !== state.pending) return;
  if (record.hints) {
    const cells = record.hints.cells;
    const button = document.createElement("button");
    button.textContent = `Give ${plural(cells.length, "hint cell")}` +
      (record.hints.proved_minimal ? " (fewest possible)" : "");
    button.addEventListener("click", () => { state.hintCells = cells; draw(); });
    list.append(item(button));
  }
  record.edits.forEach((edit, i) => {
    const button = document.createElement("button");
    button.className = "edit";
    const where = edit.flip.map(([r, c]) => `(${r + 1}, ${c + 1})`).join(" and ");
    button.textContent = `Flip ${where}: unique`;
    button.dataset.edit = String(i);
    button.addEventListener("click", () => applyPicture(edit.picture));
    list.append(item(button));
  });
  if (!record.hints && !record.edits.length) list.append(item("no repair found in time"));
}

function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

function item(content) {
  const li = document.createElement("li");
  li.append(content);
  return li;
}

async function askPath(id) {
  if (state.solving) return; // the path would give the solution away
  let record;
  try { record = await api("explain", { ...puzzleBody(), timeout: FOLLOW_UP_TIMEOUT_S }); } catch (error) {
    if (id === state.pending) $("rating").textContent = `no path: ${error.message}`;
    return;
  }
  if (!record || id !== state.pending) return;
  state.explain = record;
  $("rating").textContent = `${record.class}, score ${record.score.toFixed(1)}, ` +
    `${record.steps.length} steps, depth ${record.depth}`;
  const slider = $("step");
  slider.max = String(record.steps.length);
  slider.value = String(record.steps.length);
  drawPath();
}

// The solving path after the slider's number of steps: the cells fixed so far, the step's lines
// (yellow), its support (blue frames) and the cells it fixes (green frames).
function drawPath() {
  const record = state.explain;
  const shown = $("path");
  const context = shown.getContext("2d");
  if (!record) {
    context.clearRect(0, 0, shown.width, shown.height);
    $("step-text").textContent = "";
    return;
  }
  const { width, height } = record;
  const cell = Math.max(2, Math.floor(300 / Math.max(width, height)));
  shown.width = width * cell + 1;
  shown.height = height * cell + 1;
  context.fillStyle = "#fff";
  context.fillRect(0, 0, shown.width, shown.height);
  const upTo = Number($("step").value);
  const step = upTo > 0 ? record.steps[upTo - 1] : null;
  if (step) {
    context.fillStyle = "#fef08a";
    for (const line of step.lines) {
      const [kind, number] = line.split(" ");
      const index = Number(number) - 1;
      if (kind === "row") context.fillRect(0, index * cell, width * cell, cell);
      else context.fillRect(index * cell, 0, cell, height * cell);
    }
  }
  for (let i = 0; i < upTo; i++) {
    for (const { row, column, black } of record.steps[i].cells) {
      context.fillStyle = black ? "#222" : "#cbd5e1";
      if (black) context.fillRect(column * cell, row * cell, cell, cell);
      else context.fillRect(column * cell + cell / 3, row * cell + cell / 3, cell / 3, cell / 3);
    }
  }
  drawGridLines(context, 0, 0, cell, width, height);
  if (step) {
    context.lineWidth = 2;
    context.strokeStyle = "#2563eb";
    for (const { row, column } of step.support) context.strokeRect(column * cell + 1, row * cell + 1, cell - 2, cell - 2);
    context.strokeStyle = "#16a34a";
    for (const { row, column } of step.cells) context.strokeRect(column * cell + 1, row * cell + 1, cell - 2, cell - 2);
    context.lineWidth = 1;
  }
  const hardest = record.hardest_step !== undefined && record.hardest_step === upTo - 1;
  $("step-text").textContent = step
    ? `step ${upTo} of ${record.steps.length}: ${step.kind} on ${step.lines.join(", ")}, ` +
      `${plural(step.cells.length, "cell")} from ${step.support.length} known` +
      (hardest ? " (the hardest step)" : "")
    : `${record.steps.length} steps; the hardest is step ${(record.hardest_step ?? -1) + 1}`;
}

// ---- editing ------------------------------------------------------------------------------

function snapshot() {
  return { width: state.width, height: state.height, cells: state.cells.slice() };
}

function remember() {
  state.undo.push(snapshot());
  if (state.undo.length > UNDO_KEPT) state.undo.shift();
  state.redo = [];
}

function restore(from, to) {
  const taken = from.pop();
  if (!taken) return;
  to.push(snapshot());
  state.width = taken.width;
  state.height = taken.height;
  state.cells = taken.cells;
  syncSize();
  changed();
}

function setPicture(rows) {
  state.height = rows.length;
  state.width = rows[0].length;
  state.cells = new Uint8Array(state.width * state.height);
  rows.forEach((row, r) => [...row].forEach((ch, c) => { state.cells[r * state.width + c] = ch === "#" ? 1 : 0; }));
  syncSize();
}

function applyPicture(rows) {
  remember();
  setPicture(rows);
  changed();
}

function syncSize() {
  $("width").value = String(state.width);
  $("height").value = String(state.height);
}

function resize(width, height) {
  if (!(width >= 1 && height >= 1 && width <= state.maxSide && height <= state.maxSide)) {
    showError(`a side is 1 to ${state.maxSide} cells`);
    return;
  }
  remember();
  const cells = new Uint8Array(width * height);
  for (let r = 0; r < Math.min(height, state.height); r++) {
    for (let c = 0; c < Math.min(width, state.width); c++) cells[r * width + c] = at(r, c);
  }
  Object.assign(state, { width, height, cells });
  syncSize();
  changed();
}

// Moves every cell: (row, col) takes the cell of `from(row, col)`, white outside the grid.
function transform(from) {
  remember();
  const cells = new Uint8Array(state.width * state.height);
  for (let r = 0; r < state.height; r++) {
    for (let c = 0; c < state.width; c++) {
      const [sr, sc] = from(r, c);
      if (sr >= 0 && sc >= 0 && sr < state.height && sc < state.width) cells[r * state.width + c] = at(sr, sc);
    }
  }
  state.cells = cells;
  changed();
}

const edits = {
  undo: () => restore(state.undo, state.redo),
  redo: () => restore(state.redo, state.undo),
  clear: () => { remember(); state.cells = new Uint8Array(state.width * state.height); changed(); },
  mirrorX: () => transform((r, c) => [r, state.width - 1 - c]),
  mirrorY: () => transform((r, c) => [state.height - 1 - r, c]),
  left: () => transform((r, c) => [r, c + 1]),
  right: () => transform((r, c) => [r, c - 1]),
  up: () => transform((r, c) => [r + 1, c]),
  down: () => transform((r, c) => [r - 1, c]),
};

// A stroke: left button paints black, right button white; in solve mode the first cell decides
// the mark (black, or a white dot with the right button; pressing on the same mark clears).
let stroke = null;

canvas.addEventListener("contextmenu", (event) => event.preventDefault());
canvas.addEventListener("pointerdown", (event) => {
  const pos = cellAt(event);
  if (!pos) return;
  event.preventDefault();
  canvas.setPointerCapture(event.pointerId);
  const right = event.button === 2;
  if (state.solving) {
    const wanted = right ? 2 : 1;
    const current = state.marks[pos[0] * state.width + pos[1]];
    stroke = { value: current === wanted ? 0 : wanted };
  } else {
    remember();
    stroke = { value: right ? 0 : 1 };
  }
  paint(pos);
});
canvas.addEventListener("pointermove", (event) => {
  if (!stroke) return;
  const pos = cellAt(event);
  if (pos) paint(pos);
});
const endStroke = () => {
  if (!stroke) return;
  stroke = null;
  if (state.solving) { state.solveMarks = { step: [], mistakes: [] }; draw(); checkSolved(); } else changed();
};
canvas.addEventListener("pointerup", endStroke);
canvas.addEventListener("pointercancel", endStroke);

function paint([row, col]) {
  const index = row * state.width + col;
  const target = state.solving ? state.marks : state.cells;
  if (target[index] === stroke.value) return;
  target[index] = stroke.value;
  draw();
}

// ---- solve mode ---------------------------------------------------------------------------

function enterSolve(puzzleClues) {
  state.solving = true;
  state.clues = puzzleClues;
  state.height = puzzleClues.rows.length;
  state.width = puzzleClues.columns.length;
  state.marks = new Uint8Array(state.width * state.height);
  state.solveMarks = { step: [], mistakes: [] };
  $("mode-solve").checked = true;
  document.body.classList.add("solving");
  $("solve-text").textContent = "";
  syncSize();
  changed();
}

function enterDesign() {
  state.solving = false;
  $("mode-design").checked = true;
  document.body.classList.remove("solving");
  syncSize();
  changed();
}

// The hand solve as `hint` reads it: `#` black, `.` white, `?` unknown.
function markRows() {
  const rows = [];
  for (let r = 0; r < state.height; r++) {
    let row = "";
    for (let c = 0; c < state.width; c++) row += "?#."[state.marks[r * state.width + c]];
    rows.push(row);
  }
  return rows;
}

async function askHint(showMistakes) {
  try {
    const record = await api("hint", { ...puzzleBody(), state: markRows(), timeout: VERDICT_TIMEOUT_S });
    if (!record) return;
    if (showMistakes) {
      state.solveMarks = { step: [], mistakes: record.mistakes };
      const wrong = record.mistakes.length;
      $("solve-text").textContent = wrong
        ? `${plural(wrong, "wrong cell")}, crossed in red` : "no mistakes so far";
    } else {
      state.solveMarks = { step: record.step ? record.step.cells : [], mistakes: [] };
      $("solve-text").textContent = record.step
        ? `next: ${record.step.kind} on ${record.step.lines.join(", ")} fixes ${plural(record.step.cells.length, "cell")} (framed in green)`
        : record.outcome;
    }
    draw();
  } catch (error) { showError(error); }
}

function checkSolved() {
  const { rows, columns } = state.clues;
  const black = (r, c) => state.marks[r * state.width + c] === 1;
  const same = (a, b) => a.length === b.length && a.every((n, i) => n === b[i]);
  const solved = rows.every((clue, r) => same(runs(Array.from({ length: state.width }, (_, c) => black(r, c))), clue)) &&
    columns.every((clue, c) => same(runs(Array.from({ length: state.height }, (_, r) => black(r, c))), clue));
  $("solve-text").textContent = solved ? "solved: every clue holds" : "";
}

// ---- open and save ------------------------------------------------------------------------

async function openFile(file) {
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    const record = await api("clues", { file_base64: btoa(binary), name: file.name, index: 0 });
    if (!record) return;
    state.name = file.name.replace(/\.[^.]*$/, "") || "design";
    showError(null);
    if (record.goal) {
      remember();
      setPicture(record.goal);
      enterDesign();
    } else {
      enterSolve({ rows: record.rows, columns: record.columns });
    }
  } catch (error) { showError(`${file.name}: ${error.message}`); }
}

async function save() {
  const choice = $("save-format").value;
  try {
    let blob;
    let extension;
    if (choice.startsWith("sheet-")) {
      extension = choice.slice(6);
      blob = await api("sheet", { ...puzzleBody(), image: extension, solved: false }, true);
    } else {
      const record = await api("convert", { ...puzzleBody(), to: choice });
      if (!record) return;
      blob = new Blob([record.text], { type: "text/plain" });
      extension = record.extension;
    }
    if (!blob) return;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `${state.name}.${extension}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    document.body.dataset.saved = link.download;
  } catch (error) { showError(error); }
}

// ---- wiring -------------------------------------------------------------------------------

const buttons = {
  undo: edits.undo, redo: edits.redo, clear: edits.clear,
  "mirror-x": edits.mirrorX, "mirror-y": edits.mirrorY,
  "shift-left": edits.left, "shift-right": edits.right, "shift-up": edits.up, "shift-down": edits.down,
  resize: () => resize(Number($("width").value), Number($("height").value)),
  save,
  hardest: () => {
    if (!state.explain || state.explain.hardest_step == null) return;
    $("step").value = String(state.explain.hardest_step + 1);
    drawPath();
  },
  hint: () => askHint(false),
  mistakes: () => askHint(true),
  second: () => {
    state.showSecond = !state.showSecond;
    $("second").textContent = state.showSecond ? "Back to my design" : "Show second solution";
    draw();
  },
};
for (const [id, action] of Object.entries(buttons)) $(id).addEventListener("click", action);
$("show-ambiguous").addEventListener("change", draw);
$("step").addEventListener("input", drawPath);
$("open").addEventListener("change", (event) => { if (event.target.files[0]) openFile(event.target.files[0]); });
$("mode-design").addEventListener("change", enterDesign);
$("mode-solve").addEventListener("change", () => enterSolve(designClues()));

document.addEventListener("dragover", (event) => { event.preventDefault(); document.body.classList.add("dragging"); });
document.addEventListener("dragleave", () => document.body.classList.remove("dragging"));
document.addEventListener("drop", (event) => {
  event.preventDefault();
  document.body.classList.remove("dragging");
  const file = event.dataTransfer.files[0];
  if (file) openFile(file);
});

document.addEventListener("keydown", (event) => {
  if (event.target.tagName === "INPUT" || event.target.tagName === "SELECT") return;
  const key = event.key;
  const ctrl = event.ctrlKey || event.metaKey;
  const design = !state.solving;
  const actions = {
    z: ctrl && design && (event.shiftKey ? edits.redo : edits.undo),
    Z: ctrl && design && edits.redo,
    y: ctrl && design && edits.redo,
    Delete: design && edits.clear,
    f: !ctrl && design && edits.mirrorX,
    g: !ctrl && design && edits.mirrorY,
    ArrowLeft: design && edits.left,
    ArrowRight: design && edits.right,
    ArrowUp: design && edits.up,
    ArrowDown: design && edits.down,
    s: !ctrl && !$("second").disabled && buttons.second,
    h: !ctrl && state.solving && (() => askHint(false)),
    m: !ctrl && state.solving && (() => askHint(true)),
  };
  const action = actions[key];
  if (action) { event.preventDefault(); action(); }
});

// For the browser test: the page's state, and where the centre of a cell is on the window.
function cellCentre(row, col) {
  const { cell, left, top } = layout();
  const [x, y] = origin();
  return [x + left + (col + 0.5) * cell, y + top + (row + 0.5) * cell];
}
window.studio = { state, designRows, cellCentre, cellSize: () => layout().cell, applyPicture };

fetch("/api/limits").then((response) => response.json()).then((limits) => {
  state.maxSide = limits.max_side;
  $("width").max = $("height").max = String(limits.max_side);
}).catch(() => {});
syncSize();
draw();
$("verdict").textContent = "draw something";
