// Two players at their phones when things go wrong, as tests/app/phone_browser.rs asks (the big
// screen runs tests/scripts/phones-away.txt): the game leaves the big screen for its settings
// and comes back, and both pages wait and rejoin; seat 2's phone goes, the organiser gives its
// seat a new code, which another phone opens from the screen's screenshot while the old
// address says it is no longer valid; and a turn that runs out of time says so on the phone.
//
// node away.mjs OUT-DIR SEAT-1-ADDRESS SEAT-2-ADDRESS
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  LANDSCAPE, SMALL, check, checkWords, launchChromium, myTurn, notMyTurn, phonePage, run,
  screenShot, shot as shotIn, tapSquare, until, viewOf,
} from "./chromium.mjs";

const [out, first, second] = process.argv.slice(2);
if (!out || !first || !second) {
  console.error("usage: node away.mjs OUT-DIR SEAT-1-ADDRESS SEAT-2-ADDRESS");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const pageErrors = [];

function step(text) {
  console.log("away test: " + text);
}

const shot = (page, name) => shotIn(page, out, name);

async function open(context, address) {
  const page = await context.newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
  const answer = await page.goto(address);
  return { page, status: answer.status() };
}

async function phone(browser, address, viewport) {
  const page = await phonePage(browser, 2, viewport);
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(address);
  return page;
}

// The card over the page: its title, once it shows.
async function cardTitle(page, what) {
  await until(page, what, () => !document.getElementById("message").hidden);
  return page.locator("#message-title").textContent();
}

// The codes a QR reader finds on the big screen's screenshot `name`.
function codesOn(name) {
  const text = execFileSync("zbarimg", ["-q", "--raw", join(out, name + ".png")], { encoding: "utf8" });
  return text.split("\n").filter((line) => line.length > 0);
}

async function main() {
  const browser = await launchChromium();
  try {
    const a = await phone(browser, first, SMALL);
    const b = await phone(browser, second, LANDSCAPE);
    for (const page of [a, b]) await until(page, "the game's view", () => view !== null);
    step("both phones joined");

    // The big screen goes to its settings: both pages say the game is away for a moment, and
    // are back at their seats by themselves when it returns.
    for (const page of [a, b]) {
      const title = await cardTitle(page, "the card of a game off the screen");
      check(title === "Back in a moment", "a page off the screen reads " + JSON.stringify(title));
      await checkWords(page, "a page whose game is off the screen");
    }
    await shot(a, "away-aside-page");
    await shot(b, "away-aside-landscape");
    for (const page of [a, b]) {
      await until(page, "the page back at its seat",
        () => document.getElementById("message").hidden && view !== null);
    }
    step("both phones waited while the game was off the screen, and came back");

    // Seat 2's phone goes (its page closed); the screen calls it away, and the organiser asks
    // for a new code, which the screen shows.
    await screenShot(out, "away-back");
    const context = b.context();
    await b.close();
    await screenShot(out, "away-new-code");
    const codes = codesOn("away-new-code");
    check(codes.length === 1, "the screen shows " + codes.length + " codes for the lost seat");
    const [renewed] = codes;
    check(renewed !== second, "the new code is the old address");
    // The old phone, back at the old address, is told the code is no longer valid.
    const old = await open(context, second);
    check(old.status === 403, "the old address answers " + old.status);
    const said = await old.page.locator("h1").textContent();
    check(said === "This code is no longer valid", "the old address reads " + JSON.stringify(said));
    await checkWords(old.page, "the old address");
    await shot(old.page, "away-old-code-page");
    // Another phone opens the new code and has seat 2.
    const c = await phone(browser, renewed, SMALL);
    await until(c, "the new phone seated", () => view !== null && view.seat === 1);
    await checkWords(c, "the new phone");
    await shot(c, "away-new-phone-page");
    step("a new code for seat 2 seats a new phone; the old address is refused in words");

    // A new game of the same seats with a 10 s clock: seat 1 lays a tile and lets the time
    // run out; the tile goes back and the page says what happened.
    await until(a, "the new game with its clock", () => view && view.laying && view.clock !== null
      && view.board.squares.every((square) => !square.tile));
    const rack = (await viewOf(a)).rack;
    await a.locator(`#rack .tile[data-slot="${rack[0].slot}"]`).tap();
    await tapSquare(a, "H8");
    await until(a, "the tile on H8", () => view.board.squares[7 * view.board.width + 7].tile);
    await screenShot(out, "away-laid-with-clock");
    await notMyTurn(a);
    await until(a, "the notice that the time ran out",
      () => document.body.innerText.includes("Time ran out"));
    await checkWords(a, "the page after its time ran out");
    await shot(a, "away-timed-out-page");
    check((await viewOf(a)).board.squares.every((square) => !square.tile),
      "the tile stayed on the board after the time ran out");
    await myTurn(c);
    step("the time ran out of seat 1's turn, and its page said so");
    check(pageErrors.length === 0, "the pages threw: " + pageErrors.join("; "));
    await screenShot(out, "away-timed-out");
  } finally {
    await browser.close();
  }
}

run("away test", main);
