"""A sensible beginner's rules of thumb, for the AI (``Engine.policy``): play the cards in
hand up to the turn's limit, marginalia onto the front line where there is room, aim every
effect where it does the player most good by the standing (a buff on a friend, harm on an
enemy), and hold back a card that would only help the opponent; abilities and the attack
are left to the AI's own look ahead."""

from __future__ import annotations

import random

from games.marginalia.actions import Action, PlayCard, Target, To
from games.marginalia.options import placements
from games.marginalia.rules import acting, apply, legal_actions, play_actions
from games.marginalia.scoring import strength
from games.marginalia.state import MarginaliaState

#: The ranks of the two front lines (``c2`` faces ``c3``).
FRONT_RANKS = "23"
#: The decisions of its own a card's play is followed through, to judge it.
FOLLOW = 4


def policy(s: MarginaliaState, seat: int, rng: random.Random) -> Action | None:
    """A card to play, the space it goes to or the target of its effect; ``None`` for every
    other decision, and when no card in hand is worth playing now."""
    if s.finished:
        return None
    if s.steps:
        step = s.steps[0]
        if step.seat != seat:
            return None
        if step.kind == "target":
            return _best_target(s, seat)
        if step.kind != "place":
            return None
        spaces = placements(s, seat, step.card)
        front = [space for space in spaces if space[1] in FRONT_RANKS]
        return To(rng.choice(front or spaces)) if spaces else None
    if seat != acting(s) or s.phase != "play":
        return None
    cards = [a for a in play_actions(s, seat) if isinstance(a, PlayCard)]
    now = margin(s, seat)
    worth = [a for a in cards if _follow(s, seat, a, rng) >= now]
    return rng.choice(worth) if worth else None


def margin(s: MarginaliaState, seat: int) -> int:
    """How far ``seat`` is ahead in the standing."""
    return strength(s, seat) - strength(s, 1 - seat)


def _best_target(s: MarginaliaState, seat: int) -> Action | None:
    """The target that leaves ``seat`` furthest ahead."""
    targets = [a for a in legal_actions(s, seat) if isinstance(a, Target)]
    if not targets:
        return None
    return max(targets, key=lambda a: _after(s, seat, a))


def _after(s: MarginaliaState, seat: int, action: Action) -> int:
    after = s.clone()
    apply(after, seat, action)
    return margin(after, seat)


def _follow(s: MarginaliaState, seat: int, action: Action, rng: random.Random) -> int:
    """``seat``'s margin once ``action`` and the decisions of its own it leads to are made
    by these rules (a marginalis placed, an effect aimed)."""
    after = s.clone()
    apply(after, seat, action)
    for _ in range(FOLLOW):
        if after.finished or not after.steps or after.steps[0].seat != seat:
            break
        step = after.steps[0]
        if step.kind not in ("place", "target"):
            break
        chosen = policy(after, seat, rng)
        if chosen is None:
            break
        apply(after, seat, chosen)
    return margin(after, seat)
