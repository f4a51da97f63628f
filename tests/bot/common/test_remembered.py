"""The replays the living table remembers stay within a memory budget, not a count of games."""

from __future__ import annotations

from bot.common.remembered import Remembered


def test_the_least_recently_used_are_forgotten_past_the_budget() -> None:
    kept: Remembered[str] = Remembered(len, budget=10)
    kept.keep(1, "aaaa")
    kept.keep(2, "bbbb")
    assert kept.held == 8
    assert kept.get(1) == "aaaa"
    kept.keep(1, "aaaa")  # used again: now the most recent
    kept.keep(3, "cccc")  # 12 > 10: the least recent (2) goes
    assert (kept.get(1), kept.get(2), kept.get(3)) == ("aaaa", None, "cccc")
    assert kept.held == 8


def test_many_light_values_fit_where_one_heavy_one_takes_the_room() -> None:
    kept: Remembered[str] = Remembered(len, budget=1_000)
    for key in range(500):
        kept.keep(key, "x")
    assert len(kept) == 500  # far more than a count of 64 would hold
    kept.keep(999, "y" * 990)
    assert kept.get(999) is not None
    assert kept.held <= 1_000
    assert len(kept) == 11


def test_the_newest_is_kept_whatever_its_weight() -> None:
    kept: Remembered[str] = Remembered(len, budget=5)
    kept.keep(1, "a")
    kept.keep(2, "b" * 50)
    assert kept.get(2) is not None
    assert kept.get(1) is None
    kept.forget(2)
    assert kept.held == 0
    assert len(kept) == 0
