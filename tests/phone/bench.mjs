// The phone seats measured in Debian's Chromium, for scripts/bench/phones.sh:
//
// node bench.mjs latency ROUNDS ADDRESS...   the mover's page lays a tile and takes it back
//     ROUNDS times; each time, from the page sending the intent to the page receiving the view
//     that shows it (the big screen applies it in a frame and sends that frame's view).
// node bench.mjs soak SECONDS ADDRESS...     every page stays connected; the mover lays and
//     takes back a tile, then exchanges one, a turn every 3 s, and every 25th turn its page
//     reloads (a phone locked and back), until SECONDS have passed.
// node bench.mjs idle SECONDS ADDRESS...     every page stays connected and nobody moves: once
//     the mover's page shows its turn it prints "waiting", then holds still for SECONDS.
import { launchChromium, phonePage } from "./chromium.mjs";

const [mode, amount, ...addresses] = process.argv.slice(2);
if (!["latency", "soak", "idle"].includes(mode) || !(Number(amount) > 0)
  || addresses.length === 0) {
  console.error("usage: node bench.mjs latency ROUNDS | soak SECONDS | idle SECONDS, ADDRESS...");
  process.exit(2);
}

async function open(browser, address) {
  const page = await phonePage(browser);
  await page.goto(address);
  await page.waitForFunction(() => view !== null, null, { timeout: 60_000 });
  return page;
}

// The page of the seat to lay tiles, once the game has begun.
async function mover(pages) {
  for (;;) {
    for (const page of pages) {
      if (await page.evaluate(() => view && view.laying)) return page;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// In the page: sends one intent and resolves with the milliseconds until a view for which
// `done` holds arrives.
function timed(page, intent, done) {
  return page.evaluate(
    ([intent, done]) =>
      new Promise((resolve) => {
        const check = new Function("view", "return " + done);
        const original = receive;
        const started = performance.now();
        receive = (message) => {
          original(message);
          if (message.type === "view" && check(message)) {
            receive = original;
            resolve(performance.now() - started);
          }
        };
        send(intent);
      }),
    [intent, done],
  );
}

const PACE_MS = 3000;
const onStart = "view.board.squares.some((square) => square.new)";
const offStart = "!view.board.squares.some((square) => square.new)";

async function layAndTakeBack(page) {
  const { slot, cell } = await page.evaluate(() => {
    const { width, squares } = view.board;
    const start = squares.findIndex((square) => square.bonus === "*");
    // A digit: the joker would ask for its digit first.
    return {
      slot: view.rack.find((tile) => tile.tile !== "?").slot,
      cell: String.fromCharCode(65 + (start % width)) + (Math.floor(start / width) + 1),
    };
  });
  const laid = await timed(page, { intent: "lay", slot, cell }, onStart);
  const back = await timed(page, { intent: "take-back", cell }, offStart);
  return [laid, back];
}

function percentile(sorted, share) {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

async function main() {
  const browser = await launchChromium();
  try {
    const pages = [];
    for (const address of addresses) pages.push(await open(browser, address));
    if (mode === "idle") {
      await mover(pages);
      console.log("waiting");
      await new Promise((resolve) => setTimeout(resolve, Number(amount) * 1000));
    } else if (mode === "latency") {
      const page = await mover(pages);
      const samples = [];
      for (let round = 0; round < Number(amount); round += 1) {
        samples.push(...(await layAndTakeBack(page)));
        // Faster than any person taps, and within the server's 40 messages a second.
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      samples.sort((a, b) => a - b);
      const ms = (value) => value.toFixed(1) + " ms";
      console.log(`intents ${samples.length}: median ${ms(percentile(samples, 0.5))}, ` +
        `95th percentile ${ms(percentile(samples, 0.95))}, worst ${ms(samples.at(-1))}`);
    } else {
      const until = Date.now() + Number(amount) * 1000;
      let turns = 0;
      while (Date.now() < until) {
        // At a table's pace, a turn every few seconds: an hour is a long evening's play.
        const turnStarted = Date.now();
        const page = await mover(pages);
        await layAndTakeBack(page);
        const slot = await page.evaluate(() => view.rack[0].slot);
        await timed(page, { intent: "exchange", slots: [slot] }, "!view.laying");
        turns += 1;
        if (turns % 25 === 0) {
          await page.reload();
          await page.waitForFunction(() => view !== null, null, { timeout: 60_000 });
        }
        if (turns % 100 === 0) console.log(`turns ${turns}`);
        const rest = PACE_MS - (Date.now() - turnStarted);
        if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
      }
      console.log(`turns ${turns}`);
    }
  } finally {
    await browser.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error("phone bench failed: " + error.message);
    process.exit(1);
  },
);
