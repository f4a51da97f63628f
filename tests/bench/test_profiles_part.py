"""``/profile`` and ``/stats`` in the benchmarks: judged per backend on their p99, and the
part runs on a tiny seeded server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench import profiles
from bench.scale import TINY
from bench.targets import MAX_PROFILE_P99_MS, judge


def _measured(profile_ms: float, stats_ms: float) -> dict[str, Any]:
    return {"profile": {"p99_ms": profile_ms}, "stats": {"p99_ms": stats_ms}}


def test_profile_and_stats_are_judged_on_each_backend() -> None:
    over = MAX_PROFILE_P99_MS + 0.1
    verdicts = judge(
        {
            "profiles": {
                "finished_games": 10_000,
                "sqlite": _measured(MAX_PROFILE_P99_MS, over),
                "postgres": _measured(over, 1.0),
            }
        }
    )
    assert [(v.what, v.met) for v in verdicts] == [
        ("p99 of /profile on SQLite, 10,000 finished games", True),
        ("p99 of /stats on SQLite, 10,000 finished games", False),
        ("p99 of /profile on PostgreSQL, 10,000 finished games", False),
        ("p99 of /stats on PostgreSQL, 10,000 finished games", True),
    ]
    skipped = {"finished_games": 10, "sqlite": _measured(1.0, 1.0), "postgres": {"skipped": "no"}}
    assert len(judge({"profiles": skipped})) == 2


@pytest.mark.slow
async def test_the_part_measures_every_request_on_a_tiny_server(tmp_path: Path) -> None:
    said: list[str] = []
    results = await profiles.run(tmp_path, TINY, said.append)
    assert results["regular_games"] > 0
    backends = ["sqlite"] if "skipped" in results["postgres"] else ["sqlite", "postgres"]
    for backend in backends:
        for request in ("profile", "profile_regular", "stats"):
            assert results[backend][request]["count"] > 0
            assert results[backend][request]["p99_ms"] > 0
    assert said
