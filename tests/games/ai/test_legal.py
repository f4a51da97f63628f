"""AI moves are always legal: every game (the throwaway test game too, whose AI has no rules of
thumb and no standing to go by), every seat count and variant, every level."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import BaseModel

import games
from games.ai import LEVELS, Budget, Level, NotToAct, choose, level_of
from games.core import Engine
from tests.games.configurations import CONTRACT_CONFIGURATIONS

#: Decisions checked per game at the searching levels, to keep the suite quick.
SEARCHED_STEPS = 25


@pytest.mark.parametrize(("engine", "players", "options"), CONTRACT_CONFIGURATIONS)
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.slow
def test_every_choice_is_legal(
    engine: Engine[Any, Any], players: int, options: BaseModel, level: Level
) -> None:
    state = engine.new_game(players, 5, options)
    rng = random.Random(9)
    steps = engine.step_limit if level is Level.EASY else SEARCHED_STEPS
    for _ in range(steps):
        if engine.outcome(state) is not None:
            break
        seat = rng.choice(sorted(engine.to_act(state)))
        action = choose(engine, state, seat, level, rng=rng, budget=Budget(iterations=4))
        assert action in engine.legal_actions(state, seat)
        state = engine.apply(state, seat, action).state
    if level is Level.EASY:
        assert engine.outcome(state) is not None, "easy players finish the game"


@pytest.mark.parametrize("key", ["marginalia", "strange-norrell"])
@pytest.mark.slow
def test_normal_and_hard_finish_a_whole_game(key: str) -> None:
    engine = games.get(key)
    players, options = engine.configurations()[0]
    state = engine.new_game(players, 2, options)
    rng = random.Random(4)
    levels = [Level.HARD, Level.NORMAL, Level.EASY, Level.NORMAL][:players]
    for _ in range(engine.step_limit):
        if engine.outcome(state) is not None:
            break
        seat = rng.choice(sorted(engine.to_act(state)))
        action = choose(engine, state, seat, levels[seat], rng=rng, budget=Budget(3))
        state = engine.apply(state, seat, action).state
    assert engine.outcome(state) is not None


def test_a_seat_that_may_not_act_is_refused() -> None:
    engine = games.get("marginalia")
    state = engine.new_game(2, 1)
    idle = 1 - min(engine.to_act(state))
    with pytest.raises(NotToAct):
        choose(engine, state, idle, Level.EASY, rng=random.Random(1))


def test_levels_are_read_from_text() -> None:
    assert level_of(" Hard ") is Level.HARD
    with pytest.raises(ValueError, match="levels: easy, normal, hard"):
        level_of("genius")
