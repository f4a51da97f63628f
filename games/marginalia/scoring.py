"""How a game of Marginalia ends: one player wins, the other loses; and how a running duel
stands, for the AI."""

from __future__ import annotations

from games.core import Outcome
from games.core.words import msg
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


def results(s: MarginaliaState) -> tuple[str, ...]:
    """Each player's end in the duel's own terms, health rather than the 1 and 0 of the
    outcome: "14 health left", "no health left", or "16 health left, out of cards" for a
    player who lost by being unable to draw."""
    words = []
    for seat, side in enumerate(s.sides):
        if side.health <= 0:
            words.append(msg("no health left"))
        elif s.winner is not None and seat != s.winner:
            words.append(msg("{health} health left, out of cards", health=side.health))
        else:
            words.append(msg("{health} health left", health=side.health))
    return tuple(words)
