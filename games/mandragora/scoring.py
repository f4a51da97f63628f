"""Final scoring: spells and spellbooks, colours left in hand, the Curse marker."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.core import Outcome
from games.core.words import Msg, joined, msg, nmsg
from games.mandragora import cards
from games.mandragora.state import MandragoraState, Sorcerer

CURSE_PENALTY = 2


class ScoreLine(BaseModel):
    """One sorcerer's score, item by item."""

    model_config = ConfigDict(frozen=True)

    seat: int
    spell_points: int
    colours_in_hand: int
    colours_discarded: int
    curse: bool
    total: int
    spells_cast: int


def colours_in_hand(sorcerer: Sorcerer) -> set[str]:
    """Colours in a hand; mandrakes count as white."""
    return {cards.penalty_colour(card) for card in sorcerer.hand}


def score_line(s: MandragoraState, seat: int) -> ScoreLine:
    """``seat``'s score if the game ended now, end-of-game spells included."""
    sorcerer = s.sorcerers[seat]
    points = sum(spell.value + cards.book_value(spell.book) for spell in sorcerer.spells)
    colours = len(colours_in_hand(sorcerer))
    if sorcerer.owns("purification"):
        discarded = colours
    else:
        discarded = min(colours, sorcerer.owns("disappearance"))
    curse = s.curse_holder == seat
    total = points - (colours - discarded) - (CURSE_PENALTY if curse else 0)
    return ScoreLine(
        seat=seat,
        spell_points=points,
        colours_in_hand=colours,
        colours_discarded=discarded,
        curse=curse,
        total=total,
        spells_cast=len(sorcerer.spells),
    )


def outcome(s: MandragoraState) -> Outcome:
    """The ranking: most points, then most spells cast; teams add both partners' points."""
    lines = [score_line(s, seat) for seat in range(s.players)]
    teams = [(0, 2), (1, 3)] if s.teams else None
    return Outcome.ranked(
        [line.total for line in lines], [line.spells_cast for line in lines], teams=teams
    )


def results(s: MandragoraState, outcome: Outcome) -> tuple[Msg, ...]:
    """Each sorcerer's points in words, with the spells cast that break a tie: "12 points,
    5 spells cast"; in the team variant the team's, as the outcome counts them ("20 points,
    7 spells cast, as a team")."""
    return tuple(
        _result(score, spells, team=bool(outcome.teams))
        for score, spells in zip(outcome.scores, outcome.tiebreaks, strict=True)
    )


def _result(score: int, spells: int, *, team: bool) -> Msg:
    points = nmsg("{n} point", "{n} points", score)
    cast = nmsg("{n} spell cast", "{n} spells cast", spells)
    if team:
        return msg("{points}, {spells}, as a team", points=points, spells=cast)
    return joined([points, cast], ", ")
