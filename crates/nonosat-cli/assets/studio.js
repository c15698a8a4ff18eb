// nonosat studio: the page's script. It keeps two puzzles, the design (a picture in the colours
// of its palette) and the puzzle being solved by hand (clues and marks), draws the one shown with
// its clues on a canvas, and asks the server's API (docs/server.md) for the verdict, the repairs
// and the solving path after each stroke. Black and white is the palette of one colour, black.
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
const STORED = "nonosat.design";
// Letters for new colours: those a text picture reads as colours (not x, X: black there).
const LETTERS = "abcdefghijklmnopqrstuvwyzABCDEFGHIJKLMNOPQRSTUVWYZ";
const NEW_COLOURS = ["#cc3333", "#3366cc", "#33aa55", "#e0a010", "#8e44ad", "#ff7f50", "#16a3a3", "#7a5230"];

const BACKGROUND = () => ({ name: "white", rgb: "#ffffff", char: "." });
const BLACK = () => ({ name: "black", rgb: "#000000", char: "a" });

// The design: a picture of colour indices (0 the background) in the colours of `palette`.
const design = {
  width: 15, height: 15, cells: new Uint8Array(15 * 15),
  palette: [BACKGROUND(), BLACK()],
  name: "design", title: "", author: "", dirty: false,
  undo: [], redo: [],
};

const state = {
  mode: "design",
  design,
  // The puzzle solved by hand: its clues (as the server's JSON text), blocks, palette and marks
  // (0 unknown, 1 a space, k + 1 the colour k); null until one is opened or made.
  solve: null,
  colour: 1, // the colour the pen paints
  tool: "pen",
  zoom: 1,
  maxSide: 200,
  limitSeconds: 20, // the server's time limit for a request (`--timeout`)
  check: null, // the last check record of the puzzle shown
  showSecond: false,
  hintCells: [], // [row, column, colour] from a repair's hint list
  solveMarks: { step: [], mistakes: [] },
  explain: null,
  strokeAt: 0, // performance.now() of the last stroke
  pending: 0, // bumped by every edit and every verdict asked for: answers for older ids are dropped
  timings: [], // milliseconds from stroke to verdict, for the browser test's figures
};

// ---- the puzzle shown -----------------------------------------------------------------------

function solving() { return state.mode === "solve"; }
function shown() { return solving() ? state.solve : design; }
function isColour(palette) {
  return palette.length > 2 || palette[1].rgb.toLowerCase() !== "#000000";
}
function at(row, col) { return design.cells[row * design.width + col]; }

// The blocks of a line of colour indices: [{ n, c }], a background cell or a change of colour
// ending each.
function blocks(line) {
  const out = [];
  let run = 0;
  let colour = 0;
  for (const c of line) {
    if (c !== colour && run) { out.push({ n: run, c: colour }); run = 0; }
    colour = c;
    if (c) run += 1;
  }
  if (run) out.push({ n: run, c: colour });
  return out;
}

function linesOf(cells, width, height) {
  const rows = [];
  const columns = [];
  for (let r = 0; r < height; r++) rows.push(blocks(cells.subarray(r * width, (r + 1) * width)));
  for (let c = 0; c < width; c++) {
    columns.push(blocks(Array.from({ length: height }, (_, r) => cells[r * width + c])));
  }
  return { rows, columns };
}

function clues() {
  if (solving()) return { rows: state.solve.rows, columns: state.solve.columns };
  return linesOf(design.cells, design.width, design.height);
}

// The characters a record's rows use for each colour index of `palette`.
function charOf(palette, colour) {
  if (colour === 0) return ".";
  return isColour(palette) ? palette[colour].char : "#";
}

function indexOfChar(palette) {
  const map = new Map(palette.map((entry, i) => [entry.char, i]));
  map.set(".", 0);
  if (!isColour(palette)) { map.set("#", 1); map.set("X", 1); }
  return (ch) => map.get(ch) ?? 0;
}

function rowsOf(cells, width, height, palette) {
  const rows = [];
  for (let r = 0; r < height; r++) {
    let row = "";
    for (let c = 0; c < width; c++) row += charOf(palette, cells[r * width + c]);
    rows.push(row);
  }
  return rows;
}

// The one colour the design uses, 0 when it uses none, -1 when it uses several.
function soleColour() {
  let sole = 0;
  for (const c of design.cells) {
    if (c && c !== sole) {
      if (sole) return -1;
      sole = c;
    }
  }
  return sole;
}

// Whether the design goes to the server in black and white: a picture of one colour is a
// black-and-white puzzle (its clues and answers are the same), which is how the readers take it.
function plainDesign() { return !isColour(design.palette) || soleColour() >= 0; }

function designRows() {
  if (!plainDesign()) return rowsOf(design.cells, design.width, design.height, design.palette);
  return rowsOf(design.cells.map((c) => (c ? 1 : 0)), design.width, design.height, [BACKGROUND(), BLACK()]);
}

// The colour index of a character of the rows the server answers about the design.
function designIndex() {
  if (!plainDesign()) return indexOfChar(design.palette);
  const sole = Math.max(1, soleColour());
  return (ch) => (ch === "#" ? sole : 0);
}

// The design as the API takes it: a drawn grid in black and white, else a text picture with a
// legend line for each colour (its letter, value and name).
function designBody() {
  const meta = { name: design.name, title: design.title || undefined, author: design.author || undefined };
  if (plainDesign()) return { grid: designRows(), ...meta };
  const legend = design.palette.slice(1).map((entry) => `${entry.char} ${entry.rgb} ${cleanName(entry.name)}`);
  return { puzzle: [...legend, ...designRows()].join("\n") + "\n", format: "picture", ...meta };
}

function cleanName(name) { return name.replace(/\s+/g, " ").trim() || "colour"; }

function puzzleBody() {
  if (!solving()) return designBody();
  const puzzle = state.solve;
  return { puzzle: puzzle.text, format: "json", name: puzzle.name,
    title: puzzle.title || undefined, author: puzzle.author || undefined };
}

// ---- layout ---------------------------------------------------------------------------------

function fontPx(cell) { return Math.max(8, Math.min(18, Math.floor(cell * 0.62))); }

// The cell size that fits the grid and its clues in the scroller, times the zoom.
function fitCell(rows, columns, width, height) {
  const box = $("scroller");
  const room = [Math.max(200, box.clientWidth - 8), Math.max(200, window.innerHeight - box.getBoundingClientRect().top - 24)];
  const longestRow = Math.max(1, ...rows.map((clue) => clue.length));
  const longestColumn = Math.max(1, ...columns.map((clue) => clue.length));
  const fit = Math.min(room[0] / (width + longestRow * 1.1), room[1] / (height + longestColumn * 1.0));
  return Math.max(3, Math.min(44, Math.floor(fit)));
}

// The layout: cell size, the room for clues left and above, and each clue box's size.
function layout() {
  const puzzle = shown();
  const { rows, columns } = clues();
  const cell = Math.max(2, Math.round(fitCell(rows, columns, puzzle.width, puzzle.height) * state.zoom));
  const font = fontPx(cell);
  pen.font = `600 ${font}px system-ui, sans-serif`;
  const boxWidth = (n) => Math.max(pen.measureText(String(n)).width + 8, Math.min(cell, font * 1.8));
  const boxHeight = Math.max(cell, font + 4);
  if (stroke) {
    // The grid stays put under the pointer while a stroke changes the clues.
    const { left, top } = stroke.frame;
    return { ...stroke.frame, left, top, rows, columns };
  }
  const rowWidths = rows.map((clue) => clue.reduce((sum, block) => sum + boxWidth(block.n), 0));
  const left = Math.ceil(Math.max(cell, ...rowWidths)) + 6;
  const top = Math.ceil(Math.max(1, ...columns.map((clue) => clue.length)) * boxHeight) + 6;
  return { cell, left, top, rows, columns, font, boxWidth, boxHeight };
}

function origin() {
  const box = canvas.getBoundingClientRect();
  return [box.left + canvas.clientLeft, box.top + canvas.clientTop];
}

// The layout of the last drawing, for the pointer's events (measuring the clues again at each
// would slow strokes on big grids).
let geometry = null;

function cellAt(event, clamp = false) {
  const { cell, left, top } = geometry || layout();
  const [x, y] = origin();
  const puzzle = shown();
  let col = Math.floor((event.clientX - x - left) / cell);
  let row = Math.floor((event.clientY - y - top) / cell);
  if (clamp) {
    col = Math.max(0, Math.min(puzzle.width - 1, col));
    row = Math.max(0, Math.min(puzzle.height - 1, row));
  }
  if (row < 0 || col < 0 || row >= puzzle.height || col >= puzzle.width) return null;
  return [row, col];
}

// ---- drawing --------------------------------------------------------------------------------

function theme(name) { return getComputedStyle(document.documentElement).getPropertyValue(name).trim(); }

// Black or white text, whichever reads on `rgb`.
function inkOn(rgb) {
  const value = parseInt(rgb.slice(1), 16);
  const luma = 0.299 * (value >> 16) + 0.587 * ((value >> 8) & 255) + 0.114 * (value & 255);
  return luma > 150 ? "#111" : "#fff";
}

function draw() {
  const puzzle = shown();
  const palette = puzzle.palette;
  const colour = isColour(palette);
  geometry = layout();
  const { cell, left, top, rows, columns, font, boxWidth, boxHeight } = geometry;
  canvas.width = left + puzzle.width * cell + 2;
  canvas.height = top + puzzle.height * cell + 2;
  pen.fillStyle = theme("--panel");
  pen.fillRect(0, 0, canvas.width, canvas.height);
  pen.font = `600 ${font}px system-ui, sans-serif`;
  pen.textAlign = "center";
  pen.textBaseline = "middle";
  const ink = theme("--ink");
  const clueBox = (block, x, y, w, h) => {
    if (colour) {
      pen.fillStyle = palette[block.c] ? palette[block.c].rgb : "#888";
      pen.fillRect(x + 1, y + 1, w - 2, h - 2);
      pen.fillStyle = inkOn(pen.fillStyle);
    } else pen.fillStyle = ink;
    pen.fillText(String(block.n), x + w / 2, y + h / 2 + 1);
  };
  rows.forEach((clue, r) => {
    let x = left - 4;
    for (let i = clue.length - 1; i >= 0; i--) {
      const w = boxWidth(clue[i].n);
      x -= w;
      clueBox(clue[i], x, top + r * cell, w, cell);
    }
    if (!clue.length) { pen.fillStyle = theme("--muted"); pen.fillText("0", left - 4 - cell / 2, top + (r + 0.5) * cell); }
  });
  columns.forEach((clue, c) => {
    clue.forEach((block, i) => {
      clueBox(block, left + c * cell, top - 4 - (clue.length - i) * boxHeight, cell, boxHeight);
    });
    if (!clue.length) { pen.fillStyle = theme("--muted"); pen.fillText("0", left + (c + 0.5) * cell, top - 4 - boxHeight / 2); }
  });
  const second = secondSolution();
  const index = second ? designIndex() : null;
  pen.fillStyle = "#ffffff";
  pen.fillRect(left, top, puzzle.width * cell, puzzle.height * cell);
  for (let r = 0; r < puzzle.height; r++) {
    for (let c = 0; c < puzzle.width; c++) {
      const x = left + c * cell;
      const y = top + r * cell;
      if (solving()) {
        const mark = puzzle.marks[r * puzzle.width + c];
        if (mark >= 2) { pen.fillStyle = palette[mark - 1].rgb; pen.fillRect(x, y, cell, cell); }
        if (mark === 1) {
          pen.fillStyle = "#888";
          pen.beginPath();
          pen.arc(x + cell / 2, y + cell / 2, Math.max(1.5, cell / 8), 0, 2 * Math.PI);
          pen.fill();
        }
      } else if (second) {
        const value = index(second[r][c]);
        if (value) { pen.fillStyle = colour ? palette[value].rgb : "#1d4ed8"; pen.fillRect(x, y, cell, cell); }
      } else {
        const value = at(r, c);
        if (value) { pen.fillStyle = palette[value].rgb; pen.fillRect(x, y, cell, cell); }
      }
    }
  }
  drawGridLines(pen, left, top, cell, puzzle.width, puzzle.height);
  if (!solving()) drawVerdictMarks(left, top, cell, second);
  else drawSolveMarks(left, top, cell);
  $("size-note").textContent = `${puzzle.width} × ${puzzle.height}` +
    (colour ? ` · ${palette.length - 1} colours` : "") + (state.zoom !== 1 ? ` · zoom ${Math.round(state.zoom * 100)}%` : "");
}

function drawGridLines(context, left, top, cell, width, height) {
  const thin = cell >= 6;
  for (let c = 0; c <= width; c++) {
    if (!thin && c % 5 && c !== width) continue;
    context.strokeStyle = c % 5 === 0 || c === width ? "#666" : "#cfcfcf";
    context.beginPath();
    context.moveTo(left + c * cell + 0.5, top);
    context.lineTo(left + c * cell + 0.5, top + height * cell);
    context.stroke();
  }
  for (let r = 0; r <= height; r++) {
    if (!thin && r % 5 && r !== height) continue;
    context.strokeStyle = r % 5 === 0 || r === height ? "#666" : "#cfcfcf";
    context.beginPath();
    context.moveTo(left, top + r * cell + 0.5);
    context.lineTo(left + width * cell, top + r * cell + 0.5);
    context.stroke();
  }
}

// Ambiguous cells (an orange cross), cells a time limit left undecided (a grey dot), the cells
// where the second solution differs (a red frame), and the hint cells of a repair (a green ring).
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
    pen.fillStyle = "#6b7280";
    for (const [r, c] of record.undecided || []) {
      pen.beginPath();
      pen.arc(left + (c + 0.5) * cell, top + (r + 0.5) * cell, Math.max(1.5, cell * 0.2), 0, 2 * Math.PI);
      pen.fill();
    }
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
  if (!state.showSecond || solving() || !record || record.solutions.length < 2) return null;
  return record.solutions[1];
}

// ---- the palette ----------------------------------------------------------------------------

function drawPalette() {
  const palette = shown().palette;
  const list = $("palette");
  list.replaceChildren();
  palette.forEach((entry, i) => {
    const li = document.createElement("li");
    li.dataset.colour = String(i);
    if (i === state.colour) li.classList.add("chosen");
    const swatch = document.createElement("button");
    swatch.className = "swatch";
    swatch.style.background = entry.rgb;
    swatch.style.color = inkOn(entry.rgb);
    swatch.textContent = i < 10 ? String(i) : "";
    swatch.title = i === 0 ? "the background: paints spaces (0)" : `paint ${entry.name} (${i})`;
    swatch.addEventListener("click", () => pickColour(i));
    li.append(swatch);
    if (i === 0 || solving()) {
      const label = document.createElement("span");
      label.textContent = i === 0 ? "background" : entry.name;
      li.append(label);
    } else {
      const name = document.createElement("input");
      name.type = "text";
      name.value = entry.name;
      name.setAttribute("aria-label", `name of colour ${i}`);
      name.addEventListener("change", () => editPalette(() => { entry.name = cleanName(name.value); }));
      const value = document.createElement("input");
      value.type = "color";
      value.value = entry.rgb;
      value.setAttribute("aria-label", `value of colour ${i}`);
      value.addEventListener("change", () => editPalette(() => { entry.rgb = value.value; }));
      const remove = document.createElement("button");
      remove.className = "remove";
      remove.textContent = "×";
      remove.title = `remove ${entry.name}: its cells become background`;
      remove.disabled = palette.length <= 2;
      remove.addEventListener("click", () => removeColour(i));
      li.append(name, value, remove);
    }
    list.append(li);
  });
  $("add-colour").disabled = palette.length > 31;
  for (const option of $("save-format").options) {
    option.disabled = isColour(palette) && !("colour" in option.dataset);
  }
}

function pickColour(i) {
  const palette = shown().palette;
  if (i >= palette.length) return;
  state.colour = i;
  drawPalette();
}

function editPalette(edit) {
  remember();
  edit();
  changed();
}

function freeLetter(palette) {
  const used = new Set(palette.map((entry) => entry.char));
  return [...LETTERS].find((ch) => !used.has(ch));
}

function addColour() {
  editPalette(() => {
    const palette = design.palette;
    const rgb = NEW_COLOURS.find((value) => !palette.some((entry) => entry.rgb === value)) || "#808080";
    palette.push({ name: `colour ${palette.length}`, rgb, char: freeLetter(palette) });
    state.colour = palette.length - 1;
  });
}

function removeColour(i) {
  editPalette(() => {
    design.palette.splice(i, 1);
    design.cells = design.cells.map((c) => (c === i ? 0 : c > i ? c - 1 : c));
    state.colour = Math.min(state.colour, design.palette.length - 1);
  });
}

// ---- the API --------------------------------------------------------------------------------

async function request(endpoint, body) {
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
  return response;
}

async function api(endpoint, body, binary = false) {
  const response = await request(endpoint, body);
  if (!response) return null;
  return binary ? response.blob() : response.json();
}

function showError(error) { $("error").textContent = error ? String(error.message || error) : ""; }

// ---- the live verdict -----------------------------------------------------------------------

let settleTimer = 0;
let stroke = null; // the stroke in progress (below)
let storeTimer = 0;

// After a change: clues now, verdict once the drawing has settled.
function changed() {
  if (!solving()) {
    design.dirty = true;
    clearTimeout(storeTimer);
    storeTimer = setTimeout(store, 300);
  }
  refresh();
}

function refresh() {
  // Whatever is still on its way was asked for an older design: its answers are dropped.
  state.pending++;
  state.strokeAt = performance.now();
  state.check = null;
  state.explain = null;
  state.showSecond = false;
  state.hintCells = [];
  $("second").disabled = true;
  $("verdict").classList.add("pending");
  $("repairs").replaceChildren();
  $("rating").textContent = "";
  $("advice").textContent = "";
  drawPalette();
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
  if (solving()) return;
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
  const words = { unique: "unique", multiple: "multiple solutions", none: "no solution", timeout: "timed out" };
  verdict.textContent = words[record.verdict] || record.verdict;
  const parts = [];
  if (record.verdict === "unique") {
    parts.push(record.line_solvable ? "line-solvable" : "needs more than line logic");
  }
  if (record.verdict === "multiple" && record.ambiguous) {
    const found = plural(record.ambiguous.length, "ambiguous cell");
    const undecided = (record.undecided || []).length;
    parts.push(undecided ? `at least ${found}, ${undecided} undecided (time limit)` : found);
  }
  parts.push(`${record.fixed_by_propagation} of ${record.cells} cells by line logic`);
  parts.push(`${record.time_ms.toFixed(1)} ms`);
  $("details").textContent = parts.join(" · ");
  $("advice").textContent = advice(record);
  $("second").disabled = solving() || record.solutions.length < 2;
  $("second").textContent = state.showSecond ? "Back to my design" : "Show second solution";
  document.body.dataset.verdicts = String(state.timings.length);
}

// What to do next when the verdict alone does not say.
function advice(record) {
  if (solving()) return "";
  const painted = design.cells.some((c) => c);
  if (!painted) return "An empty grid: paint with the left button, clear with the right, or open a file.";
  if (record.verdict === "multiple" && record.fixed_by_propagation === 0) {
    return "Line logic cannot start: no clue fixes a single cell. Long runs (a row or column " +
      "mostly filled) give it a foothold; or take a repair below.";
  }
  if (record.verdict === "multiple" && record.ambiguous && record.ambiguous.length * 2 > record.cells) {
    return "Most cells are ambiguous: the clues leave the picture open. Add lines that pin it, or take a repair below.";
  }
  if (record.verdict === "timeout") return "The search ran out of time: a smaller or more constrained design answers sooner.";
  return "";
}

// The colour a repair's hint gives its cell, in words.
function colourWords(value) {
  if (value === true) return "black";
  if (value === false) return "white";
  return String(value);
}

async function askRepairs(id) {
  const list = $("repairs");
  list.replaceChildren();
  if (solving() || !state.check) return;
  if (state.check.verdict !== "multiple") {
    const words = { unique: "unique: nothing to repair", none: "no solution: the clues contradict" };
    list.append(item(words[state.check.verdict] || "no verdict in time"));
    return;
  }
  await findRepairs(id, FOLLOW_UP_TIMEOUT_S);
}

// The repairs `fix` finds in `seconds`, shown as buttons that apply them.
async function findRepairs(id, seconds) {
  const list = $("repairs");
  list.replaceChildren(item(`looking for repairs (up to ${seconds} s)…`));
  let record;
  try { record = await api("fix", { ...designBody(), timeout: seconds }); } catch (error) {
    if (id === state.pending) list.replaceChildren(item(`repairs failed: ${error.message}`));
    return;
  }
  if (!record || id !== state.pending) return;
  list.replaceChildren();
  if (record.hints) {
    const cells = record.hints.cells;
    const button = document.createElement("button");
    button.className = "hints";
    button.textContent = `Give ${plural(cells.length, "hint cell")}` +
      (record.hints.proved_minimal ? " (proved fewest)" : ` (best found in ${seconds} s)`);
    button.title = cells.map(([r, c, v]) => `(${r + 1}, ${c + 1}) ${colourWords(v)}`).join(", ");
    button.addEventListener("click", () => { state.hintCells = cells; draw(); });
    list.append(item(button));
  }
  const cut = (record.hints && !record.hints.proved_minimal) || record.edits_cut_short;
  if (cut && seconds < state.limitSeconds) {
    // As `fix` would with the server's whole time limit.
    const longer = document.createElement("button");
    longer.className = "longer";
    longer.textContent = `Search longer (up to ${state.limitSeconds} s)`;
    longer.addEventListener("click", () => findRepairs(id, state.limitSeconds));
    list.append(item(longer));
  }
  const colour = isColour(design.palette);
  const index = designIndex();
  record.edits.forEach((edit, i) => {
    const button = document.createElement("button");
    button.className = "edit";
    const where = edit.flip.map(([r, c]) => {
      const to = colour ? ` to ${design.palette[index(edit.picture[r][c])].name}` : "";
      return `(${r + 1}, ${c + 1})${to}`;
    }).join(" and ");
    button.textContent = `${colour ? "Recolour" : "Flip"} ${where}: unique`;
    button.dataset.edit = String(i);
    button.addEventListener("click", () => applyPicture(edit.picture));
    list.append(item(button));
  });
  if (!record.hints && !record.edits.length) list.append(item("no repair found in time"));
  else if (record.edits_cut_short) list.append(item(`edits: those found in ${seconds} s`));
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
  if (solving()) return; // the path would give the solution away
  let record;
  try { record = await api("explain", { ...puzzleBody(), timeout: FOLLOW_UP_TIMEOUT_S }); } catch (error) {
    if (id === state.pending) $("rating").textContent = `no path: ${error.message}`;
    return;
  }
  if (!record || id !== state.pending) return;
  state.explain = record;
  $("rating").textContent = `${record.class}, score ${record.score.toFixed(1)}, ` +
    `${plural(record.steps.length, "step")}, depth ${record.depth}`;
  const slider = $("step");
  slider.max = String(record.steps.length);
  slider.value = String(record.steps.length);
  drawPath();
}

// The colour a path step gives a cell: black or white, or the one colour left of `colors`
// (null while several are).
function stepColour(cell, palette) {
  if ("black" in cell) return cell.black ? "#222" : null;
  if (cell.colors.length !== 1) return undefined;
  const entry = palette.find((e, i) => i > 0 && e.name === cell.colors[0]);
  return entry ? entry.rgb : null;
}

// The solving path after the slider's number of steps: the cells fixed so far, the step's lines
// (yellow), its support (blue frames) and the cells it fixes (green frames).
function drawPath() {
  const record = state.explain;
  const view = $("path");
  const context = view.getContext("2d");
  if (!record) {
    context.clearRect(0, 0, view.width, view.height);
    $("step-text").textContent = "";
    return;
  }
  const { width, height } = record;
  const cell = Math.max(2, Math.floor(300 / Math.max(width, height)));
  view.width = width * cell + 1;
  view.height = height * cell + 1;
  context.fillStyle = "#fff";
  context.fillRect(0, 0, view.width, view.height);
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
    for (const fixed of record.steps[i].cells) {
      const { row, column } = fixed;
      const fill = stepColour(fixed, design.palette);
      if (fill === undefined) continue;
      if (fill) { context.fillStyle = fill; context.fillRect(column * cell, row * cell, cell, cell); } else {
        context.fillStyle = "#cbd5e1";
        context.fillRect(column * cell + cell / 3, row * cell + cell / 3, cell / 3, cell / 3);
      }
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
  if (!record.steps.length) {
    $("step-text").textContent = "No step: line logic finds nothing to start from (the clues fix no cell alone).";
    return;
  }
  const hardest = record.hardest_step !== undefined && record.hardest_step === upTo - 1;
  $("step-text").textContent = step
    ? `step ${upTo} of ${record.steps.length}: ${step.kind} on ${step.lines.join(", ")}, ` +
      `${plural(step.cells.length, "cell")} from ${step.support.length} known` +
      (hardest ? " (the hardest step)" : "")
    : `${plural(record.steps.length, "step")}; the hardest is step ${(record.hardest_step ?? -1) + 1}`;
}

// ---- editing the design ---------------------------------------------------------------------

function snapshot() {
  return { width: design.width, height: design.height, cells: design.cells.slice(),
    palette: design.palette.map((entry) => ({ ...entry })) };
}

function remember() {
  design.undo.push(snapshot());
  if (design.undo.length > UNDO_KEPT) design.undo.shift();
  design.redo = [];
}

function restore(from, to) {
  const taken = from.pop();
  if (!taken) return;
  to.push(snapshot());
  Object.assign(design, taken);
  state.colour = Math.min(state.colour, design.palette.length - 1);
  syncSize();
  changed();
}

function setPicture(rows, palette = design.palette, index = designIndex()) {
  design.height = rows.length;
  design.width = rows[0].length;
  design.palette = palette;
  design.cells = new Uint8Array(design.width * design.height);
  rows.forEach((row, r) => [...row].forEach((ch, c) => { design.cells[r * design.width + c] = index(ch); }));
  syncSize();
}

// A picture as a repair or a script gives it: rows in the characters of the server's answers
// about the design, or with `palette`, in its colours' letters.
function applyPicture(rows, palette) {
  remember();
  if (palette) setPicture(rows, palette, indexOfChar(palette));
  else setPicture(rows);
  changed();
}

function syncSize() {
  $("width").value = String(design.width);
  $("height").value = String(design.height);
}

function resize(width, height) {
  if (!(width >= 1 && height >= 1 && width <= state.maxSide && height <= state.maxSide)) {
    showError(`a side is 1 to ${state.maxSide} cells`);
    return;
  }
  remember();
  const cells = new Uint8Array(width * height);
  for (let r = 0; r < Math.min(height, design.height); r++) {
    for (let c = 0; c < Math.min(width, design.width); c++) cells[r * width + c] = at(r, c);
  }
  Object.assign(design, { width, height, cells });
  syncSize();
  changed();
}

// Moves every cell: (row, col) takes the cell of `from(row, col)`, background outside the grid.
function transform(from) {
  remember();
  const cells = new Uint8Array(design.width * design.height);
  for (let r = 0; r < design.height; r++) {
    for (let c = 0; c < design.width; c++) {
      const [sr, sc] = from(r, c);
      if (sr >= 0 && sc >= 0 && sr < design.height && sc < design.width) cells[r * design.width + c] = at(sr, sc);
    }
  }
  design.cells = cells;
  changed();
}

const edits = {
  undo: () => restore(design.undo, design.redo),
  redo: () => restore(design.redo, design.undo),
  clear: () => { remember(); design.cells = new Uint8Array(design.width * design.height); changed(); },
  mirrorX: () => transform((r, c) => [r, design.width - 1 - c]),
  mirrorY: () => transform((r, c) => [design.height - 1 - r, c]),
  left: () => transform((r, c) => [r, c + 1]),
  right: () => transform((r, c) => [r, c - 1]),
  up: () => transform((r, c) => [r + 1, c]),
  down: () => transform((r, c) => [r - 1, c]),
};

// The cells of the straight line from `a` to `b` (Bresenham), both ends included.
function lineCells([r0, c0], [r1, c1]) {
  const cells = [];
  const dc = Math.abs(c1 - c0);
  const dr = -Math.abs(r1 - r0);
  const sc = c0 < c1 ? 1 : -1;
  const sr = r0 < r1 ? 1 : -1;
  let error = dc + dr;
  let [r, c] = [r0, c0];
  for (;;) {
    cells.push([r, c]);
    if (r === r1 && c === c1) return cells;
    const twice = 2 * error;
    if (twice >= dr) { error += dr; c += sc; }
    if (twice <= dc) { error += dc; r += sr; }
  }
}

// The cells of the rectangle's outline with corners `a` and `b`.
function rectCells([r0, c0], [r1, c1]) {
  const [top, bottom] = [Math.min(r0, r1), Math.max(r0, r1)];
  const [left, right] = [Math.min(c0, c1), Math.max(c0, c1)];
  const cells = [];
  for (let c = left; c <= right; c++) { cells.push([top, c]); cells.push([bottom, c]); }
  for (let r = top; r <= bottom; r++) { cells.push([r, left]); cells.push([r, right]); }
  return cells;
}

// A stroke: the left button paints the chosen colour, the right one the background; the pen
// paints every cell between two pointer events, the line and rectangle tools their shape from
// where the press began (redrawn as the pointer moves). In solve mode the first cell decides
// the mark (the colour, or a space with the right button; pressing on the same mark clears).
let pan = null;

canvas.addEventListener("contextmenu", (event) => event.preventDefault());
canvas.addEventListener("pointerdown", (event) => {
  if (event.button === 1) {
    const box = $("scroller");
    pan = { x: event.clientX, y: event.clientY, left: box.scrollLeft, top: box.scrollTop };
    document.body.classList.add("panning");
    canvas.setPointerCapture(event.pointerId);
    event.preventDefault();
    return;
  }
  const pos = cellAt(event);
  if (!pos) return;
  event.preventDefault();
  canvas.setPointerCapture(event.pointerId);
  const right = event.button === 2;
  const frame = { ...geometry };
  if (solving()) {
    const puzzle = state.solve;
    const wanted = right ? 1 : state.colour + 1; // the background (0) marks a space
    const current = puzzle.marks[pos[0] * puzzle.width + pos[1]];
    stroke = { value: current === wanted ? 0 : wanted, last: pos, tool: "pen", frame };
  } else {
    remember();
    stroke = { value: right ? 0 : state.colour, last: pos, start: pos, tool: state.tool, base: design.cells.slice(), frame };
  }
  paint([pos]);
});
canvas.addEventListener("pointermove", (event) => {
  if (pan) {
    const box = $("scroller");
    box.scrollLeft = pan.left - (event.clientX - pan.x);
    box.scrollTop = pan.top - (event.clientY - pan.y);
    return;
  }
  if (!stroke) return;
  const pos = cellAt(event, true);
  if (!pos || (pos[0] === stroke.last[0] && pos[1] === stroke.last[1])) return;
  if (stroke.tool === "pen") paint(lineCells(stroke.last, pos));
  else {
    design.cells = stroke.base.slice();
    paint(stroke.tool === "line" ? lineCells(stroke.start, pos) : rectCells(stroke.start, pos));
  }
  stroke.last = pos;
});
const endStroke = () => {
  if (pan) { pan = null; document.body.classList.remove("panning"); return; }
  if (!stroke) return;
  stroke = null;
  if (solving()) { state.solveMarks = { step: [], mistakes: [] }; draw(); checkSolved(); } else changed();
};
canvas.addEventListener("pointerup", endStroke);
canvas.addEventListener("pointercancel", endStroke);

function paint(cells) {
  const puzzle = shown();
  const target = solving() ? puzzle.marks : design.cells;
  for (const [row, col] of cells) target[row * puzzle.width + col] = stroke.value;
  draw();
}

// ---- zoom -----------------------------------------------------------------------------------

function zoom(factor) {
  state.zoom = factor === 0 ? 1 : Math.max(0.25, Math.min(8, state.zoom * factor));
  draw();
}

$("scroller").addEventListener("wheel", (event) => {
  if (!event.ctrlKey) return;
  event.preventDefault();
  zoom(event.deltaY < 0 ? 1.25 : 0.8);
}, { passive: false });

// ---- solve mode -----------------------------------------------------------------------------

// The palette of a clues record: its `colors` table (name: value, or name: {rgb, char}) after
// its background; black on white without one.
function paletteOf(record) {
  if (!record.colors) return [BACKGROUND(), BLACK()];
  const background = record.background;
  const palette = [{ name: background?.name || "white", rgb: (background?.rgb || background || "#ffffff").toLowerCase(), char: "." }];
  for (const [name, value] of Object.entries(record.colors)) {
    const rgb = (typeof value === "string" ? value : value.rgb).toLowerCase();
    palette.push({ name, rgb: rgb.length === 4 ? `#${[...rgb.slice(1)].map((d) => d + d).join("")}` : rgb,
      char: (typeof value === "object" && value.char) || (name.length === 1 ? name : freeLetter(palette)) });
  }
  return palette;
}

// A clue of a record as blocks: a number (black) or [length, colour name].
function recordBlocks(clue, palette) {
  return clue.filter((block) => (Array.isArray(block) ? block[0] : block) > 0).map((block) => {
    if (!Array.isArray(block)) return { n: block, c: 1 };
    const c = palette.findIndex((entry, i) => i > 0 && entry.name === block[1]);
    return { n: block[0], c: Math.max(1, c) };
  });
}

// The puzzle to solve by hand from a clues record and its text.
function solvePuzzle(record, text, name) {
  const palette = paletteOf(record);
  const rows = record.rows.map((clue) => recordBlocks(clue, palette));
  const columns = record.columns.map((clue) => recordBlocks(clue, palette));
  return { text, palette, rows, columns, width: columns.length, height: rows.length, name,
    title: record.title || "", author: record.author || "",
    marks: new Uint8Array(columns.length * rows.length) };
}

function setMode(mode) {
  if (mode === "solve" && !state.solve) { solveDesign(); return; }
  state.mode = mode;
  $(mode === "solve" ? "mode-solve" : "mode-design").checked = true;
  document.body.classList.toggle("solving", solving());
  state.colour = Math.min(Math.max(state.colour, 1), shown().palette.length - 1);
  state.solveMarks = { step: [], mistakes: [] };
  showMeta();
  $("solve-text").textContent = "";
  $("solve-design").classList.toggle("hidden", !state.solve);
  refresh();
}

// The design's clues as the puzzle to solve (what `clues` answers for it, without its picture).
async function solveDesign() {
  try {
    const response = await request("clues", designBody());
    if (!response) return;
    const text = await response.text();
    const record = JSON.parse(text);
    delete record.goal;
    state.solve = solvePuzzle(record, JSON.stringify(record), design.name);
    setMode("solve");
  } catch (error) { showError(error); }
}

// The hand solve as `hint` reads it: the colours' letters (`#` in black and white), `.` a
// space, `?` unknown.
function markRows() {
  const puzzle = state.solve;
  const rows = [];
  for (let r = 0; r < puzzle.height; r++) {
    let row = "";
    for (let c = 0; c < puzzle.width; c++) {
      const mark = puzzle.marks[r * puzzle.width + c];
      row += mark === 0 ? "?" : charOf(puzzle.palette, mark - 1);
    }
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
  const puzzle = state.solve;
  const cells = puzzle.marks.map((mark) => (mark >= 2 ? mark - 1 : 0));
  const { rows, columns } = linesOf(cells, puzzle.width, puzzle.height);
  const same = (a, b) => a.length === b.length && a.every((block, i) => block.n === b[i].n && block.c === b[i].c);
  const solved = rows.every((clue, r) => same(clue, puzzle.rows[r])) &&
    columns.every((clue, c) => same(clue, puzzle.columns[c]));
  $("solve-text").textContent = solved ? "solved: every clue holds" : "";
}

// ---- title, author, storage -----------------------------------------------------------------

function showMeta() {
  const puzzle = shown();
  $("title").value = puzzle.title || "";
  $("author").value = puzzle.author || "";
}

for (const field of ["title", "author"]) {
  $(field).addEventListener("change", () => {
    shown()[field] = $(field).value.trim();
    if (!solving()) { design.dirty = true; store(); }
  });
}

// The design in the browser's local storage, to survive a reload.
function store() {
  const kept = { width: design.width, height: design.height, cells: Array.from(design.cells),
    palette: design.palette, name: design.name, title: design.title, author: design.author, dirty: design.dirty };
  try { localStorage.setItem(STORED, JSON.stringify(kept)); } catch (_) { /* storage full or off */ }
}

function load() {
  try {
    const kept = JSON.parse(localStorage.getItem(STORED) || "null");
    if (!kept || !(kept.width * kept.height === kept.cells.length) || kept.palette.length < 2) return false;
    Object.assign(design, { ...kept, cells: Uint8Array.from(kept.cells) });
    return true;
  } catch (_) { return false; }
}

window.addEventListener("pagehide", store);
window.addEventListener("beforeunload", (event) => {
  if (!design.dirty) return;
  event.preventDefault();
  event.returnValue = ""; // older browsers ask only with this
});

// ---- open and save --------------------------------------------------------------------------

async function openFile(file) {
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    const body = { file_base64: btoa(binary), name: file.name, index: 0 };
    const colours = Number($("png-colours").value);
    const png = bytes[0] === 0x89 && bytes[1] === 0x50;
    if (png && colours > 0) body.colors = Math.min(31, colours);
    const response = await request("clues", body);
    if (!response) return;
    const text = await response.text();
    const record = JSON.parse(text);
    const name = file.name.replace(/\.[^.]*$/, "") || "puzzle";
    showError(null);
    if (record.goal) {
      remember();
      const palette = paletteOf(record);
      setPicture(record.goal, palette, indexOfChar(palette));
      // The design's own letters from now on (a file's may be ones a text picture cannot take).
      palette.forEach((entry, i) => { if (i > 0) entry.char = LETTERS[i - 1]; });
      Object.assign(design, { name, title: record.title || "", author: record.author || "" });
      state.zoom = 1;
      changed();
      design.dirty = false;
      store();
      setMode("design");
    } else {
      state.solve = solvePuzzle(record, text, name);
      state.zoom = 1;
      setMode("solve");
    }
  } catch (error) { showError(`${file.name}: ${error.message}`); }
}

async function save() {
  const choice = $("save-format").value;
  const puzzle = shown();
  try {
    let blob;
    let extension;
    if (choice.startsWith("sheet-")) {
      extension = choice.slice(6);
      blob = await api("sheet", { ...puzzleBody(), image: extension, solved: false }, true);
    } else {
      const record = await api("convert", { ...puzzleBody(), to: choice });
      if (!record) return;
      blob = record.base64
        ? new Blob([Uint8Array.from(atob(record.base64), (ch) => ch.charCodeAt(0))], { type: "image/png" })
        : new Blob([record.text], { type: "text/plain" });
      extension = record.extension;
    }
    if (!blob) return;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `${fileName(puzzle)}.${extension}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    document.body.dataset.saved = link.download;
    if (!solving()) { design.dirty = false; store(); }
  } catch (error) { showError(error); }
}

// The name a saved file takes: the puzzle's file name, or for a new design its title's words.
function fileName(puzzle) {
  const words = (puzzle.title || "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "");
  return puzzle === design && design.name === "design" && words ? words : puzzle.name;
}

function toggleTheme() {
  const root = document.documentElement;
  const dark = root.dataset.theme !== "dark";
  root.dataset.theme = dark ? "dark" : "light";
  try { localStorage.setItem("nonosat.theme", root.dataset.theme); } catch (_) { /* off */ }
  draw();
}

// ---- wiring ---------------------------------------------------------------------------------

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
  "add-colour": addColour,
  "solve-design": solveDesign,
  "zoom-in": () => zoom(1.25),
  "zoom-out": () => zoom(0.8),
  "zoom-fit": () => zoom(0),
  theme: toggleTheme,
};
for (const [id, action] of Object.entries(buttons)) $(id).addEventListener("click", action);
$("show-ambiguous").addEventListener("change", draw);
$("step").addEventListener("input", drawPath);
$("open").addEventListener("change", (event) => { if (event.target.files[0]) openFile(event.target.files[0]); });
$("mode-design").addEventListener("change", () => setMode("design"));
$("mode-solve").addEventListener("change", () => setMode("solve"));
for (const tool of ["pen", "line", "rect"]) $(`tool-${tool}`).addEventListener("change", () => { state.tool = tool; });
window.addEventListener("resize", draw);

document.addEventListener("dragover", (event) => { event.preventDefault(); document.body.classList.add("dragging"); });
document.addEventListener("dragleave", () => document.body.classList.remove("dragging"));
document.addEventListener("drop", (event) => {
  event.preventDefault();
  document.body.classList.remove("dragging");
  const file = event.dataTransfer.files[0];
  if (file) openFile(file);
});

function chooseTool(tool) {
  state.tool = tool;
  $(`tool-${tool}`).checked = true;
}

document.addEventListener("keydown", (event) => {
  if (event.target.tagName === "INPUT" || event.target.tagName === "SELECT") return;
  const key = event.key;
  const ctrl = event.ctrlKey || event.metaKey;
  const designing = !solving();
  if (!ctrl && /^[0-9]$/.test(key)) { event.preventDefault(); pickColour(Number(key)); return; }
  const actions = {
    z: ctrl && designing && (event.shiftKey ? edits.redo : edits.undo),
    Z: ctrl && designing && edits.redo,
    y: ctrl && designing && edits.redo,
    s: ctrl ? save : !$("second").disabled && buttons.second,
    Delete: designing && edits.clear,
    f: !ctrl && designing && edits.mirrorX,
    g: !ctrl && designing && edits.mirrorY,
    p: !ctrl && designing && (() => chooseTool("pen")),
    l: !ctrl && designing && (() => chooseTool("line")),
    r: !ctrl && designing && (() => chooseTool("rect")),
    t: !ctrl && toggleTheme,
    w: !ctrl && (() => zoom(0)),
    "+": !ctrl && (() => zoom(1.25)),
    "=": !ctrl && (() => zoom(1.25)),
    "-": !ctrl && (() => zoom(0.8)),
    ArrowLeft: designing && edits.left,
    ArrowRight: designing && edits.right,
    ArrowUp: designing && edits.up,
    ArrowDown: designing && edits.down,
    h: !ctrl && solving() && (() => askHint(false)),
    m: !ctrl && solving() && (() => askHint(true)),
  };
  const action = actions[key];
  if (action) { event.preventDefault(); action(); }
});

// For the browser test: the page's state, and where the centre of a cell is on the window.
function cellCentre(row, col) {
  const { cell, left, top } = geometry || layout();
  const [x, y] = origin();
  return [x + left + (col + 0.5) * cell, y + top + (row + 0.5) * cell];
}
window.studio = { state, designRows, cellCentre, cellSize: () => (geometry || layout()).cell, applyPicture, lineCells };

try {
  const chosen = localStorage.getItem("nonosat.theme");
  if (chosen) document.documentElement.dataset.theme = chosen;
  else if (window.matchMedia("(prefers-color-scheme: dark)").matches) document.documentElement.dataset.theme = "dark";
} catch (_) { /* storage off */ }
fetch("/api/limits").then((response) => response.json()).then((limits) => {
  state.maxSide = limits.max_side;
  state.limitSeconds = limits.timeout_seconds;
  $("width").max = $("height").max = String(limits.max_side);
}).catch(() => {});
syncSize();
showMeta();
drawPalette();
if (load()) {
  syncSize();
  showMeta();
  refresh();
} else {
  draw();
  $("verdict").textContent = "draw something";
  $("advice").textContent = "An empty grid: paint with the left button, clear with the right, or open a file.";
}
