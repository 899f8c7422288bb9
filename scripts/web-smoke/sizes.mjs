// The page at a phone's, a tablet's, a small laptop's and a laptop's size
// (390x844, 768x1024, 1024x700, 1280x800), run by smoke.mjs. The page is opened with `chainlabProbe` set,
// so the app publishes its labelled widgets and their rectangles as
// `window.chainlabWidgets` (src/gui/platform/web/probe.rs); each view's walk
// finds its main controls by label, checks they are on the screen, clicks
// them with real pointer events (touch taps on the phone and the tablet)
// and checks the effect. On the canvas: a touch drag pans, a pinch zooms, a
// long press opens the context menu. Console errors fail the run (a touch
// drag used to log "Unable to preventDefault inside passive event
// listener"). Screenshots `web-<view>-<size>.png` go to the folder smoke.mjs
// gives (run alone: SHOTS, else a temporary folder; never over the tracked
// ones unless asked).
import { readFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const SIZES = [
  { name: "phone", width: 390, height: 844, touch: true },
  { name: "tablet", width: 768, height: 1024, touch: true },
  { name: "small-laptop", width: 1024, height: 700, touch: false },
  { name: "laptop", width: 1280, height: 800, touch: false },
];

const RECORDS = new URL("../../tests/data/records/games.jsonl", import.meta.url);

/// Walks every view (or the views named in `only`) at every size, with its
/// screenshots in the folder `shots` (else SHOTS, else a temporary one);
/// pushes what fails onto `problems`.
export async function walkSizes(browser, url, problems, { only = [], shots } = {}) {
  shots = shots || process.env.SHOTS || mkdtempSync(join(tmpdir(), "chainlab-sizes-"));
  console.log(`== sizes: screenshots in ${shots}`);
  for (const size of SIZES) {
    for (const [view, walk] of Object.entries(WALKS).filter(([v]) => only.length === 0 || only.includes(v))) {
      const t = await Tester.open(browser, url, size, view, problems);
      t.shotPath = `${shots}/web-${view}-${size.name}.png`;
      try {
        await walk(t);
      } catch (e) {
        t.fail(`${e.message || e}`);
      }
      if (!t.shotTaken) await t.shot();
      console.log(`${view} at ${size.width}x${size.height}: ${t.checks} checks`);
      await t.page.close();
    }
  }
}

/// One page at one size, with what a walk needs: find, check, click, see.
class Tester {
  static async open(browser, url, size, view, problems) {
    const page = await browser.newPage({
      viewport: { width: size.width, height: size.height },
      hasTouch: size.touch,
      isMobile: size.touch,
    });
    await page.addInitScript(() => {
      window.chainlabProbe = true;
    });
    const where = `${view} at ${size.width}x${size.height}`;
    page.on("console", (m) => {
      if (m.type() === "error" || /panicked|preventDefault/.test(m.text())) {
        problems.push(`${where}: console: ${m.text()}`);
      }
    });
    page.on("pageerror", (e) => problems.push(`${where}: page error: ${e.message}`));
    await page.goto(`${url}#${view}`);
    await page.waitForFunction(() => window.chainlabWidgets !== undefined, null, { timeout: 60000 });
    await page.waitForTimeout(800);
    return new Tester(page, size, where, problems);
  }

  constructor(page, size, where, problems) {
    Object.assign(this, { page, size, where, problems, checks: 0 });
  }

  fail(text) {
    this.problems.push(`${this.where}: ${text}`);
  }

  /// The view's screenshot, taken where the walk shows the view at its most
  /// telling (else at the end of the walk).
  async shot() {
    await this.page.screenshot({ path: this.shotPath });
    this.shotTaken = true;
  }

  async widgets() {
    return JSON.parse(await this.page.evaluate(() => window.chainlabWidgets || "[]"));
  }

  /// The widget labelled `label` (a string: exact; a RegExp: matching), or null.
  async find(label) {
    const all = await this.widgets();
    const hit = (w) => (label instanceof RegExp ? label.test(w.label) : w.label === label);
    return all.find((w) => hit(w) && w.w > 0 && w.h > 0) || null;
  }

  /// The widget labelled `label`, checked to be wholly on the screen.
  async onScreen(label) {
    const w = await this.find(label);
    this.checks++;
    if (!w) throw new Error(`no widget ${label} on show`);
    const { width, height } = this.size;
    if (w.x < -0.5 || w.y < -0.5 || w.x + w.w > width + 0.5 || w.y + w.h > height + 0.5) {
      throw new Error(`${label} at ${w.x.toFixed(0)},${w.y.toFixed(0)} ${w.w.toFixed(0)}x${w.h.toFixed(0)} is off the screen`);
    }
    return w;
  }

  /// Taps (touch sizes) or clicks `label` at its centre, after checking it is on screen.
  async tap(label) {
    const w = await this.onScreen(label);
    const [x, y] = [w.x + w.w / 2, w.y + w.h / 2];
    if (this.size.touch) {
      await this.page.touchscreen.tap(x, y);
    } else {
      await this.page.mouse.move(x, y);
      await this.page.waitForTimeout(120);
      await this.page.mouse.click(x, y);
    }
    await this.page.waitForTimeout(500);
  }

  /// Shows the panel `pane` (its tab or toggle) unless `probe` is on show.
  async reveal(pane, probe) {
    if (!(await this.find(probe))) await this.tap(pane);
  }

  /// Waits up to `ms` for `test` (on the widgets) to hold; fails with `what` if not.
  async see(what, test, ms = 4000) {
    this.checks++;
    const end = Date.now() + ms;
    for (;;) {
      if (test(await this.widgets())) return;
      if (Date.now() > end) throw new Error(`no effect: ${what}`);
      await this.page.waitForTimeout(150);
    }
  }

  /// The pixels of `rect` (a widget) as a base64 PNG, to see a change.
  async pixels(rect) {
    const clip = {
      x: Math.max(0, rect.x),
      y: Math.max(0, rect.y),
      width: Math.min(rect.w, this.size.width - Math.max(0, rect.x)),
      height: Math.min(rect.h, this.size.height - Math.max(0, rect.y)),
    };
    return (await this.page.screenshot({ clip })).toString("base64");
  }

  /// Raw touches through the DevTools protocol: `steps` frames of the
  /// touch points that `at(t)` gives for t from 0 to 1 (two points: a pinch).
  async gesture(at, steps = 8, holdMs = 0) {
    const cdp = await this.page.context().newCDPSession(this.page);
    const points = (t) => at(t).map(([x, y], id) => ({ x, y, id }));
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: points(0) });
    if (holdMs) await this.page.waitForTimeout(holdMs);
    for (let i = 1; i <= steps; i++) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: points(i / steps) });
      await this.page.waitForTimeout(30);
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await this.page.waitForTimeout(400);
    await cdp.detach();
  }
}

const has = (label) => (ws) => ws.some((w) => (label instanceof RegExp ? label.test(w.label) : w.label === label));
const enabled = (label) => (ws) => ws.some((w) => w.label === label && w.enabled);

const WALKS = {
  async play(t) {
    // The board gets the room and takes a move.
    await t.onScreen("cell 0,0");
    const cell = await t.onScreen("cell 4,5");
    const before = await t.pixels(cell);
    await t.tap("cell 4,5");
    await t.see("the move is drawn on cell 4,5", () => true);
    if ((await t.pixels(cell)) === before) t.fail("tapping cell 4,5 changed nothing");
    await t.page.waitForTimeout(800); // the computer's reply
    await t.shot();
    // The setup's New game brings an empty board back to the front.
    await t.reveal("Setup", "New game");
    await t.tap("New game");
    await t.see("the board after New game", has("cell 0,0"));
    await t.onScreen("cell 4,5");
    // The players' panel.
    await t.reveal("Players", "Replay this game");
    await t.onScreen("Replay this game");
  },

  async arena(t) {
    await t.reveal("Setup", "Start match");
    await t.tap("Start match");
    await t.see("the match's progress", has(/^\d+ \/ \d+ games/), 8000);
    await t.see("the finished match's table", has("losses"), 60000);
    const losses = await t.find("losses");
    t.checks++;
    if (losses.h > 30 || losses.w < 25) {
      t.fail(`the results table is wrapped: "losses" is ${losses.w.toFixed(0)}x${losses.h.toFixed(0)}`);
    }
    await t.onScreen("Elo difference");
    await t.shot();
    // The games list, newest first: the newest game opens in the Replay.
    await t.reveal("Games", /^Latest \d+, newest first$/);
    const newest = (await t.widgets())
      .filter((w) => /^⏵ \d+$/.test(w.label) && w.w > 0)
      .sort((a, b) => a.y - b.y)[0];
    t.checks++;
    if (!newest) throw new Error("no game in the games list");
    await t.tap(newest.label);
    await t.see(`${newest.label} opened in the Replay`, enabled("End ⏭"), 6000);
  },

  async replay(t) {
    await t.onScreen("Open");
    const [chooser] = await Promise.all([
      t.page.waitForEvent("filechooser", { timeout: 5000 }),
      t.tap("Browse…"),
    ]);
    await chooser.setFiles({ name: "games.jsonl", mimeType: "application/octet-stream", buffer: readFileSync(RECORDS) });
    await t.see("the game loaded", enabled("End ⏭"), 6000);
    await t.onScreen("cell 0,0");
    await t.tap("End ⏭");
    await t.see("End went to the end", (ws) => !enabled("End ⏭")(ws));
    await t.reveal("Moves", "Players");
    await t.onScreen("Players");
    await t.shot();
  },

  async editor(t) {
    for (const label of ["File", "Fit graph", "Play against it", "Test this strategy"]) await t.onScreen(label);
    // A node from the palette lands on the canvas: Undo comes on. The
    // palette is longer than a screen, so it is searched, one key at a time
    // as a person types.
    await t.reveal("Nodes", "search the palette");
    await t.tap("search the palette");
    await t.page.keyboard.type("constant", { delay: 120 });
    await t.see("the palette searched", has("Add Constant"));
    await t.tap("Add Constant");
    await t.see("Undo after adding a node", enabled("⟲ Undo"));
    await t.tap("Fit graph");
    // Touch on the canvas: a drag pans, a pinch zooms, a long press opens the menu.
    if (t.size.touch) await touchCanvas(t);
    // The side panel's tabs.
    await t.reveal("Preview", "Puzzles");
    await t.tap("Puzzles");
    await t.onScreen("Strategy");
    // A shipped strategy from the File menu, framed on the canvas.
    await t.reveal("Graph", /^node \d+: /);
    await t.tap("File");
    await t.tap("Open shipped strategy ⏵");
    await t.tap("08-expert");
    // The Constant added above is an unsaved change: the editor asks first.
    await t.see("the unsaved-changes question", has("Discard"));
    await t.tap("Discard");
    await t.see("08 Expert opened", has(/08-expert|08 Expert/), 6000);
    await t.reveal("Graph", /^node \d+: /);
    await t.shot();
    await t.tap("Play against it");
    await t.see("the play view", has("cell 0,0"));
  },
};

/// A drag on an empty part of the canvas moves the graph; a pinch changes
/// its zoom; a long press on empty canvas opens the canvas's menu.
async function touchCanvas(t) {
  // The canvas begins below the toolbar and the strip of tabs or toggles,
  // which wrap to more rows on a narrow screen.
  const above = ["File", "Fit graph", "Share link", "Play against it", "Test in a search", "Graph", "Preview"];
  const ws = await t.widgets();
  const top = Math.max(...ws.filter((w) => above.includes(w.label)).map((w) => w.y + w.h)) + 40;
  const area = { x: 0, y: top, w: t.size.width, h: Math.min(360, t.size.height - top - 150) };
  const [cx, cy] = [t.size.width / 2, area.y + area.h / 2];
  let before = await t.pixels(area);
  await t.gesture((s) => [[cx - 60 + 120 * s, cy + 40 * s]]);
  t.checks++;
  if ((await t.pixels(area)) === before) t.fail("a touch drag on the canvas moved nothing");
  before = await t.pixels(area);
  await t.gesture((s) => [[cx - 30 - 60 * s, cy], [cx + 30 + 60 * s, cy]]);
  t.checks++;
  if ((await t.pixels(area)) === before) t.fail("a pinch on the canvas changed nothing");
  const count = (await t.widgets()).length;
  // Near the right edge: canvas on every layout (a side panel is on the left).
  await t.gesture(() => [[t.size.width - 30, area.y + area.h / 2]], 1, 1100);
  await t.see("a menu after a long press", (ws) => ws.length > count || ws.some((w) => /MenuItem|Menu/.test(w.role)));
  await t.page.keyboard.press("Escape");
  await t.page.waitForTimeout(300);
}

// Run alone (node sizes.mjs URL [VIEW…]) to walk the sizes without the rest
// of the smoke test; smoke.mjs imports walkSizes instead.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, ...only] = process.argv.slice(2);
  const { launchChromium } = await import("./browser.mjs");
  const browser = await launchChromium();
  const problems = [];
  await walkSizes(browser, url, problems, { only });
  await browser.close();
  if (problems.length > 0) {
    console.log("FAILED:");
    for (const p of problems) console.log("  " + p);
    process.exit(1);
  }
  console.log("sizes: passed");
}
