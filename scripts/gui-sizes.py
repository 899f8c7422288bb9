#!/usr/bin/env python3
"""The desktop app at a phone's, a tablet's and a small laptop's window size
(390x844, 768x1024, 1024x700), walked as a person would (run by
scripts/gui-sizes.sh, which starts Xvfb and builds the binary).

The real binary runs in a virtual X display; xdotool clicks, types one key at
a time and resizes the window; the controls are found by the words on the
screen (tesseract reads each screenshot), so the walk clicks what a person
sees. In each view it checks that the main controls are on show and that
using them has its effect: a node added from the palette and undone in the
editor, a move on the board and New game in Play, a match played to its
results in the Arena, a records file opened and played to its end in the
Replay. Every step's screenshot is kept. Exit 1 at the first step without
its effect.

Usage: gui-sizes.py BINARY OUT_DIR   (DISPLAY set to the Xvfb display)
"""

import os
import re
import subprocess
import sys
import tempfile
import time

SIZES = [("phone", 390, 844), ("tablet", 768, 1024), ("small-laptop", 1024, 700)]
RECORDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "records", "games.jsonl")


def is_gold(r, g, b):
    """The first player's colour, in which the board is outlined while A is to move."""
    return r > 150 and 100 < g < 200 and b < 80


class Failed(Exception):
    pass


def run(*args, **kw):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kw).stdout


def norm(text):
    return re.sub(r"[^a-z0-9]", "", text.lower())


class Walk:
    def __init__(self, binary, out):
        self.binary, self.out = binary, out
        self.step = 0
        self.home = tempfile.mkdtemp(prefix="chainlab-sizes-")
        os.makedirs(os.path.join(self.home, "run"), mode=0o700)
        env = dict(os.environ, HOME=self.home, XDG_RUNTIME_DIR=os.path.join(self.home, "run"))
        self.log = open(os.path.join(out, "app.log"), "w")
        self.app = subprocess.Popen([binary], env=env, stdout=self.log, stderr=subprocess.STDOUT)
        self.win = run("timeout", "60", "xdotool", "search", "--sync", "--name", "chainlab").split()[0]
        self.size = (1280, 800)

    def close(self):
        self.app.kill()
        self.app.wait()

    # -- the window --------------------------------------------------------

    def resize(self, width, height):
        run("xdotool", "windowmove", self.win, "0", "0")
        run("xdotool", "windowsize", self.win, str(width), str(height))
        # No window manager: the keyboard focus is given by hand (clicks do
        # not give it), and is refused while the window is still mapping.
        for _ in range(20):
            subprocess.run(["xdotool", "windowfocus", self.win], capture_output=True)
            focused = subprocess.run(["xdotool", "getwindowfocus"], capture_output=True, text=True)
            if focused.stdout.strip() == self.win:
                break
            time.sleep(0.5)
        else:
            raise Failed("the window never took the keyboard focus")
        self.size = (width, height)
        time.sleep(2.0)

    def title(self):
        return run("xdotool", "getwindowname", self.win).strip()

    def shot(self, name):
        """A screenshot of the window, numbered; returns its path."""
        run("xdotool", "mousemove", str(self.size[0] + 200), "1060")
        time.sleep(0.5)
        self.step += 1
        path = os.path.join(self.out, f"{self.step:02d}-{name}.png")
        w, h = self.size
        run("import", "-window", "root", "-crop", f"{w}x{h}+0+0", "+repage", path)
        self.last = path
        return path

    # -- reading the screen ------------------------------------------------

    def words(self, path):
        """The words tesseract reads on `path`: (text, x, y, w, h) in screen pixels."""
        big = path + ".ocr.png"
        run("convert", path, "-resize", "200%", "-colorspace", "Gray", "-negate", big)
        tsv = run("tesseract", big, "-", "--psm", "11", "tsv")
        os.remove(big)
        found = []
        for line in tsv.splitlines()[1:]:
            cols = line.split("\t")
            if len(cols) == 12 and cols[11].strip() and float(cols[10]) > 30:
                x, y, w, h = (int(c) / 2 for c in cols[6:10])
                found.append((cols[11].strip(), x, y, w, h))
        return found

    def find(self, phrase, path=None, below=0):
        """The box of `phrase` (one or more words, as read in a row) on the
        last screenshot, or None; of several below `below`, the topmost
        (the leftmost in a row)."""
        want = norm(phrase)
        ws = rows(self.words(path or self.last))
        hits = []
        for i in range(len(ws)):
            text, x, y, w, h = ws[i]
            x1, y1 = x + w, y + h
            for j in range(i, min(i + 5, len(ws))):
                if j > i:
                    t, xj, yj, wj, hj = ws[j]
                    if abs(yj - y) > 8 or xj < x1 - 2 or xj - x1 > 30:
                        break
                    text += t
                    x1, y1 = xj + wj, max(y1, yj + hj)
                # A button's icon beside its word reads as a letter or two
                # ("End ⏭" reads "Endm").
                read = norm(text)
                if read == want or (read.startswith(want) and len(read) - len(want) <= 2):
                    hits.append((x, y, x1 - x, y1 - y))
                    break
                if not want.startswith(norm(text)):
                    break
        hits = [b for b in hits if b[1] >= below]
        return min(hits, key=lambda b: (round(b[1] / 8), b[0])) if hits else None

    def see(self, phrase, name, timeout=8.0, below=0):
        """Waits until `phrase` is on screen; its box."""
        end = time.time() + timeout
        while True:
            box = self.find(phrase, self.shot(name), below)
            if box:
                return box
            if time.time() > end:
                raise Failed(f"'{phrase}' is not on the screen ({self.last})")
            time.sleep(0.5)

    def on_screen(self, phrase, name):
        x, y, w, h = self.see(phrase, name)
        if x < 0 or y < 0 or x + w > self.size[0] or y + h > self.size[1]:
            raise Failed(f"'{phrase}' at {x},{y} runs off the {self.size} window")
        return x, y, w, h

    # -- acting ------------------------------------------------------------

    def click_at(self, x, y):
        run("xdotool", "mousemove", str(int(x)), str(int(y)))
        time.sleep(0.2)
        run("xdotool", "click", "1")
        time.sleep(0.8)

    def click(self, phrase, name, below=0):
        x, y, w, h = self.see(phrase, f"before-{name}", below=below)
        self.click_at(x + w / 2, y + h / 2)

    def type_keys(self, text):
        run("xdotool", "type", "--delay", "120", text)
        time.sleep(0.5)

    def key(self, key):
        run("xdotool", "key", key)
        time.sleep(0.5)

    def reveal(self, tab, probe, name):
        """Shows the panel `tab` (its tab or toggle) unless `probe` is on show."""
        if not self.find(probe, self.shot(f"{name}-look")):
            self.click(tab, f"{name}-tab", below=20)

    def board(self):
        """The board's outline (the mover's gold) on the last screenshot: x0, y0, x1, y1."""
        ppm = run_bytes("convert", self.last, "-depth", "8", "ppm:-")
        parts = ppm.split(maxsplit=4)
        w, h, px = int(parts[1]), int(parts[2]), parts[4]
        xs, ys = [], []
        for y in range(120, h, 2):
            row = px[3 * y * w : 3 * (y + 1) * w]
            for x in range(0, w, 2):
                if is_gold(*row[3 * x : 3 * x + 3]):
                    xs.append(x)
                    ys.append(y)
        if len(xs) < 200:
            raise Failed(f"no board on the screen ({self.last})")
        return min(xs), min(ys), max(xs), max(ys)


def rows(words):
    """`words` in reading order: rows (centres within 8 pixels), each left to right."""
    ordered, row = [], []
    for w in sorted(words, key=lambda w: w[2] + w[4] / 2):
        if row and abs((w[2] + w[4] / 2) - (row[0][2] + row[0][4] / 2)) > 8:
            ordered += sorted(row, key=lambda w: w[1])
            row = []
        row.append(w)
    return ordered + sorted(row, key=lambda w: w[1])


def run_bytes(*args):
    return subprocess.run(args, check=True, capture_output=True).stdout


def differs(a, b, box):
    x0, y0, x1, y1 = (int(v) for v in box)
    crop = f"{x1 - x0}x{y1 - y0}+{x0}+{y0}"
    out = subprocess.run(
        ["compare", "-metric", "AE", f"{a}[{crop}]", f"{b}[{crop}]", "null:"],
        capture_output=True,
        text=True,
    )
    return out.stderr.split()[0] not in ("0", "0.0")


def editor(t, size):
    narrow = size[1] < 600
    for label in ["File", "Fit graph", "Play against it", "Test this strategy"]:
        t.on_screen(label, f"editor-{norm(label)}")
    t.reveal("Nodes", "Click to add", "editor-palette")
    # The palette is longer than a phone: search it, one key at a time.
    # The field's hint is too faint to read: the field's middle is 17
    # pixels above the line "Click to add" under it.
    x, y, w, h = t.see("Click to add", "editor-search")
    t.click_at(x + 60, y - 17)
    t.key("ctrl+a")  # the search of an earlier size may still be there
    t.type_keys("constant")
    t.click("Constant", "editor-constant", below=130)
    time.sleep(0.5)
    if "•" not in t.title():
        raise Failed(f"adding Constant left the title '{t.title()}' (no unsaved mark)")
    t.shot("editor-added")
    if narrow and t.find("Click to add"):
        raise Failed("the canvas did not come back to the front after a node was added")
    t.click("Undo", "editor-undo")
    if "•" in t.title():
        raise Failed(f"Undo left the title '{t.title()}'")
    t.shot("editor-undone")


def play(t, size):
    t.click("Play", "play-view", below=0)
    t.see("click an empty cell", "play")
    t.reveal("Board", "click an empty cell", "play-board")
    before = t.shot("play-before-move")
    x0, y0, x1, y1 = t.board()
    cell = ((x1 - x0) / 6.3, (y1 - y0) / 5.3)
    at = (x1 - cell[0] / 2 - 4, y1 - cell[1] / 2 - 4)
    t.click_at(*at)
    time.sleep(1.0)
    after = t.shot("play-moved")
    box = (at[0] - cell[0] / 3, at[1] - cell[1] / 3, at[0] + cell[0] / 3, at[1] + cell[1] / 3)
    if not differs(before, after, box):
        raise Failed(f"clicking the board's last cell at {at} changed nothing ({after})")
    t.reveal("Setup", "New game", "play-setup")
    t.click("New game", "play-new-game")
    t.see("click an empty cell", "play-new")
    t.board()


def arena(t, size):
    t.click("Arena", "arena-view", below=0)
    t.reveal("Setup", "Start match", "arena-setup")
    t.click("Start match", "arena-start")
    t.see("losses", "arena-results", timeout=90)
    t.on_screen("Elo difference", "arena-elo")


def replay(t, size):
    t.click("Replay", "replay-view", below=0)
    t.reveal("Game", "Browse", "replay-game")
    t.on_screen("Browse", "replay-browse")
    # The records field ends at Open (its hint is too faint to read).
    x, y, w, h = t.see("Open", "replay-field")
    t.click_at(x - 60, y + h / 2)
    t.key("ctrl+a")  # the file of an earlier size may still be there
    t.type_keys(os.path.abspath(RECORDS))
    t.key("Return")
    t.see("14 games", "replay-opened")
    t.click("End", "replay-end")
    t.see("51 of 51", "replay-at-end")
    t.reveal("Moves", "Players", "replay-moves")
    t.on_screen("Players", "replay-players")


def main():
    binary, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    walk = Walk(binary, out)
    try:
        for name, width, height in SIZES:
            walk.resize(width, height)
            for view in (editor, play, arena, replay):
                view(walk, (width, height))
                print(f"{view.__name__} at {width}x{height}: passed (to step {walk.step})", flush=True)
            # Back to the editor for the next size.
            walk.click("Editor", f"{name}-back", below=0)
    except Failed as e:
        print(f"gui-sizes: FAILED: {e}", file=sys.stderr)
        sys.exit(1)
    finally:
        walk.close()
    print(f"gui-sizes: passed; screenshots in {out}")


if __name__ == "__main__":
    main()
