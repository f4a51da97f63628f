"""Seeded random play over any engine: for simulations, tests and benchmarks."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from games.core.engine import Engine
from games.core.outcome import Outcome
from games.core.transition import LogEntry


@dataclass
class Playout:
    """A finished (or cut-off) random game: its setup, every action, the log and the end."""

    players: int
    seed: int
    options: BaseModel
    state: Any
    actions: list[tuple[int, str]] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    outcome: Outcome | None = None


class StepLimitExceeded(RuntimeError):
    """A game went on past its engine's step limit: a rules bug."""


def random_playout(
    engine: Engine[Any, Any],
    players: int,
    seed: int,
    options: BaseModel | None = None,
    chooser_seed: int | None = None,
) -> Playout:
    """Play a whole game choosing uniformly among legal actions; seats acting at once take
    turns in a random order. Deterministic for a given seed and chooser seed."""
    chooser = random.Random(seed if chooser_seed is None else chooser_seed)
    opts = engine.options(options)
    state = engine.new_game(players, seed, opts)
    result = Playout(players=players, seed=seed, options=opts, state=state)
    for _ in range(engine.step_limit):
        if engine.outcome(state) is not None:
            break
        seats = sorted(engine.to_act(state))
        if not seats:
            raise RuntimeError(f"{engine.key}: nobody can act but the game is not over")
        seat = chooser.choice(seats)
        actions = engine.legal_actions(state, seat)
        if not actions:
            raise RuntimeError(f"{engine.key}: seat {seat} must act but has no legal action")
        action = chooser.choice(actions)
        transition = engine.apply(state, seat, action)
        result.actions.append((seat, engine.notation(action)))
        result.log.extend(transition.log)
        state = transition.state
    else:
        raise StepLimitExceeded(
            f"{engine.key} with {players} players, seed {seed}: no end after "
            f"{engine.step_limit} steps"
        )
    result.state = state
    result.outcome = engine.outcome(state)
    return result
