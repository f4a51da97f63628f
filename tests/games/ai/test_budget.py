"""Thinking stops when the budget says so: counted iterations and an injected clock."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from games.ai import Budget, Level, choose, deadline_after
from games.ai.greedy import greedy
from games.core import Engine


class CountingClock:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += 1.0
        return self.now


def _counting(engine: Engine[Any, Any]) -> tuple[Engine[Any, Any], list[int]]:
    """The engine with its ``determinize`` calls counted: one per search iteration."""
    calls: list[int] = []
    original = engine.determinize

    class Counted(type(engine)):  # type: ignore[misc]
        def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
            calls.append(seat)
            return original(state, seat, rng)

    return Counted(), calls


def _decision(engine: Engine[Any, Any]) -> tuple[Any, int]:
    """A state where the seat to act has a real choice."""
    players, options = engine.configurations()[0]
    state = engine.new_game(players, 11, options)
    rng = random.Random(3)
    while True:
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        if len(legal) > 2:
            return state, seat
        state = engine.apply_trusted(state, seat, rng.choice(legal)).state


def test_hard_runs_exactly_its_iterations() -> None:
    engine, calls = _counting(games.get("marginalia"))
    state, seat = _decision(engine)
    choose(engine, state, seat, Level.HARD, rng=random.Random(1), budget=Budget(iterations=7))
    assert len(calls) == 7


@pytest.mark.parametrize("key", ["marginalia", "magnum-opus"])
def test_hard_stops_at_the_deadline(key: str) -> None:
    engine, calls = _counting(games.get(key))
    state, seat = _decision(engine)
    clock = CountingClock()
    deadline = deadline_after(5, clock)  # reads the clock once: now 1, ends at 6
    budget = Budget(iterations=10_000, deadline=deadline)
    action = choose(engine, state, seat, Level.HARD, rng=random.Random(1), budget=budget)
    assert action in engine.legal_actions(state, seat)
    # Asked before each iteration: at 2, 3, 4, 5 it goes on, at 6 it stops.
    assert clock.reads == 6
    assert len(calls) == 4


def test_normal_look_ahead_stops_at_the_deadline_with_a_legal_choice() -> None:
    """Where the game's rules of thumb leave a decision open, ``normal`` looks one move
    ahead, and that stops at the deadline too."""
    engine = games.get("mandragora")
    state, seat = _decision(engine)
    asked = 0

    def after_two() -> bool:
        nonlocal asked
        asked += 1
        return asked > 2

    budget = Budget(iterations=10_000, deadline=after_two)
    action = greedy(engine, state, seat, random.Random(1), budget)
    assert action in engine.legal_actions(state, seat)
    assert asked == 3


def test_a_deadline_already_past_still_gives_a_legal_action() -> None:
    engine = games.get("magic-spell")
    state, seat = _decision(engine)
    budget = Budget(iterations=10_000, deadline=lambda: True)
    for level in (Level.NORMAL, Level.HARD):
        action = choose(engine, state, seat, level, rng=random.Random(1), budget=budget)
        assert action in engine.legal_actions(state, seat)
