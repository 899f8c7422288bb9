// Share links and frame times in the page (issue 36 §2–3), run by
// scripts/web-smoke.sh after smoke.mjs against the same server.
// 1. A share link of strategies/08-expert.json (made here with Node's own
//    raw deflate and base64url, so the page's decoder is checked against an
//    independent encoder) opens the strategy in the editor as unsaved work:
//    the tab's title names it with the unsaved mark, and the address moves on
//    to #editor. A damaged link changes nothing (no title with the name) and
//    raises no page error.
// 2. Frame times while the page thinks: the longest frame and frames/s
//    during Master vs Master in Play and in the arena, and during a game
//    analysis in the replay view, with the page's worker and without it.
//    A frame is the app's pass (the frame clock, window.chainlabFrames: the
//    app's own work); the browser's frames, which here include a software
//    renderer's painting, are shown beside it. FRAME_LIMIT_MS (unset:
//    report only) makes a longer frame with the worker fail the test.
// Usage: node share.mjs URL
import { readFileSync } from "node:fs";
import { deflateRawSync } from "node:zlib";
import { launchChromium } from "./browser.mjs";

const [url] = process.argv.slice(2);
const problems = [];
const browser = await launchChromium();

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

/// Over `ms` milliseconds: the app's frames (the frame clock's passes:
/// the app's own work in a frame, window.chainlabFrames) and the browser's
/// (requestAnimationFrame, which here includes a software renderer's
/// painting): frames/s and the longest of each.
async function frames(page, ms) {
  return page.evaluate(async (ms) => {
    const before = (window.chainlabFrames || []).length;
    const stamps = [];
    const end = performance.now() + ms;
    await new Promise((done) => {
      const tick = (t) => (stamps.push(t), t < end ? requestAnimationFrame(tick) : done());
      requestAnimationFrame(tick);
    });
    let painted = 0;
    for (let i = 1; i < stamps.length; i++) painted = Math.max(painted, stamps[i] - stamps[i - 1]);
    const passes = (window.chainlabFrames || []).slice(before);
    return {
      fps: (passes.length * 1000) / ms,
      longest: passes.length ? Math.max(...passes) : 0,
      browserFps: ((stamps.length - 1) * 1000) / (stamps[stamps.length - 1] - stamps[0]),
      painted,
    };
  }, ms);
}

const limit = Number(process.env.FRAME_LIMIT_MS || 0);
function report(what, m, worker) {
  console.log(
    `frames: ${what}, ${worker ? "worker" : "no worker"}: app ${m.fps.toFixed(1)} frames/s, longest frame ${m.longest.toFixed(1)} ms` +
      ` (browser with painting: ${m.browserFps.toFixed(1)} frames/s, longest ${m.painted.toFixed(0)} ms)`,
  );
  if (worker && limit > 0 && m.longest > limit) problems.push(`${what}: a frame took ${m.longest.toFixed(0)} ms (limit ${limit})`);
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

// 2. Frame times, with the page's worker and without it (players and the
// analysis then think inside the page's frames). Settings as eframe keeps
// them (local storage key "app", RON).
const settings = (ron, worker) => ({
  content:
    `window.chainlabFrameClock = true; window.chainlabNoWorker = ${!worker};` +
    `localStorage.setItem("app", ${JSON.stringify(ron)});`,
});
for (const worker of [false, true]) {
  {
    const page = await open(
      `${url}#play`,
      settings('(view: play, play: (seats: [computer("bot:master"), computer("bot:master")], animate: false))', worker),
    );
    report("Play, Master vs Master", await frames(page, 4000), worker);
    await page.close();
  }
  {
    // A deeper search: seconds a move inside the page's frames without the worker.
    const page = await open(
      `${url}#play`,
      settings('(view: play, play: (seats: [computer("bot:master:depth=7"), computer("bot:master:depth=7")], animate: false))', worker),
    );
    report("Play, Master depth 7 vs Master depth 7", await frames(page, 4000), worker);
    await page.close();
  }
  {
    const page = await open(`${url}#arena`, settings('(view: arena, arena: (players: ["bot:master", "bot:master"], games: 10))', worker));
    await click(page, 180, 472);
    report("arena, Master vs Master", await frames(page, 4000), worker);
    await page.close();
  }
  {
    const page = await open(`${url}#replay`, settings("(view: replay)", worker));
    const buffer = readFileSync(new URL("../../tests/data/records/games.jsonl", import.meta.url));
    const [chooser] = await Promise.all([page.waitForEvent("filechooser", { timeout: 5000 }), click(page, 614, 47)]);
    await chooser.setFiles({ name: "games.jsonl", mimeType: "application/octet-stream", buffer });
    await page.waitForTimeout(1500);
    await click(page, 40, 218);
    report("replay, analysis", await frames(page, 4000), worker);
    await page.close();
  }
}

// 3. A timed player (ms=) plays in the page: it thinks in the worker. The
// move list (found through the widget probe) grows, and no refusal shows.
{
  const page = await open(`${url}#play`, {
    content:
      "window.chainlabProbe = true;" +
      `localStorage.setItem("app", ${JSON.stringify('(view: play, play: (seats: [computer("bot:master:ms=300"), computer("bot:greedy")], animate: false))')});`,
  });
  await page.waitForTimeout(4000);
  const labels = JSON.parse(await page.evaluate(() => window.chainlabWidgets || "[]")).map((w) => w.label);
  const moves = labels.filter((l) => /^\s*\d+\.\s+[A-H]\s+\d+,\d+/.test(l)).length;
  const refused = labels.find((l) => /time limits/.test(l));
  console.log(`timed player: bot:master:ms=300 vs bot:greedy made ${moves} moves in 4 s${refused ? `; refused: ${refused}` : ""}`);
  if (moves < 4) problems.push(`timed player: only ${moves} moves in 4 s (Master with ms=300 should move about 3 times a second)`);
  if (refused) problems.push(`timed player: refused in the page: ${refused}`);
  await page.close();
}

await browser.close();
if (problems.length > 0) {
  console.log("FAILED:");
  for (const p of problems) console.log("  " + p);
  process.exit(1);
}
console.log("share link and frame checks passed");
