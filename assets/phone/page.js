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
let levels = []; // a room's computer levels to stand in for a player away: [id, name]
let view = null;
let number = 0; // the last message's number; the big screen refuses any not above the last
let selected = null; // the rack slot tapped, to be laid with the next tap on a square
let marked = new Set(); // the rack slots chosen for an exchange
let exchanging = false;
let zoom = 0; // 0 until the board is fitted to the frame, then the squares' size over 34 px
let zoomedByHand = false; // + − or two fingers since the last fit: a turn of the phone keeps it
let fittedWidth = 0; // the window's width at the last fit
let retry = 0;
let finished = false; // refused, replaced or closed: no reconnecting
let aside = false; // the game is off the big screen for a while
let wasLaying = false;
let endingClosed = false; // the end's card put away to look at the final board
let boothResult = null; // a booth's card of the visitor's result, at the end
let lastNotice = null;
let dragTarget = null; // the square a dragged tile would land on, kept across redraws
let rackDrawn = ""; // the rack the tiles on the page show, so that a redraw keeps them
let jokerShown = null; // the joker's square the keypad was last opened for
let clockSince = 0; // when the view's seconds were counted, to count on between views

// The few texts the page may need before any words came (a first start with no server words,
// or a closed connection): in English, never a message's id.
const fallback = {
  "phone-connecting": "Connecting…",
  "phone-reconnecting": "The connection was lost; trying again…",
  "phone-aside": "The game has left the big screen for a moment; this page comes back to it by itself.",
  "phone-refused-taken": "Another phone already plays this seat.",
  "phone-refused-unknown": "This code no longer opens a seat. Scan the code on the big screen again.",
  "phone-replaced": "This seat is now played on another phone or tab.",
  "phone-closed": "The game on the big screen has ended.",
};

function word(id) {
  return words[id] || fallback[id] || "";
}

function setText(id, text) {
  $(id).textContent = text;
}

function toast(text) {
  if (!text) return;
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (box.hidden = true), 2500);
}

// The message card over the game: `kind` is "final" (nothing more will come), "calm" (the
// game is away and comes back), or "discreet" (a connection being made, the game still seen).
let messageShown = null; // the ids of the card's title and text, to say it again in new words
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
  // Behind TLS (a server on the internet) the socket is a secure one too.
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const mine = new WebSocket(scheme + location.host + "/ws?" + query);
  socket = mine;
  // A quick connection shows nothing: the card comes only if the game is slow to answer.
  clearTimeout(connect.slow);
  if (!view && !aside && !retry) {
    connect.slow = setTimeout(() => {
      if (!view && !finished && !messageShown) showMessage(null, "phone-connecting", "discreet");
    }, 1500);
  }
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    // A socket replaced meanwhile (the page brought forward while the old one was closing)
    // says nothing of the one that holds the seat now.
    if (socket !== mine) return;
    socket = null;
    if (finished) return;
    const final = { replaced: ["phone-replaced-title", "phone-replaced"],
      reopened: ["phone-old-code-title", "phone-refused-unknown"],
      released: ["phone-old-code-title", "phone-refused-unknown"],
      closed: ["phone-closed-title", "phone-closed"] }[event.reason];
    if (final) {
      // A booth's visitor keeps their result on their phone after the big screen moves on.
      if (event.reason === "closed" && view && view.over && boothResult) {
        finished = true;
        return;
      }
      finish(...final);
      return;
    }
    // The game has left the big screen for a while: its seat waits for this phone.
    if (event.reason === "aside") aside = true;
    retry += 1;
    if (aside) showMessage("phone-aside-title", "phone-aside", "calm");
    else showMessage(null, "phone-reconnecting", "discreet");
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
      // A rematch on the same seat: the new game is shown as a new page would show it.
      if (view && view.over && !message.over) newGame();
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
      toast(words["phone-error-" + message.code] || word("phone-error-other"));
      // A name the server did not take: the names offered come back to pick from.
      if (message.code === "not-offered" && view && !view.over) $("picking").hidden = false;
      break;
    case "names":
      offerNames(message.names || [], message.more);
      break;
    case "booth-result":
      boothResult = message;
      if (view) draw();
      break;
  }
}

function newGame() {
  zoom = 0;
  zoomedByHand = false;
  selected = null;
  marked.clear();
  exchanging = false;
  endingClosed = false;
  boothResult = null;
  $("pass-confirm").hidden = true;
}

// ---- drawing ----

function label() {
  for (const [id, key] of [["submit", "phone-submit"], ["recall", "phone-recall"],
    ["shuffle", "phone-shuffle"], ["exchange", "phone-exchange"], ["pass", "phone-pass"],
    ["challenge", "phone-challenge"], ["accept", "phone-accept"],
    ["exchange-these", "phone-exchange-these"], ["exchange-cancel", "phone-cancel"],
    ["exchange-choose", "phone-exchange-choose"], ["joker-prompt", "phone-joker-prompt"],
    ["joker-cancel", "phone-cancel"], ["unseen-title", "phone-unseen"],
    ["log-title", "phone-log"], ["ending-title", "phone-game-over"],
    ["naming-title", "room-your-name"], ["naming-take", "room-take-seat"],
    ["picking-title", "phone-pick-name"], ["picking-about", "phone-pick-name-about"],
    ["picking-more", "phone-other-names"], ["booth-copy", "phone-copy"],
    ["booth-picture", "phone-board-picture"],
    ["pass-confirm-text", "phone-pass-confirm"], ["pass-yes", "phone-pass"],
    ["pass-no", "phone-cancel"], ["see-board", "phone-see-board"],
    ["show-result", "phone-show-result"], ["play-again", "room-play-again"],
    ["away-end", "room-end-game"]]) {
    setText(id, word(key));
  }
  const select = $("away-level");
  if (select.options.length !== levels.length) {
    select.replaceChildren(...levels.map(([id, name]) => new Option(name, id, id === "normal", id === "normal")));
  }
  if (messageShown) showMessage(messageShown.titleId, messageShown.textId, messageShown.kind);
  if (view) draw();
}

function draw() {
  const v = view;
  const mine = v.laying;
  if (mine && !wasLaying && navigator.vibrate) navigator.vibrate(200);
  wasLaying = mine;
  if (!mine) {
    selected = null;
    exchanging = false;
    marked.clear();
    $("pass-confirm").hidden = true;
  }
  const status = $("status");
  status.textContent = v.over ? word("phone-game-over")
    : v.gathering ? word("phone-gathering")
    : mine ? word("phone-your-turn") : (waiting[v.to_move] || "");
  status.classList.toggle("mine", mine);
  // A watcher's page has no rack and no buttons: it shows the table alone.
  document.body.classList.toggle("watching", v.seat === null);
  clockSince = performance.now();
  drawClock();
  drawScores(v);
  drawBoard(v);
  drawPreview(v);
  drawRack(v);
  drawActions(v);
  drawFacts(v);
  drawNotice(v);
  drawEnding(v);
  drawRoomNotes(v);
  // The fit waits for everything else, which decides how much room the board has.
  if (!zoom) fitBoard();
  drawJoker(v);
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

function columnName(column) {
  return String.fromCharCode(65 + column);
}

function cellName(index, width) {
  return columnName(index % width) + (Math.floor(index / width) + 1);
}

// The squares are made once per board and then only changed, so that a view every second
// (a turn clock) keeps the elements a finger is dragging over, and their highlight.
function drawBoard(v) {
  const board = $("board");
  const { width, squares } = v.board;
  const height = v.board.height || Math.ceil(squares.length / width);
  if (board.dataset.size !== width + "x" + height) {
    board.dataset.size = width + "x" + height;
    board.style.gridTemplateColumns = "var(--label) repeat(" + width + ", var(--square))";
    board.style.gridTemplateRows = "var(--label) repeat(" + height + ", var(--square))";
    const corner = document.createElement("div");
    corner.className = "name corner";
    const parts = [corner];
    for (let column = 0; column < width; column += 1) {
      const name = document.createElement("div");
      name.className = "name column-name";
      name.textContent = columnName(column);
      parts.push(name);
    }
    for (let index = 0; index < squares.length; index += 1) {
      if (index % width === 0) {
        const name = document.createElement("div");
        name.className = "name row-name";
        name.textContent = index / width + 1;
        parts.push(name);
      }
      const cell = document.createElement("div");
      cell.dataset.cell = cellName(index, width);
      parts.push(cell);
    }
    board.replaceChildren(...parts);
    dragTarget = null;
  }
  const cells = board.querySelectorAll("[data-cell]");
  squares.forEach((square, index) => {
    const cell = cells[index];
    let className = "square";
    let text = "";
    let mark = "";
    if (square.tile) {
      className += " tiled" + (square.new ? " new" : "");
      text = square.tile.startsWith("?") && square.tile.length > 1
        ? square.tile.slice(1) + "*" : square.tile;
    } else if (square.bonus !== ".") {
      className += " " + (square.bonus === "*" ? "bonus-start" : "bonus-" + square.bonus);
      mark = { t: "2×", T: "3×", e: "Σ2×", E: "Σ3×", "*": "★" }[square.bonus] || "";
    }
    if (cell === dragTarget) className += " target";
    if (v.joker && cell.dataset.cell === v.joker) className += " joker-here";
    if (cell.className !== className) cell.className = className;
    // The tile's own text, "?" for a blank joker that a digit from the rack may replace.
    const tile = square.tile || "";
    if (cell.dataset.tile !== tile || cell.dataset.mark !== mark) {
      cell.dataset.tile = tile;
      cell.dataset.mark = mark;
      if (mark) {
        const span = document.createElement("span");
        span.className = "mark";
        span.textContent = mark;
        cell.replaceChildren(span);
      } else {
        cell.textContent = text;
      }
    }
  });
}

function drawPreview(v) {
  const box = $("preview");
  box.replaceChildren();
  if (!v.preview) return;
  if (v.preview.refused) {
    const line = document.createElement("div");
    line.className = "refused";
    line.textContent = v.preview.refused;
    box.append(line);
    return;
  }
  for (const example of v.preview.examples || []) {
    const sum = document.createElement("span");
    sum.className = "sum";
    const points = document.createElement("small");
    points.textContent = " " + example.points;
    sum.append(example.reading, points);
    box.append(sum);
  }
  const total = document.createElement("span");
  total.className = "total";
  total.textContent = "→ " + v.preview.points;
  box.append(total);
}

function drawRack(v) {
  const rack = $("rack");
  const drawn = JSON.stringify(v.rack);
  // The same tiles keep their elements: one may be under a finger right now.
  if (drawn !== rackDrawn) {
    rackDrawn = drawn;
    rack.replaceChildren(...v.rack.map((tile) => {
      const element = document.createElement("div");
      element.className = "tile";
      element.textContent = tile.tile;
      element.dataset.slot = tile.slot;
      element.addEventListener("pointerdown", (event) => pickUp(event, tile.slot, element));
      return element;
    }));
  }
  for (const element of rack.children) {
    const slot = Number(element.dataset.slot);
    element.classList.toggle("selected", selected === slot);
    element.classList.toggle("marked", marked.has(slot));
  }
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

// The turn's seconds left as the view counted them, counted on between views.
function drawClock() {
  const clock = $("clock");
  const v = view;
  clock.hidden = !v || v.clock === null || v.clock === undefined;
  if (clock.hidden) {
    clock.textContent = "";
    return;
  }
  const left = Math.max(0, v.clock - Math.floor((performance.now() - clockSince) / 1000));
  clock.textContent = left + " s";
  clock.classList.toggle("low", left <= 10);
}
setInterval(drawClock, 1000);

function drawFacts(v) {
  // A short game says so, and how far it has come.
  const short = $("short-form");
  short.hidden = !v.short_form;
  short.textContent = v.short_form || "";
  setText("bag", "🂠 " + v.bag);
  const watching = $("watching");
  watching.hidden = !v.watching_line;
  watching.textContent = v.watching_line || "";
  $("unseen").replaceChildren(...Object.entries(v.unseen).map(([tile, count]) => {
    const span = document.createElement("span");
    span.textContent = (tile === "?" ? word("joker") || "?" : tile) + " ×" + count;
    return span;
  }));
  // Newest first, as the view sends it, and without numbers that would make it look first.
  $("log").replaceChildren(...v.log.map((entry) => {
    const item = document.createElement("li");
    if (entry.line) {
      item.textContent = entry.line;
    } else {
      const what = entry.kind === "exchange" ? word("phone-exchange") + " " + entry.tiles
        : entry.kind === "pass" ? word("phone-pass") : entry.text || "";
      item.textContent = v.names[entry.player] + ": " + what + " (" + entry.points + ")";
    }
    return item;
  }));
}

// The screen's last notice, shown a while when it is new: how a player learns that the clock
// ended their turn.
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

function drawJoker(v) {
  const open = Boolean(v.laying && v.joker);
  $("joker").hidden = !open;
  const board = $("board");
  if (!open) {
    jokerShown = null;
    board.style.paddingBottom = "";
    board.style.paddingRight = "";
    return;
  }
  if (jokerShown === v.joker) return;
  jokerShown = v.joker;
  const card = $("joker").querySelector(".card").getBoundingClientRect();
  const frame = $("board-frame");
  const room = frame.getBoundingClientRect();
  // The part of the frame the keypad leaves free: above it upright, left of it lying. Room
  // under or beside the board lets even a square at its edge come out from under the keypad.
  const lying = card.left > room.left + 40;
  const covered = lying ? room.right - card.left : room.bottom - card.top;
  if (covered > 0) board.style[lying ? "paddingRight" : "paddingBottom"] = Math.round(covered) + "px";
  const bottom = lying ? room.bottom : Math.min(room.bottom, card.top);
  const right = lying ? Math.min(room.right, card.left) : room.right;
  const square = board.querySelector('[data-cell="' + v.joker + '"]');
  if (!square) return;
  const spot = square.getBoundingClientRect();
  const names = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--label")) || 0;
  const margin = 8;
  if (spot.bottom > bottom - margin) frame.scrollTop += spot.bottom - bottom + spot.height;
  else if (spot.top < room.top + names + margin) frame.scrollTop -= room.top + names + margin - spot.top;
  if (spot.right > right - margin) frame.scrollLeft += spot.right - right + spot.width;
  else if (spot.left < room.left + names + margin) frame.scrollLeft -= room.left + names + margin - spot.left;
}

function drawEnding(v) {
  // A name is picked before the end, or not at all.
  if (v.over) $("picking").hidden = true;
  $("ending").hidden = !v.over || endingClosed;
  $("show-result").hidden = !v.over || !endingClosed;
  drawBoothResult(v);
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

// A booth's visitor's result: the place on today's table, the score, a line to share, the
// final board as a picture to keep, and the organiser's page.
function drawBoothResult(v) {
  const card = v.over && boothResult;
  $("booth-result").hidden = !card;
  if (!card) return;
  setText("booth-place", card.place);
  $("booth-place").classList.toggle("first", !!card.first);
  setText("booth-score", card.score);
  if ($("booth-share").value !== card.share) $("booth-share").value = card.share;
  const picture = $("booth-picture");
  if (picture.dataset.moves !== String(v.log.length)) {
    picture.dataset.moves = String(v.log.length);
    picture.href = boardPicture(v, card);
    picture.download = card.picture || "abaku.png";
  }
  const link = $("booth-link");
  link.hidden = !card.link;
  if (card.link) {
    link.href = card.link.url;
    link.textContent = card.link.label;
  }
}

// The final board drawn as a picture: its squares, its tiles, and under them the visitor's
// name, score and place.
function boardPicture(v, card) {
  const { width, squares } = v.board;
  const height = v.board.height || Math.ceil(squares.length / width);
  const size = 40;
  const margin = 20;
  const canvas = document.createElement("canvas");
  canvas.width = width * size + 2 * margin;
  canvas.height = height * size + 2 * margin + 70;
  const pen = canvas.getContext("2d");
  pen.fillStyle = "#1f3a2e";
  pen.fillRect(0, 0, canvas.width, canvas.height);
  const bonusColour = { t: "#a9d3f0", T: "#3f7fc0", e: "#f2b8c6", E: "#d2475c", "*": "#e8c25a" };
  pen.textAlign = "center";
  pen.textBaseline = "middle";
  squares.forEach((square, index) => {
    const x = margin + (index % width) * size;
    const y = margin + Math.floor(index / width) * size;
    pen.fillStyle = square.tile ? "#f6ecd6" : bonusColour[square.bonus] || "#e6d5b8";
    pen.fillRect(x + 1, y + 1, size - 2, size - 2);
    if (square.tile) {
      pen.fillStyle = "#2b2118";
      pen.font = "bold 22px sans-serif";
      const text = square.tile.startsWith("?") && square.tile.length > 1 ? square.tile.slice(1) : square.tile;
      pen.fillText(text, x + size / 2, y + size / 2 + 1);
    }
  });
  pen.fillStyle = "#f3eee2";
  pen.font = "bold 20px sans-serif";
  const under = margin + height * size;
  pen.fillText(card.name + " · " + card.score, canvas.width / 2, under + 24);
  pen.fillStyle = "#e0a526";
  pen.font = "18px sans-serif";
  pen.fillText(card.place, canvas.width / 2, under + 52);
  return canvas.toDataURL("image/png");
}

// The line to share is copied by hand's gesture; a page over plain HTTP has no clipboard
// API, so the text is selected and copied the older way.
$("booth-copy").addEventListener("click", () => {
  const share = $("booth-share");
  share.focus();
  share.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch (error) {
    copied = false;
  }
  if (copied) toast(word("phone-copied"));
});

// A room's notes: who the computer plays for, a player away too long with what the others may
// do, and at the end who would play again.
function drawRoomNotes(v) {
  const stood = v.stood_in || [];
  setText("stood-in", stood.join(" "));
  $("stood-in").hidden = stood.length === 0;
  $("away").hidden = !v.away;
  if (v.away) {
    setText("away-line", v.away.line);
    setText("away-stand-in", v.away.stand_in);
    // In the challenge window the absent may only be stood in for: only a mover can leave.
    $("away-end").hidden = !v.away.can_end;
  }
  $("room-notes").hidden = stood.length === 0 && !v.away;
  const again = v.over && v.play_again;
  $("play-again").hidden = !again || again.mine;
  $("play-again-line").hidden = !again || !again.line;
  if (again) setText("play-again-line", again.line || "");
}

// ---- the board's size ----

function labelFor(square) {
  return Math.max(14, Math.round(square * 0.5));
}

function setSquare(square) {
  zoom = Math.min(2.5, Math.max(0.5, square / 34));
  const size = Math.floor(34 * zoom);
  const root = document.documentElement.style;
  root.setProperty("--square", size + "px");
  root.setProperty("--label", labelFor(size) + "px");
}

// The whole board in the frame at first, as wide as it goes; a frame much lower than wide
// (a phone lying) fits its height too, so that no row starts hidden.
function fitBoard() {
  if (!view) return;
  const frame = $("board-frame");
  const { width } = view.board;
  const height = view.board.height || Math.ceil(view.board.squares.length / width);
  const across = (room, count) => {
    let square = 34;
    // The names' column grows with the squares: twice round settles it.
    for (let round = 0; round < 3; round += 1) {
      square = (room - 4 - labelFor(square) - count) / count;
    }
    return square;
  };
  const wide = across(frame.clientWidth, width);
  const high = across(frame.clientHeight, height);
  setSquare(Math.min(wide, Math.max(high, wide * 0.85)));
  zoomedByHand = false;
  fittedWidth = window.innerWidth;
  frame.scrollLeft = 0;
  frame.scrollTop = 0;
}

// Zooms by `factor` keeping the board's point under (x, y), in the frame's own pixels, where
// it is; the frame's middle for + and −.
function zoomAround(factor, x, y) {
  const frame = $("board-frame");
  const board = $("board");
  const before = { width: board.offsetWidth, height: board.offsetHeight };
  const along = frame.scrollLeft + x - board.offsetLeft;
  const down = frame.scrollTop + y - board.offsetTop;
  const share = { x: along / before.width, y: down / before.height };
  setSquare(34 * zoom * factor);
  zoomedByHand = true;
  frame.scrollLeft = share.x * board.offsetWidth + board.offsetLeft - x;
  frame.scrollTop = share.y * board.offsetHeight + board.offsetTop - y;
}

function zoomMiddle(factor) {
  const frame = $("board-frame");
  zoomAround(factor, frame.clientWidth / 2, frame.clientHeight / 2);
}
$("zoom-in").addEventListener("click", () => zoomMiddle(1.25));
$("zoom-out").addEventListener("click", () => zoomMiddle(0.8));

// Turning the phone or the tablet: the board fitted to the new width again, unless the player
// chose a size by hand and the turn did not swap width and height.
let wasUpright = window.innerHeight >= window.innerWidth;
window.addEventListener("resize", () => {
  const upright = window.innerHeight >= window.innerWidth;
  const turned = upright !== wasUpright;
  wasUpright = upright;
  if (!view || Math.abs(window.innerWidth - fittedWidth) < 2) return;
  if (turned || !zoomedByHand) requestAnimationFrame(fitBoard);
});

// ---- touch and mouse ----

function squareAt(x, y) {
  const element = document.elementFromPoint(x, y);
  return element && element.closest("#board .square");
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
  const setTarget = (square) => {
    if (dragTarget === square) return;
    if (dragTarget) dragTarget.classList.remove("target");
    dragTarget = square;
    if (dragTarget) dragTarget.classList.add("target");
  };
  // Only the finger that picked the tile up carries it; another finger's moves are its own.
  const finger = event.pointerId;
  const move = (e) => {
    if (e.pointerId !== finger) return;
    if (!ghost && Math.hypot(e.clientX - start.x, e.clientY - start.y) > 8) {
      ghost = element.cloneNode(true);
      ghost.classList.add("ghost");
      ghost.classList.remove("selected");
      document.body.append(ghost);
    }
    if (!ghost) return;
    ghost.style.left = e.clientX - element.offsetWidth / 2 + "px";
    ghost.style.top = e.clientY - element.offsetHeight - 6 + "px";
    // The tile is carried above the finger: the square just above it takes the tile.
    setTarget(squareAt(e.clientX, e.clientY - 40));
  };
  const up = (e) => {
    if (e.pointerId !== finger) return;
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", up);
    if (ghost) {
      ghost.remove();
      const target = dragTarget;
      setTarget(null);
      // A drag the browser cancelled (a call coming in, a gesture of its own) lays nothing.
      if (target && e.type === "pointerup") send({ intent: "lay", slot, cell: target.dataset.cell });
      selected = null;
    } else {
      selected = selected === slot ? null : slot;
    }
    if (view) draw();
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", up);
}

$("board").addEventListener("click", (event) => {
  const square = event.target.closest(".square");
  if (!square || !view || !view.laying) return;
  // A blank joker lying on the board may be replaced by a digit from the rack; the joker
  // comes to the rack.
  const jokerToReplace = square.dataset.tile === "?" && !square.classList.contains("new");
  if (square.classList.contains("new")) {
    send({ intent: "take-back", cell: square.dataset.cell });
  } else if (selected !== null && (!square.classList.contains("tiled") || jokerToReplace)) {
    send({ intent: "lay", slot: selected, cell: square.dataset.cell });
    selected = null;
    draw();
  }
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
    zoomAround(distance / pinch, (a.clientX + b.clientX) / 2 - room.left,
      (a.clientY + b.clientY) / 2 - room.top);
  }
  pinch = distance;
});
for (const type of ["pointerup", "pointercancel", "pointerleave"]) {
  $("board-frame").addEventListener(type, (e) => {
    touches.delete(e.pointerId);
    pinch = null;
  });
}

// The opened list lies just above the facts' line; only one is open at a time.
for (const id of ["unseen-box", "log-box"]) {
  $(id).addEventListener("toggle", () => {
    if (!$(id).open) return;
    for (const other of ["unseen-box", "log-box"]) if (other !== id) $(other).open = false;
    const top = $("facts").getBoundingClientRect().top;
    document.documentElement.style.setProperty("--drawer-bottom",
      Math.max(8, window.innerHeight - top + 4) + "px");
  });
}

// A tap anywhere else puts an opened list away again.
document.addEventListener("pointerdown", (event) => {
  for (const id of ["unseen-box", "log-box"]) {
    if ($(id).open && !$(id).contains(event.target)) $(id).open = false;
  }
});

$("submit").addEventListener("click", () => send({ intent: "submit" }));
$("recall").addEventListener("click", () => send({ intent: "recall" }));
$("shuffle").addEventListener("click", () => send({ intent: "shuffle" }));
$("pass").addEventListener("click", () => { $("pass-confirm").hidden = false; });
$("pass-yes").addEventListener("click", () => {
  $("pass-confirm").hidden = true;
  send({ intent: "pass" });
});
$("pass-no").addEventListener("click", () => { $("pass-confirm").hidden = true; });
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
$("see-board").addEventListener("click", () => { endingClosed = true; draw(); });
$("play-again").addEventListener("click", () => send({ type: "play-again" }));
$("away-stand-in").addEventListener("click", () => send({ type: "stand-in", level: $("away-level").value }));
$("away-end").addEventListener("click", () => send({ type: "end-game" }));
$("show-result").addEventListener("click", () => { endingClosed = false; draw(); });
$("notice").addEventListener("click", () => { $("notice").hidden = true; });
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

// The words the server wrote into the page, so that the first picture is in the screen's
// language; the socket's own words come later and replace them.
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

// ---- a name picked from those a booth offers ----

// A booth's visitor is offered three friendly names, and may ask for others a few times;
// no name is typed, so none can be rude.
function offerNames(names, more) {
  $("picking-names").replaceChildren(...names.map((name) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "main";
    button.textContent = name;
    button.addEventListener("click", () => {
      // The first picture has not come yet: the sheet stays until the name can be sent.
      if (!view || view.over) return;
      $("picking").hidden = true;
      send({ type: "name", name });
    });
    return button;
  }));
  $("picking-more").hidden = !more;
  $("picking").hidden = false;
}

$("picking-more").addEventListener("click", () => send({ type: "other-names" }));

connect();
