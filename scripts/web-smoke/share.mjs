// Share links and frame times in the page (issue 36 §2–3), run by
// scripts/web-smoke.sh after smoke.mjs against the same server.
// 1. A share link of strategies/08-expert.json (made here with Node's own
//    raw deflate and base64url, so the page's decoder is checked against an
//    independent encoder) opens the strategy in the editor as unsaved work:
//    the tab's title names it with the unsaved mark, and the address moves on
//    to #editor. A damaged link changes nothing (no title with the name) and
//    raises no page error.
// 2. Frame times while the page thinks: the longest frame and frames/s (from
//    requestAnimationFrame) during Master vs Master in Play and in the arena,
//    and during a game analysis in the replay view. FRAME_LIMIT_MS (unset:
//    report only) makes a longer frame fail the test.
// Usage: node share.mjs URL
import { readFileSync } from "node:fs";
import { deflateRawSync } from "node:zlib";
import { chromium } from "playwright-core";

const [url] = process.argv.slice(2);
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

async function open(address, init) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  if (init) await page.addInitScript(init);
  page.on("console", (m) => {
    if (m.type() === "error" || /panicked/.test(m.text())) problems.push(`${address.slice(0, 80)}: console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`${address.slice(0, 80)}: page error: ${e.message}`));
  await page.goto(address);
  await page.waitForFunction(() => window.chainlabFirstFrame !== undefined, null, { timeout: 60000 });
  await page.waitForTimeout(1500);
  return page;
}

async function click(page, x, y) {
  await page.mouse.move(x, y);
  await page.waitForTimeout(150);
  await page.mouse.click(x, y);
}

/// Frames/s and the longest frame (ms) over `ms` milliseconds.
async function frames(page, ms) {
  return page.evaluate(async (ms) => {
    const stamps = [];
    const end = performance.now() + ms;
    await new Promise((done) => {
      const tick = (t) => (stamps.push(t), t < end ? requestAnimationFrame(tick) : done());
      requestAnimationFrame(tick);
    });
    let longest = 0;
    for (let i = 1; i < stamps.length; i++) longest = Math.max(longest, stamps[i] - stamps[i - 1]);
    return { fps: ((stamps.length - 1) * 1000) / (stamps[stamps.length - 1] - stamps[0]), longest };
  }, ms);
}

const limit = Number(process.env.FRAME_LIMIT_MS || 0);
function report(what, m) {
  console.log(`frames: ${what}: ${m.fps.toFixed(1)} frames/s, longest frame ${m.longest.toFixed(0)} ms`);
  if (limit > 0 && m.longest > limit) problems.push(`${what}: a frame took ${m.longest.toFixed(0)} ms (limit ${limit})`);
}

// 1. Share links.
{
  const text = readFileSync(new URL("../../strategies/08-expert.json", import.meta.url));
  const name = JSON.parse(text).name;
  const payload = deflateRawSync(text, { level: 9 }).toString("base64url");
  const link = `${url}#s=${payload}`;
  console.log(`share: a link of ${link.length} characters for strategies/08-expert.json ('${name}')`);
  const page = await open(link);
  const title = await page.title();
  const hash = await page.evaluate(() => location.hash);
  console.log(`share: tab title "${title}", address ${hash.slice(0, 40)}`);
  if (!title.startsWith(`${name} •`)) problems.push(`share: the link did not open '${name}' as unsaved work (title "${title}")`);
  if (hash !== "#editor") problems.push(`share: the address did not move on to #editor (${hash.slice(0, 40)})`);
  await page.close();
  const damaged = await open(`${url}#s=${payload.slice(0, payload.length / 2)}`);
  const after = await damaged.title();
  console.log(`share: a damaged link: tab title "${after}"`);
  if (after.includes(name)) problems.push(`share: a damaged link opened '${name}'`);
  await damaged.close();
}

// 2. Frame times. Settings as eframe keeps them (local storage key "app", RON).
const settings = (ron) => ({ content: `localStorage.setItem("app", ${JSON.stringify(ron)});` });
{
  const page = await open(
    `${url}#play`,
    settings('(view: play, play: (seats: [computer("bot:master"), computer("bot:master")], animate: false))'),
  );
  report("Play, Master vs Master", await frames(page, 4000));
  await page.close();
}
{
  const page = await open(`${url}#arena`, settings('(view: arena, arena: (players: ["bot:master", "bot:master"], games: 10))'));
  await click(page, 180, 472);
  report("arena, Master vs Master", await frames(page, 4000));
  await page.close();
}
{
  const page = await open(`${url}#replay`);
  const buffer = readFileSync(new URL("../../tests/data/records/games.jsonl", import.meta.url));
  const [chooser] = await Promise.all([page.waitForEvent("filechooser", { timeout: 5000 }), click(page, 614, 47)]);
  await chooser.setFiles({ name: "games.jsonl", mimeType: "application/octet-stream", buffer });
  await page.waitForTimeout(1500);
  await click(page, 40, 218);
  report("replay, analysis", await frames(page, 4000));
  await page.close();
}

await browser.close();
if (problems.length > 0) {
  console.log("FAILED:");
  for (const p of problems) console.log("  " + p);
  process.exit(1);
}
console.log("share link and frame checks passed");
