// The start page: a table chosen, sent to the server, and each seat's link shown to pass on.
"use strict";

const $ = (id) => document.getElementById(id);

// The page's words, which the server puts in the page in the visitor's language (from
// assets/i18n/LANG/rooms.ftl): a message without variables as its text, one with variables as
// its Fluent pattern, which `format` fills in. Opened from a file, the page has none and keeps
// the English its HTML is written in.
const PAGE = JSON.parse($("page-words").textContent) || {};
const LANGUAGE = PAGE.language || document.documentElement.lang || "en";
const WORDS = PAGE.words || {};

// The English of the words only this script writes, as en/rooms.ftl has them, for a page
// without its server's words.
const ENGLISH = {
  "start-heading-tiles": "Abaku: a room to play in",
  "start-heading-hex": "Abakus: a room to play in",
  "start-player": "Player { $n }",
  "start-player-name": "Name of player { $n }",
  "start-player-kind": "Who plays seat { $n }",
  "start-person": "A person, by link",
  "start-computer": "Computer",
  "start-computer-easy": "Computer: easy",
  "start-computer-normal": "Computer: normal",
  "start-computer-hard": "Computer: hard",
  "start-computer-expert": "Computer: expert",
  "start-error-no-person": "A room needs a person at one seat at least.",
  "start-error-spin": "Spin Abaku is for 2 players, or 4 in pairs.",
  "start-error-key": "This server makes rooms only with its key: type it above.",
  "start-error-too-many": "Too many rooms were made from this address; try again in an hour.",
  "start-error-busy": "The server cannot make a room just now; try again later.",
  "start-error-refused": "The room could not be made: { $why }",
  "start-error-unreachable": "The server cannot be reached; try again.",
  "start-links-tiles": "Send each player their own link; whoever opens it first takes that seat, "
    + "and that device comes back to it by itself. The watch link shows the game without anyone's tiles.",
  "start-links-hex": "Send each player their own link; whoever opens it first takes that seat, "
    + "and that device comes back to it by itself. The watch link shows the game to anyone.",
  "start-seat": "{ $name }'s seat",
  "start-seat-number": "Player { $n }'s seat",
  "start-seat-black": "Black's seat",
  "start-seat-white": "White's seat",
  "start-seat-black-named": "{ $name }'s seat (Black)",
  "start-seat-white-named": "{ $name }'s seat (White)",
  "start-watch": "Watching",
  "start-copy": "Copy",
  "start-copied": "Copied",
  "start-copy-failed": "Select the link to copy it",
  "start-qr": "QR code: { $title }",
  "start-code-of": "Code: { $code }",
  "start-error-not-a-code": "A code is eight letters and digits, like K7QM-2PXR.",
  "start-error-no-such-code": "No game has that code: look at it again.",
  "start-error-too-many-codes": "Too many codes were tried from this address; try again in an hour.",
};

// Which plural form a number takes in the page's language, as Fluent's [one], [few], [many]
// and *[other] name them (CLDR's rules for whole numbers).
function pluralForm(number) {
  const n = Math.abs(number);
  if (!Number.isInteger(n)) return "other";
  if (LANGUAGE === "ru") {
    if (n % 10 === 1 && n % 100 !== 11) return "one";
    if (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) return "few";
    return "many";
  }
  if (LANGUAGE === "fr") return n <= 1 ? "one" : "other";
  return n === 1 ? "one" : "other";
}

// Where the placeable opened at `open` closes.
function closing(text, open) {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    if (text[at] === "{") depth += 1;
    else if (text[at] === "}" && --depth === 0) return at;
  }
  return text.length;
}

// A Fluent pattern with `args` put in: `{ $name }` placeables, `{ "…" }` literals, and
// selects (`{ $count ->` then a `[key] text` line each, `*[other]` the default) chosen by the
// number's exact value or its plural form, or by a text's value.
function fill(pattern, args) {
  let text = "";
  let at = 0;
  for (let open = pattern.indexOf("{"); open >= 0; open = pattern.indexOf("{", at)) {
    const close = closing(pattern, open);
    text += pattern.slice(at, open) + placeable(pattern.slice(open + 1, close), args);
    at = close + 1;
  }
  return text + pattern.slice(at);
}

function placeable(inside, args) {
  const literal = /^\s*"(.*)"\s*$/.exec(inside);
  if (literal) return literal[1];
  const select = /^\s*\$([\w-]+)\s*->([\s\S]*)$/.exec(inside);
  if (!select) {
    const name = inside.trim().replace(/^\$/, "");
    return name in args ? String(args[name]) : "";
  }
  const value = args[select[1]];
  const body = select[2];
  const variants = [];
  let depth = 0;
  for (let at = 0; at < body.length; at++) {
    const key = depth === 0 && (at === 0 || body[at - 1] === "\n")
      && /^[ \t]*(\*?)\[\s*([^\]\s]+)\s*\]/.exec(body.slice(at));
    if (key) {
      variants.push({ key: key[2], other: key[1] === "*", text: "" });
      at += key[0].length - 1;
      continue;
    }
    if (body[at] === "{") depth += 1;
    else if (body[at] === "}") depth -= 1;
    if (variants.length) variants[variants.length - 1].text += body[at];
  }
  const form = typeof value === "number" ? pluralForm(value) : null;
  const chosen = variants.find((variant) => variant.key === String(value))
    || variants.find((variant) => variant.key === form)
    || variants.find((variant) => variant.other)
    || variants[0];
  return chosen ? fill(chosen.text.trim(), args) : "";
}

// The message `id` in the page's language with `args` filled in.
function format(id, args = {}) {
  const pattern = id in WORDS ? WORDS[id] : id in ENGLISH ? ENGLISH[id] : id;
  return fill(pattern, args);
}

// Every word of the page in its language: an element's text (`data-word`, with its
// `data-args`), its aria-label (`data-label-word`). The HTML's English stays where the server
// sent no words.
function putWords() {
  for (const element of document.querySelectorAll("[data-word]")) {
    if (!(element.dataset.word in WORDS)) continue;
    element.textContent = format(element.dataset.word, JSON.parse(element.dataset.args || "{}"));
  }
  for (const element of document.querySelectorAll("[data-label-word]")) {
    if (element.dataset.labelWord in WORDS) {
      element.setAttribute("aria-label", format(element.dataset.labelWord));
    }
  }
  // The row of the page's languages, the current one marked; the room's language starts as
  // the page's.
  for (const link of document.querySelectorAll("#page-languages a")) {
    if (link.hreflang === LANGUAGE) link.setAttribute("aria-current", "page");
  }
  if ([...$("language").options].some((option) => option.value === LANGUAGE)) {
    $("language").value = LANGUAGE;
  }
}
putWords();

const PLAYERS = ["person", "easy", "normal", "hard", "expert"];

function playerOptions(select) {
  for (const value of PLAYERS) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = format(value === "person" ? "start-person" : "start-computer-" + value);
    select.appendChild(option);
  }
}

function addSeat(player) {
  const seats = $("seats");
  if (seats.children.length >= 4) return;
  const number = seats.children.length + 1;
  const row = document.createElement("div");
  row.className = "seat";
  const name = document.createElement("input");
  name.type = "text";
  name.maxLength = 24;
  name.placeholder = format("start-player", { n: number });
  name.setAttribute("aria-label", format("start-player-name", { n: number }));
  const kind = document.createElement("select");
  kind.setAttribute("aria-label", format("start-player-kind", { n: number }));
  playerOptions(kind);
  kind.value = player;
  // A computer's seat is named by the server in the room's language unless a name is typed.
  kind.addEventListener("change", () => {
    name.placeholder = kind.value === "person" ? format("start-player", { n: number }) : format("start-computer");
  });
  row.append(name, kind);
  seats.appendChild(row);
  buttons();
}

function buttons() {
  const count = $("seats").children.length;
  $("add-seat").disabled = count >= 4;
  $("remove-seat").disabled = count <= 1;
}

$("add-seat").addEventListener("click", () => addSeat("person"));
$("remove-seat").addEventListener("click", () => {
  const seats = $("seats");
  if (seats.children.length > 1) seats.lastElementChild.remove();
  buttons();
});
addSeat("person");
addSeat("person");

// The hex game's two seats, Black then White, each a person or the computer.
for (const [colour, number] of [["black", 1], ["white", 2]]) {
  playerOptions($(colour + "-player"));
  const placeholder = () => {
    $(colour + "-name").placeholder = $(colour + "-player").value === "person"
      ? format("start-player", { n: number }) : format("start-computer");
  };
  $(colour + "-player").addEventListener("change", placeholder);
  placeholder();
}

function game() {
  return $("game-hex").checked ? "hex" : "tiles";
}

// The form shows the chosen game's questions only; the language links keep the game chosen.
function showGame() {
  const hex = game() === "hex";
  $("tiles-form").hidden = hex;
  $("hex-form").hidden = !hex;
  $("title").textContent = format(hex ? "start-heading-hex" : "start-heading-tiles");
  $("time-out").disabled = Number($("turn-seconds").value) === 0;
  $("time-out-label").classList.toggle("off", $("time-out").disabled);
  for (const link of document.querySelectorAll("#page-languages a")) {
    link.href = "?lang=" + link.hreflang + (hex ? "#hex" : "");
  }
}
if (location.hash === "#hex") $("game-hex").checked = true;
for (const id of ["game-tiles", "game-hex", "turn-seconds"]) $(id).addEventListener("change", showGame);
showGame();

// How long the room waits for a player away on their turn; none waits for ever.
function patience() {
  const seconds = Number($("patience").value);
  return seconds > 0 ? seconds : null;
}

function hexTable() {
  const seconds = Number($("turn-seconds").value);
  const request = {
    game: "hex",
    language: $("language").value,
    side: Number($("side").value),
    turn_seconds: seconds > 0 ? seconds : null,
    time_out: $("time-out").value,
    seats: ["black", "white"].map((colour) => ({
      name: $(colour + "-name").value,
      player: $(colour + "-player").value,
    })),
  };
  if (patience()) request.patience_seconds = patience();
  if ($("key").value) request.key = $("key").value;
  return request;
}

function table() {
  if (game() === "hex") return hexTable();
  const seats = [...$("seats").children].map((row) => ({
    name: row.querySelector("input").value,
    player: row.querySelector("select").value,
  }));
  const seconds = Number($("clock").value);
  const request = {
    language: $("language").value,
    board_b: $("board").value === "b",
    variants: {
      ops: $("ops").value,
      diagonal: $("diagonal").checked,
      result_first: $("result_first").checked,
      scoring: $("scoring").value,
      spin: $("spin").checked,
      challenge: $("challenge").checked,
    },
    turn_seconds: seconds > 0 ? seconds : null,
    seats,
  };
  if (patience()) request.patience_seconds = patience();
  if ($("key").value) request.key = $("key").value;
  return request;
}

// What the page can tell before asking the server: a table it would refuse.
function problem(request) {
  if (!request.seats.some((seat) => seat.player === "person")) return format("start-error-no-person");
  if (request.variants && request.variants.spin && request.seats.length % 2 === 1) {
    return format("start-error-spin");
  }
  return null;
}

// Why the server made no room, in the page's words: by the answer's code, or else its status.
function refusal(status, code, why) {
  if (code && ("start-error-" + code in WORDS || "start-error-" + code in ENGLISH)) {
    return format("start-error-" + code);
  }
  if (status === 429) return format("start-error-too-many");
  if (status === 503 || status === 500) return format("start-error-busy");
  return format("start-error-refused", { why: why || String(status) });
}

function showLinks(room) {
  const list = $("link-list");
  list.textContent = "";
  const add = (title, path, shortCode) => {
    const item = document.createElement("li");
    const heading = document.createElement("strong");
    heading.textContent = title;
    const link = document.createElement("a");
    link.className = "link";
    link.href = path;
    link.textContent = location.origin + path;
    const copy = document.createElement("button");
    copy.type = "button";
    copy.className = "quiet";
    copy.textContent = format("start-copy");
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(location.origin + path);
        copy.textContent = format("start-copied");
      } catch {
        copy.textContent = format("start-copy-failed");
      }
    });
    // The link's QR code, for a phone at the same table to open the seat by its camera.
    const code = document.createElement("img");
    code.className = "qr";
    code.alt = format("start-qr", { title });
    code.width = 180;
    code.height = 180;
    code.src = "/qr.svg?text=" + encodeURIComponent(location.origin + path);
    item.append(heading, link, copy);
    // The code to type where the link cannot be pasted, with this server's address.
    if (shortCode) {
      const typed = document.createElement("span");
      typed.className = "short-code";
      typed.textContent = format("start-code-of", { code: shortCode });
      item.append(typed);
    }
    item.append(code);
    list.appendChild(item);
  };
  const hex = game() === "hex";
  for (const seat of room.seats) {
    let title;
    if (hex) {
      const colour = seat.seat === 0 ? "black" : "white";
      title = seat.name
        ? format("start-seat-" + colour + "-named", { name: seat.name })
        : format("start-seat-" + colour);
    } else {
      title = seat.name
        ? format("start-seat", { name: seat.name })
        : format("start-seat-number", { n: seat.seat + 1 });
    }
    add(title, seat.link, seat.code);
  }
  $("links-text").textContent = format(hex ? "start-links-hex" : "start-links-tiles");
  add(format("start-watch"), room.watch, room.watch_code);
  $("links").hidden = false;
  $("table").hidden = true;
  $("code-form").hidden = true;
}

// A code typed: the server says which page it opens, or why not, in the page's words.
$("code-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("code-problem").textContent = "";
  try {
    const answer = await fetch("/join?code=" + encodeURIComponent($("code").value), {
      headers: { Accept: "application/json" },
    });
    const body = await answer.json();
    if (answer.ok && body.link) {
      location.assign(body.link);
      return;
    }
    $("code-problem").textContent = refusal(answer.status, body.code, body.error || "");
  } catch {
    $("code-problem").textContent = format("start-error-unreachable");
  }
});

$("table").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("problem").textContent = "";
  $("problem").removeAttribute("title");
  const request = table();
  const found = problem(request);
  if (found) {
    $("problem").textContent = found;
    return;
  }
  $("create").disabled = true;
  try {
    const answer = await fetch("/rooms", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    });
    const body = await answer.json();
    if (!answer.ok) {
      $("problem").textContent = refusal(answer.status, body.code, body.error || "");
      // The server's own words, for whoever looks closer.
      if (body.error) $("problem").title = body.error;
      return;
    }
    showLinks(body);
  } catch {
    $("problem").textContent = format("start-error-unreachable");
  } finally {
    $("create").disabled = false;
  }
});
