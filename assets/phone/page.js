// A seat's page: it joins the game on the big screen over a WebSocket, shows what the seat
// may see, and sends what the player asks. The big screen decides everything; this page only
// draws the last picture it was sent and never keeps a game of its own.
"use strict";

const token = location.pathname.split("/")[2] || "";
const secretKey = "abakus-secret-" + token;
const $ = (id) => document.getElementById(id);

let socket = null;
let words = {};
let waiting = [];
let view = null;
let number = 0; // the last message's number; the big screen refuses any not above the last
let selected = null; // the rack slot tapped, to be laid with the next tap on a square
let marked = new Set(); // the rack slots chosen for an exchange
let exchanging = false;
let zoom = 0; // 0 until the first board is drawn, then fitted to the frame's width
let retry = 0;
let finished = false; // refused, replaced or closed: no reconnecting
let aside = false; // the game is off the big screen for a while
let wasLaying = false;

function word(id) {
  return words[id] || id;
}

function setText(id, text) {
  $(id).textContent = text;
}

function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (box.hidden = true), 2500);
}

function showMessage(text) {
  setText("message-text", text);
  $("message").hidden = !text;
}

// ---- the connection ----

function connect() {
  if (finished || (socket && socket.readyState <= 1)) return;
  const secret = localStorage.getItem(secretKey);
  const query = secret ? "secret=" + secret : "token=" + token;
  socket = new WebSocket("ws://" + location.host + "/ws?" + query);
  showMessage(word(aside ? "phone-aside" : retry ? "phone-reconnecting" : "phone-connecting"));
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    socket = null;
    const final = { replaced: "phone-replaced", reopened: "phone-refused-unknown",
      released: "phone-refused-unknown", closed: "phone-closed" }[event.reason];
    if (final) {
      finished = true;
      showMessage(word(final));
      return;
    }
    if (finished) return;
    // The game has left the big screen for a while: its seat waits for this phone.
    if (event.reason === "aside") aside = true;
    retry += 1;
    showMessage(word(aside ? "phone-aside" : "phone-reconnecting"));
    setTimeout(connect, Math.min(1000 * retry, 5000));
  };
}

function send(intent) {
  if (!socket || socket.readyState !== 1 || !view) return;
  number += 1;
  intent.n = number;
  socket.send(JSON.stringify(intent));
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      localStorage.setItem(secretKey, message.secret);
      retry = 0;
      break;
    case "words":
      words = message.words;
      waiting = message.waiting;
      document.documentElement.lang = message.language;
      label();
      break;
    case "view":
      aside = false;
      showMessage("");
      view = message;
      number = Math.max(number, message.taken || 0);
      draw();
      break;
    case "refused":
      finished = true;
      if (message.reason === "unknown") localStorage.removeItem(secretKey);
      showMessage(word("phone-refused-" + message.reason));
      break;
    case "error":
      toast(word("phone-error-" + message.code) !== "phone-error-" + message.code
        ? word("phone-error-" + message.code) : word("phone-error-other"));
      break;
  }
}

// ---- drawing ----

function label() {
  for (const [id, key] of [["submit", "phone-submit"], ["recall", "phone-recall"],
    ["shuffle", "phone-shuffle"], ["exchange", "phone-exchange"], ["pass", "phone-pass"],
    ["challenge", "phone-challenge"], ["accept", "phone-accept"],
    ["exchange-these", "phone-exchange-these"], ["exchange-cancel", "phone-cancel"],
    ["exchange-choose", "phone-exchange-choose"], ["joker-prompt", "phone-joker-prompt"],
    ["joker-cancel", "phone-cancel"], ["unseen-title", "phone-unseen"],
    ["log-title", "phone-log"], ["ending-title", "phone-game-over"]]) {
    setText(id, word(key));
  }
  if (view) draw();
}

function draw() {
  const v = view;
  const mine = v.laying;
  if (mine && !wasLaying && navigator.vibrate) navigator.vibrate(200);
  wasLaying = mine;
  if (!mine) { selected = null; exchanging = false; marked.clear(); }
  const status = $("status");
  status.textContent = v.over ? word("phone-game-over")
    : v.gathering ? word("phone-gathering")
    : mine ? word("phone-your-turn") : (waiting[v.to_move] || "");
  status.classList.toggle("mine", mine);
  const clock = $("clock");
  clock.hidden = v.clock === null || v.clock === undefined;
  clock.textContent = clock.hidden ? "" : v.clock + " s";
  clock.classList.toggle("low", v.clock !== null && v.clock <= 10);
  drawScores(v);
  drawBoard(v);
  drawPreview(v);
  drawRack(v);
  drawActions(v);
  drawFacts(v);
  drawJoker(v);
  drawEnding(v);
}

function drawScores(v) {
  const box = $("scores");
  box.replaceChildren(...v.names.map((name, seat) => {
    const span = document.createElement("span");
    span.textContent = name + " " + v.scores[seat];
    span.classList.toggle("to-move", seat === v.to_move && !v.over);
    span.classList.toggle("me", seat === v.seat);
    return span;
  }));
}

function cellName(index, width) {
  return String.fromCharCode(65 + (index % width)) + (Math.floor(index / width) + 1);
}

function drawBoard(v) {
  const board = $("board");
  const { width, squares } = v.board;
  if (!zoom) {
    // The whole board across the phone at first; + and − or two fingers zoom from there.
    const room = $("board-frame").clientWidth - 8 - (width - 1);
    zoom = Math.max(0.5, Math.min(2.5, room / width / 34));
    setZoom(1);
  }
  board.style.gridTemplateColumns = "repeat(" + width + ", var(--square))";
  const cells = squares.map((square, index) => {
    const cell = document.createElement("div");
    cell.className = "square";
    cell.dataset.cell = cellName(index, width);
    if (square.tile) {
      cell.classList.add("tiled");
      cell.textContent = square.tile.startsWith("?") && square.tile.length > 1
        ? square.tile.slice(1) + "*" : square.tile;
      if (square.new) cell.classList.add("new");
    } else if (square.bonus !== ".") {
      cell.classList.add(square.bonus === "*" ? "bonus-start" : "bonus-" + square.bonus);
      const mark = document.createElement("span");
      mark.className = "mark";
      mark.textContent = { t: "2×", T: "3×", e: "Σ2×", E: "Σ3×", "*": "★" }[square.bonus] || "";
      cell.append(mark);
    }
    return cell;
  });
  board.replaceChildren(...cells);
}

function drawPreview(v) {
  const box = $("preview");
  box.replaceChildren();
  if (!v.preview) return;
  const line = document.createElement("div");
  if (v.preview.refused) {
    line.className = "refused";
    line.textContent = v.preview.refused;
  } else {
    const sums = v.preview.examples.map((e) => e.reading + " (" + e.points + ")").join("  ");
    line.textContent = sums + (sums ? "  →  " : "") + v.preview.points;
  }
  box.append(line);
}

function drawRack(v) {
  const rack = $("rack");
  rack.replaceChildren(...v.rack.map((tile) => {
    const element = document.createElement("div");
    element.className = "tile";
    element.textContent = tile.tile;
    element.dataset.slot = tile.slot;
    element.classList.toggle("selected", selected === tile.slot);
    element.classList.toggle("marked", marked.has(tile.slot));
    element.addEventListener("pointerdown", (event) => pickUp(event, tile.slot, element));
    return element;
  }));
}

function drawActions(v) {
  const mine = v.laying && !v.over;
  const laid = v.board.squares.some((square) => square.new);
  $("actions").hidden = exchanging;
  $("exchanging").hidden = !exchanging;
  $("submit").disabled = !v.can_submit;
  $("recall").disabled = !mine || !laid;
  for (const id of ["submit", "recall", "shuffle", "exchange", "pass"]) $(id).hidden = !mine;
  $("exchange").disabled = laid || v.bag === 0;
  const answering = v.stage === "challenge" && v.to_move !== v.seat;
  $("challenge").hidden = !answering;
  $("accept").hidden = !answering;
  $("exchange-these").disabled = marked.size === 0;
}

function drawFacts(v) {
  setText("bag", "🂠 " + v.bag);
  $("unseen").replaceChildren(...Object.entries(v.unseen).map(([tile, count]) => {
    const span = document.createElement("span");
    span.textContent = (tile === "?" ? word("joker") : tile) + " ×" + count;
    return span;
  }));
  $("log").replaceChildren(...v.log.map((entry) => {
    const item = document.createElement("li");
    const what = entry.kind === "exchange" ? word("phone-exchange") + " " + entry.tiles
      : entry.kind === "pass" ? word("phone-pass") : entry.text || entry.kind;
    item.textContent = v.names[entry.player] + ": " + what + " (" + entry.points + ")";
    return item;
  }));
}

function drawJoker(v) {
  $("joker").hidden = !(v.laying && v.joker);
}

function drawEnding(v) {
  $("ending").hidden = !v.over;
  if (!v.over) return;
  setText("ending-reason", v.over.reason);
  setText("ending-winners", v.over.winners);
  $("ending-racks").replaceChildren(...v.over.racks.map((rack, seat) => {
    const item = document.createElement("li");
    // The tiles apart, so that a rack of 8 6 4 does not read as the number 864.
    const tiles = rack ? [...rack].join("\u2009") : "—";
    item.textContent = v.names[seat] + ": " + tiles + " · " + v.scores[seat];
    return item;
  }));
}

// ---- touch and mouse ----

function squareAt(x, y) {
  const element = document.elementFromPoint(x, y);
  return element && element.closest(".square");
}

// A tile is tapped (selected, or marked for an exchange) or dragged onto a square.
function pickUp(event, slot, element) {
  if (!view || !view.laying) return;
  event.preventDefault();
  if (exchanging) {
    if (marked.has(slot)) marked.delete(slot); else marked.add(slot);
    draw();
    return;
  }
  const start = { x: event.clientX, y: event.clientY };
  let ghost = null;
  let target = null;
  const move = (e) => {
    if (!ghost && Math.hypot(e.clientX - start.x, e.clientY - start.y) > 8) {
      ghost = element.cloneNode(true);
      ghost.classList.add("ghost");
      document.body.append(ghost);
    }
    if (!ghost) return;
    ghost.style.left = e.clientX - 28 + "px";
    ghost.style.top = e.clientY - 70 + "px";
    const square = squareAt(e.clientX, e.clientY - 40);
    if (target !== square) {
      if (target) target.classList.remove("target");
      target = square;
      if (target) target.classList.add("target");
    }
  };
  const up = () => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", up);
    if (ghost) {
      ghost.remove();
      if (target) {
        target.classList.remove("target");
        send({ intent: "lay", slot, cell: target.dataset.cell });
      }
      selected = null;
    } else {
      selected = selected === slot ? null : slot;
    }
    draw();
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", up);
}

$("board").addEventListener("click", (event) => {
  const square = event.target.closest(".square");
  if (!square || !view || !view.laying) return;
  if (square.classList.contains("new")) {
    send({ intent: "take-back", cell: square.dataset.cell });
  } else if (selected !== null && !square.classList.contains("tiled")) {
    send({ intent: "lay", slot: selected, cell: square.dataset.cell });
    selected = null;
  }
});

function setZoom(factor) {
  zoom = Math.min(2.5, Math.max(0.5, (zoom || 1) * factor));
  document.documentElement.style.setProperty("--square", Math.floor(34 * zoom) + "px");
}
$("zoom-in").addEventListener("click", () => setZoom(1.25));
$("zoom-out").addEventListener("click", () => setZoom(0.8));

// Two fingers on the board zoom it.
const touches = new Map();
let pinch = null;
$("board-frame").addEventListener("pointerdown", (e) => touches.set(e.pointerId, e));
$("board-frame").addEventListener("pointermove", (e) => {
  if (!touches.has(e.pointerId)) return;
  touches.set(e.pointerId, e);
  if (touches.size !== 2) return;
  const [a, b] = [...touches.values()];
  const distance = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
  if (pinch) setZoom(distance / pinch);
  pinch = distance;
});
for (const type of ["pointerup", "pointercancel", "pointerleave"]) {
  $("board-frame").addEventListener(type, (e) => {
    touches.delete(e.pointerId);
    pinch = null;
  });
}

$("submit").addEventListener("click", () => send({ intent: "submit" }));
$("recall").addEventListener("click", () => send({ intent: "recall" }));
$("shuffle").addEventListener("click", () => send({ intent: "shuffle" }));
$("pass").addEventListener("click", () => send({ intent: "pass" }));
$("challenge").addEventListener("click", () => send({ intent: "challenge" }));
$("accept").addEventListener("click", () => send({ intent: "accept" }));
$("exchange").addEventListener("click", () => { exchanging = true; selected = null; draw(); });
$("exchange-cancel").addEventListener("click", () => { exchanging = false; marked.clear(); draw(); });
$("exchange-these").addEventListener("click", () => {
  send({ intent: "exchange", slots: [...marked] });
  exchanging = false;
  marked.clear();
  draw();
});
$("joker-cancel").addEventListener("click", () => send({ intent: "cancel-joker" }));
$("keypad").append(...Array.from({ length: 10 }, (_, digit) => {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = digit;
  button.addEventListener("click", () => send({ intent: "declare", digit }));
  return button;
}));

// A phone locked and back, or a tab brought forward: connect again at once if the
// connection went while it slept.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") connect();
});

connect();
