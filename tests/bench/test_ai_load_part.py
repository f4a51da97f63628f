"""Moves with AI seats thinking in the benchmarks: judged on the worker processes' p99, shown
beside the thread's, and the part runs on a tiny seeded server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench import ai_load
from bench.machine import describe_machine
from bench.report import markdown
from bench.scale import TINY
from bench.targets import MAX_P99_WITH_AI_MS, judge
from bot.ai.pool import pool_size


def _timing(p99_ms: float, **more: Any) -> dict[str, Any]:
    return {
        "count": 50,
        "mean_ms": 3.0,
        "p50_ms": 2.5,
        "p99_ms": p99_ms,
        "max_ms": p99_ms + 1,
        "moves_per_s": 100.0,
        "offered": 100.0,
        **more,
    }


def _measured(pool_p99_ms: float) -> dict[str, Any]:
    searched = {"searches": 40, "search_s_median": 2.0, "given_up": 0}
    return {
        "active_games": 1_000,
        "ai_seats": 4,
        "level": "hard",
        "quiet": _timing(10.0),
        "pool": _timing(pool_p99_ms, processes=1, **searched),
        "thread": _timing(186.0, processes=0, **searched),
    }


def test_the_move_p99_with_ai_thinking_is_judged_on_the_worker_processes() -> None:
    (met,) = judge({"ai_load": _measured(MAX_P99_WITH_AI_MS)})
    (missed,) = judge({"ai_load": _measured(MAX_P99_WITH_AI_MS + 0.1)})
    assert met.met
    assert not missed.met
    assert met.what == (
        "p99 of a move, 1,000 games being played, while 4 hard AI seats search in other games"
    )
    assert met.measured == "25.0 ms (186.0 ms with the AI in a thread)"


def test_the_page_shows_the_three_runs() -> None:
    results = {
        "machine": describe_machine(),
        "scale": "quick",
        "command": "python -m bench --quick --only ai_load",
        "ai_load": _measured(12.0),
    }
    page = markdown(results, kinds=("play", "click"))
    section = page[page.index("## Service with AI seats thinking") :]
    assert "| AI in 1 worker process |" in section
    assert "| AI in a thread of the bot's process |" in section
    assert "| no AI thinking |" in section


@pytest.mark.slow
async def test_the_part_measures_moves_on_a_tiny_server(tmp_path: Path) -> None:
    said: list[str] = []
    results = await ai_load.run(tmp_path, TINY, said.append)
    assert results["ai_seats"] == 4
    for run in ("quiet", "pool", "thread"):
        assert results[run]["count"] > 0
        assert results[run]["p99_ms"] > 0
    assert results["pool"]["processes"] == pool_size(None)
    assert results["thread"]["processes"] == 0
    assert said
