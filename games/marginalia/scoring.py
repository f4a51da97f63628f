"""How a game of Marginalia ends: one player wins, the other loses; and how a running duel
stands, for the AI."""

from __future__ import annotations

from games.core import Outcome
from games.core.words import msg
from games.marginalia.state import MarginaliaState
from games.marginalia.stats import attack_of, health_of


def outcome(s: MarginaliaState) -> Outcome | None:
    """None while the game runs. The winner scores 1 and the loser 0; health left is the
    tie-break shown beside it (a win needs no tie-break)."""
    if s.winner is None:
        return None
    scores = [1 if seat == s.winner else 0 for seat in (0, 1)]
    return Outcome.ranked(scores, [side.health for side in s.sides])


#: How many points of the standing a point of health is worth, against one point of a
#: marginalis' attack or health left on the page.
HEALTH_WEIGHT = 2


def standing(s: MarginaliaState) -> Outcome:
    """A duel is won by the side with health left: health is most of the standing, and the
    marginalia each side has on the page, which will deal and take the damage to come, the
    rest (their attack and the health they have left). So a buff on one's own marginalis
    counts for its player, and one on an enemy's against."""
    return Outcome.ranked([strength(s, seat) for seat in range(len(s.sides))])


def strength(s: MarginaliaState, seat: int) -> int:
    """``seat``'s points in the standing: its health, weighted, and its marginalia's worth."""
    side = s.sides[seat]
    page = sum(
        attack_of(s, m) + max(0, health_of(s, m) - m.damage)
        for m in (*side.front, *side.back)
        if m is not None
    )
    return HEALTH_WEIGHT * side.health + page


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
