"""One AI decision: a fixed number of iterations, the time limit a cap that is logged when it
binds, and the turn so far carried to the worker."""

from __future__ import annotations

import logging

import pytest

import games
from bot.ai.thinking import Search, decide, search
from games.ai import DECISIONS_PER_TURN
from games.core import BACK

MAGIC_SPELL = games.get("magic-spell")


def test_the_time_limit_is_a_cap_logged_when_it_ends_a_search(
    caplog: pytest.LogCaptureFixture,
) -> None:
    engine = games.get("mandragora")
    state = engine.new_game(2, 3)
    seat = min(engine.to_act(state))
    ticks = iter(range(1_000_000))

    def clock() -> float:
        return float(next(ticks))

    with caplog.at_level(logging.WARNING, logger="grimoire.ai"):
        decide(engine, state, seat, "hard", seed="s", time_limit=3, iterations=50, clock=clock)
    assert "stopped at its 3 s limit before its 50 iterations" in caplog.text


def test_a_search_within_its_time_says_nothing(caplog: pytest.LogCaptureFixture) -> None:
    engine = games.get("mandragora")
    state = engine.new_game(2, 3)
    seat = min(engine.to_act(state))
    with caplog.at_level(logging.WARNING, logger="grimoire.ai"):
        decide(engine, state, seat, "hard", seed="s", iterations=5, clock=lambda: 0.0)
    assert caplog.text == ""


def test_a_worker_ends_the_turn_of_a_seat_past_its_decisions() -> None:
    state = MAGIC_SPELL.new_game(2, 2, MAGIC_SPELL.options({"low_enrollment": True}))
    state = MAGIC_SPELL.apply(state, 0, MAGIC_SPELL.parse(state, 0, "trade with 2")).state
    asked = Search(
        "magic-spell", MAGIC_SPELL.dump(state), 0, "hard", "s", 60.0, 50, DECISIONS_PER_TURN, 0
    )
    assert search(asked) == BACK  # the offer begun is dropped: the turn's "no"
