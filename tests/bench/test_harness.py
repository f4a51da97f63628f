"""The benchmark harness, run at its tiniest so it cannot rot: every part runs and the
results are written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import games
from bench.__main__ import main
from tests.games.features import has

pytestmark = pytest.mark.slow


def test_the_tiniest_run_measures_every_part_and_writes_both_files(tmp_path: Path) -> None:
    out = main(["--scale", "tiny", "--out", str(tmp_path / "out"), "--workdir", str(tmp_path)])

    results = json.loads((out / "results.json").read_text())
    configurations = sum(len(e.configurations()) for e in games.ENGINES.values())
    assert len(results["engines"]) == configurations
    assert all(row["games_per_s"] > 0 and row["state_bytes_max"] > 0 for row in results["engines"])
    pictured = [key for key, engine in games.ENGINES.items() if has(engine, "picture")]
    assert [row["game"] for row in results["pictures"]] == pictured
    assert all(
        row["pictures"] > 0 and 0 < row["median_ms"] <= row["max_ms"] and row["png_bytes_max"] > 0
        for row in results["pictures"]
    )
    replay = results["replays"]
    assert replay["decisions"] >= 1_000
    assert all(
        row["frames"] > 0 and 0 < row["median_ms"] <= row["max_ms"]
        for row in replay["steps"].values()
    )
    assert results["service"]["sequential"]["count"] > 0
    assert results["service"]["bare_commit"]["count"] > 0
    assert all(results["stack"][kind]["count"] > 0 for kind in ("play", "click"))
    postgres = results["postgres"]
    if "skipped" not in postgres:  # PostgreSQL installed: measured beside SQLite
        assert postgres["sequential"]["count"] > 0
        assert postgres["bare_commit"]["count"] > 0
        # Every process moved games, whatever the machine's speed: the processes begin
        # together once all are ready, and each game moves at least once.
        assert len(postgres["one_process_moves"]) == 1
        assert len(postgres["two_processes_moves"]) == 2
        assert all(m > 0 for m in postgres["one_process_moves"] + postgres["two_processes_moves"])
        assert postgres["one_process_moves_per_s"] > 0
        assert postgres["two_processes_moves_per_s"] > 0
    drain = results["outbox"]
    assert drain["moves"] > 0
    assert drain["queued"] >= drain["moves"]
    assert drain["boards_drawn"] > 0
    assert drain["boards_drawn_twice"] == 0
    assert results["process"]["ready_s_median"] > 0
    assert results["process"]["served"] == results["process"]["active_games"]
    assert results["profiles"]["sqlite"]["profile"]["count"] > 0
    (budget,) = results["budget"]["games"]  # one whole game, played to its end through SimCord
    assert budget["finished"]
    assert budget["turns"] > 0
    assert budget["limited"] > 0
    assert not [route for route in budget["routes"] if route.startswith("GET")]  # no read-back
    page = (out / "RESULTS.md").read_text()
    assert results["machine"]["sqlite"] in page
    assert "Targets are judged on the full run only" in page
    assert "## Board pictures" in page
    assert "## Replays" in page
    assert "## Outbox: a burst of moves drained" in page
    assert "## Service: moves on PostgreSQL" in page
    assert "## Profiles and server statistics" in page
    assert "## Discord's budget: requests a turn" in page
