"""A hard decision's time in the benchmarks: judged against the time limit that caps a search,
shown game by game, and measured on real searches."""

from __future__ import annotations

from typing import Any

import games
from bench import ai_decisions
from bench.machine import describe_machine
from bench.report import markdown
from bench.targets import MAX_HARD_DECISION_S, judge
from bot.ai.thinking import TIME_LIMIT
from games.ai import HARD_ITERATIONS


def _measured(slowest_s: float) -> dict[str, Any]:
    return {
        "iterations": HARD_ITERATIONS,
        "tables": [
            {
                "title": "Marginalia",
                "configuration": "2p",
                "decisions": 8,
                "median_s": 0.6,
                "max_s": 0.9,
            },
            {
                "title": "Jonathan Strange & Mr Norrell",
                "configuration": "4p",
                "decisions": 8,
                "median_s": 1.4,
                "max_s": slowest_s,
            },
        ],
    }


def test_the_target_is_the_bots_time_limit() -> None:
    assert MAX_HARD_DECISION_S == TIME_LIMIT


def test_the_slowest_table_is_judged_against_the_time_limit() -> None:
    (met,) = judge({"ai_decisions": _measured(MAX_HARD_DECISION_S)})
    (missed,) = judge({"ai_decisions": _measured(MAX_HARD_DECISION_S + 0.01)})
    assert met.met
    assert not missed.met
    assert met.what == f"A hard decision at {HARD_ITERATIONS} iterations, slowest game and table"
    assert met.measured == "5.00 s (Jonathan Strange & Mr Norrell 4p)"


def test_the_report_shows_every_table() -> None:
    results = {
        "machine": describe_machine(),
        "scale": "quick",
        "command": "python -m bench --quick --only ai_decisions",
        "ai_decisions": _measured(2.0),
    }
    text = markdown(results, kinds=("play", "click"))
    assert "## A hard AI decision" in text
    assert "| Marginalia | 2p | 8 | 0.60 s | 0.90 s |" in text
    assert "| Jonathan Strange & Mr Norrell | 4p | 8 | 1.40 s | 2.00 s |" in text


def test_decisions_are_timed_past_the_opening_of_real_games() -> None:
    engine = games.get("marginalia")
    players, options = engine.bench_configurations()[0]
    seconds = ai_decisions.timed_decisions(engine, players, options, 2)
    assert len(seconds) == 2
    assert all(s > 0 for s in seconds)
