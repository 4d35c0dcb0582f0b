// Hex rooms (Abakus) on abakus-server through Caddy over TLS, as people meet them: a laptop's
// browser makes a hex room on the start page (side 3, Ann plays Black, Bo plays White) and Ann
// plays in that window by clicks; Bo plays on a phone by taps; a third page watches. They place
// stones, Bo slides one (after a slide the rules refuse), and they play on until the board is
// full; every page shows the same board after every move and the same counts at the end, and
// the watcher never has a move to make. Then a room in German. Run by
// crates/abakus-server/tests/browser.rs, which starts the server and Caddy (`tls internal`).
//
// node rooms-hex.mjs OUT-DIR BASE-ADDRESS CA-FILE
import { mkdirSync, readFileSync } from "node:fs";
import { get } from "node:https";
import { check, launchChromium, run, shot, takeSeat, until, viewOf } from "./chromium.mjs";

const [out, base, caFile] = process.argv.slice(2);
if (!out || !base || !caFile) {
  console.error("usage: node rooms-hex.mjs OUT-DIR BASE-ADDRESS CA-FILE");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const pageErrors = [];
const pages = []; // every page opened, for pictures of them all when a step fails
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

function step(text) {
  console.log("rooms-hex: " + text);
}

function verifiedHealth() {
  return new Promise((resolve, reject) => {
    get(base + "/healthz", { ca: readFileSync(caFile) }, (answer) => {
      let body = "";
      answer.on("data", (chunk) => (body += chunk));
      answer.on("end", () => resolve({ status: answer.statusCode, body }));
    }).on("error", reject);
  });
}

// A browser's page of its own: a laptop's window with a mouse, or a phone with touch. Every
// message the page sends over its socket is counted, to tell that a watcher's page sent none.
async function newPage(browser, viewport, touch) {
  const context = await browser.newContext({
    viewport,
    isMobile: touch,
    hasTouch: touch,
    deviceScaleFactor: touch ? 2 : 1,
    ignoreHTTPSErrors: true,
  });
  await context.addInitScript(() => {
    window.sentMessages = [];
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      window.sentMessages.push(String(data));
      return send.call(this, data);
    };
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.touch = touch;
  pages.push(page);
  return page;
}

// A cell pressed as its page's person would: a tap on a phone, a click on the laptop.
async function press(page, cell) {
  const target = page.locator(`#board [data-cell="${cell}"]`);
  if (page.touch) await target.tap();
  else await target.click();
}

// Makes a hex room on the start page with two people's seats; the links it shows.
async function makeRoom(page, language, side, names, name) {
  await page.goto(base + "/");
  await page.locator("#game-hex").check();
  await until(page, "the hex game's questions", () => !document.getElementById("hex-form").hidden
    && document.getElementById("tiles-form").hidden);
  await page.locator("#language").selectOption(language);
  await page.locator("#side").selectOption(String(side));
  await page.locator("#black-name").fill(names[0]);
  await page.locator("#black-player").selectOption("person");
  await page.locator("#white-name").fill(names[1]);
  await page.locator("#white-player").selectOption("person");
  await shot(page, out, name + "-start");
  await page.locator("#create").click();
  await until(page, "the room's links", () => !document.getElementById("links").hidden);
  await until(page, "each link's QR code drawn", () =>
    document.querySelectorAll("#link-list img.qr").length === 3
    && [...document.querySelectorAll("#link-list img.qr")].every((img) => img.complete && img.naturalWidth > 0));
  await shot(page, out, name + "-links");
  const links = await page.locator("#link-list a.link").evaluateAll((all) => all.map((a) => a.href));
  check(links.length === 3, "two seats' links and a watch link: " + links.join(" "));
  check(links.every((link) => link.startsWith(base + "/")), "the links are the server's own");
  check(links[0].includes("/seat/") && links[1].includes("/seat/") && links[2].includes("/watch/"),
    "Black's seat, White's seat, then the watch link: " + links.join(" "));
  return links;
}

// The board as the page draws it: each cell's stone, from the SVG's own elements.
const drawnBoard = (page) => page.evaluate(() =>
  [...document.querySelectorAll("#board [data-cell]")]
    .map((cell) => cell.dataset.cell + "=" + (cell.dataset.stone || "-")).sort().join(" "));

// Every page has drawn `moves` moves, and all draw the same board, the one their views hold.
async function sameBoard(all, moves) {
  for (const page of all) {
    await until(page, "move " + moves + " on every page", (moves) =>
      view && view.moves.length === moves, moves);
  }
  const boards = [];
  for (const page of all) {
    // The drawing follows the view it was drawn from.
    await until(page, "the board drawn from the view", () => {
      const drawn = [...document.querySelectorAll("#board [data-cell]")];
      return drawn.length === view.cells.length && view.cells.every((cell) =>
        (document.querySelector(`#board [data-cell="${cell.cell}"]`).dataset.stone || null) === (cell.stone || null));
    });
    boards.push(await drawnBoard(page));
  }
  check(boards.every((board) => board === boards[0]),
    "every page shows the same board after move " + moves + ":\n" + boards.join("\n"));
  return boards[0];
}

// Nothing on the watcher's page offers a move, and it has sent nothing.
async function watcherIdle(watcher) {
  const state = await watcher.evaluate(() => ({
    you: view.you,
    yourTurn: view.your_turn,
    slides: Object.keys(view.slides || {}).length,
    targets: document.querySelectorAll("#board .target-dot, #board .cell.target").length,
    picked: document.querySelectorAll("#board .stone.picked, #board .pending").length,
    under: getComputedStyle(document.getElementById("under")).display,
    badge: !document.getElementById("watch-badge").hidden,
    sent: window.sentMessages.length,
  }));
  check(state.you === null && state.yourTurn === false && state.slides === 0,
    "the watcher is never offered a move: " + JSON.stringify(state));
  check(state.targets === 0 && state.picked === 0 && state.under === "none" && state.badge,
    "the watcher's page shows no move to make: " + JSON.stringify(state));
  check(state.sent === 0, "the watcher's page sent " + state.sent + " messages");
}

// What the page shows in words: never a message's id.
async function checkWords(page, where) {
  const shown = await page.evaluate(() => document.body.innerText);
  const keys = shown.match(/\b(phone|hex)-[a-z]+(-[a-z]+)*\b/g);
  check(!keys, where + ": the page shows message ids " + JSON.stringify(keys));
}

// Where each colour would rather place, so that White has a group of three in a line and a
// stone of its own apart (C1 D2 E3, and A3) with an open way between: E3 may slide to B3.
const PREFERRED = {
  black: ["A1", "A2", "B2", "E5", "D5", "C5"],
  white: ["C1", "D2", "E3", "A3"],
};

async function englishRoom(browser) {
  const host = await newPage(browser, LAPTOP, false);
  const [annLink, boLink, watchLink] = await makeRoom(host, "en", 3, ["Ann", "Bo"], "rooms-hex-en");
  step("a hex room made on the start page");
  // Ann plays Black in the laptop's window; Bo White on a phone; someone watches on another.
  const ann = host;
  await ann.goto(annLink);
  await takeSeat(ann);
  const bo = await newPage(browser, PHONE, true);
  await bo.goto(boLink);
  await takeSeat(bo);
  const watcher = await newPage(browser, PHONE, true);
  await watcher.goto(watchLink);
  const all = [ann, bo, watcher];
  for (const page of all) {
    await until(page, "the table", () => view && !view.gathering);
    check(await page.evaluate(() => socket.url.startsWith("wss://")), "the socket is a secure one");
  }
  const first = await viewOf(ann);
  check(first.game === "hex" && first.side === 3 && first.cells.length === 19, "a side 3 board of 19 cells");
  check(first.you === "black" && (await viewOf(bo)).you === "white" && (await viewOf(watcher)).you === null,
    "Ann plays Black, Bo White, the watcher neither");
  await until(ann, "Ann's turn shown", () => view.your_turn
    && document.getElementById("status").textContent === (words["phone-your-turn"] || "x"));
  await until(bo, "Bo told Ann is playing", () => !view.your_turn
    && document.getElementById("status").textContent === waiting[0]);
  await sameBoard(all, 0);
  await watcherIdle(watcher);

  let moves = 0;
  let slid = false;
  let laptopShot = false;
  while (!(await viewOf(ann)).over) {
    check(moves < 60, "the game never ended");
    const turn = (await viewOf(ann)).turn;
    const mover = turn === "black" ? ann : bo;
    await until(mover, turn + "'s turn on their page", () => view.your_turn);
    const v = await viewOf(mover);
    const slide = Object.entries(v.slides).find(([, s]) => s.targets.length > 0);
    if (!slid && mover === bo && slide) {
      await slideWithRefusal(bo, all, slide, moves);
      slid = true;
    } else {
      const empty = new Set(v.cells.filter((cell) => !cell.stone).map((cell) => cell.cell));
      const cell = PREFERRED[turn].find((name) => empty.has(name)) || [...empty].sort()[0];
      await press(mover, cell);
      // The stone may show faintly at once; it is the view that brings it.
      await until(mover, "the stone on " + cell, (cell) =>
        view.cells.some((c) => c.cell === cell && c.stone), cell);
    }
    moves += 1;
    const board = await sameBoard(all, moves);
    const last = (await viewOf(watcher)).last;
    check(last && board.includes(last.to + "=" + turn), "the last move's stone is " + turn + "'s: " + JSON.stringify(last));
    if (moves === 6 && !laptopShot) {
      await shot(ann, out, "rooms-hex-en-laptop");
      laptopShot = true;
    }
    if (moves === 7) {
      // A tap on the watcher's page moves nothing.
      const empty = (await viewOf(watcher)).cells.find((cell) => !cell.stone);
      await press(watcher, empty.cell);
      await shot(watcher, out, "rooms-hex-en-watcher");
    }
    await watcherIdle(watcher);
  }
  check(slid, "Bo had a slide to make");
  step(moves + " moves played to a full board, a slide among them");

  // The end: a card on every page with the same counts, which are the board's.
  const over = (await viewOf(watcher)).over;
  check(over.black + over.white === 19, "the full board's stones: " + JSON.stringify(over));
  check(over.winner === (over.black < over.white ? "black" : "white"), "fewer stones wins: " + JSON.stringify(over));
  const cards = [];
  for (const page of all) {
    await until(page, "the end's card", () => !document.getElementById("ending").hidden);
    const card = await page.evaluate(() => ({
      line: document.getElementById("ending-line").textContent,
      counts: [...document.querySelectorAll("#ending-counts li")].map((li) =>
        li.dataset.colour + ":" + li.dataset.count + ":" + li.textContent),
    }));
    cards.push(JSON.stringify(card));
    check(card.counts.length === 2 && card.counts[0].startsWith("black:" + over.black + ":")
      && card.counts[1].startsWith("white:" + over.white + ":"), "the card's counts: " + JSON.stringify(card));
    check(card.line.length > 0, "the card says how the game ended");
  }
  check(cards.every((card) => card === cards[0]), "every page's card says the same:\n" + cards.join("\n"));
  await shot(bo, out, "rooms-hex-en-end-phone");
  await shot(watcher, out, "rooms-hex-en-end-watcher");
  // "See the board" puts the card away; the final board stays, its last move marked.
  await bo.locator("#see-board").tap();
  await until(bo, "the card put away", () => document.getElementById("ending").hidden
    && !document.getElementById("show-result").hidden);
  await until(bo, "the last move marked", () => document.querySelectorAll("#board .last").length === 1);
  await shot(bo, out, "rooms-hex-en-end-board");
  for (const [page, where] of [[ann, "Ann's laptop"], [bo, "Bo's phone"], [watcher, "the watcher"]]) {
    await checkWords(page, where);
  }
  await watcherIdle(watcher);
  step("the end's card on every page: " + over.black + " to " + over.white);

  // Play again: Ann asks on her card, Bo is told and says yes, and the same links play a new
  // game; the watcher is never offered it.
  check(await watcher.evaluate(() => document.getElementById("play-again").hidden),
    "a watcher is not asked to play again");
  await ann.locator("#play-again").click();
  await until(ann, "Ann waits for Bo", () => view.play_again && view.play_again.mine
    && document.getElementById("play-again").hidden
    && document.getElementById("play-again-line").textContent.includes("Bo"));
  await bo.locator("#show-result").tap();
  await until(bo, "Bo is asked", () => !document.getElementById("play-again").hidden
    && document.getElementById("play-again-line").textContent.includes("Ann"));
  await shot(bo, out, "rooms-hex-en-play-again");
  await bo.locator("#play-again").tap();
  for (const page of all) {
    await until(page, "a new game on the same links", () => view && !view.over
      && view.moves.length === 0
      && [...document.querySelectorAll("#board [data-cell]")].every((cell) => !cell.dataset.stone)
      && document.getElementById("ending").hidden);
  }
  check(await viewOf(ann).then((v) => v.your_turn), "Black, Ann, begins again");
  step("played again on the same links");
}

// Bo picks a stone up (its group outlined, its targets marked), taps a cell that is no target
// (the rules' sentence comes, nothing is played), then taps a target: the slide.
async function slideWithRefusal(bo, all, [from, slide], moves) {
  await press(bo, from);
  await until(bo, "the stone picked up, its targets marked", ([from, targets, group]) => {
    const marked = (name) => document.querySelector(`#board [data-cell="${name}"]`).classList.contains("target");
    const grouped = (name) => document.querySelector(`#board [data-cell="${name}"]`).classList.contains("group");
    return document.querySelector("#board .stone.picked") !== null
      && targets.every(marked)
      && document.querySelectorAll("#board .target-dot").length === targets.length
      && group.every(grouped)
      && document.getElementById("line").textContent === view.slides[from].line;
  }, [from, slide.targets, slide.group]);
  await shot(bo, out, "rooms-hex-en-phone-picked");
  const v = await viewOf(bo);
  const refused = v.cells.find((cell) => !cell.stone && !slide.targets.includes(cell.cell));
  check(refused, "an empty cell that is no target of " + from);
  await press(bo, refused.cell);
  await until(bo, "the rules' sentence under the board", () =>
    document.getElementById("line").classList.contains("refused")
    && document.getElementById("line").textContent.length > 0);
  const line = await bo.locator("#line").innerText();
  check(line.includes(from) && line.includes(refused.cell), "the sentence names the slide tried: " + line);
  check(await bo.evaluate(() => document.querySelector("#board .stone.picked") !== null),
    "the stone stays picked up after the refusal");
  await shot(bo, out, "rooms-hex-en-refused");
  for (const page of all) {
    check((await viewOf(page)).moves.length === moves, "nothing was played by the refused slide");
  }
  const target = slide.targets[0];
  await press(bo, target);
  await until(bo, "the slide played", ([from, target]) =>
    view.last && view.last.from === from && view.last.to === target, [from, target]);
  await until(bo, "the cell left marked", (from) =>
    document.querySelector(`#board [data-cell="${from}"]`).classList.contains("from"), from);
  step("a slide refused, then " + from + "-" + target + " played");
}

async function germanRoom(browser) {
  const host = await newPage(browser, LAPTOP, false);
  const [annaLink, berndLink] = await makeRoom(host, "de", 4, ["Anna", "Bernd"], "rooms-hex-de");
  const anna = await newPage(browser, PHONE, true);
  await anna.goto(annaLink);
  await takeSeat(anna);
  const bernd = await newPage(browser, PHONE, true);
  await bernd.goto(berndLink);
  await takeSeat(bernd);
  for (const page of [anna, bernd]) {
    await until(page, "the table", () => view && !view.gathering);
    check(await page.evaluate(() => document.documentElement.lang === "de"), "the page speaks German");
  }
  check((await viewOf(anna)).cells.length === 37, "a side 4 board of 37 cells");
  for (const [index, cell] of ["D4", "C3", "E5", "B2"].entries()) {
    const mover = index % 2 === 0 ? anna : bernd;
    await until(mover, "a turn", () => view.your_turn);
    await press(mover, cell);
    await sameBoard([anna, bernd], index + 1);
  }
  await until(anna, "Anna's turn in German", () => view.your_turn
    && document.getElementById("status").textContent === words["phone-your-turn"]);
  const status = await anna.locator("#status").innerText();
  const stones = await anna.locator("#player-black .count").innerText();
  check(stones === (await viewOf(anna)).stones[0], "the stones counted in the view's words: " + stones);
  await checkWords(anna, "Anna's page");
  await checkWords(bernd, "Bernd's page");
  await shot(anna, out, "rooms-hex-de-phone");
  step("a room in German: " + status + ", " + stones);
}

async function main() {
  const health = await verifiedHealth();
  check(health.status === 200, "the server behind Caddy answers over verified TLS: " + health.status);
  const browser = await launchChromium();
  try {
    await englishRoom(browser);
    await germanRoom(browser);
    check(pageErrors.length === 0, "a page threw: " + pageErrors.join("; "));
  } catch (error) {
    for (const [index, page] of pages.entries()) {
      await shot(page, out, "failed-hex-page-" + index).catch(() => {});
      const view = await page.evaluate(() => JSON.stringify(typeof view !== "undefined" && view
        && { you: view.you, turn: view.turn, your_turn: view.your_turn, moves: view.moves, over: view.over }))
        .catch(() => "?");
      console.error("page " + index + ": " + view);
    }
    if (pageErrors.length) console.error("page errors: " + pageErrors.join("; "));
    throw error;
  } finally {
    await browser.close();
  }
}

run("hex rooms in a browser", main);
