"""The AI decides from what its seat may see: a hidden card never changes its choice."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.ai import LEVELS, Budget, Level, choose
from games.core import Engine
from tests.games.ai.guessing import CARDS, GuessingEngine, ShrewdGuessingEngine

ENGINE = GuessingEngine()
#: The same game with rules of thumb (``Engine.policy``), which ``normal`` plays and ``hard``
#: plays out: they must be asked only about resampled worlds.
ENGINES = [ENGINE, ShrewdGuessingEngine()]


@pytest.mark.parametrize("engine", ENGINES, ids=["plain", "with-policy"])
@pytest.mark.parametrize("level", LEVELS)
def test_the_hidden_card_does_not_change_the_choice(level: Level, engine: Engine[Any, int]) -> None:
    for seed in range(5):
        picks = {
            choose(
                engine,
                engine.new_game(2, held),
                0,
                level,
                rng=random.Random(seed),
                budget=Budget(40),
            )
            for held in range(CARDS)
        }
        assert len(picks) == 1, f"{level}: the choice followed the hidden card"


@pytest.mark.parametrize("engine", ENGINES, ids=["plain", "with-policy"])
@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_what_the_seat_may_see_is_used(level: Level, engine: Engine[Any, int]) -> None:
    """The same game with the card face up: the AI does read what it is allowed to, which
    shows the test above would catch a player that read the hidden card."""
    for held in range(CARDS):
        state = engine.new_game(2, held, {"shown": True})
        pick = choose(engine, state, 0, level, rng=random.Random(1), budget=Budget(40))
        assert pick == held
