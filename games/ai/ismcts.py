"""``hard``: information-set Monte Carlo tree search over determinizations.

Each iteration deals a fresh determinization, a world the deciding seat cannot tell apart
from the real one, and walks one tree shared by all of them (single-observer ISMCTS, Cowling,
Powley & Whitehouse 2012). A node's children are keyed by (seat, action), so a child found in
one world and not another is simply unavailable there; UCB1 counts how often each child was
available. Every seat picks by its own reward, so rivals are played as well as we play.
Playouts follow the game's policy (``Engine.policy``) most of the time and random moves
otherwise, and move only the seats the game waits on; in games with a standing they stop
after ``rollout_depth`` steps to be judged by it: many short looks beat a few long ones
within the same time. A search too short to try every option a few times at the start of a
move plays the game's rules of thumb instead, so that ``hard`` is never weaker than ``normal``
for want of time; partway through a move it goes on with the move it chose, as another rule
could undo it (back out of a trade the search began) and the search begin it again. A game
whose many small choices a short search cannot tell apart asks it to doubt its own noise
(``Engine.search_doubts_policy``): it then plays the rules of thumb's action unless another
did clearly better.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from games.ai.budget import Budget
from games.ai.evaluation import values
from games.ai.moves import next_actor, partway, playable, playout_action, sensible
from games.core import Engine

#: UCB1's exploration constant for rewards between 0 and 1.
EXPLORATION = 0.7
#: Random steps a playout takes before the position is judged by the game's standing.
ROLLOUT_DEPTH = 40
#: Iterations a search needs for each option before it is trusted over the game's rules of
#: thumb: with fewer, a lucky playout or two would decide, and the policy knows better.
TRUSTED_PER_OPTION = 8


@dataclass(eq=False, slots=True)
class _Node:
    seat: int
    """Who took the action leading here (-1 at the root)."""
    action: Any
    parent: _Node | None
    children: dict[tuple[int, Any], _Node] = field(default_factory=dict)
    visits: int = 0
    available: int = 0
    total: float = 0.0
    squares: float = 0.0
    """The sum of the rewards' squares, for the spread of the mean (``_clearly_better``)."""

    def ucb(self) -> float:
        mean = self.total / self.visits
        return mean + EXPLORATION * math.sqrt(math.log(max(self.available, 1)) / self.visits)


def search(
    engine: Engine[Any, Any],
    state: Any,
    seat: int,
    rng: random.Random,
    budget: Budget,
    *,
    rollout_depth: int = ROLLOUT_DEPTH,
    back: bool = True,
) -> Any:
    """The action ``seat`` should take, by search; ``state`` is read only through
    ``engine.determinize(state, seat, rng)``. ``back`` false: the rules of thumb, when they
    decide, may not say "back" (the seat already went back from here)."""
    first = engine.determinize(state, seat, rng)
    options = playable(engine, first, seat)
    if len(options) == 1:
        return options[0]
    root = _Node(seat=-1, action=None, parent=None)
    # A playout is only worth cutting short where the game can judge where it stopped.
    depth = rollout_depth if engine.standing(first) is not None else engine.step_limit
    iterations = 0
    world = first
    while not budget.spent(iterations):
        if iterations:
            world = engine.determinize(state, seat, rng)
        _iterate(engine, world, seat, root, rng, depth)
        iterations += 1
    if iterations < TRUSTED_PER_OPTION * len(options) and not partway(engine, first, seat):
        fallback = sensible(engine, first, seat, rng, back=back)
        if fallback is not None:
            return fallback
    tried = [root.children[key] for key in ((seat, a) for a in options) if key in root.children]
    if not tried:
        return rng.choice(options)
    best = max(tried, key=lambda n: (n.visits, n.total))
    if engine.search_doubts_policy > 0:
        return _unless_clearly_better(engine, first, seat, rng, root, best)
    return best.action


def _unless_clearly_better(
    engine: Engine[Any, Any], world: Any, seat: int, rng: random.Random, root: _Node, best: _Node
) -> Any:
    """The rules of thumb's action, never "back" (the search does not go back either), unless
    the search found ``best`` better by more than its noise; the rules of thumb's action
    untried, the search has nothing against it."""
    preferred = sensible(engine, world, seat, rng, back=False)
    if preferred is None or preferred == best.action:
        return best.action
    rival = root.children.get((seat, preferred))
    if rival is None or not _clearly_better(best, rival, engine.search_doubts_policy):
        return preferred
    return best.action


def _clearly_better(best: _Node, other: _Node, errors: float) -> bool:
    """Whether ``best``'s mean reward beats ``other``'s by more than ``errors`` standard
    errors of the difference. The spread is the two's rewards pooled, as if they were equally
    good: from a few visits alone, a lucky or unlucky streak would look certain."""
    visits = best.visits + other.visits
    mean = (best.total + other.total) / visits
    variance = max(0.0, (best.squares + other.squares) / visits - mean * mean)
    spread = variance * (1 / best.visits + 1 / other.visits)
    return best.total / best.visits - other.total / other.visits > errors * math.sqrt(spread)


def _iterate(
    engine: Engine[Any, Any],
    world: Any,
    seat: int,
    root: _Node,
    rng: random.Random,
    depth: int,
) -> None:
    node = root
    actor = seat  # the decision at the root is ours, even among simultaneous seats
    while engine.outcome(world) is None:
        legal = playable(engine, world, actor)
        keys = [(actor, a) for a in legal]
        untried = [k for k in keys if k not in node.children]
        for key in keys:
            if key in node.children:
                node.children[key].available += 1
        if untried:
            key = rng.choice(untried)
            child = _Node(seat=actor, action=key[1], parent=node, available=1)
            node.children[key] = child
            node = child
            world = engine.apply_trusted(world, actor, key[1]).state
            break
        node = max((node.children[k] for k in keys), key=_Node.ucb)
        world = engine.apply_trusted(world, actor, node.action).state
        actor = _next_actor(engine, world)
    reward = _playout(engine, world, rng, depth)
    climbing: _Node | None = node
    while climbing is not None:
        climbing.visits += 1
        if climbing.seat >= 0:
            climbing.total += reward[climbing.seat]
            climbing.squares += reward[climbing.seat] ** 2
        climbing = climbing.parent


def _next_actor(engine: Engine[Any, Any], world: Any) -> int:
    """Simultaneous seats are searched one after another, lowest first: each rival's pick
    is one the searching seat does not see anyway. Seats that may act but need not (an offer
    between turns) are not searched: a player may always leave them be."""
    seats = engine.waiting_for(world) or engine.to_act(world)
    return min(seats) if seats else -1


def _playout(engine: Engine[Any, Any], world: Any, rng: random.Random, depth: int) -> list[float]:
    for _ in range(depth):
        if engine.outcome(world) is not None:
            break
        actor = next_actor(engine, world, rng)
        world = engine.apply_trusted(world, actor, playout_action(engine, world, actor, rng)).state
    return values(engine, world, rng)
