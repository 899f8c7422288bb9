"""The rules through the package: the same positions as `chainlab apply`, illegal moves
refused without a change, notation round trips, strategies valued as `chainlab score`."""
import json
import random

import pytest

import chainlab
from conftest import ROOT, position_files, rules_fixtures, run


@pytest.mark.parametrize("name,start,moves,expect", rules_fixtures(), ids=lambda x: x if isinstance(x, str) and x.endswith(".txt") else "")
def test_the_rules_fixtures_give_their_positions_as_chainlab_apply(tmp_path, name, start, moves, expect):
    position = chainlab.Position.parse(start)
    for move in moves:
        position.play(move)
    assert position == chainlab.Position.parse(expect), name
    path = tmp_path / "start.txt"
    path.write_text(start)
    applied = run("apply", "--start", str(path), "--moves", " ".join(moves), "--json").stdout
    assert position.to_json() == applied.strip()
    assert position.to_text() == run("apply", "--start", str(path), "--moves", " ".join(moves)).stdout


@pytest.mark.parametrize("path", position_files(), ids=lambda p: p.name)
def test_random_moves_from_every_position_fixture_agree_with_chainlab_apply(path):
    rng = random.Random(path.name)
    for game in range(3):
        position = chainlab.Position.parse(path.read_text())
        moves = []
        while not position.is_over() and len(moves) < 25:
            move = rng.choice(position.legal_moves())
            position.play(move)
            moves.append(f"{move[0]},{move[1]}")
        if not moves:
            continue
        applied = run("apply", "--start", str(path), "--moves", " ".join(moves), "--json").stdout
        assert position == chainlab.Position.from_json(applied), (path.name, moves)


def test_an_illegal_move_raises_and_changes_nothing():
    position = chainlab.Position.parse((ROOT / "tests/data/positions/midgame.txt").read_text())
    before = position.to_json()
    cases = [(0, 5), (7, 0), (-1, 2), "x,y", (2, 2)]  # B's cell, off the board, not a move, B's cell
    for move in cases:
        with pytest.raises(chainlab.IllegalMove) as raised:
            position.play(move)
        assert position.to_json() == before, move
        assert str(raised.value)
    # The message is chainlab's own, as `chainlab apply` words it.
    with pytest.raises(chainlab.IllegalMove) as raised:
        position.play((0, 5))
    out = run("apply", "--start", "tests/data/positions/midgame.txt", "--moves", "0,5", check=False)
    assert out.returncode == 1 and str(raised.value) in out.stderr
    won = chainlab.Position.parse((ROOT / "tests/data/positions/won.txt").read_text())
    assert won.winner is not None and won.legal_moves() == []
    with pytest.raises(chainlab.IllegalMove):
        won.play((0, 0))
    with pytest.raises(chainlab.IllegalMove):
        position.after((0, 5))
    assert position.to_json() == before


def test_bad_positions_raise_chainlab_errors():
    for make in (
        lambda: chainlab.Position(rows=1),
        lambda: chainlab.Position(players=9),
        lambda: chainlab.Position(rules="chess"),
        lambda: chainlab.Position.parse("size 5x6\nnonsense"),
        lambda: chainlab.Position.from_json("{"),
    ):
        with pytest.raises(chainlab.ChainlabError):
            make()


def test_after_copies_and_play_changes():
    p = chainlab.Position(rows=3, cols=3)
    q = p.after((0, 0))
    assert p.placements == 0 and q.placements == 1 and q.to_move == 1
    assert q.cells[0][0] == (0, 1) and p.cells[0][0] == (None, 0)
    r = q.copy()
    r.play("1,1")
    assert q != r and q.placements == 1
    assert len(p.legal_moves()) == 9 and p.capacity((0, 0)) == 2 and p.capacity((1, 1)) == 4


def test_both_notations_round_trip_on_every_fixture():
    for path in position_files():
        p = chainlab.Position.parse(path.read_text())
        assert chainlab.Position.parse(p.to_text()) == p
        assert chainlab.Position.from_json(p.to_json()) == p
        assert json.loads(p.to_json())["rows"] == p.rows


def test_a_position_draws_itself_with_coordinates():
    p = chainlab.Position.parse((ROOT / "tests/data/positions/midgame.txt").read_text())
    svg = p._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    for label in ("0", "4", "5"):
        assert f">{label}</text>" in svg
    assert svg.count("<circle") == sum(min(a, 3) for row in p.cells for (o, a) in row if o is not None)


def test_strategies_value_and_choose_as_chainlab_score():
    position = chainlab.Position.parse((ROOT / "tests/data/positions/midgame.txt").read_text())
    for path in sorted((ROOT / "strategies").glob("*.json")):
        strategy = chainlab.Strategy.load(path)
        for seed in (0, 7):
            out = json.loads(run("score", str(path), "--position", "tests/data/positions/midgame.txt",
                                 "--seed", str(seed), "--json").stdout)
            assert strategy.scores(position, seed) == out["values"], path.name
            assert list(strategy.choose(position, seed)) == out["chosen"], path.name
    with pytest.raises(chainlab.ChainlabError) as raised:
        chainlab.Strategy.load(ROOT / "tests/data/strategies/cycle.json")
    assert "cycle" in str(raised.value)


def test_an_engine_is_any_player_chainlab_knows():
    position = chainlab.Position()
    with chainlab.Engine("bot:greedy") as greedy:
        assert greedy.choose(position, seed=3) in position.legal_moves()
    kit = f"cmd:{__import__('sys').executable} {ROOT / 'examples/engines/starter_bot.py'}"
    with chainlab.Engine(kit) as engine:
        assert engine.name == "Starter (Python)"
        assert engine.choose(position.after((0, 0))) in position.after((0, 0)).legal_moves()
    with pytest.raises(chainlab.ChainlabError):
        chainlab.Engine("bot:nosuch")
