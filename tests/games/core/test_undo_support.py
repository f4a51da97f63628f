"""What the engines tell a table about deadlines and take-backs: passes and reveals.

Every game answers both (``Engine.pass_action`` and ``Engine.reveals`` have defaults built on
the required contract). A game that hides something (``tests.games.features``) has moves that
reveal it and moves that do not."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from games.core import Engine
from games.core.engine import PASSES
from tests.games.configurations import CONTRACT_ENGINE_PARAMS, engines_having

#: Enough steps of one seeded game to meet both kinds of move in every game that hides some.
STEPS = 150


def _walk(engine: Engine[Any, Any], seed: int) -> list[tuple[Any, int, Any]]:
    """(state, seat, action) for the first steps of a seeded random game."""
    players, options = engine.configurations()[0]
    state = engine.new_game(players, seed, options)
    rng = random.Random(seed)
    seen: list[tuple[Any, int, Any]] = []
    while engine.outcome(state) is None and len(seen) < STEPS:
        seat = rng.choice(sorted(engine.to_act(state)))
        action = rng.choice(engine.legal_actions(state, seat))
        seen.append((state, seat, action))
        state = engine.apply(state, seat, action).state
    return seen


def _drew(engine: Engine[Any, Any], state: Any, seat: int, action: Any) -> bool:
    """Whether chance took part in the move: the state keeps no generator, or it moved."""
    before = getattr(state, "rng", None)
    return before is None or getattr(engine.apply(state, seat, action).state, "rng", None) != before


@pytest.mark.parametrize("engine", CONTRACT_ENGINE_PARAMS)
def test_chance_always_reveals(engine: Engine[Any, Any]) -> None:
    for state, seat, action in _walk(engine, 3):
        if _drew(engine, state, seat, action):
            assert engine.reveals(state, seat, action), engine.notation(action)


@pytest.mark.parametrize("engine", engines_having("hidden information"))
@pytest.mark.slow
def test_a_game_that_hides_something_has_moves_that_reveal_and_moves_that_do_not(
    engine: Engine[Any, Any],
) -> None:
    kinds = {engine.reveals(state, seat, action) for state, seat, action in _walk(engine, 3)}
    assert kinds == {True, False}


@pytest.mark.parametrize("engine", CONTRACT_ENGINE_PARAMS)
def test_reveals_changes_nothing(engine: Engine[Any, Any]) -> None:
    for state, seat, action in _walk(engine, 5)[:20]:
        before = engine.dump(state)
        engine.reveals(state, seat, action)
        assert engine.dump(state) == before


@pytest.mark.parametrize("engine", CONTRACT_ENGINE_PARAMS)
def test_a_pass_is_offered_only_when_legal(engine: Engine[Any, Any]) -> None:
    for state, seat, _ in _walk(engine, 7):
        found = engine.pass_action(state, seat)
        legal = [engine.notation(a) for a in engine.legal_actions(state, seat)]
        if found is None:
            assert not set(legal) & set(PASSES)
        else:
            assert engine.notation(found) in legal
            engine.apply(state, seat, found)  # accepted as it stands


@pytest.mark.parametrize("engine", CONTRACT_ENGINE_PARAMS)
def test_silence_always_moves_a_game_on(engine: Engine[Any, Any]) -> None:
    """Playing ``pass_action`` wherever there is one, and a random move elsewhere, ends the
    game: declining never goes round in circles (a stand-in plays it again and again)."""
    players, options = engine.configurations()[0]
    rng = random.Random(3)
    state = engine.new_game(players, 3, options)
    for _ in range(engine.step_limit):
        if engine.outcome(state) is not None:
            return
        seat = min(engine.waiting_for(state) or engine.to_act(state))
        action = engine.pass_action(state, seat)
        if action is None:
            action = rng.choice(engine.legal_actions(state, seat))
        state = engine.apply(state, seat, action).state
    pytest.fail(f"{engine.key}: no end after {engine.step_limit} steps")


def test_a_magnum_opus_pick_is_hidden_until_the_last_pick_shows_them_all() -> None:
    engine = games.get("magnum-opus")
    state = engine.new_game(3, 11)
    first, second, third = sorted(engine.to_act(state))
    pick = engine.legal_actions(state, first)[0]
    assert not engine.reveals(state, first, pick)
    state = engine.apply(state, first, pick).state
    state = engine.apply(state, second, engine.legal_actions(state, second)[0]).state
    last = engine.legal_actions(state, third)[0]
    assert engine.reveals(state, third, last)
