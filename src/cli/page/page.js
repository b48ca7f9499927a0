// felt serve's page: a range editor, equity with the command's pictures, and a hand replayer.
// Plain JavaScript with no build step: every range is read by the server (/api/range), every
// number comes from the API, and the pictures are the SVG the command draws.
"use strict";

const RANKS = "AKQJT98765432";
const DECK_SUITS = "shdc";
const FULL = 1000; // a weight of 1, in thousandths as the server counts them
const $ = (id) => document.getElementById(id);

/** POSTs `body` to an API route: its answer, or an Error with the server's message. */
async function api(path, body) {
  busy(1);
  try {
    const r = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const v = await r.json();
    if (!r.ok) {
      throw new Error(v.error ? v.error.message : `${path}: ${r.status}`);
    }
    return v;
  } finally {
    busy(-1);
  }
}

/** Counts the requests under way on the body (`data-busy`), for whoever waits for the page. */
function busy(change) {
  const n = Number(document.body.dataset.busy || 0) + change;
  document.body.dataset.busy = String(n);
}

function el(tag, props, ...children) {
  const e = document.createElement(tag);
  Object.assign(e, props || {});
  for (const c of children) e.append(c);
  return e;
}

const pct = (x) => (x === null || x === undefined ? "" : `${(100 * x).toFixed(2)}%`);

// ---------------------------------------------------------------- the hands of the grid

/** The class at a grid cell: pairs on the diagonal, suited above it, offsuit below. */
function classAt(row, col) {
  const a = RANKS[row];
  const b = RANKS[col];
  if (row === col) return a + b;
  return row < col ? `${a}${b}s` : `${b}${a}o`;
}

/** The class of a combo as the server writes it (`AhKh` is AKs). */
function classOf(combo) {
  const [r1, s1, r2, s2] = combo;
  if (r1 === r2) return r1 + r2;
  const [hi, lo] = RANKS.indexOf(r1) < RANKS.indexOf(r2) ? [r1, r2] : [r2, r1];
  return hi + lo + (s1 === s2 ? "s" : "o");
}

/** Each class's combos, as the server writes them: filled in from /api/range at start. */
const classCombos = new Map();
const gridClasses = [];
for (let row = 0; row < 13; row++) {
  for (let col = 0; col < 13; col++) gridClasses.push(classAt(row, col));
}

/** Combo weights (thousandths) from an /api/range answer. */
function weightsOf(answer) {
  const w = new Map();
  for (const c of answer.combo_list) {
    const t = Math.round(c.weight * FULL);
    if (t > 0) w.set(c.combo, t);
  }
  return w;
}

/** A range's text written from its combo weights: whole classes where every combo has the
 *  same weight (`AKs`, `AQo:0.5`), single combos otherwise (`KhQh`). */
function rangeText(weights) {
  const parts = [];
  const w = (t) => (t === FULL ? "" : `:${t / FULL}`);
  for (const cls of gridClasses) {
    const combos = classCombos.get(cls) || [];
    const ws = combos.map((c) => weights.get(c) || 0);
    if (ws.every((x) => x === 0)) continue;
    if (ws.every((x) => x === ws[0])) {
      parts.push(cls + w(ws[0]));
    } else {
      combos.forEach((c, i) => {
        if (ws[i] > 0) parts.push(c + w(ws[i]));
      });
    }
  }
  return parts.join(",");
}

// ---------------------------------------------------------------- state

const state = {
  games: [],
  game: "holdem",
  players: [], // {text, weights: Map|null, error}
  target: 0, // the player the grid edits
  board: [],
  dead: [],
  drag: null, // {mode: "paint"|"erase", seen: Set}
  focus: 0, // the grid cell that takes the keyboard
  combosOf: null,
};

const gridGame = () => (state.games.find((g) => g.name === state.game) || { grid: true }).grid;
const weight = () => Number($("weight").value) * 10;

// ---------------------------------------------------------------- players

function renderPlayers() {
  const list = $("players");
  list.replaceChildren();
  state.players.forEach((p, i) => {
    const input = el("input", {
      type: "text",
      id: `player-${i + 1}`,
      value: p.text,
      placeholder: gridGame() ? "a range: QQ+,AKs,AQo:0.5,KhQh" : "cards or a range",
      spellcheck: false,
    });
    input.setAttribute("aria-describedby", `player-${i + 1}-error`);
    input.addEventListener("change", () => readPlayer(i, input.value));
    const label = el("label", { htmlFor: input.id, textContent: `Player ${i + 1} ` });
    const li = el("li", {}, label, input);
    if (gridGame()) {
      const edit = el("button", { type: "button", textContent: "Edit in the grid" });
      edit.id = `edit-${i + 1}`;
      edit.addEventListener("click", () => editPlayer(i));
      li.append(" ", edit);
    }
    li.append(el("span", { id: `player-${i + 1}-error`, className: "error", textContent: p.error || "" }));
    if (i === state.target && gridGame()) li.className = "editing";
    list.append(li);
  });
  $("editor").hidden = !gridGame();
  // Equity hand by hand is for hold'em ranges.
  $("want-hands").disabled = !gridGame();
  $("editor-target").textContent = `player ${state.target + 1}`;
  $("add-player").disabled = state.players.length >= 10;
  $("remove-player").disabled = state.players.length <= 2;
}

/** A player's text typed in: read by the server; the grid shows it. */
async function readPlayer(i, text) {
  const p = state.players[i];
  p.text = text.trim();
  p.error = "";
  if (gridGame()) {
    try {
      p.weights = p.text ? weightsOf(await api("/api/range", { range: p.text })) : new Map();
    } catch (e) {
      p.error = e.message;
      p.weights = null;
    }
  }
  renderPlayers();
  if (i === state.target) {
    renderGrid();
    showCount();
  }
}

async function editPlayer(i) {
  state.target = i;
  const p = state.players[i];
  if (!p.weights) await readPlayer(i, p.text);
  renderPlayers();
  renderGrid();
  showCount();
  const cell = $("grid").children[state.focus];
  if (cell) cell.focus();
}

// ---------------------------------------------------------------- the grid

function buildGrid() {
  const grid = $("grid");
  gridClasses.forEach((cls, k) => {
    const row = Math.trunc(k / 13);
    const col = k % 13;
    const kind = row === col ? "pair" : row < col ? "suited" : "offsuit";
    const cell = el("button", { type: "button", className: `cell ${kind}`, tabIndex: k === 0 ? 0 : -1 });
    cell.dataset.class = cls;
    cell.dataset.row = row;
    cell.dataset.col = col;
    cell.append(el("span", { textContent: cls }));
    grid.append(cell);
  });
  grid.addEventListener("pointerdown", (e) => {
    const cell = e.target.closest(".cell");
    if (!cell || e.button !== 0) return;
    e.preventDefault();
    const w = targetWeights();
    if (!w) return;
    const combos = classCombos.get(cell.dataset.class);
    const full = combos.every((c) => (w.get(c) || 0) === weight());
    state.drag = { mode: full ? "erase" : "paint", seen: new Set() };
    paint(cell);
    cell.focus();
  });
  grid.addEventListener("pointermove", (e) => {
    if (!state.drag) return;
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const cell = under && under.closest(".cell");
    if (cell && grid.contains(cell)) paint(cell);
  });
  window.addEventListener("pointerup", () => {
    if (!state.drag) return;
    state.drag = null;
    gridChanged();
  });
  grid.addEventListener("click", (e) => {
    // A click from the keyboard (Enter, Space): the mouse paints on pointerdown.
    const cell = e.target.closest(".cell");
    if (!cell || e.detail !== 0) return;
    const w = targetWeights();
    if (!w) return;
    const combos = classCombos.get(cell.dataset.class);
    const full = combos.every((c) => (w.get(c) || 0) === weight());
    for (const c of combos) setWeight(w, c, full ? 0 : weight());
    renderCell(cell);
    gridChanged();
  });
  grid.addEventListener("contextmenu", (e) => {
    const cell = e.target.closest(".cell");
    if (!cell) return;
    e.preventDefault();
    openCombos(cell.dataset.class);
  });
  grid.addEventListener("keydown", (e) => {
    const cell = e.target.closest(".cell");
    if (!cell) return;
    const k = Number(cell.dataset.row) * 13 + Number(cell.dataset.col);
    const move = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -13, ArrowDown: 13 }[e.key];
    if (move !== undefined) {
      e.preventDefault();
      const next = k + move;
      if (next >= 0 && next < 169 && !(Math.abs(move) === 1 && Math.trunc(next / 13) !== Math.trunc(k / 13))) {
        focusCell(next);
      }
    } else if (e.key === "s" || e.key === "S") {
      e.preventDefault();
      openCombos(cell.dataset.class);
    }
  });
}

function focusCell(k) {
  const cells = $("grid").children;
  cells[state.focus].tabIndex = -1;
  state.focus = k;
  cells[k].tabIndex = 0;
  cells[k].focus();
}

function targetWeights() {
  const p = state.players[state.target];
  if (!p.weights) p.weights = new Map();
  return p.weights;
}

function setWeight(w, combo, t) {
  if (t > 0) w.set(combo, t);
  else w.delete(combo);
}

function paint(cell) {
  const d = state.drag;
  if (!d || d.seen.has(cell.dataset.class)) return;
  d.seen.add(cell.dataset.class);
  const w = targetWeights();
  for (const c of classCombos.get(cell.dataset.class)) setWeight(w, c, d.mode === "paint" ? weight() : 0);
  renderCell(cell);
}

function renderCell(cell) {
  const w = state.players[state.target].weights || new Map();
  const combos = classCombos.get(cell.dataset.class) || [];
  const ws = combos.map((c) => w.get(c) || 0);
  const total = ws.reduce((a, b) => a + b, 0);
  const frac = combos.length ? total / (combos.length * FULL) : 0;
  const whole = total > 0 && ws.every((x) => x === FULL);
  cell.classList.toggle("in", total > 0);
  cell.classList.toggle("partly", total > 0 && !whole);
  cell.style.setProperty("--fill-height", `${(frac * 100).toFixed(1)}%`);
  cell.dataset.weight = total; // thousandths of a combo, summed over the class's combos
  cell.dataset.combos = ws.filter((x) => x > 0).length;
  cell.setAttribute("aria-pressed", total > 0 ? "true" : "false");
  const held = total === 0 ? "not in the range" : `${Math.round(frac * 100)}% in the range`;
  cell.setAttribute("aria-label", `${cell.dataset.class}: ${held}`);
}

function renderGrid() {
  for (const cell of $("grid").children) renderCell(cell);
  if (state.combosOf) openCombos(state.combosOf);
}

/** The grid changed: the player's text is written from it, and the server counts it. */
function gridChanged() {
  const p = state.players[state.target];
  p.text = rangeText(p.weights || new Map());
  p.error = "";
  const input = $(`player-${state.target + 1}`);
  if (input) input.value = p.text;
  const err = $(`player-${state.target + 1}-error`);
  if (err) err.textContent = "";
  showCount();
}

async function showCount() {
  const p = state.players[state.target];
  const out = $("range-count");
  if (!p || !p.text || !gridGame()) {
    out.textContent = "";
    return;
  }
  try {
    const v = await api("/api/range", { range: p.text });
    out.textContent = `${v.weighted} combos, ${v.percent.toFixed(1)}% of hands: ${v.notation}`;
    out.title = out.textContent;
  } catch (e) {
    out.textContent = e.message;
  }
}

function openCombos(cls) {
  state.combosOf = cls;
  const panel = $("combos");
  panel.hidden = false;
  $("combos-class").textContent = cls;
  const list = $("combos-list");
  list.replaceChildren();
  const w = targetWeights();
  for (const c of classCombos.get(cls)) {
    const box = el("input", { type: "checkbox", checked: (w.get(c) || 0) > 0 });
    box.dataset.combo = c;
    box.addEventListener("change", () => {
      setWeight(w, c, box.checked ? weight() : 0);
      renderCell($("grid").querySelector(`[data-class="${cls}"]`));
      gridChanged();
    });
    const t = w.get(c);
    const label = el("label", {}, box, ` ${c}${t && t !== FULL ? ` (${t / FULL})` : ""}`);
    list.append(label);
  }
  const first = list.querySelector("input");
  if (first && document.activeElement && document.activeElement.closest && document.activeElement.closest(".cell")) first.focus();
}

// ---------------------------------------------------------------- board and dead cards

function buildDeck() {
  const deck = $("deck");
  for (const s of DECK_SUITS) {
    for (const r of RANKS) {
      const card = el("button", { type: "button", className: `card ${s}`, textContent: `${r}${"♠♥♦♣"[DECK_SUITS.indexOf(s)]}` });
      card.dataset.card = r + s;
      card.setAttribute("aria-label", `${r}${s}`);
      card.setAttribute("aria-pressed", "false");
      card.addEventListener("click", () => pickCard(r + s));
      deck.append(card);
    }
  }
}

function pickCard(c) {
  $("equity-error").textContent = "";
  for (const list of [state.board, state.dead]) {
    const k = list.indexOf(c);
    if (k >= 0) {
      list.splice(k, 1);
      renderDeck();
      return;
    }
  }
  const to = document.querySelector('input[name="pick"]:checked').value;
  if (to === "board" && state.board.length >= 5) {
    $("equity-error").textContent = "the board holds at most 5 cards";
    return;
  }
  (to === "board" ? state.board : state.dead).push(c);
  renderDeck();
}

function renderDeck() {
  for (const b of $("deck").children) {
    const c = b.dataset.card;
    const where = state.board.includes(c) ? "board" : state.dead.includes(c) ? "dead" : "";
    b.classList.toggle("board", where === "board");
    b.classList.toggle("dead", where === "dead");
    b.setAttribute("aria-pressed", where ? "true" : "false");
    b.title = where ? `${c}: on the ${where === "board" ? "board" : "dead cards"} (click to take it back)` : c;
  }
  $("board-text").textContent = state.board.join(" ");
  $("dead-text").textContent = state.dead.join(" ");
}

// ---------------------------------------------------------------- equity

function request() {
  const body = { players: state.players.map((p) => p.text), board: state.board.join(""), dead: state.dead.join("") };
  if (state.game !== "holdem") body.game = state.game;
  const method = $("method").value;
  if (method === "exhaustive") body.exhaustive = true;
  if (method === "monte_carlo") {
    body.monte_carlo = true;
    body.iterations = Math.max(1, Math.trunc(Number($("iterations").value) || 1));
  }
  return body;
}

async function compute() {
  const error = $("equity-error");
  error.textContent = "";
  const button = $("compute");
  button.disabled = true;
  $("results").replaceChildren(el("p", { textContent: "computing…" }));
  $("pictures").replaceChildren();
  try {
    const body = request();
    const v = await api("/api/equity", body);
    showResults(v);
    if ($("want-hands").checked && gridGame()) {
      const h = await api("/api/equity", { ...body, by_hand: true, svg: true });
      h.svg.forEach((svg, i) => addPicture(svg, `heatmap-${i + 1}`, `Player ${i + 1}'s hands by equity`));
    }
    if ($("want-streets").checked) {
      const s = await api("/api/equity", { ...body, streets: true, svg: true });
      const what = body.board.length === 10 ? "Equity street by street" : "Equity after each card that can come";
      addPicture(s.svg, "streets", what);
    }
  } catch (e) {
    error.textContent = e.message;
    $("results").replaceChildren();
  } finally {
    button.disabled = false;
  }
}

function showResults(v) {
  const mc = v.method === "monte_carlo";
  const head = ["player", "range", "equity", "win", "tie"].concat(mc ? ["stderr"] : []);
  const table = el("table", { id: "equity-table" });
  table.append(el("caption", { textContent: `${v.method.replace("_", " ")}, ${v.deals} deals` }));
  const tr = el("tr");
  for (const h of head) tr.append(el("th", { scope: "col", textContent: h }));
  table.append(el("thead", {}, tr));
  const body = el("tbody");
  v.players.forEach((p, i) => {
    const row = el("tr");
    row.append(el("td", { textContent: `${i + 1}` }), el("td", { className: "spec", textContent: p.spec }));
    for (const k of ["equity", "win", "tie"].concat(mc ? ["stderr"] : [])) {
      const td = el("td", { textContent: pct(p[k]) });
      td.dataset.key = k;
      td.dataset.value = p[k] === null || p[k] === undefined ? "" : String(p[k]);
      row.append(td);
    }
    body.append(row);
  });
  table.append(body);
  table.dataset.method = v.method;
  table.dataset.deals = v.deals;
  $("results").replaceChildren(table);
}

function addPicture(svg, id, caption) {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  const node = document.importNode(doc.documentElement, true);
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", caption);
  const fig = el("figure", { id }, node, el("figcaption", { textContent: caption }));
  $("pictures").append(fig);
}

// ---------------------------------------------------------------- the replayer

const replay = { hands: [], summary: null, hand: 0, step: 0 };

async function runReplay() {
  const error = $("replay-error");
  error.textContent = "";
  try {
    const v = await api("/api/replay", { text: $("hand-text").value, check: $("check").checked, steps: true });
    replay.hands = v.hands;
    replay.summary = v.summary;
    if (!v.hands.length) {
      $("hand").hidden = true;
      const why = v.inputs.map((i) => i.reason).join("; ");
      error.textContent = `${v.summary.summary}${why ? `: ${why}` : ""}`;
      return;
    }
    const pick = $("hand-pick");
    pick.replaceChildren();
    v.hands.forEach((h, i) => pick.append(el("option", { value: i, textContent: `hand ${i + 1}${h.hand ? ` (${h.hand})` : ""}` })));
    pick.hidden = v.hands.length < 2;
    replay.hand = 0;
    replay.step = 0;
    $("hand").hidden = false;
    showStep();
  } catch (e) {
    error.textContent = e.message;
    $("hand").hidden = true;
  }
}

/** The steps of the hand shown: the engine's states, then the settled hand when it has one. */
function steps() {
  const h = replay.hands[replay.hand];
  const s = (h.steps || []).slice();
  if (h.final_stacks && s.length) {
    const last = s[s.length - 1];
    s.push({ ...last, number: null, settled: true, stacks: h.final_stacks, bets: last.bets.map(() => ""), next: null });
  }
  return s;
}

function streetOf(s) {
  return s.settled ? "settled" : `${s.street}:${s.board.length}`;
}

function go(k) {
  const n = steps().length;
  replay.step = Math.max(0, Math.min(n - 1, k));
  showStep();
}

function goStreet(dir) {
  const s = steps();
  let k = replay.step;
  const here = streetOf(s[k]);
  if (dir > 0) {
    while (k < s.length - 1 && streetOf(s[k]) === here) k++;
  } else {
    while (k > 0 && streetOf(s[k]) === here) k--;
    const before = streetOf(s[k]);
    while (k > 0 && streetOf(s[k - 1]) === before) k--;
  }
  go(k);
}

function showStep() {
  const h = replay.hands[replay.hand];
  const s = steps();
  $("step-label").textContent = "";
  $("seats").querySelector("tbody").replaceChildren();
  $("step-board").textContent = "";
  $("step-pot").textContent = "";
  $("step-pots").textContent = "";
  showVerdict(h);
  if (!s.length) {
    $("step-label").textContent = "no steps: the hand could not be replayed";
    return;
  }
  const st = s[replay.step];
  const actions = s.filter((x) => x.number).length;
  $("step-label").textContent = st.settled
    ? "the hand is over: the pots are paid"
    : st.number
      ? `action ${st.number} of ${actions}: ${st.action}`
      : "the start: blinds and antes posted";
  $("step-label").dataset.step = replay.step;
  $("step-board").textContent = st.boards.length > 1 ? st.boards.map((b) => b.join(" ")).join(" | ") : st.board.join(" ");
  const body = $("seats").querySelector("tbody");
  st.stacks.forEach((stack, p) => {
    const seat = `p${p + 1}`;
    const row = el("tr");
    row.dataset.seat = seat;
    if (!st.live[p]) row.className = "folded";
    if (st.next === seat) row.classList.add("acting");
    const cells = [seat, (h.names && h.names[seat]) || "", st.hole_cards[p].join(" "), stack, st.bets[p], st.committed[p]];
    const keys = ["seat", "name", "cards", "stack", "bet", "committed"];
    cells.forEach((c, i) => {
      const td = el(i === 0 ? "th" : "td", { textContent: c });
      if (i === 0) td.scope = "row";
      td.dataset.key = keys[i];
      row.append(td);
    });
    body.append(row);
  });
  if (st.settled) {
    const who = (q) => (h.names && h.names[q] ? `${q} (${h.names[q]})` : q);
    $("step-pot").textContent = (h.pots || [])
      .map((p, i) => `${i ? `side pot ${i}` : "main pot"} ${p.amount}: ${Object.entries(p.payouts).map(([q, x]) => `${x} to ${who(q)}`).join(", ")}`)
      .join("; ");
  } else {
    $("step-pot").textContent = st.pot;
    if (st.pots.length > 1) {
      $("step-pots").textContent = `(${st.pots.map((p, i) => `${i ? `side pot ${i}` : "main pot"} ${p.amount}: ${p.eligible.join(", ")}`).join("; ")})`;
    }
  }
  $("step-first").disabled = $("step-prev").disabled = $("street-prev").disabled = replay.step === 0;
  $("step-last").disabled = $("step-next").disabled = $("street-next").disabled = replay.step === s.length - 1;
}

function showVerdict(h) {
  const v = $("verdict");
  v.replaceChildren();
  const good = h.ok;
  const what = h.status === "legal"
    ? h.checked
      ? h.mismatches.length ? "legal, but the site's accounting does not match the replay" : "legal, and the site's accounting matches the replay"
      : "legal"
    : h.status;
  v.append(el("p", { className: good ? "verdict-ok" : "verdict-bad", textContent: `Referee: ${what}` }));
  v.firstChild.id = "verdict-line";
  v.firstChild.dataset.status = h.status;
  v.firstChild.dataset.ok = String(h.ok);
  const reason = h.illegal_action ? `action ${h.illegal_action.number} (${h.illegal_action.text}): ${h.illegal_action.reason}` : h.reason;
  if (reason) v.append(el("p", { textContent: typeof reason === "string" ? reason : JSON.stringify(reason) }));
  if (h.mismatches.length) v.append(el("ul", {}, ...h.mismatches.map((m) => el("li", { textContent: m }))));
  if (h.notes.length) v.append(el("ul", { className: "hint" }, ...h.notes.map((m) => el("li", { textContent: m }))));
  if (replay.summary) v.append(el("p", { className: "hint", textContent: replay.summary.summary }));
}

// ---------------------------------------------------------------- start

function setView(name) {
  for (const v of ["equity", "replay"]) {
    $(`view-${v}`).hidden = v !== name;
    $(`tab-${v}`).setAttribute("aria-pressed", String(v === name));
  }
}

async function start() {
  $("tab-equity").addEventListener("click", () => setView("equity"));
  $("tab-replay").addEventListener("click", () => setView("replay"));
  const index = await (await fetch("/api")).json();
  state.games = index.games;
  const select = $("game");
  for (const g of state.games) select.append(el("option", { value: g.name, textContent: g.name }));
  select.value = state.game;
  select.addEventListener("change", () => {
    state.game = select.value;
    state.combosOf = null;
    $("combos").hidden = true;
    renderPlayers();
    renderGrid();
    // The grid shows what the server reads the target's text as, in this game too.
    const p = state.players[state.target];
    if (gridGame() && p.text) readPlayer(state.target, p.text);
  });
  // Every combo, as the server writes it, sorted into its class.
  const all = await api("/api/range", { range: gridClasses.join(",") });
  for (const cls of gridClasses) classCombos.set(cls, []);
  for (const c of all.combo_list) classCombos.get(classOf(c.combo)).push(c.combo);
  state.players = [{ text: "", weights: new Map() }, { text: "", weights: new Map() }];
  buildGrid();
  buildDeck();
  renderPlayers();
  renderGrid();
  renderDeck();
  $("weight").addEventListener("input", () => {
    $("weight-out").textContent = `${$("weight").value}%`;
    if (state.combosOf) openCombos(state.combosOf);
  });
  $("clear-range").addEventListener("click", () => {
    state.players[state.target].weights = new Map();
    renderGrid();
    gridChanged();
  });
  $("combos-close").addEventListener("click", () => {
    state.combosOf = null;
    $("combos").hidden = true;
    const cell = $("grid").children[state.focus];
    if (cell) cell.focus();
  });
  $("add-player").addEventListener("click", () => {
    if (state.players.length < 10) state.players.push({ text: "", weights: new Map() });
    renderPlayers();
  });
  $("remove-player").addEventListener("click", () => {
    if (state.players.length > 2) state.players.pop();
    if (state.target >= state.players.length) state.target = 0;
    renderPlayers();
    renderGrid();
  });
  $("clear-cards").addEventListener("click", () => {
    state.board = [];
    state.dead = [];
    renderDeck();
  });
  $("compute").addEventListener("click", compute);
  $("replay").addEventListener("click", runReplay);
  $("step-first").addEventListener("click", () => go(0));
  $("step-prev").addEventListener("click", () => go(replay.step - 1));
  $("step-next").addEventListener("click", () => go(replay.step + 1));
  $("step-last").addEventListener("click", () => go(steps().length - 1));
  $("street-prev").addEventListener("click", () => goStreet(-1));
  $("street-next").addEventListener("click", () => goStreet(1));
  $("hand-pick").addEventListener("change", () => {
    replay.hand = Number($("hand-pick").value);
    replay.step = 0;
    showStep();
  });
  document.body.dataset.ready = "true";
}

start().catch((e) => {
  $("equity-error").textContent = `the page could not start: ${e.message}`;
});
