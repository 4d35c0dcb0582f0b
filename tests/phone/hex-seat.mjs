// A phone at a seat of the hex game on the big screen: the address read off the screen's code
// opened at a phone's size with touch, the seat taken, and White played by taps on empty
// cells until the game is over; then the page's record is printed for the test to compare
// with the screen's, and the end is kept as `hex-seat-end.json`. Run by
// tests/app/phone_browser.rs beside the game window.
//
// node hex-seat.mjs OUT-DIR SEAT-ADDRESS
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { check, launchChromium, phonePage, run, shot, until, viewOf } from "./chromium.mjs";

const [out, address] = process.argv.slice(2);
if (!out || !address) {
  console.error("usage: node hex-seat.mjs OUT-DIR SEAT-ADDRESS");
  process.exit(2);
}
mkdirSync(out, { recursive: true });

run("hex-seat", async () => {
  const browser = await launchChromium();
  const errors = [];
  const page = await phonePage(browser, 2);
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(address);
  // A name card where the room asks for a name; at the big screen's table the seat is named.
  await until(page, "the seat's page", () =>
    (typeof view !== "undefined" && view) || !document.getElementById("naming")?.hidden);
  if (await page.evaluate(() => !document.getElementById("naming")?.hidden)) {
    await page.locator("#naming-take").click();
  }
  await until(page, "the game begun", () => view && !view.gathering);
  const first = await viewOf(page);
  check(first.game === "hex" && first.you === "white", "the phone plays White: " + first.you);
  await shot(page, out, "hex-seat-first");
  let moves = 0;
  for (;;) {
    // The big screen's move is made by a real hand on a software renderer: slow beside
    // other tests on two cores.
    await until(page, "White's turn or the end", () => view && (view.your_turn || view.over),
      undefined, 240_000);
    const v = await viewOf(page);
    if (v.over) break;
    check(moves < 60, "the game never ended");
    const empty = v.cells.filter((cell) => !cell.stone).map((cell) => cell.cell);
    const cell = empty[(moves * 7) % empty.length];
    const before = v.moves.length;
    await page.locator(`#board [data-cell="${cell}"]`).tap();
    await until(page, "the tap played", (before) => view.moves.length > before, before);
    moves += 1;
    if (moves === 2) await shot(page, out, "hex-seat-playing");
  }
  const end = await viewOf(page);
  await shot(page, out, "hex-seat-end");
  check(errors.length === 0, "the page had errors: " + errors.join("; "));
  check(moves >= 2, "the phone played " + moves + " moves");
  console.log("record: " + end.moves.join(" "));
  writeFileSync(join(out, "hex-seat-end.json"), JSON.stringify({
    moves: end.moves, names: end.names, over: end.over, played: moves,
  }));
  await browser.close();
});
