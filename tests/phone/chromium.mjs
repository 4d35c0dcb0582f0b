// Debian's Chromium as the phone tests drive it: headless, no browser download, and none of its
// background traffic (a closed network refuses it, many times over, at every start); and what
// every phone test does on a seat's page.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.ABAKUS_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

// The phone sizes the tests use: a Pixel's, a small phone's, and a small phone on its side.
export const PIXEL = { width: 412, height: 915 };
export const SMALL = { width: 360, height: 640 };
export const LANDSCAPE = { width: 640, height: 360 };

// A page of its own at a phone's size with touch, its storage its own.
export async function phonePage(browser, deviceScaleFactor = 1, viewport = PIXEL) {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

// How long any one step may take before the run fails.
export const STEP = 60_000;

export function check(condition, text) {
  if (!condition) throw new Error(text);
}

export function until(page, what, predicate, argument, timeout = STEP) {
  return page.waitForFunction(predicate, argument, { timeout }).catch(() => {
    throw new Error("never came: " + what);
  });
}

// The view the page last drew, as the big screen sent it.
export const viewOf = (page) => page.evaluate(() => view);

export const myTurn = (page) => until(page, "the player's turn", () => view && view.laying);
export const notMyTurn = (page) => until(page, "the turn passed on", () => view && !view.laying);

// Taps the first rack tile that shows `digit` (`?` for the joker).
export async function tapTile(page, digit) {
  await page.locator("#rack .tile", { hasText: String(digit) }).first().tap();
}

export async function tapSquare(page, cell) {
  await page.locator(`#board [data-cell="${cell}"]`).tap();
}

// Waits until the page's board shows tiles on every one of `cells`.
export const laidOn = (page, cells) =>
  until(page, "tiles on " + cells.join(" "), (cells) => {
    const width = view.board.width;
    const at = (cell) => {
      const column = cell.charCodeAt(0) - 65;
      const row = Number(cell.slice(1)) - 1;
      return view.board.squares[row * width + column];
    };
    return cells.every((cell) => at(cell) && at(cell).tile);
  }, cells);

// A first turn of three tiles that reads as a true sum, result last (`a b c` with a + b = c,
// a − b = c, a × b = c or a ÷ b = c), from the rack's tiles, the joker standing for any digit:
// as a player looks for one on their rack. Each tile is `{tile, digit}`, the digit a joker's.
export function firstSum(rack) {
  const tiles = rack.map((tile) => tile.tile).filter((tile) => /^[0-9?]$/.test(tile));
  const readings = (tile) => (tile === "?" ? [...Array(10).keys()] : [Number(tile)]);
  // No operand or result is 0: `0` alone is not a number (docs/abaku-rules.md).
  const trueSum = (a, b, c) =>
    a !== 0 && b !== 0 && c !== 0 && (a + b === c || a - b === c || a * b === c || a / b === c);
  for (let i = 0; i < tiles.length; i++) {
    for (let j = 0; j < tiles.length; j++) {
      for (let k = 0; k < tiles.length; k++) {
        if (i === j || j === k || i === k) continue;
        for (const a of readings(tiles[i])) {
          for (const b of readings(tiles[j])) {
            for (const c of readings(tiles[k])) {
              if (trueSum(a, b, c)) {
                return [[tiles[i], a], [tiles[j], b], [tiles[k], c]]
                  .map(([tile, digit]) => ({ tile, digit }));
              }
            }
          }
        }
      }
    }
  }
  return null;
}

// Everything the page shows in words: what a person reads must never be a message's id.
export async function checkWords(page, where) {
  const shown = await page.evaluate(() => document.body.innerText);
  const keys = shown.match(/\b(phone|joker)-[a-z]+(-[a-z]+)*\b/g);
  check(!keys, where + ": the page shows message ids " + JSON.stringify(keys));
}

export async function shot(page, out, name) {
  await page.screenshot({ path: join(out, name + ".png") });
}

const PNG_END = Buffer.from([0xae, 0x42, 0x60, 0x82]);

// Waits for the big screen's screenshot `name` (a whole PNG) in `out`.
export async function screenShot(out, name) {
  const file = join(out, name + ".png");
  for (let waited = 0; ; waited += 100) {
    // A PNG is whole once its end chunk is written.
    if (existsSync(file) && readFileSync(file).subarray(-4).equals(PNG_END)) return;
    check(waited < 3 * STEP, "the big screen took no picture " + name);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Runs `main`, exiting 0 when it succeeds and 1 with its error when it fails.
export function run(name, main) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(name + " failed: " + error.message);
      process.exit(1);
    },
  );
}

// A person taking a room's seat by its link: the card offers the room's name for them; they
// keep it, or type their own (`name`), and play.
export async function takeSeat(page, name) {
  await until(page, "the name card", () => !document.getElementById("naming").hidden);
  if (name) await page.locator("#naming-name").fill(name);
  await page.locator("#naming-take").click();
  await until(page, "the name card put away", () => document.getElementById("naming").hidden);
}
