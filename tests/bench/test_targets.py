"""The picture target is judged on each game's median processor time."""

from __future__ import annotations

from typing import Any

from bench.targets import MAX_PICTURE_MS, judge


def _row(game: str, median_ms: float) -> dict[str, Any]:
    return {"game": game, "title": game.title(), "median_ms": median_ms, "wall_median_ms": 99.0}


def test_a_picture_median_within_the_target_is_met_and_one_over_it_is_missed() -> None:
    verdicts = judge(
        {"pictures": [_row("quick", MAX_PICTURE_MS), _row("slow", MAX_PICTURE_MS + 0.1)]}
    )

    assert [(v.what, v.met) for v in verdicts] == [
        ("Drawing a board picture, Quick (median)", True),
        ("Drawing a board picture, Slow (median)", False),
    ]
    assert verdicts[1].measured == "50.1 ms (99.0 ms on the clock)"
