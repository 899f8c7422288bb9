"""Shared helpers of the package's tests: the repository, the chainlab binary, the fixtures.

The binary is $CHAINLAB_BIN, else target/debug/chainlab under $CARGO_TARGET_DIR or the
repository (`cargo build` makes it; .ci/run runs these tests after `cargo test`)."""
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import List, Tuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))


def chainlab_bin() -> str:
    if os.environ.get("CHAINLAB_BIN"):
        return os.environ["CHAINLAB_BIN"]
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    path = target / "debug" / "chainlab"
    assert path.exists(), f"{path} is missing: run 'cargo build' first, or set CHAINLAB_BIN"
    return str(path)


def run(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    out = subprocess.run([chainlab_bin(), *args], cwd=ROOT, capture_output=True, text=True, timeout=600)
    if check:
        assert out.returncode == 0, f"chainlab {' '.join(args)}: {out.stderr}"
    return out


def rules_fixtures() -> List[Tuple[str, str, List[str], str]]:
    """tests/data/rules/*.txt: (name, start position, moves, expected position)."""
    cases = []
    for path in sorted((ROOT / "tests/data/rules").glob("*.txt")):
        parts = re.split(r"^\[(\w+)\]\s*$", path.read_text(), flags=re.M)
        sections = dict(zip(parts[1::2], parts[2::2]))
        moves = sections["moves"].split()
        cases.append((path.name, sections["start"], moves, sections["expect"]))
    return cases


def position_files() -> List[Path]:
    return sorted((ROOT / "tests/data/positions").iterdir())


def puzzle_positions(limit: int = 40) -> List[str]:
    """The first positions of the shipped 5x6 puzzle suite."""
    lines = (ROOT / "puzzles/5x6.jsonl").read_text().splitlines()
    items = [json.loads(l) for l in lines if l.startswith("{")]
    return [item["position"] for item in items[:limit]]


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT
