"""The picture target is judged on each game's median processor time."""

from __future__ import annotations

from typing import Any

from bench.targets import MAX_PICTURE_MS, MAX_REPLAY_FRAME_MS, MAX_WEB_FIRST_BYTE_MS, judge


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


def _postgres(ratio: float, p99_ms: float, one: float, two: float) -> dict[str, Any]:
    return {
        "active_games": 1_000,
        "ratio_p50": ratio,
        "paced": {"p99_ms": p99_ms, "moves_per_s": 100.0},
        "one_process_moves_per_s": one,
        "two_processes_moves_per_s": two,
    }


def test_postgresql_is_judged_on_its_ratio_its_p99_and_a_second_process_adding_moves() -> None:
    met = judge({"postgres": _postgres(3.0, 25.0, 100.0, 101.0)})
    assert [v.met for v in met] == [True, True, True]
    assert "two processes against one" in met[2].what
    assert met[2].measured == "101 against 100 moves/s"
    missed = judge({"postgres": _postgres(3.1, 25.1, 100.0, 100.0)})
    assert [v.met for v in missed] == [False, False, False]


def test_a_run_without_postgresql_judges_nothing_of_it() -> None:
    assert judge({"postgres": {"skipped": "PostgreSQL is not installed"}}) == []


def _replay(p95_ms: float) -> dict[str, Any]:
    return {"decisions": 1_012, "title": "Magic Spell", "p95_ms": p95_ms, "slowest_ms": 300.0}


def test_a_replay_is_judged_on_the_p95_of_a_frame() -> None:
    (met,) = judge({"replays": _replay(MAX_REPLAY_FRAME_MS)})
    (missed,) = judge({"replays": _replay(MAX_REPLAY_FRAME_MS + 0.1)})
    assert met.met
    assert not missed.met
    assert met.what == "A frame of a 1,012-decision Magic Spell replay (p95)"
    assert missed.measured == "250.1 ms (slowest 300.0 ms)"


def _web(first_byte_p95_ms: float, update_p95_ms: float) -> dict[str, Any]:
    summary = {"count": 9, "p50_ms": 1.0, "p95_ms": first_byte_p95_ms, "p99_ms": 1.0}
    return {
        "games": 100,
        "rounds": 1,
        "first_byte": summary,
        "after_move": summary,
        "poll": summary,
        "update_p95_ms": update_p95_ms,
        "update_worst_s": (1000 + update_p95_ms) / 1000,
        "poll_ms": 1000,
    }


def test_the_web_pages_are_judged_on_the_first_byte_and_the_update_delay() -> None:
    first, update = judge({"web": _web(MAX_WEB_FIRST_BYTE_MS, 900)})
    assert first.met
    assert update.met
    slow_first, slow_update = judge({"web": _web(MAX_WEB_FIRST_BYTE_MS + 1, 1001)})
    assert not slow_first.met
    assert not slow_update.met
    assert slow_update.measured == "2.00 s (1 s poll + 1001 ms p95)"
