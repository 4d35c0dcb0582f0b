// A booth's visitor: the phone's browser opens the address read off the big screen's corner
// code, as tests/app/phone_browser.rs reads it, and plays the first turn against the computer
// by taps (the big screen runs tests/scripts/visitor-*.txt, which checks the turn as it is laid
// and scored). Small phone, with touch.
//
// With to-the-end, the visitor passes the short game's other turns and reads the result card.
//
// node visitor.mjs OUT-DIR SEAT-ADDRESS [to-the-end]
import { mkdirSync } from "node:fs";
import {
  LANDSCAPE, SMALL, check, checkWords, firstSum, launchChromium, laidOn, myTurn, notMyTurn,
  phonePage, run, screenShot, shot, tapSquare, tapTile, until, viewOf,
} from "./chromium.mjs";

const [out, address, extent] = process.argv.slice(2);
if (!out || !address) {
  console.error("usage: node visitor.mjs OUT-DIR SEAT-ADDRESS [to-the-end]");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const pageErrors = [];

function step(text) {
  console.log("visitor: " + text);
}

async function main() {
  const browser = await launchChromium();
  try {
    const page = await phonePage(browser, 2, SMALL);
    page.on("pageerror", (error) => pageErrors.push(error.message));
    const opened = Date.now();
    await page.goto(address);
    // The page has its words before anything else: no message id, even while it connects.
    await checkWords(page, "the page as it loads");
    // First a name for today's table, picked from three offered: none is typed.
    await until(page, "the names offered", () => !document.getElementById("picking").hidden);
    await until(page, "the first picture", () => !!view);
    await checkWords(page, "the names offered");
    await shot(page, out, "visitor-names");
    const names = page.locator("#picking-names button");
    const offered = await names.allTextContents();
    check(offered.length === 3, "three names are offered: " + offered.join(", "));
    await page.locator("#picking-more").tap();
    await until(page, "three other names",
      (first) => document.querySelector("#picking-names button").textContent !== first, offered[0]);
    const picked = await names.nth(1).textContent();
    check(!offered.includes(picked), "the other names are others: " + picked);
    await names.nth(1).tap();
    await until(page, "the name picked on the page",
      (name) => view.names[0] === name && document.getElementById("picking").hidden, picked);
    step("picked " + picked + " from " + offered.join(", ") + " and three others");
    await myTurn(page);
    step("seated and laying " + (Date.now() - opened) + " ms after the page was opened");
    await checkWords(page, "the visitor's first turn");
    const first = await viewOf(page);
    check(first.names[1] === "Computer: normal",
      "the opponent is not named as the computer: " + first.names[1]);
    check(first.board.squares.every((square) => !square.tile),
      "the visitor's deal does not give the visitor the first move");
    await shot(page, out, "visitor-rack");
    const sum = firstSum(first.rack);
    check(sum, "no three-tile sum on the rack " + first.rack.map((t) => t.tile).join(" "));
    const cells = ["G8", "H8", "I8"];
    for (let index = 0; index < 3; index++) {
      const { tile, digit } = sum[index];
      await tapTile(page, tile);
      await tapSquare(page, cells[index]);
      if (tile === "?") {
        // The joker's keypad asks for its digit.
        await until(page, "the joker's keypad", () => !document.getElementById("joker").hidden);
        await checkWords(page, "the joker's keypad");
        await shot(page, out, "visitor-joker");
        await page.locator("#keypad button", { hasText: String(digit) }).tap();
        await until(page, "the joker named", () => !view.joker);
      }
    }
    await laidOn(page, cells);
    await until(page, "Submit enabled", () => !document.getElementById("submit").disabled);
    const points = (await viewOf(page)).preview.points;
    const laid = sum.map(({ tile, digit }) => (tile === "?" ? "?" + digit : tile)).join(" ");
    step("laid " + laid + " on G8 H8 I8 for " + points);
    await shot(page, out, "visitor-preview");
    // The big screen shows the tiles and their preview as they are laid, before Submit.
    await screenShot(out, "visitor-laid");
    await page.locator("#submit").tap();
    await notMyTurn(page);
    await until(page, "the visitor's points on the page",
      (points) => view.scores[0] === points, points);
    await screenShot(out, "visitor-scored");
    // The computer replies; the visitor's turn comes round again.
    await myTurn(page);
    await checkWords(page, "the visitor's second turn");
    await shot(page, out, "visitor-second-turn");
    await page.setViewportSize(LANDSCAPE);
    await until(page, "the board fitted to the phone on its side",
      () => document.getElementById("board").getBoundingClientRect().width > 0);
    await shot(page, out, "visitor-landscape");
    step("scored " + points + "; the computer replied");
    if (extent === "to-the-end") await toTheEnd(page);
    check(pageErrors.length === 0, "the page threw: " + pageErrors.join("; "));
  } finally {
    await browser.close();
  }
}

// The visitor passes each turn left of the short game; at its end the phone shows the place
// on today's table, a line to share and the board as a picture, and the big screen's demo
// opens with the table.
async function toTheEnd(page) {
  await page.setViewportSize(SMALL);
  for (;;) {
    await until(page, "the visitor's turn or the end", () => view && (view.laying || view.over));
    if ((await viewOf(page)).over) break;
    await page.locator("#pass").tap();
    await until(page, "the pass asked first",
      () => !document.getElementById("pass-confirm").hidden);
    await page.locator("#pass-yes").tap();
    await until(page, "the pass taken", () => view && (!view.laying || view.over));
  }
  await until(page, "the result card", () => !document.getElementById("booth-result").hidden);
  await checkWords(page, "the result card");
  await shot(page, out, "visitor-result");
  const card = await page.evaluate(() => ({
    place: document.getElementById("booth-place").textContent,
    share: document.getElementById("booth-share").value,
    picture: document.getElementById("booth-picture").href,
    score: view.scores[0],
  }));
  check(/^Place [1-4] of 4 on today/.test(card.place), "the place: " + card.place);
  check(card.share.includes(card.score + " point"), "the line to share: " + card.share);
  check(card.picture.startsWith("data:image/png;base64,"), "the board's picture");
  await page.locator("#booth-copy").tap();
  step(card.place + ": " + card.share);
  // Back on the big screen, the demo opens with today's table; then the organiser's controls.
  await screenShot(out, "visitor-table");
  await screenShot(out, "booth-controls");
}

run("the visitor's phone", main);
