"""Python functions as engines (chainlab.engine.run), and matches through the library."""
import io
import json
import sys

import chainlab
import chainlab.engine
from conftest import ROOT, run

KIT = ROOT / "python/examples/lookahead_bot.py"


def test_a_bot_on_engine_run_beats_bot_random_in_a_chainlab_match():
    # The venv's interpreter lives outside the folders the sandbox lets an engine read.
    out = run("match", f"cmd:{sys.executable} {KIT}", "bot:random", "--games", "20", "--seed", "3", "--json",
              "--no-sandbox")
    report = json.loads(out.stdout)
    print(report)
    assert report["forfeits_a"] == 0 and report["games"] == 20
    assert report["wins_a"] >= 16, report
    assert report["name_a"] == "Lookahead (Python)"


def test_engine_run_speaks_the_protocol():
    first = chainlab.Position(rows=3, cols=3).after((0, 0))
    session = "\n".join([
        "protocol 1",
        "set style bold",
        "newgame size=3x3 players=2 rules=standard seat=B seed=5",
        f"position {first.to_json()}",
        "last 0,0",
        "go 1000",
        "position {\"broken\"",
        "go 1000",
        "quit",
        "go 1000",
    ]) + "\n"
    seen = []

    def choose(position, seed):
        seen.append((position, seed, dict(chainlab.engine.settings)))
        return position.legal_moves()[-1]

    out = io.StringIO()
    chainlab.engine.run(choose, name="Test", options={"style": "plain"}, stdin=io.StringIO(session), stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[:3] == ["name Test", "option style plain", "ready 1"]
    assert lines[3] == "2,2"
    assert seen[0][0] == first and seen[0][1] == 5 and seen[0][2] == {"style": "bold"}
    # A position that cannot be read forfeits with chainlab's message instead of a crash.
    assert lines[4].startswith("error ChainlabError") and len(lines) == 5


def test_match_returns_the_report_as_a_dict():
    report = chainlab.match("bot:greedy", "bot:random", games=6, seed=2, rows=4, cols=4, threads=1)
    assert report["games"] == 6 and report["wins_a"] + report["wins_b"] + report["draws"] == 6
    assert report["size"] == "4x4" and report["seed"] == 2 and report["a"] == "bot:greedy"
    again = chainlab.match("bot:greedy", "bot:random", games=6, seed=2, rows=4, cols=4, threads=1)
    assert (again["wins_a"], again["average_length"]) == (report["wins_a"], report["average_length"])
    try:
        chainlab.match("bot:greedy", "no/such.json")
        raise AssertionError("a missing player must raise")
    except chainlab.ChainlabError as e:
        assert "no/such.json" in str(e)
