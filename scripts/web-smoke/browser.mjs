// The headless Chromium every browser test drives (smoke.mjs, share.mjs,
// sizes.mjs): Debian's chromium (CHROMIUM to name another), with no network
// of its own (this machine's network is closed: without these flags it tries
// Google's hosts at every start) and WebGL through SwiftShader.
import { chromium } from "playwright-core";

/// Starts the browser.
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
    ],
  });
}
