// Rooms on abakus-server through Caddy over TLS, as people meet them: a laptop's browser makes a
// room on the start page, its player opens their seat's link there, a friend's phone opens the
// other link, and a third page watches. They play turns by taps; the watcher never sees a rack.
// Then a room in German. Run by crates/abakus-server/tests/browser.rs, which starts the server
// and Caddy (`tls internal`) on loopback.
//
// node rooms.mjs OUT-DIR BASE-ADDRESS CA-FILE
import { mkdirSync, readFileSync } from "node:fs";
import { get } from "node:https";
import {
  SMALL, check, checkWords, firstSum, launchChromium, laidOn, myTurn, notMyTurn, run, shot,
  takeSeat, tapSquare, tapTile, until, viewOf,
} from "./chromium.mjs";

const [out, base, caFile] = process.argv.slice(2);
if (!out || !base || !caFile) {
  console.error("usage: node rooms.mjs OUT-DIR BASE-ADDRESS CA-FILE");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const pageErrors = [];
const pages = []; // every page opened, for pictures of them all when a step fails
const LAPTOP = { width: 1280, height: 800 };

function step(text) {
  console.log("rooms: " + text);
}

// The server's answer over TLS checked against Caddy's own authority, as a browser that
// trusts it would: the chain is real, only its root is the test's.
function verifiedHealth() {
  return new Promise((resolve, reject) => {
    get(base + "/healthz", { ca: readFileSync(caFile) }, (answer) => {
      let body = "";
      answer.on("data", (chunk) => (body += chunk));
      answer.on("end", () => resolve({ status: answer.statusCode, body }));
    }).on("error", reject);
  });
}

// A browser's page of its own: a laptop's window, or a small phone with touch. Chromium does not
// know the test's authority, so the page takes Caddy's certificate as the check above took it.
async function newPage(browser, viewport, touch) {
  const context = await browser.newContext({
    viewport,
    isMobile: touch,
    hasTouch: touch,
    deviceScaleFactor: touch ? 2 : 1,
    ignoreHTTPSErrors: true,
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
  pages.push(page);
  return page;
}

// Makes a room on the start page with two people's seats; the links it shows.
async function makeRoom(page, language, names, name) {
  // The start page in the room's language, as a link to it with ?lang= opens it.
  await page.goto(base + "/?lang=" + language);
  const spoken = await page.evaluate(() => ({
    lang: document.documentElement.lang,
    picked: document.getElementById("language").value,
    button: document.getElementById("create").textContent,
  }));
  check(spoken.lang === language && spoken.picked === language,
    "the start page speaks " + language + ": " + JSON.stringify(spoken));
  check(language === "en" || spoken.button !== "Make the room",
    "the start page's words are " + language + "'s: " + spoken.button);
  const seats = page.locator("#seats .seat input");
  await seats.nth(0).fill(names[0]);
  await seats.nth(1).fill(names[1]);
  await shot(page, out, name + "-start");
  await page.locator("#create").click();
  await until(page, "the room's links", () => !document.getElementById("links").hidden);
  await until(page, "each link's QR code drawn", () =>
    [...document.querySelectorAll("#link-list img.qr")].every((img) => img.complete && img.naturalWidth > 0)
    && document.querySelectorAll("#link-list img.qr").length === 3);
  // The whole page, every link's QR code in it, for the codes to be read off it.
  await page.screenshot({ path: out + "/" + name + "-links.png", fullPage: true });
  const links = await page.locator("#link-list a.link").evaluateAll((all) => all.map((a) => a.href));
  check(links.length === 3, "two seats' links and a watch link: " + links.join(" "));
  check(links.every((link) => link.startsWith(base + "/")), "the links are the server's own");
  const codes = await page.locator("#link-list .short-code").allInnerTexts();
  check(codes.length === 3 && codes.every((code) => /[0-9A-Z]{4}-[0-9A-Z]{4}/.test(code)),
    "each link shows its short code: " + codes.join(" "));
  links.codes = codes.map((code) => code.match(/[0-9A-Z]{4}-[0-9A-Z]{4}/)[0]);
  return links;
}

// Opens the start page on `page` and types `code` into its code field, as a person given the
// code instead of the link would.
async function typeCode(page, code) {
  await page.goto(base + "/");
  await page.locator("#code").fill(code);
  await page.locator("#code-join").tap();
}

// Lays a three-tile sum on the start row by taps and submits it; the points.
async function layFirstTurn(page, sum) {
  const cells = ["G8", "H8", "I8"];
  for (let index = 0; index < 3; index++) {
    const { tile, digit } = sum[index];
    await tapTile(page, tile);
    await tapSquare(page, cells[index]);
    if (tile === "?") {
      await until(page, "the joker's keypad", () => !document.getElementById("joker").hidden);
      await page.locator("#keypad button", { hasText: String(digit) }).tap();
      await until(page, "the joker named", () => !view.joker);
    }
  }
  await laidOn(page, cells);
  await until(page, "Submit enabled", () => !document.getElementById("submit").disabled);
  const points = (await viewOf(page)).preview.points;
  await page.locator("#submit").tap();
  await notMyTurn(page);
  return points;
}

// Exchanges the whole rack by taps: Exchange, every tile marked, then Exchange these. Unlike a
// pass it cannot end the game (two passes each do).
async function exchangeAll(page) {
  await page.locator("#exchange").tap();
  await until(page, "the tiles to exchange asked for", () => !document.getElementById("exchanging").hidden);
  const tiles = page.locator("#rack .tile");
  const count = await tiles.count();
  for (let index = 0; index < count; index++) await tiles.nth(index).tap();
  await until(page, "every tile marked", (count) => document.querySelectorAll("#rack .tile.marked").length === count, count);
  await page.locator("#exchange-these").tap();
  await notMyTurn(page);
}

// Passes by taps: Pass, then yes when the page asks.
async function pass(page) {
  await page.locator("#pass").tap();
  await until(page, "the pass asked first", () => !document.getElementById("pass-confirm").hidden);
  await page.locator("#pass-yes").tap();
  await notMyTurn(page);
}

async function englishRoom(browser) {
  const host = await newPage(browser, LAPTOP, false);
  const made = await makeRoom(host, "en", ["Ann", "Bo"], "rooms-en");
  const [annLink, boLink, watchLink] = made;
  const roomCodes = made.codes;
  step("a room made on the start page");
  // Ann plays in the laptop's window; Bo on a small phone; someone watches on another phone.
  const ann = await newPage(browser, LAPTOP, true);
  await ann.goto(annLink);
  await takeSeat(ann);
  // Bo was read his seat's code: on his phone he types it on the start page, a code of no
  // game first, then his, in small letters with a space.
  const bo = await newPage(browser, SMALL, true);
  await typeCode(bo, "0000-0000");
  await until(bo, "the wrong code said so", () =>
    document.getElementById("code-problem").textContent.includes("No game has that code"));
  await shot(bo, out, "rooms-en-code");
  await typeCode(bo, roomCodes[1].toLowerCase().replace("-", " "));
  await bo.waitForURL(boLink);
  await takeSeat(bo);
  const watcher = await newPage(browser, SMALL, true);
  await watcher.goto(watchLink);
  for (const page of [ann, bo, watcher]) {
    await until(page, "the table", () => view && !view.gathering);
    check(await page.evaluate(() => socket.url.startsWith("wss://")), "the socket is a secure one");
  }
  await until(ann, "the watcher counted", () => view.watching === 1);
  check((await ann.locator("#watching").innerText()).includes("One person is watching"),
    "the players see who watches");
  await shot(ann, out, "rooms-en-laptop");
  await shot(bo, out, "rooms-en-phone");
  // Whoever is to move lays a three-tile sum on the start row by taps, or exchanges their rack
  // when it holds none; then the other passes.
  let points = 0;
  let turns = 0;
  while (!points) {
    check(turns < 12, "nobody found a sum to start with in " + turns + " turns");
    const toMove = (await viewOf(ann)).to_move;
    const mover = toMove === 0 ? ann : bo;
    await myTurn(mover);
    const sum = firstSum((await viewOf(mover)).rack);
    if (sum) points = await layFirstTurn(mover, sum);
    else await exchangeAll(mover);
    turns += 1;
    for (const page of [ann, bo, watcher]) {
      await until(page, "the turn on every page", (turns) => view.log.length === turns, turns);
    }
  }
  step("the first sum laid by taps for " + points + " after " + (turns - 1) + " exchanges");
  for (const page of [ann, bo, watcher]) {
    await until(page, "the points on every page", (points) => view.scores.includes(points), points);
  }
  const other = (await viewOf(ann)).to_move === 0 ? ann : bo;
  await myTurn(other);
  await pass(other);
  turns += 1;
  await until(watcher, "every turn on the watcher's page", (turns) => view.log.length === turns, turns);
  // The watcher sees the table and no rack at any moment.
  const watched = await viewOf(watcher);
  check(watched.seat === null && watched.rack.length === 0, "the watcher is sent no rack");
  check(await watcher.evaluate(() => getComputedStyle(document.getElementById("hand")).display === "none"),
    "the watcher's page shows no rack and no buttons");
  check(await watcher.evaluate(() => document.querySelectorAll("#rack .tile").length === 0),
    "no tile on the watcher's rack");
  await shot(watcher, out, "rooms-en-watcher");
  await shot(bo, out, "rooms-en-phone-after");
  for (const [page, where] of [[ann, "Ann's laptop"], [bo, "Bo's phone"], [watcher, "the watcher"]]) {
    await checkWords(page, where);
  }
  // A second device with Bo's link is refused: the seat is taken.
  const stranger = await newPage(browser, SMALL, true);
  await stranger.goto(boLink);
  await until(stranger, "the seat taken card", () => document.body.innerText.includes("This seat is taken"));
  step("two turns played; the watcher saw no rack; a second device refused");
}

async function germanRoom(browser) {
  const host = await newPage(browser, LAPTOP, false);
  const [annLink] = await makeRoom(host, "de", ["Anna", "Bernd"], "rooms-de");
  const anna = await newPage(browser, SMALL, true);
  await anna.goto(annLink);
  // Anna plays as Anni: the name she types on taking her seat is the one the table shows.
  await until(anna, "the name card in German", () => !document.getElementById("naming").hidden
    && document.getElementById("naming-take").textContent === "Spielen"
    && document.getElementById("naming-name").value === "Anna");
  await shot(anna, out, "rooms-de-name");
  await takeSeat(anna, "Anni");
  await until(anna, "her name taken", () => view && view.names[0] === "Anni");
  check(await anna.evaluate(() => document.documentElement.lang === "de"), "the page speaks German");
  const waiting = await anna.locator("#status").innerText();
  check(waiting.length > 0, "the page says what it waits for");
  await checkWords(anna, "Anna's page");
  await shot(anna, out, "rooms-de-phone");
  step("a room in German: " + waiting);
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
      await shot(page, out, "failed-page-" + index).catch(() => {});
      const view = await page.evaluate(() => JSON.stringify(view && { preview: view.preview, notice: view.notice, rack: view.rack, laying: view.laying })).catch(() => "?");
      console.error("page " + index + ": " + view);
    }
    throw error;
  } finally {
    await browser.close();
  }
}

run("rooms in a browser", main);
