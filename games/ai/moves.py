"""Which legal actions an AI player considers, and the moves of a quick playout."""

from __future__ import annotations

import random
from typing import Any

from games.core import BACK, Engine

#: The share of playout moves taken by the game's policy, where it has one; the rest are
#: random, so that playouts still try what the policy would never do.
POLICY_SHARE = 0.85


def playable(engine: Engine[Any, Any], state: Any, seat: int) -> list[Any]:
    """``seat``'s legal actions without "back": backing out of a decision only to take it
    again could go round in circles. "Back" is kept when it is the only action."""
    legal = engine.legal_actions(state, seat)
    forward = [a for a in legal if engine.notation(a) != BACK]
    return forward or legal


def partway(engine: Engine[Any, Any], world: Any, seat: int) -> bool:
    """Whether ``seat`` is partway through a move, as far as the game tells
    (``Engine.deciding``); a game that does not track it is taken at the start of one."""
    if type(engine).deciding is Engine.deciding:
        return False
    return engine.deciding(world, seat)


def sensible(
    engine: Engine[Any, Any], world: Any, seat: int, rng: random.Random, *, back: bool = True
) -> Any | None:
    """The game's policy for ``seat`` in ``world`` when it has one and it is legal there;
    with ``back`` false, not when it says "back" (the seat already went back from here)."""
    action = engine.policy(world, seat, rng)
    if action is None or action not in engine.legal_actions(world, seat):
        return None
    if not back and engine.notation(action) == BACK:
        return None
    return action


def next_actor(engine: Engine[Any, Any], world: Any, rng: random.Random) -> int:
    """Who moves next in a playout: one of the seats the game waits on. Seats that may act
    but need not (an offer between turns) are left alone, as a player may leave them."""
    seats = engine.waiting_for(world) or engine.to_act(world)
    return rng.choice(sorted(seats))


def playout_action(engine: Engine[Any, Any], world: Any, seat: int, rng: random.Random) -> Any:
    """A playout's move for ``seat``: mostly the game's policy (trusted to be legal, as the
    engine contract asks: checking it would double a playout's cost), otherwise random."""
    if rng.random() < POLICY_SHARE:
        action = engine.policy(world, seat, rng)
        if action is not None:
            return action
    return rng.choice(playable(engine, world, seat))
