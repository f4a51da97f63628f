"""Playing whole games over any engine: for simulations, tests and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from games.core.engine import Engine
from games.core.outcome import Outcome
from games.core.transition import LogEntry

#: Picks one of ``legal`` for ``seat`` in ``state``.
Chooser = Callable[[Any, int, list[Any]], Any]
#: Told of each step: the seat, the action's notation and the log entries it wrote.
StepListener = Callable[[int, str, tuple[LogEntry, ...]], None]


@dataclass
class Playout:
    """A finished game: its setup, every action as (seat, notation), the log and the end."""

    players: int
    seed: int
    options: BaseModel
    state: Any
    actions: list[tuple[int, str]] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    outcome: Outcome | None = None


class StepLimitExceeded(RuntimeError):
    """A game went on past its engine's step limit: a rules bug."""


def play(
    engine: Engine[Any, Any],
    players: int,
    seed: int,
    options: BaseModel | None,
    choose: Chooser,
    order: random.Random,
    on_step: StepListener | None = None,
) -> Playout:
    """Play a game to its end with ``choose`` deciding for every seat. When several seats may
    act at once, ``order`` picks which acts first."""
    opts = engine.options(options)
    state = engine.new_game(players, seed, opts)
    result = Playout(players=players, seed=seed, options=opts, state=state)
    for _ in range(engine.step_limit):
        if engine.outcome(state) is not None:
            break
        seats = sorted(engine.to_act(state))
        if not seats:
            raise RuntimeError(f"{engine.key}: nobody can act but the game is not over")
        seat = order.choice(seats)
        legal = engine.legal_actions(state, seat)
        if not legal:
            raise RuntimeError(f"{engine.key}: seat {seat} must act but has no legal action")
        action = choose(state, seat, legal)
        transition = engine.apply_trusted(state, seat, action)
        text = engine.notation(action)
        result.actions.append((seat, text))
        result.log.extend(transition.log)
        if on_step is not None:
            on_step(seat, text, transition.log)
        state = transition.state
    else:
        raise StepLimitExceeded(
            f"{engine.key} with {players} players, seed {seed}: no end after "
            f"{engine.step_limit} steps"
        )
    result.state = state
    result.outcome = engine.outcome(state)
    return result


def random_chooser(rng: random.Random) -> Chooser:
    """A player who picks uniformly among the legal actions."""

    def choose(state: Any, seat: int, legal: list[Any]) -> Any:
        return rng.choice(legal)

    return choose


def random_playout(
    engine: Engine[Any, Any],
    players: int,
    seed: int,
    options: BaseModel | None = None,
    chooser_seed: int | None = None,
) -> Playout:
    """A whole game of uniformly random legal actions; deterministic for its seeds."""
    rng = random.Random(seed if chooser_seed is None else chooser_seed)
    return play(engine, players, seed, options, random_chooser(rng), rng)


def random_position(
    engine: Engine[Any, Any],
    players: int,
    seed: int,
    steps: int,
    options: BaseModel | None = None,
) -> Any:
    """The state after ``steps`` uniformly random legal actions (fewer if the game ends):
    a position partway through a game, the same for the same arguments."""
    rng = random.Random(seed)
    state = engine.new_game(players, seed, engine.options(options))
    for _ in range(steps):
        if engine.outcome(state) is not None:
            break
        seat = rng.choice(sorted(engine.to_act(state)))
        action = rng.choice(engine.legal_actions(state, seat))
        state = engine.apply_trusted(state, seat, action).state
    return state
