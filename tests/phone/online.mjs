// A person at a phone in a room whose other seats are game windows and the computer, as
// tests/app/online_browser.rs asks: opens the seat's link over TLS in Debian's Chromium at a
// phone's size with touch, takes the seat, and plays each of its turns by taps until the game
// ends (through the windows' and the server's restarts, when the page comes back by itself):
// one tile exchanged while the bag has any (three passes in a row would lose the game), a pass
// after; then writes the final scores it was shown to OUT-DIR/page-saw-the-end.json.
//
// node online.mjs OUT-DIR SEAT-ADDRESS
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PIXEL, check, launchChromium, run, shot, takeSeat, until, viewOf } from "./chromium.mjs";

const [out, address] = process.argv.slice(2);
if (!out || !address) {
  console.error("usage: node online.mjs OUT-DIR SEAT-ADDRESS");
  process.exit(2);
}
mkdirSync(out, { recursive: true });

// A whole game's wait: each turn of the others, a window's restart, the server's.
const TURN = 240_000;

async function main() {
  const browser = await launchChromium();
  try {
    // The test's own certificate authority is not the browser's: the page takes Caddy's
    // certificate as the test's check of the server took it.
    const context = await browser.newContext({
      viewport: PIXEL,
      isMobile: true,
      hasTouch: true,
      ignoreHTTPSErrors: true,
    });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(address);
    await takeSeat(page, null);
    console.log("online page: seated");
    let turns = 0;
    for (;;) {
      await until(page, "the page's turn or the end",
        () => view && (view.over || (view.laying && !view.gathering)), undefined, TURN);
      const seen = await viewOf(page);
      if (seen.over) break;
      if (turns === 0) await shot(page, out, "page-turn");
      if (seen.bag > 0) {
        // Exchange, one tile marked, then Exchange these.
        await page.locator("#exchange").tap();
        await until(page, "the tiles to exchange asked for",
          () => !document.getElementById("exchanging").hidden);
        await page.locator("#rack .tile").first().tap();
        await until(page, "a tile marked", () => document.querySelectorAll("#rack .tile.marked").length === 1);
        await page.locator("#exchange-these").tap();
      } else {
        // Pass, as a player does it: the button, then yes on the question it asks.
        await page.locator("#pass").tap();
        await until(page, "the question before passing",
          () => !document.getElementById("pass-confirm").hidden);
        await page.locator("#pass-yes").tap();
      }
      // A turn sent as the server went away is not played: the page, back at its seat, plays
      // it again.
      const played = await page.waitForFunction(() => view && !view.laying, undefined, { timeout: 15_000 })
        .then(() => true, () => false);
      if (!played) {
        console.log("online page: the turn was not played; again");
        continue;
      }
      turns += 1;
    }
    const last = await viewOf(page);
    await shot(page, out, "page-over");
    check(errors.length === 0, "the page threw: " + errors.join("; "));
    writeFileSync(join(out, "page-saw-the-end.json"),
      JSON.stringify({ names: last.names, scores: last.scores, turns }));
    console.log("online page: the end, after " + turns + " turns");
  } finally {
    await browser.close();
  }
}

run("online.mjs", main);
