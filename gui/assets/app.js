// Manifold's browser GUI. It knows no variant: the engine describes the board
// (`geometry`), the position (`d json`) and the legal sub-moves (`moves json`), and
// this page draws and plays whatever they say. It talks to the engine only through
// protocol lines relayed by the server over a WebSocket.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
// Filled glyphs for both sides; the fill colour tells the side.
const GLYPHS = { king: "\u265A", queen: "\u265B", rook: "\u265C", bishop: "\u265D", knight: "\u265E", pawn: "\u265F" };
const STORAGE_KEY = "manifold-gui-game";

// ---------------------------------------------------------------- state

let ws = null;
let engineAlive = false;
let engineName = "engine";
let variants = [];
let geometry = null;      // the `geometry` answer of the current variant
let cellIndex = new Map(); // cell name -> index in geometry.cells
let pos = null;           // the last `d json` answer
let legal = [];           // the last `moves json` answer's moves
// The game: start FEN (null: the variant's start), sub-moves, and after which sub-moves a turn ended.
let game = { variant: "chess", startFen: null, moves: [], turnEnds: [], chess960: false };
let engineOptions = new Set(); // the option names the engine's `uci` answer lists
const players = { white: "human", black: "engine" };
let flipped = false;
let viewMode = "flat";    // "flat" or "sphere" (3-D) for sphere boards
let rotation = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
let selection = null;     // {from: name} or {hand: i, piece: letter}
let pendingChoices = null; // moves that share the clicked cells, offered as buttons
let search = null;        // {kind: "play"|"analyse", side, gameId, done: Promise, resolve}
let gameId = 0;           // bumped whenever the game is replaced or taken back
const infoLines = new Map();
const boardHistory = new Map(); // sub-move count -> board array seen there (for the last-move marks)
const metrics = { firstDrawMs: null, lastRoundTripMs: null, clickAt: null };

// ---------------------------------------------------------------- engine link

const collectors = []; // FIFO of {lines, resolve, reject}, each closed by a `readyok`

function log(text) {
  const el = $("log");
  el.textContent += text + "\n";
  if (el.textContent.length > 20000) el.textContent = el.textContent.slice(-15000);
  el.scrollTop = el.scrollHeight;
}

function send(line) {
  log("> " + line);
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ send: line }));
}

// Sends the lines and an `isready`; resolves with every line the engine printed
// before its `readyok`.
function request(lines) {
  return new Promise((resolve, reject) => {
    if (!engineAlive) { reject(new Error("the engine is not running")); return; }
    collectors.push({ lines: [], resolve, reject });
    for (const l of lines) send(l);
    send("isready");
  });
}

function connect() {
  ws = new WebSocket(`ws://${location.host}/ws`);
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.line !== undefined) onEngineLine(msg.line);
    else if (msg.event === "started") onEngineStarted();
    else if (msg.event === "exited") onEngineExited(msg.status);
    else if (msg.event === "error") showBanner(msg.message, !engineAlive);
  };
  ws.onclose = () => {
    engineAlive = false;
    showBanner("Lost the connection to the GUI server (is `manifold gui` still running?). The game is kept in this page.", false, true);
  };
}

function onEngineLine(line) {
  // The log shows what the engine says, JSON answers shortened.
  if (!line.startsWith("info") || line.startsWith("info string")) log("< " + (line.startsWith("{") ? line.slice(0, 60) + " ..." : line.slice(0, 300)));
  if (collectors.length) {
    if (line === "readyok") { const c = collectors.shift(); c.resolve(c.lines); return; }
    collectors[0].lines.push(line);
  }
  if (line.startsWith("info ") && !line.startsWith("info string")) onInfo(line);
  else if (line.startsWith("bestmove")) onBestmove(line);
  else if (line.startsWith("id name ")) engineName = line.slice(8);
}

function failPending(reason) {
  while (collectors.length) collectors.shift().reject(new Error(reason));
  if (search) { const s = search; search = null; s.resolve(); }
}

async function onEngineStarted() {
  engineAlive = true;
  hideBanner();
  try {
    const lines = await request(["uci"]);
    const combo = lines.find((l) => l.startsWith("option name UCI_Variant"));
    variants = combo ? [...combo.matchAll(/ var (\S+)/g)].map((m) => m[1]) : ["chess"];
    engineOptions = new Set(lines.filter((l) => l.startsWith("option name ")).map((l) => l.slice(12).split(" type ")[0]));
    $("chess960").disabled = !engineOptions.has("UCI_Chess960");
    fillVariantSelect();
    $("engine-name").textContent = engineName;
    if (!variants.includes(game.variant)) game = newGameRecord(variants[0]);
  } catch (e) {
    showBanner("The engine did not answer the handshake: " + e.message, true);
    return;
  }
  try {
    await loadVariant(game.variant);
  } catch (e) {
    if (!engineAlive) return; // the exit banner says what happened
    if (!game.moves.length && !game.startFen) {
      showBanner(`The engine cannot show ${game.variant}: ${e.message} (it must answer "geometry", "d json" and "moves json"; see docs/gui.md)`, true);
      return;
    }
    // A kept game this engine refuses (another engine, another version): start afresh.
    showMessage(`The kept game could not be restored (${e.message}); a new game starts.`);
    game = newGameRecord(game.variant);
    try { await loadVariant(game.variant); } catch (e2) { showBanner(`The engine cannot show ${game.variant}: ${e2.message}`, true); }
  }
}

function onEngineExited(status) {
  engineAlive = false;
  failPending("the engine stopped");
  showBanner(`The engine stopped (${status}). The game's ${game.moves.length} sub-moves are kept.`, true);
  render();
}

function restartEngine() {
  hideBanner();
  ws.send(JSON.stringify({ restart: true }));
}

// ---------------------------------------------------------------- game flow

function newGameRecord(variant, startFen = null, chess960 = game.chess960) {
  return { variant, startFen, moves: [], turnEnds: [], chess960: !!chess960 };
}

function save() {
  try { localStorage.setItem(STORAGE_KEY, JSON.stringify({ game, players, movetime: $("movetime").value })); } catch (_) { /* private mode */ }
}

function restore() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) || "null");
    if (saved && saved.game && Array.isArray(saved.game.moves)) {
      game = saved.game;
      if (!Array.isArray(game.turnEnds) || game.turnEnds.length !== game.moves.length) game.turnEnds = game.moves.map(() => true);
      Object.assign(players, saved.players || {});
      if (saved.movetime) $("movetime").value = saved.movetime;
    }
  } catch (_) { /* a broken record starts a new game */ }
  $("white-player").value = players.white;
  $("black-player").value = players.black;
}

function positionCommand(g = game) {
  const start = g.startFen ? `fen ${g.startFen}` : "startpos";
  return `position ${start}` + (g.moves.length ? ` moves ${g.moves.join(" ")}` : "");
}

async function loadVariant(variant) {
  const setup = [`setoption name UCI_Variant value ${variant}`];
  // Chess960 castling and FENs: sent before the position, so the engine reads both that way.
  if (engineOptions.has("UCI_Chess960")) setup.push(`setoption name UCI_Chess960 value ${!!game.chess960}`);
  else if (game.chess960) throw new Error("this engine has no UCI_Chess960 option");
  $("chess960").checked = !!game.chess960;
  const lines = await request([...setup, "geometry"]);
  const err = lines.find((l) => l.startsWith("info string error"));
  const geo = lines.find((l) => l.startsWith('{"type":"geometry"'));
  if (err || !geo) throw new Error(err ? err.slice("info string error: ".length) : "no answer to geometry");
  geometry = JSON.parse(geo);
  cellIndex = new Map(geometry.cells.map((c, i) => [c.name, i]));
  viewMode = geometry.sphere ? "sphere" : "flat";
  $("view-mode").hidden = !geometry.sphere;
  if (geometry.sphere) rotation = rotationFor(-0.9, 0.3);
  $("variant").value = variant;
  send(`setoption name MultiPV value ${$("multipv").value}`);
  boardHistory.clear();
  await sync();
}

// Asks the engine for the position and its moves; on an error the page keeps what it had.
async function sync(options = { auto: true }) {
  const lines = await request([positionCommand(), "d json", "moves json"]);
  const err = lines.find((l) => l.startsWith("info string error"));
  if (err) throw new Error(err.slice("info string error: ".length));
  if (metrics.clickAt !== null) { metrics.lastRoundTripMs = performance.now() - metrics.clickAt; metrics.clickAt = null; }
  pos = JSON.parse(lines.find((l) => l.startsWith('{"type":"position"')));
  legal = JSON.parse(lines.find((l) => l.startsWith('{"type":"moves"'))).moves;
  boardHistory.set(game.moves.length, pos.board);
  selection = null;
  pendingChoices = null;
  save();
  render();
  if (metrics.firstDrawMs === null) metrics.firstDrawMs = performance.now();
  if (options.auto) afterPosition();
}

function afterPosition() {
  if (!pos || pos.result || !engineAlive) return;
  if (players[pos.side] === "engine") think();
  else if ($("analyse").checked) analyse();
}

// Stops the search and waits for its `bestmove`; a cancelled search's move is not played.
async function stopSearch(cancel = true) {
  if (!search) return;
  const s = search;
  s.cancelled = cancel;
  send("stop");
  await s.done;
}

function startSearch(kind, goCommand) {
  let resolve;
  const done = new Promise((r) => { resolve = r; });
  search = { kind, side: pos.side, gameId, done, resolve };
  infoLines.clear();
  send(positionCommand());
  send(goCommand);
}

function think() {
  if (search || !pos || pos.result) return;
  const ms = Math.max(10, Math.min(600000, parseInt($("movetime").value, 10) || 1000));
  startSearch("play", `go movetime ${ms}`);
  renderStatus();
}

function analyse() {
  if (search || !pos || pos.result) return;
  startSearch("analyse", "go infinite");
}

function onBestmove(line) {
  const s = search;
  search = null;
  if (!s) return;
  s.resolve();
  const token = line.split(/\s+/)[1];
  if (s.kind !== "play" || s.cancelled || s.gameId !== gameId || !token || token === "(none)") { renderStatus(); return; }
  const subs = token.split(",");
  for (let i = 0; i < subs.length; i++) {
    game.moves.push(subs[i]);
    game.turnEnds.push(i === subs.length - 1);
  }
  sync().catch((e) => showMessage("The engine's move was refused: " + e.message));
}

// Plays one sub-move chosen on the board.
async function playMove(text) {
  if (search && search.kind === "analyse") await stopSearch();
  metrics.clickAt = performance.now();
  game.moves.push(text);
  game.turnEnds.push(false);
  try {
    await sync({ auto: false });
  } catch (e) {
    game.moves.pop();
    game.turnEnds.pop();
    showMessage("Move refused: " + e.message);
    await sync({ auto: false }).catch(() => {});
    return;
  }
  // The sub-move ended the turn if no sub-move of a turn is under way now.
  game.turnEnds[game.turnEnds.length - 1] = pos.turn.submoves.length === 0;
  save();
  renderMoveList();
  afterPosition();
}

async function replaceGame(candidate) {
  await stopSearch();
  const previous = game;
  gameId++;
  game = candidate;
  try {
    if (!geometry || geometry.variant !== game.variant || previous.chess960 !== game.chess960) await loadVariant(game.variant);
    else await sync();
    return true;
  } catch (e) {
    game = previous;
    try {
      await loadVariant(game.variant);
    } catch (_) { /* the message below says what failed */ }
    throw e;
  }
}

async function takeBack() {
  await stopSearch();
  if (!game.moves.length || !pos) return;
  gameId++;
  const dropTurn = () => {
    const n = pos.turn.submoves.length || pos.last_turn.length || 1;
    game.moves.splice(game.moves.length - n, n);
    game.turnEnds.splice(game.turnEnds.length - n, n);
    if (game.turnEnds.length) game.turnEnds[game.turnEnds.length - 1] = true;
  };
  dropTurn();
  await sync({ auto: false });
  // Against the engine, go back to a turn of the human's.
  if (players[pos.side] === "engine" && players[other(pos.side)] === "human" && game.moves.length) {
    dropTurn();
    await sync({ auto: false });
  }
}

const other = (side) => (side === "white" ? "black" : "white");

// ---------------------------------------------------------------- clicks

function cellClicked(name) {
  if (!pos || pos.result || pendingChoices) return;
  if (search && search.kind === "play") return;
  if (players[pos.side] !== "human") return;
  if (selection) {
    const matching = legal.filter((m) => m.to === name && matchesSelection(m));
    if (matching.length === 1) { selection = null; playMove(matching[0].text); return; }
    if (matching.length > 1) { pendingChoices = matching; render(); return; }
  }
  const fromHere = legal.filter((m) => m.from === name && m.to);
  if (fromHere.length && !(selection && selection.from === name)) selection = { from: name };
  else selection = null; // an illegal click only clears the selection
  render();
}

function handClicked(hand, piece) {
  if (!pos || pos.result || pendingChoices || players[pos.side] !== "human") return;
  if (search && search.kind === "play") return;
  const drops = legal.filter((m) => m.kind === "drop" && m.hand === hand && m.drop === piece);
  selection = drops.length && !(selection && selection.hand === hand && selection.piece === piece) ? { hand, piece } : null;
  render();
}

function matchesSelection(m) {
  if (!selection) return false;
  if (selection.from !== undefined) return m.from === selection.from;
  return m.kind === "drop" && m.hand === selection.hand && m.drop === selection.piece;
}

function targets() {
  return selection ? legal.filter((m) => m.to && matchesSelection(m)).map((m) => m.to) : [];
}

// ---------------------------------------------------------------- drawing

function el(name, attrs = {}, parent = null, text = null) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== null) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

const pieceInfo = (letter) => geometry.pieces.find((p) => p.letter === letter.toUpperCase());
const sideOf = (letter) => (letter === letter.toUpperCase() ? "white" : "black");

// Flat drawing: every panel turned half a turn inside its own box when flipped.
function flatPoint(p, panel) {
  if (!flipped) return p;
  const P = geometry.panels[panel];
  return [2 * P.x + P.width - p[0], 2 * P.y + P.height - p[1]];
}

function rotationFor(ax, ay) {
  return matMul(rotY(ay), rotX(ax));
}
function rotX(a) { const c = Math.cos(a), s = Math.sin(a); return [[1, 0, 0], [0, c, -s], [0, s, c]]; }
function rotY(a) { const c = Math.cos(a), s = Math.sin(a); return [[c, 0, s], [0, 1, 0], [-s, 0, c]]; }
function matMul(a, b) {
  return a.map((row) => [0, 1, 2].map((j) => row[0] * b[0][j] + row[1] * b[1][j] + row[2] * b[2][j]));
}
function apply(m, v) { return [0, 1, 2].map((i) => m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2]); }

const SPHERE_RADIUS = 7;

function render() {
  if (!geometry) return;
  renderBoard();
  renderHands();
  renderActions();
  renderStatus();
  renderMoveList();
  $("fen").value = pos ? pos.fen : "";
}

function renderBoard() {
  const svg = $("board");
  svg.textContent = "";
  const sphere = viewMode === "sphere";
  const board = pos ? pos.board : [];
  const tg = new Set(targets());
  const lastMarks = lastMoveCells();
  const checks = new Set(pos ? pos.checks : []);
  svg.dataset.view = sphere ? "sphere" : "flat";

  // Which cells to draw, with their outline and centre on the page, back to front.
  let shapes = [];
  if (sphere) {
    const r = SPHERE_RADIUS;
    svg.setAttribute("viewBox", `${-r - 0.6} ${-r - 0.6} ${2 * r + 1.2} ${2 * r + 1.2}`);
    el("circle", { cx: 0, cy: 0, r, class: "sphere-rim" }, svg);
    geometry.cells.forEach((c, i) => {
      const centre = apply(rotation, c.center3);
      if (centre[2] <= 0.02) return; // on the far side
      const corners = c.corners3.map((p) => apply(rotation, p)).map((p) => [p[0] * r, -p[1] * r]);
      shapes.push({ i, corners, centre: [centre[0] * r, -centre[1] * r], scale: 0.45 + 0.55 * centre[2], depth: centre[2] });
    });
    shapes.sort((a, b) => a.depth - b.depth);
  } else {
    const ps = geometry.panels;
    const minX = Math.min(...ps.map((p) => p.x)) - 0.8, minY = Math.min(...ps.map((p) => p.y)) - 1.0;
    const maxX = Math.max(...ps.map((p) => p.x + p.width)) + 0.4, maxY = Math.max(...ps.map((p) => p.y + p.height)) + 0.8;
    svg.setAttribute("viewBox", `${minX} ${minY} ${maxX - minX} ${maxY - minY}`);
    ps.forEach((p, k) => {
      // A lone board needs no title.
      if (ps.length > 1) el("text", { x: p.x + p.width / 2, y: p.y - 0.35, class: "panel-name", "data-panel": k }, svg, p.name);
      for (const [text, x, y] of p.labels) {
        const [fx, fy] = flipped ? [2 * p.x + p.width - x, 2 * p.y + p.height - y] : [x, y];
        el("text", { x: fx, y: fy, class: "label" }, svg, text);
      }
    });
    geometry.cells.forEach((c, i) => {
      shapes.push({ i, corners: c.corners.map((q) => flatPoint(q, c.panel)), centre: flatPoint(c.center, c.panel), scale: 1 });
    });
  }

  const layer = { cells: el("g", {}, svg), marks: el("g", {}, svg), pieces: el("g", {}, svg) };
  for (const s of shapes) {
    const c = geometry.cells[s.i];
    const points = s.corners.map((p) => `${p[0].toFixed(3)},${p[1].toFixed(3)}`).join(" ");
    const poly = el("polygon", { points, class: `cell shade${c.shade}`, "data-cell": c.name }, layer.cells);
    poly.addEventListener("click", () => { if (!dragMoved) cellClicked(c.name); });
    const mark = (cls) => el("polygon", { points, class: cls }, layer.marks);
    if (lastMarks.has(c.name)) mark("lastmove");
    if (checks.has(c.name)) mark("check");
    if (selection && selection.from === c.name) mark("selected");
    if (tg.has(c.name)) mark("target");
    const letter = board[s.i];
    if (letter) drawPiece(layer.pieces, letter, s.centre, s.scale, c.name);
  }
  svg.onpointerdown = sphere ? startDrag : null;
}

function drawPiece(parent, letter, [x, y], scale, cellName) {
  const info = pieceInfo(letter);
  const side = sideOf(letter);
  const g = el("g", { class: "piece-group", "data-piece": letter, "data-on": cellName }, parent);
  if (info && info.glyph && GLYPHS[info.glyph]) {
    el("text", { x, y: y + 0.04 * scale, class: `piece ${side}`, "font-size": 0.82 * scale }, g, GLYPHS[info.glyph]);
  } else {
    el("circle", { cx: x, cy: y, r: 0.36 * scale, class: `piece-disc disc-${side}` }, g);
    el("text", { x, y, class: `piece letter ${side}`, "font-size": 0.46 * scale }, g, letter.toUpperCase());
  }
}

// The cells whose contents the last finished turn (and the turn under way) changed.
function lastMoveCells() {
  const marks = new Set();
  if (!pos) return marks;
  const n = game.moves.length;
  const since = n - pos.turn.submoves.length - pos.last_turn.length;
  const before = boardHistory.get(since);
  if (!before) return marks;
  geometry.cells.forEach((c, i) => { if (before[i] !== pos.board[i]) marks.add(c.name); });
  return marks;
}

let dragStart = null;
let dragMoved = false;
function startDrag(ev) {
  dragStart = [ev.clientX, ev.clientY];
  dragMoved = false;
  const svg = $("board");
  svg.onpointermove = (e) => {
    const dx = e.clientX - dragStart[0], dy = e.clientY - dragStart[1];
    if (!dragMoved && Math.hypot(dx, dy) < 4) return;
    dragMoved = true;
    rotateView(dx, dy);
    dragStart = [e.clientX, e.clientY];
  };
  svg.onpointerup = () => {
    svg.onpointermove = null;
    svg.onpointerup = null;
    setTimeout(() => { dragMoved = false; }, 0);
  };
}

// Turns the sphere as if the mouse dragged its front surface by (dx, dy) pixels.
function rotateView(dx, dy) {
  const k = 0.008;
  rotation = matMul(rotX(dy * k), matMul(rotY(dx * k), rotation));
  renderBoard();
}

function renderHands() {
  const box = $("hands");
  box.textContent = "";
  if (!pos || !geometry.hands.length) return;
  geometry.hands.forEach((h, i) => {
    const row = document.createElement("div");
    row.className = "hand";
    row.dataset.hand = i;
    row.append(`${h.name}: `);
    const counts = new Map();
    for (const ch of (pos.hands[i] ? pos.hands[i].pieces : "")) counts.set(ch, (counts.get(ch) || 0) + 1);
    if (!counts.size) row.append("(empty)");
    for (const [letter, count] of counts) {
      const b = document.createElement("button");
      const info = pieceInfo(letter);
      const glyph = info && info.glyph ? GLYPHS[info.glyph] + " " : "";
      b.textContent = `${glyph}${letter}${count > 1 ? " \u00d7" + count : ""}`;
      b.title = info ? info.name : letter;
      b.dataset.hand = i;
      b.dataset.piece = letter;
      if (selection && selection.hand === i && selection.piece === letter) b.className = "selected";
      b.onclick = () => handClicked(i, letter);
      row.appendChild(b);
    }
    box.appendChild(row);
  });
}

function renderActions() {
  const box = $("actions");
  box.textContent = "";
  if (!pos || pos.result) return;
  const human = players[pos.side] === "human" && !(search && search.kind === "play");
  const button = (label, text, cls, onclick) => {
    const b = document.createElement("button");
    b.textContent = label;
    b.className = cls;
    b.dataset.move = text;
    b.onclick = onclick;
    box.appendChild(b);
  };
  if (pendingChoices) {
    box.append("Choose: ");
    for (const m of pendingChoices) {
      button(`${m.label || m.text} (${m.text})`, m.text, "choice", () => { pendingChoices = null; playMove(m.text); });
    }
    button("cancel", "", "", () => { pendingChoices = null; selection = null; render(); });
    return;
  }
  if (!human) return;
  for (const m of legal) {
    if (m.kind === "choice" || m.kind === "end-turn" || (!m.from && !m.to && m.kind !== "drop")) {
      button(`${m.label || m.text} (${m.text})`, m.text, m.kind === "end-turn" ? "end-turn" : "choice", () => playMove(m.text));
    }
  }
}

function sideName(side) {
  return geometry ? geometry.sides[side === "white" ? 0 : 1] : side;
}

function renderStatus() {
  const st = $("status");
  if (!pos) { st.textContent = engineAlive ? "Loading..." : "No engine"; return; }
  st.className = pos.result ? "over" : "";
  if (pos.result) {
    const who = pos.result.winner ? `${sideName(pos.result.winner)} wins` : "Draw";
    st.textContent = `${pos.result.score}: ${who} (${pos.result.reason})`;
  } else {
    let text = `${sideName(pos.side)} to move`;
    if (pos.turn.submoves.length) text += `, turn so far: ${pos.turn.submoves.join(", ")}`;
    if (pos.turn.can_end) text += " (may end the turn)";
    if (pos.checks.length) text += ` — check on ${pos.checks.join(", ")}`;
    if (search && search.kind === "play") text += " — the engine is thinking";
    st.textContent = text;
  }
  st.dataset.result = pos.result ? pos.result.score : "";
}

// The game as turns: [{side, moves}], from the recorded turn ends.
function turns() {
  const out = [];
  let side = startSide();
  let current = [];
  game.moves.forEach((m, i) => {
    current.push(m);
    if (game.turnEnds[i]) { out.push({ side, moves: current }); current = []; side = other(side); }
  });
  if (current.length) out.push({ side, moves: current });
  return out;
}

function startSide() {
  const fen = game.startFen || (geometry ? geometry.start_fen : "");
  return / b( |$)/.test(fen) ? "black" : "white";
}

function renderMoveList() {
  const ol = $("movelist");
  ol.textContent = "";
  for (const t of turns()) {
    const li = document.createElement("li");
    li.textContent = `${sideName(t.side)}: ${t.moves.join(",")}`;
    ol.appendChild(li);
  }
  ol.scrollTop = ol.scrollHeight;
}

// ---------------------------------------------------------------- analysis

function onInfo(line) {
  if (!search) return;
  const t = line.split(/\s+/);
  const get = (k) => { const i = t.indexOf(k); return i >= 0 ? t[i + 1] : undefined; };
  if (get("score") === undefined || get("depth") === undefined) return;
  const k = parseInt(get("multipv") || "1", 10);
  const pvAt = t.indexOf("pv");
  const kind = get("score");
  const value = parseInt(t[t.indexOf("score") + 2], 10);
  infoLines.set(k, { depth: get("depth"), kind, value, nodes: get("nodes"), nps: get("nps"), pv: pvAt >= 0 ? t.slice(pvAt + 1).join(" ") : "" });
  renderAnalysis();
}

function scoreText(kind, value) {
  return kind === "mate" ? `#${value}` : (value >= 0 ? "+" : "") + (value / 100).toFixed(2);
}

function renderAnalysis() {
  const lines = [...infoLines.entries()].sort((a, b) => a[0] - b[0]);
  $("analysis").textContent = lines.map(([k, i]) => `${k}. d${i.depth} ${scoreText(i.kind, i.value)} ${i.nodes} nodes ${i.nps} nps\n   ${i.pv}`).join("\n");
  const best = infoLines.get(1);
  if (best && search) {
    // The score is the searching side's; the bar shows the first player's share.
    const sign = search.side === "white" ? 1 : -1;
    const cp = best.kind === "mate" ? Math.sign(best.value) * 10000 : best.value;
    const white = sign * cp;
    const share = 1 / (1 + Math.exp(-white / 250));
    $("evalfill").style.width = `${(share * 100).toFixed(1)}%`;
    $("evaltext").textContent = best.kind === "mate" ? `#${sign * best.value}` : scoreText("cp", white);
  }
}

// ---------------------------------------------------------------- FEN and PGN

function pgnText() {
  const tag = (k, v) => `[${k} "${String(v).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"]`;
  const d = new Date();
  const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`;
  const result = pos && pos.result ? pos.result.score : "*";
  const name = (side) => (players[side] === "engine" ? engineName : "Human");
  const tags = [tag("Event", "Manifold GUI game"), tag("Site", "localhost"), tag("Date", date), tag("Round", "-"),
    tag("White", name("white")), tag("Black", name("black")), tag("Result", result), tag("Variant", variantTag())];
  const fen = game.startFen || (game.chess960 && geometry ? geometry.start_fen : null);
  if (fen) tags.push(tag("FEN", fen), tag("SetUp", "1"));
  const fullmove = game.startFen ? parseInt(game.startFen.split(" ")[5], 10) || 1 : 1;
  const words = [];
  let number = fullmove;
  turns().forEach((t, i) => {
    if (t.side === "white") words.push(`${number}.`);
    else if (i === 0) words.push(`${number}...`);
    words.push(t.moves.join(","));
    if (t.side === "black") number++;
  });
  words.push(result);
  return tags.join("\n") + "\n\n" + words.join(" ") + "\n";
}

// The PGN `Variant` tag: the variant's name, `Chess960` or `<variant>960` (as
// `manifold match` writes them).
function variantTag() {
  if (!game.chess960) return game.variant;
  return game.variant === "chess" ? "Chess960" : `${game.variant}960`;
}

function parseVariantTag(tag) {
  const t = (tag || "chess").trim().toLowerCase();
  if (["chess960", "chess 960", "fischerandom", "fischer random", "960"].includes(t)) return ["chess", true];
  if (t.endsWith("960") && t.length > 3) return [t.slice(0, -3).trim(), true];
  return [t, false];
}

function parsePgn(text) {
  const tags = {};
  for (const m of text.matchAll(/\[(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]/g)) tags[m[1]] = m[2].replace(/\\(.)/g, "$1");
  let body = text.replace(/\[(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]/g, " ");
  body = body.replace(/\{[^}]*\}/g, " ").replace(/;[^\n]*/g, " ");
  let previous;
  do { previous = body; body = body.replace(/\([^()]*\)/g, " "); } while (body !== previous);
  const tokens = body.split(/\s+/).map((s) => s.replace(/^\d+\.(\.\.)?/, "")).filter((s) => s && !/^\$\d+$/.test(s) && !["1-0", "0-1", "1/2-1/2", "*"].includes(s));
  const [variant, chess960] = parseVariantTag(tags.Variant);
  if (!variants.includes(variant)) throw new Error(`unknown variant "${tags.Variant}" (known: ${variants.join(", ")})`);
  const record = newGameRecord(variant, tags.FEN || null, chess960);
  for (const t of tokens) {
    const subs = t.split(",");
    if (subs.some((s) => !s)) throw new Error(`malformed move "${t}"`);
    subs.forEach((s, i) => { record.moves.push(s); record.turnEnds.push(i === subs.length - 1); });
  }
  return record;
}

async function copyText(text, what) {
  try { await navigator.clipboard.writeText(text); showMessage(`${what} copied.`); } catch (_) { showMessage(`${what} is in the box below; copy it from there.`); }
}

// ---------------------------------------------------------------- messages

let messageTimer = null;
function showMessage(text) {
  const b = $("banner");
  b.textContent = text;
  b.hidden = false;
  b.dataset.kind = "message";
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => { if (b.dataset.kind === "message") b.hidden = true; }, 8000);
}

function showBanner(text, offerRestart, keep = false) {
  const b = $("banner");
  b.textContent = text;
  b.dataset.kind = keep || offerRestart ? "engine" : "message";
  if (offerRestart) {
    const r = document.createElement("button");
    r.id = "restart-engine";
    r.textContent = "Restart the engine";
    r.onclick = restartEngine;
    b.appendChild(r);
  }
  b.hidden = false;
}

function hideBanner() { $("banner").hidden = true; }

function fillVariantSelect() {
  const sel = $("variant");
  if (sel.options.length === variants.length) return;
  sel.textContent = "";
  for (const v of variants) {
    const o = document.createElement("option");
    o.value = v;
    o.textContent = v;
    sel.appendChild(o);
  }
}

// ---------------------------------------------------------------- controls

function wire() {
  const guard = (f) => async (...args) => { try { await f(...args); } catch (e) { showMessage(e.message); } };
  $("variant").onchange = guard(async () => { await replaceGame(newGameRecord($("variant").value)); });
  $("new-game").onclick = guard(async () => { await replaceGame(newGameRecord(game.variant)); });
  $("takeback").onclick = guard(takeBack);
  $("chess960").onchange = guard(async () => {
    // A new game from the current position: the moves so far were written the other way.
    const record = newGameRecord(game.variant, pos ? pos.fen : game.startFen, $("chess960").checked);
    try { await replaceGame(record); } catch (e) { $("chess960").checked = game.chess960; throw e; }
  });
  $("flip").onclick = () => {
    flipped = !flipped;
    if (viewMode === "sphere") rotation = matMul(rotX(Math.PI), rotation);
    renderBoard();
  };
  $("view-mode").onclick = () => {
    viewMode = viewMode === "sphere" ? "flat" : "sphere";
    $("view-mode").textContent = viewMode === "sphere" ? "Flat view" : "3-D view";
    renderBoard();
  };
  for (const side of ["white", "black"]) {
    $(`${side}-player`).onchange = guard(async () => {
      players[side] = $(`${side}-player`).value;
      save();
      if (search && search.kind === "analyse") await stopSearch();
      afterPosition();
    });
  }
  $("movetime").onchange = save;
  $("engine-move").onclick = guard(async () => { if (search && search.kind === "analyse") await stopSearch(); think(); });
  $("stop").onclick = guard(async () => { $("analyse").checked = false; await stopSearch(false); });
  $("analyse").onchange = guard(async () => {
    if ($("analyse").checked) afterPosition(); else if (search && search.kind === "analyse") await stopSearch();
  });
  $("multipv").onchange = guard(async () => {
    const restart = search && search.kind === "analyse";
    await stopSearch();
    send(`setoption name MultiPV value ${Math.max(1, Math.min(8, parseInt($("multipv").value, 10) || 1))}`);
    if (restart) analyse();
  });
  $("load-fen").onclick = guard(async () => {
    const fen = $("fen").value.trim();
    if (!fen) throw new Error("Enter a FEN first.");
    try { await replaceGame(newGameRecord(game.variant, fen)); } catch (e) { throw new Error(`Bad FEN: ${e.message}`); }
  });
  $("copy-fen").onclick = () => copyText(pos ? pos.fen : "", "FEN");
  $("copy-pgn").onclick = () => { const t = pgnText(); $("pgn").value = t; copyText(t, "PGN"); };
  $("load-pgn").onclick = guard(async () => {
    let record;
    try { record = parsePgn($("pgn").value); } catch (e) { throw new Error(`Bad PGN: ${e.message}`); }
    try { await replaceGame(record); } catch (e) { throw new Error(`Bad PGN: ${e.message}`); }
  });
}

// For tests and for the curious: the page's state, read-only.
window.manifoldGui = {
  state: () => ({
    variant: game.variant, chess960: !!game.chess960, fen: pos ? pos.fen : null, moves: game.moves.slice(), side: pos ? pos.side : null,
    result: pos ? pos.result : null, thinking: !!(search && search.kind === "play"), engineAlive, viewMode,
    legal: legal.map((m) => m.text), legalMoves: legal, pgn: pgnText(), board: pos ? pos.board : [],
    turn: pos ? pos.turn : null, pending: collectors.length, choices: pendingChoices ? pendingChoices.map((m) => m.text) : null,
  }),
  metrics,
  rotation: () => rotation.map((r) => r.slice()),
};

restore();
wire();
connect();
