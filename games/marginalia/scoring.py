"""How a game of Marginalia ends: one player wins, the other loses; and how a running duel
stands, for the AI."""

from __future__ import annotations

from games.core import Outcome
from games.marginalia.state import MarginaliaState


def outcome(s: MarginaliaState) -> Outcome | None:
    """None while the game runs. The winner scores 1 and the loser 0; health left is the
    tie-break shown beside it (a win needs no tie-break)."""
    if s.winner is None:
        return None
    scores = [1 if seat == s.winner else 0 for seat in (0, 1)]
    return Outcome.ranked(scores, [side.health for side in s.sides])


def standing(s: MarginaliaState) -> Outcome:
    """A duel is won by the side with health left: health is the standing."""
    return Outcome.ranked([side.health for side in s.sides])
