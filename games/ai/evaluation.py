"""How good a position is for each seat, as a number from 0 (lost) to 1 (won).

A finished game is judged by its outcome. A running one is judged by the game's standing
(``Engine.standing``) when it has one: the lead over the best rival, squashed into (0, 1) by
the game's ``clear_lead``. Otherwise a few random playouts to the end are averaged, which
works for any engine.
"""

from __future__ import annotations

import math
import random
from typing import Any

from games.ai.moves import next_actor, playout_action
from games.core import Engine, Outcome

#: Random playouts averaged to judge a position in a game without a standing.
PLAYOUTS_WITHOUT_STANDING = 2


def rewards(outcome: Outcome) -> list[float]:
    """What a finished game is worth to each seat: 1 to a sole winner, a share of 1 to tied
    winners (a team shares nothing: its members win together), 0 to everyone else."""
    seats = len(outcome.ranks)
    if not outcome.winners:
        return [0.0] * seats
    sides = _sides(outcome)
    winning_sides = {sides[s] for s in outcome.winners}
    share = 1.0 / len(winning_sides)
    return [share if s in outcome.winners else 0.0 for s in range(seats)]


def values(engine: Engine[Any, Any], state: Any, rng: random.Random) -> list[float]:
    """Each seat's prospects in ``state``, from 0 to 1."""
    outcome = engine.outcome(state)
    if outcome is not None:
        return rewards(outcome)
    standing = engine.standing(state)
    if standing is not None:
        return margins(standing, engine.clear_lead)
    total = [0.0] * engine.players(state)
    for _ in range(PLAYOUTS_WITHOUT_STANDING):
        ended = rewards(finish(engine, state, rng))
        total = [t + v for t, v in zip(total, ended, strict=True)]
    return [t / PLAYOUTS_WITHOUT_STANDING for t in total]


def margins(standing: Outcome, lead: float) -> list[float]:
    """Each seat's lead over its best rival (negative when behind), where ``lead`` points
    are worth about three quarters of a win."""
    sides = _sides(standing)
    result = []
    for seat, score in enumerate(standing.scores):
        rivals = [standing.scores[s] for s in range(len(sides)) if sides[s] != sides[seat]]
        margin = score - max(rivals) if rivals else 0
        result.append(1.0 / (1.0 + math.exp(-1.1 * margin / lead)))
    return result


def finish(
    engine: Engine[Any, Any], state: Any, rng: random.Random, max_steps: int | None = None
) -> Outcome:
    """Play ``state`` to its end with quick moves (``playout_action``) and return the
    outcome."""
    limit = engine.step_limit if max_steps is None else max_steps
    for _ in range(limit):
        outcome = engine.outcome(state)
        if outcome is not None:
            return outcome
        seat = next_actor(engine, state, rng)
        action = playout_action(engine, state, seat, rng)
        state = engine.apply_trusted(state, seat, action).state
    raise RuntimeError(f"{engine.key}: a playout did not end in {limit} steps")


def _sides(outcome: Outcome) -> list[int]:
    """The side of each seat: its team's index, or the seat itself."""
    sides = list(range(len(outcome.ranks)))
    for index, team in enumerate(outcome.teams or ()):
        for seat in team:
            sides[seat] = len(sides) + index
    return sides
