"""A sensible beginner's rules of thumb, for the AI (``Engine.policy``): play the cards in
hand up to the turn's limit, marginalia onto the front line where there is room, and leave
aims, abilities and the attack to the AI's own look ahead."""

from __future__ import annotations

import random

from games.marginalia.actions import Action, PlayCard, To
from games.marginalia.options import placements
from games.marginalia.rules import acting, play_actions
from games.marginalia.state import MarginaliaState

#: The ranks of the two front lines (``c2`` faces ``c3``).
FRONT_RANKS = "23"


def policy(s: MarginaliaState, seat: int, rng: random.Random) -> Action | None:
    """A card to play or the space it goes to; ``None`` for every other decision."""
    if s.finished:
        return None
    if s.steps:
        step = s.steps[0]
        if step.seat != seat or step.kind != "place":
            return None
        spaces = placements(s, seat, step.card)
        front = [space for space in spaces if space[1] in FRONT_RANKS]
        return To(rng.choice(front or spaces)) if spaces else None
    if seat != acting(s) or s.phase != "play":
        return None
    cards = [a for a in play_actions(s, seat) if isinstance(a, PlayCard)]
    return rng.choice(cards) if cards else None
