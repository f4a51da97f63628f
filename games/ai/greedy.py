"""``normal``: try each action in a few determinizations and keep the one the game's
evaluation likes best, looking no further than the end of the seat's own move."""

from __future__ import annotations

import random
from typing import Any

from games.ai.budget import Budget
from games.ai.evaluation import rewards, values
from games.ai.moves import playable
from games.core import Engine

#: Determinizations each action is tried in, when the budget allows.
SAMPLES = 6
#: How many of the seat's own decisions one look may span (a move made of several steps).
LOOKAHEAD = 2
#: How much better by the evaluation (a share of a win) another action must look than the
#: preferred one (the rules of thumb's) to be taken instead: the rules of thumb know what
#: the next move alone does not show, and a small difference is mostly the samples' noise.
PREFERENCE = 0.03


def greedy(
    engine: Engine[Any, Any],
    state: Any,
    seat: int,
    rng: random.Random,
    budget: Budget,
    prefer: Any | None = None,
    depth: int = LOOKAHEAD,
) -> Any:
    """The action ``seat`` should take by a one-move lookahead (``depth`` decisions of its
    own at most); ``state`` is read only through ``engine.determinize(state, seat, rng)``.
    ``prefer`` (the rules of thumb's action) is taken unless another looks clearly better."""
    world = engine.determinize(state, seat, rng)
    options = playable(engine, world, seat)
    if len(options) == 1:
        return options[0]
    if prefer is not None and prefer in options:
        # The preferred action is looked at first, so that the budget always covers it.
        options = [prefer, *(a for a in options if a != prefer)]
    totals = [0.0] * len(options)
    tried = [0] * len(options)
    used = 0
    for sample in range(SAMPLES):
        if sample:
            world = engine.determinize(state, seat, rng)
        for index, action in enumerate(options):
            if budget.spent(used):
                break
            value, spent = _look(engine, world, seat, action, rng, depth)
            totals[index] += value
            tried[index] += 1
            used += spent
        else:
            continue
        break
    best = max(
        (i for i in range(len(options)) if tried[i]),
        key=lambda i: totals[i] / tried[i],
        default=None,
    )
    if best is None:
        return prefer if prefer in options else rng.choice(options)
    kept = options[0] == prefer and tried[0] > 0
    if kept and totals[best] / tried[best] - totals[0] / tried[0] <= PREFERENCE:
        return prefer
    return options[best]


def _look(
    engine: Engine[Any, Any], world: Any, seat: int, action: Any, rng: random.Random, depth: int
) -> tuple[float, int]:
    """The value of ``action`` for ``seat``: the evaluation once its move is over, the best
    continuation while the same seat is still deciding; and how many positions it took."""
    after = engine.apply_trusted(world, seat, action).state
    outcome = engine.outcome(after)
    if outcome is not None:
        return rewards(outcome)[seat], 1
    if depth > 1 and seat in engine.to_act(after) and engine.deciding(after, seat):
        best, used = 0.0, 0
        for follow in playable(engine, after, seat):
            value, spent = _look(engine, after, seat, follow, rng, depth - 1)
            best, used = max(best, value), used + spent
        return best, used
    return values(engine, after, rng)[seat], 1
