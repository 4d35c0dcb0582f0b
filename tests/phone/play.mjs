// Two players at their phones: opens each seat's page in Debian's Chromium at a phone's size,
// with touch, and plays a tile game's turns by taps and a drag, as tests/app/phone_browser.rs
// asks (the big screen runs tests/scripts/phones.txt); a third phone finds a seat taken, and
// the same phones play the rematch. Each step waits for what a player would see before the
// next; any step that does not come fails the run.
//
// node play.mjs OUT-DIR SEAT-1-ADDRESS SEAT-2-ADDRESS
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  LANDSCAPE, SMALL, check, checkWords, launchChromium, laidOn, myTurn, notMyTurn, phonePage, run,
  screenShot, shot as shotIn, tapSquare, tapTile, until, viewOf,
} from "./chromium.mjs";

const [out, first, second] = process.argv.slice(2);
if (!out || !first || !second) {
  console.error("usage: node play.mjs OUT-DIR SEAT-1-ADDRESS SEAT-2-ADDRESS");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
// What the pages threw; any at all fails the run at its end.
const pageErrors = [];

function step(text) {
  console.log("phone test: " + text);
}

// A phone's page, drawn at twice the pixels for its screenshots.
async function phone(browser, address, viewport) {
  const page = await phonePage(browser, 2, viewport);
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(address);
  return page;
}

const shot = (page, name) => shotIn(page, out, name);

// Pass, as a player does it: the button, then yes on the question it asks.
async function pass(page) {
  await page.locator("#pass").tap();
  await until(page, "the question before passing", () => !document.getElementById("pass-confirm").hidden);
  await page.locator("#pass-yes").tap();
}

async function main() {
  const browser = await launchChromium();
  try {
    const a = await phone(browser, first);
    const b = await phone(browser, second, SMALL);
    step("both pages open");

    // Seat 1: the joker tapped onto the start square and named 2 on the keypad, the 1 laid
    // with a tap and a tap, the 3 dragged (with a mouse, as a laptop's player would).
    await myTurn(a);
    await checkWords(a, "seat 1's first turn");
    // A third phone opens seat 1's code: the seat is taken, and the card says so in words.
    const c = await phone(browser, first, SMALL);
    await until(c, "the taken seat's card", () => !document.getElementById("message").hidden);
    const title = await c.locator("#message-title").textContent();
    check(title === "This seat is taken", "the third phone reads " + JSON.stringify(title));
    await checkWords(c, "the third phone");
    await shot(c, "phone-taken");
    await c.setViewportSize(LANDSCAPE);
    await shot(c, "phone-taken-landscape");
    await c.context().close();
    step("a third phone on a taken seat is told so");

    const rack = (await viewOf(a)).rack.map((tile) => tile.tile).join(" ");
    step("seat 1 holds " + rack);
    await shot(a, "phone-rack");
    await tapTile(a, "?");
    await tapSquare(a, "H8");
    await until(a, "the joker's keypad", () => !document.getElementById("joker").hidden);
    await shot(a, "phone-joker");
    await a.locator("#keypad button", { hasText: "2" }).tap();
    await until(a, "the joker named", () => !view.joker);
    await tapTile(a, "1");
    await tapSquare(a, "G8");
    await laidOn(a, ["G8", "H8"]);
    const tile = await a.locator("#rack .tile", { hasText: "3" }).first().boundingBox();
    const square = await a.locator('#board [data-cell="I8"]').boundingBox();
    await a.mouse.move(tile.x + tile.width / 2, tile.y + tile.height / 2);
    await a.mouse.down();
    // The tile is carried above the finger: the square 40 pixels above the pointer takes it.
    await a.mouse.move(square.x + square.width / 2, square.y + square.height / 2 + 40, { steps: 12 });
    await a.mouse.up();
    await laidOn(a, ["G8", "H8", "I8"]);
    await until(a, "the preview's 6 points", () => view.preview && view.preview.points === 6);
    await until(a, "Submit enabled", () => !document.getElementById("submit").disabled);
    await shot(a, "phone-preview");
    // The people at the big screen see the tiles and the preview before Submit.
    await screenShot(out, "phone-laid-on-screen");
    await a.locator("#submit").tap();
    await notMyTurn(a);
    const scores = await a.locator("#scores").textContent();
    check(scores.includes("6"), "seat 1's 6 points are not on its page: " + scores);
    step("seat 1 laid H8=?2 G8=1 I8=3 for 6");

    // Seat 2 puts a digit on the joker (it comes to the rack, the digit stands on H8 and can
    // be taken back), takes it back, and exchanges two tiles.
    await myTurn(b);
    await laidOn(b, ["G8", "H8", "I8"]);
    const digit = (await viewOf(b)).rack.find((tile) => /^[0-9]$/.test(tile.tile)).tile;
    await tapTile(b, digit);
    await tapSquare(b, "H8");
    await until(b, "the digit on the joker's square",
      (digit) => view.board.squares[7 * view.board.width + 7].tile === digit
        && view.board.squares[7 * view.board.width + 7].new, digit);
    await until(b, "the joker in the rack", () => view.rack.some((tile) => tile.tile === "?"));
    await until(b, "Take back enabled", () => !document.getElementById("recall").disabled);
    await shot(b, "phone-joker-replaced");
    await b.locator("#recall").tap();
    await until(b, "the joker back on its square",
      () => view.board.squares[7 * view.board.width + 7].tile === "?"
        && !view.board.squares[7 * view.board.width + 7].new);
    check(!(await viewOf(b)).rack.some((tile) => tile.tile === "?"), "the joker stayed in the rack");
    step("seat 2 put a " + digit + " on the joker and took it back");
    await b.locator("#exchange").tap();
    const tiles = b.locator("#rack .tile");
    await tiles.nth(0).tap();
    await tiles.nth(1).tap();
    await until(b, "two tiles marked", () => document.querySelectorAll("#rack .tile.marked").length === 2);
    await shot(b, "phone-exchange");
    await b.locator("#exchange-these").tap();
    await notMyTurn(b);
    step("seat 2 exchanged two tiles");

    // Seat 1's phone locked and back: the page loads again, joins with its secret and shows
    // the game as it is now.
    await a.reload();
    await myTurn(a);
    await laidOn(a, ["G8", "H8", "I8"]);
    check((await viewOf(a)).scores[0] === 6, "after the reload the score is not 6");
    step("seat 1's page reloaded and shows the game as it is");
    // The board names its columns and rows as the refusals do; the turns read as the screen's
    // log reads them, the newest first.
    const names = await a.locator("#board .column-name").allTextContents();
    check(names.join("") === "ABCDEFGHIJKLMNO", "the columns are named " + names.join(""));
    check((await a.locator("#board .row-name").count()) === 15, "the rows are not all named");
    await a.locator("#log-title").tap();
    await until(a, "the turns listed", () => document.querySelectorAll("#log li").length === 2);
    const turns = await a.locator("#log li").allTextContents();
    check(turns[0] === "Player 2 exchanged 2 tiles." && turns[1].startsWith("Player 1: 1 + 2 = 3"),
      "the turns read " + JSON.stringify(turns));
    await shot(a, "phone-turns");
    await a.locator("#log-title").tap();
    step("the board's columns and rows are named, and the turns read in words");
    await pass(a);
    await notMyTurn(a);
    await myTurn(b);
    await pass(b);
    await notMyTurn(b);

    // The big screen switches to German after four turns; the pages follow it.
    for (const page of [a, b]) {
      await until(page, "the page in German", () => document.documentElement.lang === "de");
    }
    await myTurn(a);
    await checkWords(a, "the German page");
    await shot(a, "phone-turn-de");
    await pass(a);
    await myTurn(b);
    await pass(b);
    for (const page of [a, b]) {
      await until(page, "the end of the game", () => !document.getElementById("ending").hidden);
      const racks = await page.locator("#ending-racks li").count();
      check(racks === 2, "the end shows " + racks + " racks");
    }
    await shot(a, "phone-end-de");
    // The small phone turned on its side shows the end whole.
    await b.setViewportSize(LANDSCAPE);
    await shot(b, "phone-end-landscape");
    await b.setViewportSize(SMALL);
    // The end card closes to show the final board, and opens again.
    await a.locator("#see-board").tap();
    await until(a, "the end card closed", () => document.getElementById("ending").hidden);
    await a.locator("#show-result").tap();
    await until(a, "the end card again", () => !document.getElementById("ending").hidden);
    step("the game ended after four passes; both pages show every rack");

    // Play again at the big screen, once the phones have seen the end: the same phones play
    // the new game, nothing scanned.
    writeFileSync(join(out, "phones-saw-the-end"), "");
    for (const page of [a, b]) {
      await until(page, "the rematch on the same phone",
        () => view && !view.over && view.board.squares.every((square) => !square.tile));
      // The seats nobody named are named in the screen's language now, on every line.
      await until(page, "the seats named in German",
        () => document.getElementById("scores").textContent.includes("Spieler 2")
          && (view.laying || document.getElementById("status").textContent.includes("Spieler")));
      await checkWords(page, "the rematch");
    }
    await shot(b, "phone-rematch");
    step("the rematch came to both phones");
    check(pageErrors.length === 0, "the pages threw: " + pageErrors.join("; "));
    // The phones stay at the table until the big screen has taken its picture of the rematch.
    await screenShot(out, "phone-rematch-screen");
  } finally {
    await browser.close();
  }
}

run("phone test", main);
