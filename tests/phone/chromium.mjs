// Debian's Chromium as the phone tests drive it: headless, no browser download, and none of its
// background traffic (a closed network refuses it, many times over, at every start).
import { chromium } from "playwright-core";

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.ABAKUS_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

// A page of its own at a Pixel's size (412 × 915 CSS pixels) with touch, its storage its own.
export async function phonePage(browser, deviceScaleFactor = 1) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}
