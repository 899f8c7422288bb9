"""`chainlab export --python`: every shipped strategy, exported, values every cell of every
test position exactly as its graph does, and chooses the same moves."""
import importlib.util
import random
import sys

import pytest

import chainlab
from conftest import ROOT, position_files, puzzle_positions, rules_fixtures, run

STRATEGIES = sorted((ROOT / "strategies").glob("*.json")) + [ROOT / "tests/data/strategies/expert-grouped.json"]


def _positions():
    """The fixtures, the rules fixtures' starts, puzzles, and random games on several boards."""
    found = [chainlab.Position.parse(p.read_text()) for p in position_files()]
    found += [chainlab.Position.parse(start) for _, start, _, _ in rules_fixtures()]
    found += [chainlab.Position.parse(text) for text in puzzle_positions(30)]
    rng = random.Random(11)
    for rows, cols, players, rules in [(5, 6, 2, "standard"), (5, 6, 2, "standard"), (4, 4, 3, "standard"),
                                       (3, 5, 2, "overflow"), (4, 3, 2, "empties")]:
        p = chainlab.Position(rows, cols, players, rules)
        while not p.is_over():
            found.append(p.copy())
            p.play(rng.choice(p.legal_moves()))
    return [p for p in found if not p.is_over()]


POSITIONS = _positions()


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("strategy", STRATEGIES, ids=lambda p: p.name)
def test_an_exported_strategy_scores_cells_exactly_as_its_graph(tmp_path, strategy):
    out = tmp_path / "exported.py"
    run("export", "--python", str(strategy), "-o", str(out))
    module = load(out, "exported_" + strategy.stem.replace("-", "_"))
    graph = chainlab.Strategy.load(strategy)
    assert len(POSITIONS) > 150
    for i, position in enumerate(POSITIONS):
        seed = i % 5
        assert module.scores(position, seed) == graph.raw_scores(position, seed), (strategy.name, position.to_text())
        assert module.choose(position, seed) == graph.choose(position, seed), (strategy.name, position.to_text())


def test_the_module_is_one_line_per_node_and_a_function_per_group(tmp_path):
    text = run("export", "--python", "strategies/08-expert.json").stdout
    assert "def group_" in text and "def cell_value(m):" in text
    assert "chainlab.engine.run(choose" in text
    compile(text, "08-expert.py", "exec")
    captured = run("export", "--python", "strategies/04-capture.json").stdout
    assert "m.cells_captured()" in captured and "m.wins_the_game()" in captured
    assert "# node 15: Cells captured" in captured


def test_an_exported_strategy_plays_as_an_engine(tmp_path):
    out = tmp_path / "capture.py"
    run("export", "--python", "strategies/04-capture.json", "-o", str(out))
    report = chainlab.match(f"cmd:{sys.executable} {out}", "strategies/04-capture.json", games=4, seed=9, threads=1)
    assert report["forfeits_a"] == 0 and report["games"] == 4
    assert report["wins_a"] + report["wins_b"] + report["draws"] == 4
