// Two players at their phones: opens each seat's page in Debian's Chromium at a phone's size,
// with touch, and plays a tile game's turns by taps and a drag, as tests/app/phone_browser.rs
// asks (the big screen runs tests/scripts/phones.txt). Each step waits for what a player
// would see before the next; any step that does not come fails the run.
//
// node play.mjs OUT-DIR SEAT-1-ADDRESS SEAT-2-ADDRESS
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchChromium, phonePage } from "./chromium.mjs";

const [out, first, second] = process.argv.slice(2);
if (!out || !first || !second) {
  console.error("usage: node play.mjs OUT-DIR SEAT-1-ADDRESS SEAT-2-ADDRESS");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const STEP = 60_000;
// What the pages threw; any at all fails the run at its end.
const pageErrors = [];

function step(text) {
  console.log("phone test: " + text);
}

function check(condition, text) {
  if (!condition) throw new Error(text);
}

// A phone's page, drawn at twice the pixels for its screenshots.
async function phone(browser, address) {
  const page = await phonePage(browser, 2);
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(address);
  return page;
}

// The view the page last drew, as the big screen sent it.
const view = (page) => page.evaluate(() => view);

function until(page, what, predicate, argument) {
  return page.waitForFunction(predicate, argument, { timeout: STEP }).catch(() => {
    throw new Error("never came: " + what);
  });
}

const myTurn = (page) => until(page, "the player's turn", () => view && view.laying);
const notMyTurn = (page) => until(page, "the turn passed on", () => view && !view.laying);

async function shot(page, name) {
  await page.screenshot({ path: join(out, name + ".png") });
}

// Taps the first rack tile that shows `digit` (`?` for the joker).
async function tapTile(page, digit) {
  await page.locator("#rack .tile", { hasText: digit }).first().tap();
}

async function tapSquare(page, cell) {
  await page.locator(`#board [data-cell="${cell}"]`).tap();
}

const laidOn = (page, cells) =>
  until(page, "tiles on " + cells.join(" "), (cells) => {
    const width = view.board.width;
    const at = (cell) => {
      const column = cell.charCodeAt(0) - 65;
      const row = Number(cell.slice(1)) - 1;
      return view.board.squares[row * width + column];
    };
    return cells.every((cell) => at(cell) && at(cell).tile);
  }, cells);

async function main() {
  const browser = await launchChromium();
  try {
    const a = await phone(browser, first);
    const b = await phone(browser, second);
    step("both pages open");

    // Seat 1: the joker tapped onto the start square and named 2 on the keypad, the 1 laid
    // with a tap and a tap, the 3 dragged (with a mouse, as a laptop's player would).
    await myTurn(a);
    const rack = (await view(a)).rack.map((tile) => tile.tile).join(" ");
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
    await a.locator("#submit").tap();
    await notMyTurn(a);
    const scores = await a.locator("#scores").textContent();
    check(scores.includes("6"), "seat 1's 6 points are not on its page: " + scores);
    step("seat 1 laid H8=?2 G8=1 I8=3 for 6");

    // Seat 2 sees the move on its board and exchanges two tiles.
    await myTurn(b);
    await laidOn(b, ["G8", "H8", "I8"]);
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
    check((await view(a)).scores[0] === 6, "after the reload the score is not 6");
    step("seat 1's page reloaded and shows the game as it is");
    await a.locator("#pass").tap();
    await notMyTurn(a);
    await myTurn(b);
    await b.locator("#pass").tap();
    await notMyTurn(b);

    // The big screen switches to German after four turns; the pages follow it.
    for (const page of [a, b]) {
      await until(page, "the page in German", () => document.documentElement.lang === "de");
    }
    await myTurn(a);
    await shot(a, "phone-turn-de");
    await a.locator("#pass").tap();
    await myTurn(b);
    await b.locator("#pass").tap();
    for (const page of [a, b]) {
      await until(page, "the end of the game", () => !document.getElementById("ending").hidden);
      const racks = await page.locator("#ending-racks li").count();
      check(racks === 2, "the end shows " + racks + " racks");
    }
    await shot(a, "phone-end-de");
    step("the game ended after four passes; both pages show every rack");
    check(pageErrors.length === 0, "the pages threw: " + pageErrors.join("; "));
    // The phones stay at the table until the big screen has taken its picture of the end.
    const over = join(out, "phone-game-over.png");
    for (let waited = 0; !existsSync(over); waited += 100) {
      check(waited < STEP, "the big screen took no picture of the end");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await browser.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error("phone test failed: " + error.message);
    process.exit(1);
  },
);
