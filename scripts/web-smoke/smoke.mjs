// chainlab's browser test (run by scripts/web-smoke.sh): opens the page in
// headless Chromium, waits for the app's first frame, screenshots each view
// (reached by the page's #view address), then uses the page as a person
// would: a move against the computer, a match in the arena (the page must
// keep drawing while it plays), and a corrupt and a good records file in the
// replay view. Fails on console errors, page errors, a visible error
// message, a blank canvas or a frozen page.
// Clicks are at the places of the 1280x800 layout of the first screenshots;
// sizes.mjs then walks every view at four sizes, finding controls by label.
// Usage: node smoke.mjs URL SCREENSHOT_DIR
import { readFileSync } from "node:fs";
import { launchChromium } from "./browser.mjs";
import { walkSizes } from "./sizes.mjs";

const [url, shots] = process.argv.slice(2);
const VIEWS = ["editor", "play", "arena", "replay"];
const problems = [];

const browser = await launchChromium();

/// Opens `address` in a fresh page (after `init`, a script run before the
/// page's own); returns the page and its first-frame time.
async function open(address, init) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  if (init) await page.addInitScript(init);
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
/// Moves the pointer to (x, y), lets a frame see it there, then clicks, as a
/// person does (egui may take a press at a place it has not seen the
/// pointer over for a hover only).
async function click(page, x, y) {
  await page.mouse.move(x, y);
  await page.waitForTimeout(150);
  await page.mouse.click(x, y);
}

/// Frames drawn per second over `ms` milliseconds (the page is not frozen).
async function fps(page, ms) {
  return page.evaluate(async (ms) => {
    let frames = 0;
    const end = performance.now() + ms;
    await new Promise((done) => {
      const tick = () => (performance.now() < end ? (frames++, requestAnimationFrame(tick)) : done());
      requestAnimationFrame(tick);
    });
    return (frames * 1000) / ms;
  }, ms);
}

async function shot(page, name) {
  const file = `${shots}/web-${name}.png`;
  await page.screenshot({ path: file });
  const error = await visibleError(page);
  if (error) problems.push(`${name}: the page shows an error: ${error}`);
  console.log(`${name}: ${file}`);
}

/// Clicks at (x, y), which opens the browser's file picker, and hands it a file.
/// A click that egui takes for a hover only is clicked again (up to 3 times).
async function pickFile(page, x, y, name, buffer) {
  for (let attempt = 1; ; attempt++) {
    try {
      const [chooser] = await Promise.all([
        page.waitForEvent("filechooser", { timeout: 5000 }),
        click(page, x, y),
      ]);
      await chooser.setFiles({ name, mimeType: "application/octet-stream", buffer });
      await page.waitForTimeout(1500);
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      console.log(`  no file picker after a click at ${x},${y}; again`);
    }
  }
}

// Editor: File > Open… > From this computer…, on a fresh page each: a file
// that is not a strategy (the desktop's message), then a shipped strategy.
for (const [name, buffer, shotName] of [
  ["notes.json", Buffer.from('{"shopping": ["milk", "eggs"]}\n'), "editor-bad-file"],
  ["04-capture.json", readFileSync(new URL("../../strategies/04-capture.json", import.meta.url)), "editor-open"],
]) {
  const { page } = await open(`${url}#editor`);
  await click(page, 27, 41);
  await page.waitForTimeout(800);
  await click(page, 41, 92);
  await page.waitForTimeout(1200);
  await pickFile(page, 476, 415, name, buffer);
  await shot(page, shotName);
  await page.close();
}

// Play: A (the human) takes the top-left corner; Greedy answers.
{
  const { page } = await open(`${url}#play`);
  await click(page, 405, 260);
  await page.waitForTimeout(2500);
  await shot(page, "play-move");
  await page.close();
}

// Arena: a 100-game match, played in slices while the page keeps drawing.
{
  const { page } = await open(`${url}#arena`);
  await click(page, 180, 472);
  const rate = await fps(page, 2000);
  console.log(`arena: ${rate.toFixed(0)} frames/s while the match plays`);
  if (rate < 5) problems.push(`arena: the page froze during the match (${rate.toFixed(1)} frames/s)`);
  await page.waitForTimeout(4000);
  await shot(page, "arena-match");
  await page.close();
}

// Replay: a corrupt records file gives the desktop's message; a good one loads.
{
  const { page } = await open(`${url}#replay`);
  const pick = (name, buffer) => pickFile(page, 614, 47, name, buffer);
  await pick("corrupt.jsonl", Buffer.from('{"format": "not a game"\nthis is not json\n'));
  await shot(page, "replay-corrupt");
  await pick("games.jsonl", readFileSync(new URL("../../tests/data/records/games.jsonl", import.meta.url)));
  await shot(page, "replay-file");
  // Analysis of the game, one position at a time between frames.
  await click(page, 40, 218);
  const rate = await fps(page, 2000);
  console.log(`replay: ${rate.toFixed(0)} frames/s while the game is analysed`);
  if (rate < 2) problems.push(`replay: the page froze during the analysis (${rate.toFixed(1)} frames/s)`);
  await page.waitForTimeout(Number(process.env.ANALYSIS_WAIT_MS || 20000));
  await shot(page, "replay-analysis");
  await page.close();
}

// Storage full, and storage disabled: the page starts, and autosave (30 s
// after a change) reports the desktop's message in the editor.
{
  const full = () => {
    Storage.prototype.setItem = () => {
      throw new DOMException("the quota has been exceeded", "QuotaExceededError");
    };
  };
  const disabled = () => {
    Object.defineProperty(window, "localStorage", {
      get() {
        throw new DOMException("access denied", "SecurityError");
      },
    });
  };
  const pages = [];
  for (const [name, init] of [["storage-full", full], ["storage-disabled", disabled]]) {
    const { page } = await open(`${url}#editor`, init);
    await click(page, 34, 182); // "Is corner" from the palette: an unsaved change
    pages.push([name, page]);
  }
  await pages[0][1].waitForTimeout(32000);
  for (const [name, page] of pages) {
    await shot(page, name);
    await page.close();
  }
}

// Every view at a phone's, a tablet's, a small laptop's and a laptop's
// size (sizes.mjs), its screenshots beside the others.
await walkSizes(browser, url, problems, { shots });

await browser.close();

console.log(`time to first frame (ms): ${times.map((t) => t.toFixed(0)).join(", ")}`);
if (problems.length > 0) {
  console.log("FAILED:");
  for (const p of problems) console.log("  " + p);
  process.exit(1);
}
console.log("web smoke test passed");
