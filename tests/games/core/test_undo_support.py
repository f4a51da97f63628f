"""What the engines tell a table about deadlines and take-backs: passes and reveals."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from games.core import Engine
from games.core.engine import PASSES

#: Enough steps of one seeded game to meet both kinds of move in every game.
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


@pytest.mark.parametrize("key", sorted(games.ENGINES))
def test_chance_always_reveals_and_some_moves_reveal_nothing(key: str) -> None:
    engine = games.get(key)
    kinds = set()
    for state, seat, action in _walk(engine, 3):
        reveals = engine.reveals(state, seat, action)
        if engine.apply(state, seat, action).state.rng != state.rng:
            assert reveals, engine.notation(action)
        kinds.add(reveals)
    assert kinds == {True, False}


@pytest.mark.parametrize("key", sorted(games.ENGINES))
def test_reveals_changes_nothing(key: str) -> None:
    engine = games.get(key)
    for state, seat, action in _walk(engine, 5)[:20]:
        before = engine.dump(state)
        engine.reveals(state, seat, action)
        assert engine.dump(state) == before


@pytest.mark.parametrize("key", sorted(games.ENGINES))
def test_a_pass_is_offered_only_when_legal(key: str) -> None:
    engine = games.get(key)
    for state, seat, _ in _walk(engine, 7):
        found = engine.pass_action(state, seat)
        legal = [engine.notation(a) for a in engine.legal_actions(state, seat)]
        if found is None:
            assert not set(legal) & set(PASSES)
        else:
            assert engine.notation(found) in PASSES
            assert engine.notation(found) in legal


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
