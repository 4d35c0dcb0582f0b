// A seat's page for the hex game (Abakus): it joins the room over a WebSocket, draws the last
// picture the server sent, and sends the moves the player taps. The server decides everything;
// this page keeps no game of its own, only what the player has picked up.
"use strict";

const token = location.pathname.split("/")[2] || "";
const secretKey = "abakus-secret-" + token;
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const S = 100; // a cell's size in the board's own units: centre to corner
const ROOT3 = Math.sqrt(3);

let socket = null;
let words = {};
let waiting = [];
let levels = []; // a room's computer levels to stand in for a player away: [id, name]
let view = null;
let number = 0; // the last message's number; the server refuses any not above the last
let retry = 0;
let finished = false; // refused, replaced or closed: no reconnecting
let aside = false;
let picked = null; // the cell of the stone picked up to slide
let refusal = null; // the rules' sentence for the last refused move, until the next tap
let saying = null; // a short sentence of the page's own (whose stone that is), until the next tap
let pending = null; // the cell just placed on, drawn faintly until the view brings the stone
let endingClosed = false;
let lastNotice = null;
let clockSince = 0;
let wasMine = false;
let drawnMoves = -1; // how many moves the board on the page shows, to animate only the next one
let zoom = 1; // the board's size over the size that fits the frame
let zoomedByHand = false;
let fitted = 0; // the board's width in pixels at zoom 1; 0 until it is fitted
let fittedFor = "";
let board = null; // the board drawn: its side, cells, their places and the SVG's layers
// A phone on its side or a laptop's window: the board on the left, a column beside it.
const wide = window.matchMedia("(orientation: landscape) and (max-height: 500px), (min-width: 900px) and (min-aspect-ratio: 5/4)");

const fallback = {
  "phone-connecting": "Connecting…",
  "phone-reconnecting": "The connection was lost; trying again…",
  "phone-refused-taken": "Another device already plays this seat.",
  "phone-refused-unknown": "This link no longer opens a seat.",
  "phone-replaced": "This seat is now played on another device or tab.",
  "phone-closed": "The game has ended.",
};

function word(id) {
  return words[id] || fallback[id] || "";
}

function setText(id, text) {
  const element = $(id);
  if (element.textContent !== text) element.textContent = text;
}

function toast(text) {
  if (!text) return;
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (box.hidden = true), 2500);
}

// The message card over the game: `kind` is "final" (nothing more will come), "calm", or
// "discreet" (a connection being made, the game still seen under it).
let messageShown = null;
function showMessage(titleId, textId, kind) {
  messageShown = { titleId, textId, kind };
  const title = titleId ? word(titleId) : "";
  setText("message-title", title);
  $("message-title").hidden = !title;
  setText("message-text", word(textId));
  $("message-spinner").hidden = kind === "final";
  const sheet = $("message");
  sheet.classList.toggle("calm", kind === "calm");
  sheet.classList.toggle("discreet", kind === "discreet");
  sheet.hidden = false;
  document.body.classList.toggle("final", kind === "final");
}

function hideMessage() {
  messageShown = null;
  $("message").hidden = true;
}

function finish(titleId, textId) {
  finished = true;
  clearTimeout(connect.slow);
  showMessage(titleId, textId, "final");
}

// ---- the connection ----

function connect() {
  if (finished || (socket && socket.readyState <= 1)) return;
  const secret = localStorage.getItem(secretKey);
  const query = secret ? "secret=" + secret : "token=" + token;
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const mine = new WebSocket(scheme + location.host + "/ws?" + query);
  socket = mine;
  // A quick connection shows nothing: the card comes only if the server is slow to answer.
  clearTimeout(connect.slow);
  if (!view && !retry) {
    connect.slow = setTimeout(() => {
      if (!view && !finished && !messageShown) showMessage(null, "phone-connecting", "discreet");
    }, 1500);
  }
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    if (socket !== mine) return;
    socket = null;
    if (finished) return;
    const final = { replaced: ["phone-replaced-title", "phone-replaced"],
      reopened: ["phone-old-code-title", "phone-refused-unknown"],
      released: ["phone-old-code-title", "phone-refused-unknown"],
      closed: ["phone-closed-title", "phone-closed"] }[event.reason];
    if (final) {
      finish(...final);
      return;
    }
    retry += 1;
    if (event.reason === "aside") aside = true;
    if (aside) {
      showMessage("phone-aside-title", "phone-aside", "calm");
    } else if (event.reason === "restarting") {
      // The server comes back in a moment: say so only if it takes a while.
      clearTimeout(connect.slow);
      connect.slow = setTimeout(() => {
        if (!socket || socket.readyState !== 1) showMessage(null, "phone-reconnecting", "discreet");
      }, 3000);
    } else {
      showMessage(null, "phone-reconnecting", "discreet");
    }
    setTimeout(connect, Math.min(1000 * retry, 5000));
  };
}

function send(intent) {
  if (!socket || socket.readyState !== 1 || !view) return false;
  number += 1;
  intent.n = number;
  socket.send(JSON.stringify(intent));
  return true;
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      localStorage.setItem(secretKey, message.secret);
      if (typeof message.choose_name === "string") offerName(message.choose_name);
      retry = 0;
      break;
    case "words":
      words = message.words || {};
      waiting = message.waiting || [];
      levels = message.levels || [];
      if (message.language) document.documentElement.lang = message.language;
      label();
      break;
    case "view":
      aside = false;
      clearTimeout(connect.slow);
      if (!finished) hideMessage();
      // Played again: the new game is shown as a new page would show it.
      if (view && view.over && !message.over) {
        endingClosed = false;
        picked = null;
        pending = null;
      }
      view = message;
      document.body.classList.add("ready");
      number = Math.max(number, message.taken || 0);
      draw();
      break;
    case "refused":
      if (message.reason === "unknown") localStorage.removeItem(secretKey);
      if (message.reason === "taken") finish("phone-taken-title", "phone-refused-taken");
      else finish("phone-old-code-title", "phone-refused-unknown");
      break;
    case "error":
      pending = null;
      if (message.code === "refused" && message.line) {
        refusal = message.line;
        saying = null;
        if (view) draw();
        shake();
      } else {
        if (view) draw();
        toast(words["phone-error-" + message.code] || word("phone-error-other"));
      }
      break;
  }
}

// ---- words ----

function label() {
  for (const [id, key] of [["ending-title", "phone-game-over"], ["see-board", "phone-see-board"],
    ["naming-title", "room-your-name"], ["naming-take", "room-take-seat"],
    ["show-result", "phone-show-result"], ["cancel", "phone-cancel"], ["rule", "hex-fewer-stones-win"],
    ["no-moves", "hex-no-moves-yet"], ["play-again", "room-play-again"], ["away-end", "room-end-game"]]) {
    setText(id, word(key));
  }
  const select = $("away-level");
  if (select.options.length !== levels.length) {
    select.replaceChildren(...levels.map(([id, name]) => new Option(name, id, id === "normal", id === "normal")));
  }
  setText("watch-word", words["hex-watching"] || words["phone-watching"] || "");
  if (words["hex-name"]) document.title = words["hex-name"];
  if (messageShown) showMessage(messageShown.titleId, messageShown.textId, messageShown.kind);
  if (view) draw();
}

const COLOURS = ["black", "white"];

function nameOf(v, seat) {
  return (v.names && v.names[seat]) || word("hex-" + COLOURS[seat]);
}

// ---- drawing ----

function draw() {
  const v = view;
  const mine = Boolean(v.your_turn && !v.over && v.you);
  if (mine && !wasMine && navigator.vibrate) navigator.vibrate(200);
  wasMine = mine;
  const moved = v.moves.length !== drawnMoves;
  if (moved) {
    refusal = null;
    saying = null;
    pending = null;
  }
  if (!mine || (picked && !(v.slides && v.slides[picked]))) picked = null;
  document.body.classList.toggle("watching", !v.you);
  document.body.classList.toggle("mine", mine);
  const status = $("status");
  const turnSeat = v.turn === "white" ? 1 : 0;
  status.textContent = v.over ? (v.status || word("phone-game-over"))
    : v.gathering ? word("phone-gathering")
    : mine ? word("phone-your-turn")
    : !v.you ? (v.status || waiting[turnSeat] || "")
    : (waiting[turnSeat] || v.status || "");
  status.classList.toggle("mine", mine);
  status.classList.toggle("long", Boolean(v.gathering && !v.over));
  $("watch-badge").hidden = Boolean(v.you);
  clockSince = performance.now();
  drawClock();
  drawPlayers(v);
  drawBoard(v);
  drawUnder(v, mine);
  drawMoves(v);
  drawNotice(v);
  drawEnding(v);
  drawRoomNotes(v);
  const watching = $("watching");
  watching.hidden = !v.watching_line;
  setText("watching", v.watching_line || "");
  if (!fitted || fittedFor !== fitKey()) fitBoard();
  sizeDrawer();
}

// Beside the board, the moves' list takes the column's height that is left, and scrolls.
function sizeDrawer() {
  const drawer = $("moves-drawer");
  if (!wide.matches) {
    drawer.style.maxHeight = "";
    return;
  }
  const top = drawer.getBoundingClientRect().top;
  const bottom = $("side").getBoundingClientRect().bottom;
  const watching = $("watching").hidden ? 0 : $("watching").offsetHeight + 10;
  drawer.style.maxHeight = Math.max(90, Math.floor(bottom - top - watching - 2)) + "px";
  drawer.scrollTop = drawer.scrollHeight;
}

function drawPlayers(v) {
  COLOURS.forEach((colour, seat) => {
    const row = $("player-" + colour);
    row.querySelector(".name").textContent = nameOf(v, seat);
    row.querySelector(".count").textContent = (v.stones && v.stones[seat]) || "";
    row.querySelector(".computer").hidden = !(v.computers && v.computers[seat]);
    row.classList.toggle("to-move", v.turn === colour && !v.over && !v.gathering);
    row.classList.toggle("me", v.you === colour);
    row.classList.toggle("winner", Boolean(v.over && v.over.winner === colour));
  });
}

function drawUnder(v, mine) {
  const line = $("line");
  let text = "";
  let kind = "";
  if (refusal) {
    text = refusal;
    kind = "refused";
  } else if (saying) {
    text = saying;
    kind = "note";
  } else if (picked && v.slides[picked]) {
    text = v.slides[picked].line || "";
    kind = "picked";
  } else if (mine) {
    const own = v.cells.some((cell) => cell.stone === v.you);
    text = word(own ? "hex-how-to-play" : "hex-how-to-place");
    kind = "hint";
  }
  line.textContent = text;
  line.className = kind;
  $("cancel").hidden = !picked;
}

// The game's record, a line a turn: Black's move and White's answer.
function drawMoves(v) {
  const moves = v.moves || [];
  setText("moves-title", word("hex-moves") + (moves.length ? " · " + moves.length : ""));
  $("no-moves").hidden = moves.length > 0;
  const list = $("moves");
  const drawn = list.dataset.moves || "";
  const record = moves.join(" ");
  if (drawn === record) return;
  list.dataset.moves = record;
  const items = [];
  for (let index = 0; index < moves.length; index += 2) {
    const item = document.createElement("li");
    const turn = document.createElement("span");
    turn.className = "turn";
    turn.textContent = index / 2 + 1 + ".";
    item.append(turn);
    for (const [offset, colour] of [[0, "black"], [1, "white"]]) {
      const move = moves[index + offset];
      const span = document.createElement("span");
      span.className = "move";
      if (move) {
        span.append(chip(colour), document.createTextNode(move));
        if (index + offset === moves.length - 1) span.classList.add("latest");
      }
      item.append(span);
    }
    items.push(item);
  }
  list.replaceChildren(...items);
  const drawer = $("moves-drawer");
  drawer.scrollTop = drawer.scrollHeight;
}

function chip(colour) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "-10 -10 20 20");
  svg.setAttribute("class", "chip");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", "#chip-" + colour);
  svg.append(use);
  return svg;
}

// The seconds left for the move as the view counted them, counted on between views.
function drawClock() {
  const clock = $("clock");
  const v = view;
  clock.hidden = !v || v.clock === null || v.clock === undefined || Boolean(v.over);
  if (clock.hidden) {
    clock.textContent = "";
    return;
  }
  const left = Math.max(0, v.clock - Math.floor((performance.now() - clockSince) / 1000));
  clock.textContent = left + " s";
  clock.classList.toggle("low", left <= 10);
}
setInterval(drawClock, 1000);

// The server's last notice (the clock played a move for someone), shown a while when new.
function drawNotice(v) {
  const notice = v.notice || null;
  if (notice === lastNotice) return;
  lastNotice = notice;
  const box = $("notice");
  clearTimeout(drawNotice.timer);
  box.hidden = !notice;
  if (!notice) return;
  box.textContent = notice;
  drawNotice.timer = setTimeout(() => (box.hidden = true), 7000);
}

function drawEnding(v) {
  $("ending").hidden = !v.over || endingClosed;
  $("show-result").hidden = !v.over || !endingClosed;
  if (!v.over) return;
  setText("ending-line", v.over.line || v.status || "");
  $("ending-counts").replaceChildren(...COLOURS.map((colour, seat) => {
    const item = document.createElement("li");
    item.dataset.colour = colour;
    item.dataset.count = v.over[colour];
    if (v.over.winner === colour) item.className = "winner";
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = nameOf(v, seat);
    const count = document.createElement("span");
    count.className = "count";
    count.textContent = (v.stones && v.stones[seat]) || String(v.over[colour]);
    item.append(chip(colour), name, count);
    return item;
  }));
}

// A room's notes: who the computer plays for, a player away too long with what the others may
// do, and at the end who would play again.
function drawRoomNotes(v) {
  const stood = v.stood_in || [];
  setText("stood-in", stood.join(" "));
  $("stood-in").hidden = stood.length === 0;
  $("away").hidden = !v.away;
  if (v.away) {
    setText("away-line", v.away.line || "");
    setText("away-stand-in", v.away.stand_in || "");
    $("away-end").hidden = !v.away.can_end;
  }
  $("room-notes").hidden = stood.length === 0 && !v.away;
  const again = v.over && v.play_again;
  $("play-again").hidden = !again || again.mine;
  $("play-again-line").hidden = !again || !again.line;
  setText("play-again-line", (again && again.line) || "");
}

// ---- the board ----

function svg(tag, attributes, parent) {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes || {})) element.setAttribute(key, value);
  if (parent) parent.append(element);
  return element;
}

// A hexagon lying flat (a corner to the right), as the cells lie.
function hexagon(radius) {
  const points = [];
  for (let corner = 0; corner < 6; corner += 1) {
    const angle = (Math.PI / 3) * corner;
    points.push((radius * Math.cos(angle)).toFixed(1) + "," + (radius * Math.sin(angle)).toFixed(1));
  }
  return points.join(" ");
}

// A hexagon standing on a point, its corners rounded: the board's wooden frame.
function roundedHexagon(radius, round) {
  const corners = [];
  for (let corner = 0; corner < 6; corner += 1) {
    const angle = (Math.PI / 3) * corner + Math.PI / 6;
    corners.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
  }
  const toward = (from, to, share) => [from[0] + (to[0] - from[0]) * share, from[1] + (to[1] - from[1]) * share];
  const edge = radius; // a regular hexagon's edge is its radius
  const share = Math.min(0.45, round / edge);
  let path = "";
  corners.forEach((corner, index) => {
    const before = corners[(index + 5) % 6];
    const after = corners[(index + 1) % 6];
    const start = toward(corner, before, share);
    const end = toward(corner, after, share);
    path += (index === 0 ? "M" : "L") + start.map((n) => n.toFixed(1)).join(",")
      + "Q" + corner.map((n) => n.toFixed(1)).join(",") + " " + end.map((n) => n.toFixed(1)).join(",");
  });
  return path + "Z";
}

const DEFS = `
<linearGradient id="bevel" x1="0" y1="0" x2="0.7" y2="1">
  <stop offset="0" stop-color="#f0d3a0"/><stop offset="0.5" stop-color="#d9b37c"/><stop offset="1" stop-color="#a87c4c"/>
</linearGradient>
<radialGradient id="cell-top" cx="0.45" cy="0.4" r="0.7">
  <stop offset="0" stop-color="#e2c08c"/><stop offset="1" stop-color="#d3aa70"/>
</radialGradient>
<linearGradient id="frame-wood" x1="0" y1="0" x2="0.35" y2="1">
  <stop offset="0" stop-color="#80532f"/><stop offset="1" stop-color="#5a3820"/>
</linearGradient>
<radialGradient id="black-stone" cx="0.38" cy="0.34" r="0.72" fx="0.34" fy="0.28">
  <stop offset="0" stop-color="#8a8c96"/><stop offset="0.32" stop-color="#3b3b42"/>
  <stop offset="0.75" stop-color="#222226"/><stop offset="1" stop-color="#141416"/>
</radialGradient>
<radialGradient id="white-stone" cx="0.4" cy="0.36" r="0.72" fx="0.34" fy="0.28">
  <stop offset="0" stop-color="#ffffff"/><stop offset="0.45" stop-color="#f4f0e6"/>
  <stop offset="0.85" stop-color="#d8d0c0"/><stop offset="1" stop-color="#b8b0a0"/>
</radialGradient>
<radialGradient id="stone-shadow">
  <stop offset="0.55" stop-color="#1a0f05" stop-opacity="0.55"/><stop offset="1" stop-color="#1a0f05" stop-opacity="0"/>
</radialGradient>
<filter id="board-shadow" x="-10%" y="-10%" width="120%" height="125%">
  <feDropShadow dx="0" dy="${0.35 * S}" stdDeviation="${0.35 * S}" flood-color="#000" flood-opacity="0.5"/>
</filter>
<g id="stone-black">
  <ellipse class="shadow" cx="${0.07 * S}" cy="${0.12 * S}" rx="${0.86 * S}" ry="${0.84 * S}" fill="url(#stone-shadow)"/>
  <circle r="${0.76 * S}" fill="url(#black-stone)"/>
  <ellipse cx="${-0.26 * S}" cy="${-0.34 * S}" rx="${0.24 * S}" ry="${0.13 * S}" transform="rotate(-30 ${-0.26 * S} ${-0.34 * S})" fill="#fff" opacity="0.28"/>
</g>
<g id="stone-white">
  <ellipse class="shadow" cx="${0.07 * S}" cy="${0.12 * S}" rx="${0.86 * S}" ry="${0.84 * S}" fill="url(#stone-shadow)"/>
  <circle r="${0.76 * S}" fill="url(#white-stone)" stroke="#9a917f" stroke-opacity="0.55" stroke-width="${0.02 * S}"/>
  <ellipse cx="${-0.26 * S}" cy="${-0.34 * S}" rx="${0.24 * S}" ry="${0.13 * S}" transform="rotate(-30 ${-0.26 * S} ${-0.34 * S})" fill="#fff" opacity="0.9"/>
  <circle r="${0.25 * S}" fill="none" stroke="#a39a86" stroke-width="${0.065 * S}"/>
</g>`;

// A cell's place from the view's axial coordinates, as the game window draws it (hexx's flat
// layout, its y turned up): column A on the left, row 1 at the bottom.
function places(cells) {
  const at = new Map();
  for (const cell of cells) {
    const x = 1.5 * cell.q * S;
    const y = ROOT3 * (cell.r + cell.q / 2) * S;
    at.set(cell.cell, { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 });
  }
  return at;
}

const key = (x, y) => Math.round(x / 10) + ":" + Math.round(y / 10);

function buildBoard(v) {
  const root = $("board");
  root.replaceChildren();
  const at = places(v.cells);
  const byPlace = new Map();
  for (const [name, place] of at) byPlace.set(key(place.x, place.y), name);
  const rings = v.side - 1;
  // The frame: its straight edges lie beyond the outer cells' corners by the names' band.
  const apothem = 1.5 * rings * S + 1.72 * S;
  const radius = apothem / (ROOT3 / 2);
  const margin = 0.2 * S;
  const width = 2 * apothem + 2 * margin;
  const height = 2 * radius + 2 * margin + 0.3 * S;
  root.setAttribute("viewBox", [-width / 2, -radius - margin, width, height].map((n) => n.toFixed(1)).join(" "));
  const defs = svg("defs", {}, root);
  defs.innerHTML = DEFS;
  const frame = svg("g", { class: "frame" }, root);
  svg("path", { d: roundedHexagon(radius, 1.4 * S), fill: "url(#frame-wood)", filter: "url(#board-shadow)" }, frame);
  svg("path", { d: roundedHexagon(radius - 0.12 * S, 1.3 * S), fill: "none", stroke: "#9a6a40", "stroke-width": 0.06 * S, opacity: 0.8 }, frame);
  svg("path", { d: roundedHexagon(apothem / (ROOT3 / 2) - 1.55 * S, 0.6 * S), fill: "#3e2614", opacity: 0.55 }, frame);
  const cellsLayer = svg("g", { class: "cells" }, root);
  const elements = new Map();
  for (const cell of v.cells) {
    const place = at.get(cell.cell);
    const g = svg("g", { class: "cell", "data-cell": cell.cell, "data-stone": "", transform: `translate(${place.x} ${place.y})` }, cellsLayer);
    svg("polygon", { points: hexagon(0.97 * S), fill: "url(#bevel)" }, g);
    svg("polygon", { class: "top", points: hexagon(0.8 * S), fill: "url(#cell-top)" }, g);
    svg("polygon", { class: "tint", points: hexagon(0.97 * S) }, g);
    elements.set(cell.cell, g);
  }
  // The cells' names along the left and the bottom, as the rules' sentences name them.
  const labels = svg("g", { class: "labels", "font-size": 0.5 * S }, root);
  const columns = new Map();
  const rows = new Map();
  for (const [name, place] of at) {
    const column = name[0];
    const row = name.slice(1);
    if (!columns.has(column) || place.y > columns.get(column).y) columns.set(column, place);
    if (!rows.has(row) || place.x < rows.get(row).x) rows.set(row, place);
  }
  const step = 0.87 * S;
  for (const [column, place] of columns) {
    svg("text", { x: place.x, y: place.y + ROOT3 * step, dy: "0.35em" }, labels).textContent = column;
  }
  for (const [row, place] of rows) {
    svg("text", { x: place.x - 1.5 * step, y: place.y - (ROOT3 / 2) * step, dy: "0.35em" }, labels).textContent = row;
  }
  const marks = svg("g", { class: "marks" }, root);
  const stones = svg("g", { class: "stones" }, root);
  const over = svg("g", { class: "over" }, root);
  fitted = 0;
  zoom = 1;
  zoomedByHand = false;
  board = { side: v.side, names: v.cells.map((cell) => cell.cell).join(), at, byPlace, elements, marks, stones, over, stoneOf: new Map() };
  drawnMoves = -1;
}

// The six neighbours of a cell, by place, across each of its edges in turn.
function neighbours(name) {
  const place = board.at.get(name);
  const around = [];
  for (let edge = 0; edge < 6; edge += 1) {
    const angle = (Math.PI / 3) * edge + Math.PI / 6;
    around.push(board.byPlace.get(key(place.x + ROOT3 * S * Math.cos(angle), place.y + ROOT3 * S * Math.sin(angle))));
  }
  return around;
}

function drawBoard(v) {
  if (!board || board.side !== v.side || board.names !== v.cells.map((cell) => cell.cell).join()) buildBoard(v);
  const grow = drawnMoves >= 0 && v.moves.length === drawnMoves + 1 && v.last;
  const stones = new Map(v.cells.map((cell) => [cell.cell, cell.stone]));
  // The stones that came, went or changed colour; the others keep their elements.
  for (const [name, stone] of stones) {
    const cell = board.elements.get(name);
    const shown = board.stoneOf.get(name);
    const colour = stone || "";
    if (cell.dataset.stone !== colour) cell.dataset.stone = colour;
    cell.setAttribute("aria-label", name + (stone ? " " + word("hex-" + stone) : ""));
    if ((shown && shown.dataset.colour) === colour) continue;
    if (shown) {
      shown.remove();
      board.stoneOf.delete(name);
    }
    if (!stone) continue;
    const place = board.at.get(name);
    const outer = svg("g", { class: "stone", "data-colour": stone, transform: `translate(${place.x} ${place.y})` }, board.stones);
    const body = svg("g", { class: "body" }, outer);
    svg("use", { href: "#stone-" + stone }, body);
    board.stoneOf.set(name, outer);
  }
  if (grow) animateLast(v);
  drawnMoves = v.moves.length;
  drawMarks(v);
}

// The last move, played again briefly: a placed stone drops in, a slid one travels.
function animateLast(v) {
  const outer = board.stoneOf.get(v.last.to);
  if (!outer) return;
  const body = outer.firstChild;
  if (v.last.from && board.at.has(v.last.from)) {
    const from = board.at.get(v.last.from);
    const to = board.at.get(v.last.to);
    // Drawn last, the travelling stone passes over the others.
    board.stones.append(outer);
    body.style.transition = "none";
    body.style.transform = `translate(${from.x - to.x}px, ${from.y - to.y}px)`;
    body.getBoundingClientRect();
    body.style.transition = "";
    body.classList.add("sliding");
    body.style.transform = "";
    setTimeout(() => body.classList.remove("sliding"), 400);
  } else {
    body.classList.add("dropping");
    body.addEventListener("animationend", () => body.classList.remove("dropping"), { once: true });
  }
}

// What lies over the stones: the last move's marks, the picked stone's group and targets,
// and a stone just placed that the server has not confirmed yet.
function drawMarks(v) {
  const { marks, over } = board;
  marks.replaceChildren();
  over.replaceChildren();
  for (const [name, element] of board.stoneOf) element.classList.toggle("picked", name === picked);
  for (const cell of board.elements.values()) cell.classList.remove("group", "target", "from");
  for (const ring of board.stones.querySelectorAll(".last")) ring.remove();
  if (v.last && v.last.to && board.at.has(v.last.to)) {
    // The ring lies on the stone itself, and travels or drops with it.
    const stone = board.stoneOf.get(v.last.to);
    if (stone) svg("circle", { class: "last", r: 0.47 * S }, stone.firstChild);
    if (v.last.from && board.at.has(v.last.from)) {
      const from = board.at.get(v.last.from);
      board.elements.get(v.last.from).classList.add("from");
      svg("circle", { class: "left", cx: from.x, cy: from.y, r: 0.36 * S }, marks);
    }
  }
  if (picked && v.slides[picked]) {
    const slide = v.slides[picked];
    const group = new Set(slide.group);
    group.add(picked);
    let outline = "";
    for (const name of group) {
      const cell = board.elements.get(name);
      if (!cell) continue;
      cell.classList.add("group");
      const place = board.at.get(name);
      const around = neighbours(name);
      for (let edge = 0; edge < 6; edge += 1) {
        if (group.has(around[edge])) continue;
        // Edge `edge` runs between corners `edge` and `edge + 1`.
        const a = (Math.PI / 3) * edge;
        const b = (Math.PI / 3) * (edge + 1);
        const r = 0.97 * S;
        outline += `M${(place.x + r * Math.cos(a)).toFixed(1)},${(place.y + r * Math.sin(a)).toFixed(1)}`
          + `L${(place.x + r * Math.cos(b)).toFixed(1)},${(place.y + r * Math.sin(b)).toFixed(1)}`;
      }
    }
    svg("path", { class: "group-outline", d: outline }, over);
    // The picked stone, lifted, is drawn over its neighbours.
    board.stones.append(board.stoneOf.get(picked));
    for (const target of slide.targets) {
      const place = board.at.get(target);
      if (!place) continue;
      board.elements.get(target).classList.add("target");
      svg("circle", { class: "target-dot", cx: place.x, cy: place.y, r: 0.21 * S }, over);
    }
  }
  if (pending && board.at.has(pending.cell) && !board.stoneOf.has(pending.cell)) {
    const place = board.at.get(pending.cell);
    const ghost = svg("g", { class: "pending", transform: `translate(${place.x} ${place.y})` }, over);
    svg("use", { href: "#stone-" + pending.colour }, ghost);
  }
}

// The picked stone shakes: the rules refused its slide.
function shake() {
  const outer = picked && board && board.stoneOf.get(picked);
  if (!outer) return;
  const body = outer.firstChild;
  body.classList.remove("shaking");
  body.getBoundingClientRect();
  body.classList.add("shaking");
  body.addEventListener("animationend", () => body.classList.remove("shaking"), { once: true });
}

// ---- the board's size ----

function fitKey() {
  const table = $("table");
  return (view ? view.side : 0) + ":" + table.clientWidth + "x" + table.clientHeight;
}

function boxOf() {
  const box = $("board").viewBox.baseVal;
  return { width: box.width || 1, height: box.height || 1 };
}

// The room the board may take: the table less the line under it, kept for the longest
// sentence the rules say, so that a refusal never moves the board.
function room() {
  const table = $("table");
  const under = $("under");
  const reserved = Math.max(under.offsetHeight, parseFloat(getComputedStyle(under).minHeight) || 0);
  return { width: table.clientWidth, height: table.clientHeight - reserved - 4 };
}

// The whole board in the frame, as large as it goes; a size chosen by hand is kept, and where
// the player looked.
function fitBoard() {
  if (!view || !board) return;
  const box = boxOf();
  const space = room();
  const scale = Math.min((space.width - 2) / box.width, (space.height - 2) / box.height);
  fitted = Math.max(120, box.width * scale);
  fittedFor = fitKey();
  if (!zoomedByHand) zoom = 1;
  // A cell as tall as a fingertip needs no zooming: the buttons go.
  const cell = (fitted / box.width) * ROOT3 * S;
  document.body.classList.toggle("roomy", cell >= 46);
  setSize();
  if (!zoomedByHand) {
    const frame = $("board-frame");
    frame.scrollLeft = 0;
    frame.scrollTop = 0;
  }
}

function setSize() {
  const box = boxOf();
  const width = Math.round(fitted * zoom);
  const element = $("board");
  element.style.width = width + "px";
  element.style.height = Math.round((width * box.height) / box.width) + "px";
  // The cells' names readable on a small board, and not shouting on a large one.
  const perUnit = width / box.width;
  const labels = element.querySelector(".labels");
  if (labels) {
    const pixels = Math.min(18, Math.max(9, 0.5 * S * perUnit));
    labels.setAttribute("font-size", Math.min(0.7 * S, pixels / perUnit).toFixed(1));
  }
  document.body.classList.toggle("zoomed", zoom > 1.01);
}

// Zooms by `factor` keeping the board's point under (x, y), in the frame's own pixels, where it is.
function zoomAround(factor, x, y) {
  if (!fitted) return;
  const frame = $("board-frame");
  const element = $("board");
  const before = element.getBoundingClientRect();
  const room = frame.getBoundingClientRect();
  const share = { x: (x - (before.left - room.left)) / before.width, y: (y - (before.top - room.top)) / before.height };
  zoom = Math.min(4, Math.max(1, zoom * factor));
  zoomedByHand = zoom > 1.01;
  setSize();
  const after = element.getBoundingClientRect();
  const frameNow = frame.getBoundingClientRect();
  // Where the board starts in the frame's scrolled content, then the point put back under (x, y).
  const left = after.left - frameNow.left + frame.scrollLeft;
  const top = after.top - frameNow.top + frame.scrollTop;
  frame.scrollLeft = left + share.x * after.width - x;
  frame.scrollTop = top + share.y * after.height - y;
}

function zoomMiddle(factor) {
  const frame = $("board-frame");
  zoomAround(factor, frame.clientWidth / 2, frame.clientHeight / 2);
}
$("zoom-in").addEventListener("click", () => zoomMiddle(1.25));
$("zoom-out").addEventListener("click", () => zoomMiddle(0.8));

window.addEventListener("resize", () => {
  if (!view) return;
  requestAnimationFrame(() => {
    if (fittedFor !== fitKey()) fitBoard();
    sizeDrawer();
  });
});

// ---- taps ----

function stoneOn(name) {
  const cell = view.cells.find((c) => c.cell === name);
  return cell ? cell.stone : null;
}

function tap(name) {
  const v = view;
  if (!v || !v.you || !v.your_turn || v.over || v.gathering || finished) return;
  refusal = null;
  saying = null;
  const stone = stoneOn(name);
  if (stone === v.you) {
    picked = picked === name ? null : name;
  } else if (stone) {
    saying = word("hex-not-yours-" + stone);
    picked = null;
  } else if (picked) {
    // A target or not, the server judges the slide; a refusal comes back with the reason.
    send({ type: "move", move: picked + "-" + name });
  } else if (!pending && send({ type: "move", move: name })) {
    pending = { cell: name, colour: v.you };
  }
  draw();
}

$("board").addEventListener("click", (event) => {
  const cell = event.target.closest && event.target.closest("[data-cell]");
  if (cell) tap(cell.dataset.cell);
});

// Two fingers on the board zoom it around the point between them.
const touches = new Map();
let pinch = null;
$("board-frame").addEventListener("pointerdown", (e) => touches.set(e.pointerId, e));
$("board-frame").addEventListener("pointermove", (e) => {
  if (!touches.has(e.pointerId)) return;
  touches.set(e.pointerId, e);
  if (touches.size !== 2) return;
  const [a, b] = [...touches.values()];
  const distance = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
  if (pinch) {
    const room = $("board-frame").getBoundingClientRect();
    zoomAround(distance / pinch, (a.clientX + b.clientX) / 2 - room.left, (a.clientY + b.clientY) / 2 - room.top);
  }
  pinch = distance;
});
for (const type of ["pointerup", "pointercancel", "pointerleave"]) {
  $("board-frame").addEventListener(type, (e) => {
    touches.delete(e.pointerId);
    pinch = null;
  });
}

function putDown() {
  if (!picked) return;
  picked = null;
  refusal = null;
  if (view) draw();
}

$("cancel").addEventListener("click", putDown);
$("see-board").addEventListener("click", () => { endingClosed = true; draw(); });
$("play-again").addEventListener("click", () => send({ type: "play-again" }));
$("away-stand-in").addEventListener("click", () => send({ type: "stand-in", level: $("away-level").value }));
$("away-end").addEventListener("click", () => send({ type: "end-game" }));
$("show-result").addEventListener("click", () => { endingClosed = false; draw(); });
$("notice").addEventListener("click", () => { $("notice").hidden = true; });
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") putDown();
  else if (event.key === "+" || event.key === "=") zoomMiddle(1.25);
  else if (event.key === "-") zoomMiddle(0.8);
});

// The moves' list: a drawer on a phone, a column of its own beside the board on a wide screen,
// where it is always open.
function layout() {
  if (wide.matches) $("moves-box").open = true;
  sizeDrawer();
}
wide.addEventListener("change", layout);
layout();
$("moves-box").addEventListener("toggle", () => {
  if (!$("moves-box").open) return;
  const drawer = $("moves-drawer");
  drawer.scrollTop = drawer.scrollHeight;
  if (wide.matches) return;
  const top = $("facts").getBoundingClientRect().top;
  document.documentElement.style.setProperty("--drawer-bottom", Math.max(8, window.innerHeight - top + 4) + "px");
});
// A tap anywhere else puts the opened list away again (on a phone).
document.addEventListener("pointerdown", (event) => {
  if (!wide.matches && $("moves-box").open && !$("moves-box").contains(event.target)) $("moves-box").open = false;
});

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") connect();
});

try {
  const pageWords = JSON.parse($("page-words").textContent);
  if (pageWords) receive(Object.assign({ type: "words" }, pageWords));
} catch (error) {
  // A page served without its words still plays; the socket brings them.
}
label();


// ---- a name chosen on taking the seat ----

// A person who has just taken their seat, before the game begins, may play by another name
// than the one the room was made with.
let offeredName = "";

function offerName(offered) {
  offeredName = offered || "";
  $("naming-name").value = offeredName;
  $("naming").hidden = false;
}

$("naming-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("naming-name").value.trim();
  $("naming").hidden = true;
  if (name && name !== offeredName) send({ type: "name", name });
});

connect();
