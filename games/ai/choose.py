"""Choosing an AI player's action: the one entry point everything else calls."""

from __future__ import annotations

import random
from enum import StrEnum
from typing import Any

from games.ai.bound import SoFar, closing
from games.ai.budget import Budget
from games.ai.greedy import LOOKAHEAD, greedy
from games.ai.ismcts import search
from games.ai.moves import playable, sensible
from games.core import Engine
from games.core.words import msg


class Level(StrEnum):
    """How well an AI player plays."""

    EASY = "easy"
    """Any legal action, at random."""
    NORMAL = "normal"
    """The game's rules of thumb (``Engine.policy``) where it has them, else the best action
    by the game's evaluation, one move ahead; in a game that asks for it
    (``Engine.normal_lookahead``), the rules of thumb unless a look a few decisions ahead
    finds an action clearly better."""
    HARD = "hard"
    """Information-set Monte Carlo tree search, as long as the budget allows."""


LEVELS: tuple[Level, ...] = tuple(Level)


class NotToAct(ValueError):
    """The AI was asked to decide for a seat that may not act now."""


def level_of(text: str) -> Level:
    """The level called ``text``; ``ValueError`` naming the levels otherwise."""
    try:
        return Level(text.strip().lower())
    except ValueError:
        names = ", ".join(LEVELS)
        raise ValueError(
            msg("There is no AI level “{level}” (levels: {levels}).", level=text, levels=names)
        ) from None


def choose(
    engine: Engine[Any, Any],
    state: Any,
    seat: int,
    level: Level | str,
    *,
    rng: random.Random,
    budget: Budget | None = None,
    so_far: SoFar | None = None,
) -> Any:
    """An action for ``seat`` at ``level``, legal in ``state``.

    ``state`` is the real game, but the AI only ever looks at it through
    ``engine.determinize(state, seat, rng)``, which hides what ``seat`` could not see:
    it decides as a player at the table would. ``budget`` bounds the thinking (default:
    2,000 iterations, no deadline). ``so_far`` is what the seat did so far this turn, from
    the caller's :class:`games.ai.Tally`: a seat past its turn's decisions ends the turn, and
    one that went back from this choice does not go back again.
    """
    if engine.outcome(state) is not None or not engine.may_act(state, seat):
        raise NotToAct(f"Seat {seat + 1} may not act now in this {engine.title} game.")
    chosen = Level(level)
    spend = budget or Budget()
    turn = so_far or SoFar()
    if turn.over:
        return closing(engine, state, seat, rng)
    if chosen is Level.EASY:
        world = engine.determinize(state, seat, rng)
        return rng.choice(playable(engine, world, seat))
    if chosen is Level.NORMAL:
        world = engine.determinize(state, seat, rng)
        action = sensible(engine, world, seat, rng, back=turn.may_go_back)
        if action is not None and not engine.normal_lookahead:
            return action
        depth = engine.normal_lookahead or LOOKAHEAD
        return greedy(engine, state, seat, rng, spend, prefer=action, depth=depth)
    return search(engine, state, seat, rng, spend, back=turn.may_go_back)
