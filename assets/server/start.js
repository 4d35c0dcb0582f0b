// The start page: a table chosen, sent to the server, and each seat's link shown to pass on.
"use strict";

const $ = (id) => document.getElementById(id);
const PLAYERS = [
  ["person", "A person, by link"],
  ["easy", "Computer: easy"],
  ["normal", "Computer: normal"],
  ["hard", "Computer: hard"],
  ["expert", "Computer: expert"],
];

function addSeat(player) {
  const seats = $("seats");
  if (seats.children.length >= 4) return;
  const row = document.createElement("div");
  row.className = "seat";
  const name = document.createElement("input");
  name.type = "text";
  name.maxLength = 24;
  name.placeholder = "Player " + (seats.children.length + 1);
  name.setAttribute("aria-label", "Name of player " + (seats.children.length + 1));
  const kind = document.createElement("select");
  kind.setAttribute("aria-label", "Who plays seat " + (seats.children.length + 1));
  for (const [value, words] of PLAYERS) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = words;
    kind.appendChild(option);
  }
  kind.value = player;
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
for (const id of ["black-player", "white-player"]) {
  for (const [value, words] of PLAYERS) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = words;
    $(id).appendChild(option);
  }
}

function game() {
  return $("game-hex").checked ? "hex" : "tiles";
}

// The form shows the chosen game's questions only.
function showGame() {
  const hex = game() === "hex";
  $("tiles-form").hidden = hex;
  $("hex-form").hidden = !hex;
  $("title").textContent = hex ? "Abakus: a room to play in" : "Abaku: a room to play in";
  $("time-out").disabled = Number($("turn-seconds").value) === 0;
  $("time-out-label").classList.toggle("off", $("time-out").disabled);
}
for (const id of ["game-tiles", "game-hex", "turn-seconds"]) $(id).addEventListener("change", showGame);
// A computer's seat is named by the server in the room's language unless a name is typed.
for (const [colour, number] of [["black", 1], ["white", 2]]) {
  $(colour + "-player").addEventListener("change", () => {
    $(colour + "-name").placeholder = $(colour + "-player").value === "person" ? "Player " + number : "Computer";
  });
}
showGame();

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
  if ($("key").value) request.key = $("key").value;
  return request;
}

function showLinks(room) {
  const list = $("link-list");
  list.textContent = "";
  const add = (title, path) => {
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
    copy.textContent = "Copy";
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(location.origin + path);
        copy.textContent = "Copied";
      } catch {
        copy.textContent = "Select the link to copy it";
      }
    });
    // The link's QR code, for a phone at the same table to open the seat by its camera.
    const code = document.createElement("img");
    code.className = "qr";
    code.alt = "";
    code.width = 180;
    code.height = 180;
    code.src = "/qr.svg?text=" + encodeURIComponent(location.origin + path);
    item.append(heading, link, copy, code);
    list.appendChild(item);
  };
  const hex = game() === "hex";
  const colours = ["Black", "White"];
  for (const seat of room.seats) {
    const who = seat.name || (hex ? colours[seat.seat] : "Player " + (seat.seat + 1));
    add(who + "'s seat" + (hex && seat.name ? " (" + colours[seat.seat] + ")" : ""), seat.link);
  }
  $("links-text").textContent = hex
    ? "Send each player their own link; whoever opens it first takes that seat, and that device "
      + "comes back to it by itself. The watch link shows the game to anyone."
    : "Send each player their own link; whoever opens it first takes that seat, and that device "
      + "comes back to it by itself. The watch link shows the game without anyone's tiles.";
  add("Watching", room.watch);
  $("links").hidden = false;
  $("table").hidden = true;
}

$("table").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("problem").textContent = "";
  $("create").disabled = true;
  try {
    const answer = await fetch("/rooms", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(table()),
    });
    const body = await answer.json();
    if (!answer.ok) {
      $("problem").textContent = body.error || "The room could not be made.";
      return;
    }
    showLinks(body);
  } catch {
    $("problem").textContent = "The server cannot be reached; try again.";
  } finally {
    $("create").disabled = false;
  }
});
