"""A game registered beside the five is measured by the benchmarks with its defaults: its
configurations, its floor for random playouts, and no picture to time. Every part that runs in
this process takes it in (the ``process`` part starts a bot of its own, which finds the games
in ``games/`` and so could not know a game the tests registered)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.__main__ import main
from bench.targets import judge
from tests.games.tiny_game import registered

pytestmark = pytest.mark.slow


def test_a_tiny_run_measures_a_game_that_declares_nothing(tmp_path: Path) -> None:
    parts = ["engines", "pictures", "service", "stack"]
    with registered() as engine:
        out = main(["--scale", "tiny", "--only", *parts, "--out", str(tmp_path / "out")])

    results = json.loads((out / "results.json").read_text())
    (row,) = [r for r in results["engines"] if r["game"] == engine.key]
    assert row["configuration"] == "2p"
    assert row["target_games_per_s"] == engine.playouts_per_s == 100.0
    assert row["games_per_s"] > 0
    assert engine.key not in [r["game"] for r in results["pictures"]]
    verdicts = [v for v in judge(results) if engine.title in v.what]
    assert [v.target for v in verdicts] == ["≥ 100 games/s"]
    assert results["stack"]["play"]["count"] > 0
