"""A sensible beginner's rules of thumb, for the AI (``Engine.policy``): study the elements
the hand and the feats call for, fulfil the engagements where the magician stands, and do
magic with every card that fits a feat, and discard down to the hand limit the engagements
that serve least; moves, rewards and spells are left to the AI's look ahead."""

from __future__ import annotations

import random
from collections import Counter

from games.strange_norrell import cards, magic
from games.strange_norrell.actions import (
    Action,
    Arrive,
    Attend,
    Discard,
    Magic,
    Move,
    Study,
    To,
)
from games.strange_norrell.rules import legal_actions
from games.strange_norrell.state import Magician, StrangeNorrellState


def policy(s: StrangeNorrellState, seat: int, rng: random.Random) -> Action | None:
    """A study, an engagement or some magic; ``None`` for every other decision."""
    if s.finished or s.window:
        return None
    legal = legal_actions(s, seat)
    if not legal:
        return None
    m = s.magicians[seat]
    places = _engagement_places(m)
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        return min(discards, key=lambda a: _keeping_worth(m, a.card))
    if s.steps:
        if s.steps[0].kind != "destination":
            return None
        towards = [a for a in legal if isinstance(a, To) and a.location in places]
        return rng.choice(towards) if towards else None
    studies = [a for a in legal if isinstance(a, Study)]
    if studies:
        worth = {a: _study_worth(s, m, a.action) for a in studies}
        best = max(worth.values())
        return rng.choice([a for a in studies if worth[a] == best]) if best > 0 else None
    spells = [a for a in legal if isinstance(a, Magic)]
    if spells:
        return rng.choice(spells)
    attends = [a for a in legal if isinstance(a, Attend)]
    if attends:
        return rng.choice(attends)
    moves = [a for a in legal if isinstance(a, Move) and a.location in places]
    if moves:
        return rng.choice(moves)
    if any(isinstance(a, Arrive) for a in legal) and places:
        return Arrive()
    return None


def _keeping_worth(m: Magician, card: str) -> int:
    """What an engagement in hand is worth keeping: its prestige, and more when its element is
    one a feat still needs, or it may be fulfilled where the magician stands."""
    data = cards.engagements()[card]
    worth = data.prestige
    worth += 2 * (data.element in magic.needed(m))
    return worth + (data.location == m.location)


def _engagement_places(m: Magician) -> set[str]:
    """Where the engagements in ``m``'s hand may be fulfilled."""
    engagements = cards.engagements()
    return {engagements[c].location for c in m.hand}


def _study_worth(s: StrangeNorrellState, m: Magician, study: str) -> int:
    """Cards in hand a study would let do magic on the feats that need their element, beyond
    what the card of Marseilles already allows."""
    elements = set(study.split("-")) - magic.available(s)
    wanted = elements & magic.needed(m)
    engagements = cards.engagements()
    held = Counter(engagements[c].element for c in m.hand)
    return sum(held[e] for e in wanted)
