"""AI players for every registered game, built on the engine contract alone.

>>> import random, games
>>> from games.ai import Budget, choose
>>> engine = games.get("marginalia")
>>> state = engine.new_game(2, seed=5)
>>> seat = min(engine.to_act(state))
>>> action = choose(engine, state, seat, "hard", rng=random.Random(1), budget=Budget(50))
>>> action in engine.legal_actions(state, seat)
True

Three levels (:class:`Level`): ``easy`` plays any legal action, ``normal`` the best by the
game's evaluation one move ahead, ``hard`` searches with information-set Monte Carlo tree
search. All three see the game only through ``determinize``, so none reads a secret. The
package is pure: time enters as a :class:`Budget`'s deadline, supplied by the caller, and the
memory of the turn under way as a :class:`SoFar` from the caller's :class:`Tally`, which
bounds every AI turn (:mod:`games.ai.bound`).
"""

from __future__ import annotations

from games.ai.bound import DECISIONS_PER_TURN, SoFar, Tally
from games.ai.budget import HARD_ITERATIONS, Budget, Deadline, deadline_after, never
from games.ai.choose import LEVELS, Level, NotToAct, choose, level_of
from games.ai.evaluation import rewards, values

__all__ = [
    "DECISIONS_PER_TURN",
    "HARD_ITERATIONS",
    "LEVELS",
    "Budget",
    "Deadline",
    "Level",
    "NotToAct",
    "SoFar",
    "Tally",
    "choose",
    "deadline_after",
    "level_of",
    "never",
    "rewards",
    "values",
]
