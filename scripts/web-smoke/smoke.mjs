// chainlab's browser test (run by scripts/web-smoke.sh): opens the page in
// headless Chromium, waits for the app's first frame, screenshots each view
// (reached by the page's #view address), and fails on console errors, page
// errors, a visible error message or a blank canvas.
// Usage: node smoke.mjs URL SCREENSHOT_DIR
import { chromium } from "playwright-core";

const [url, shots] = process.argv.slice(2);
const VIEWS = ["editor", "play", "arena", "replay"];
const problems = [];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
  ],
});

/// Opens `address` in a fresh page; returns the page and its first-frame time.
async function open(address) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on("console", (m) => {
    const text = m.text();
    if (m.type() === "error" || /panicked/.test(text)) problems.push(`${address}: console: ${text}`);
    if (m.type() === "error" || m.type() === "warning") console.log(`  [console.${m.type()}] ${text}`);
  });
  page.on("pageerror", (e) => problems.push(`${address}: page error: ${e.message}`));
  await page.goto(address);
  await page.waitForFunction(() => window.chainlabFirstFrame !== undefined, null, { timeout: 60000 });
  const firstFrame = await page.evaluate(() => window.chainlabFirstFrame);
  // A few frames more: the views lay themselves out over the first frames.
  await page.waitForTimeout(1500);
  return { page, firstFrame };
}

/// How many distinct colours (in 4-bit steps) the screenshot `png` has.
async function colours(page, png) {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = "data:image/png;base64," + b64;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4 * 7) seen.add(((d[i] >> 4) << 8) | ((d[i + 1] >> 4) << 4) | (d[i + 2] >> 4));
    return seen.size;
  }, png.toString("base64"));
}

async function visibleError(page) {
  return page.evaluate(() => {
    const e = document.getElementById("chainlab_error");
    return e && getComputedStyle(e).display !== "none" ? e.textContent : null;
  });
}

const times = [];
for (const view of VIEWS) {
  const address = `${url}#${view}`;
  const { page, firstFrame } = await open(address);
  times.push(firstFrame);
  const file = `${shots}/web-${view}.png`;
  const png = await page.screenshot({ path: file });
  const n = await colours(page, png);
  const error = await visibleError(page);
  console.log(`${view}: first frame ${firstFrame.toFixed(0)} ms after navigation start, ${n} colours, ${file}`);
  if (n < 8) problems.push(`${view}: the page looks blank (${n} colours)`);
  if (error) problems.push(`${view}: the page shows an error: ${error}`);
  await page.close();
}
await browser.close();

console.log(`time to first frame (ms): ${times.map((t) => t.toFixed(0)).join(", ")}`);
if (problems.length > 0) {
  console.log("FAILED:");
  for (const p of problems) console.log("  " + p);
  process.exit(1);
}
console.log("web smoke test passed");
