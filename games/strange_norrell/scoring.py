"""Magicianship, the final ranking and its tie-breaks."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.core import Outcome
from games.core.words import msg
from games.strange_norrell import cards
from games.strange_norrell.state import Magician, StrangeNorrellState

PUPIL = 3


class ScoreLine(BaseModel):
    """One magician's magicianship, item by item, and the tie-breaks."""

    model_config = ConfigDict(frozen=True)

    seat: int
    feats: int
    feats_completed: int
    books: int
    pupil: int
    spells: int
    total: int
    prestige: int


def magicianship(m: Magician) -> int:
    """Feats completed (2-5 each), books (1 each), a pupil (3), played spells that grant it."""
    feats = cards.feats()
    return (
        sum(feats[f].value for f in m.completed)
        + len(m.books)
        + (PUPIL if m.pupil else 0)
        + m.magic_spells
    )


def score_line(s: StrangeNorrellState, seat: int) -> ScoreLine:
    """``seat``'s magicianship as it stands."""
    m = s.magicians[seat]
    feats = sum(cards.feats()[f].value for f in m.completed)
    return ScoreLine(
        seat=seat,
        feats=feats,
        feats_completed=len(m.completed),
        books=len(m.books),
        pupil=PUPIL if m.pupil else 0,
        spells=m.magic_spells,
        total=magicianship(m),
        prestige=m.prestige,
    )


def order_key(s: StrangeNorrellState, seat: int) -> int:
    """A number that sorts seats as the prestige tracker does: prestige, then the disc on top
    (10 × prestige + how many discs lie under this one on its space)."""
    prestige = s.magicians[seat].prestige
    position = s.order.index(seat)
    under = sum(1 for other in s.order[position + 1 :] if s.magicians[other].prestige == prestige)
    return 10 * prestige + under


def everyone_loses(s: StrangeNorrellState) -> bool:
    """At an advanced difficulty, an undefeated fairy means every magician loses."""
    return s.finished and s.defeated_by is None and s.difficulty != "standard"


def outcome(s: StrangeNorrellState) -> Outcome:
    """Most magicianship wins; ties go to the higher prestige, then to the disc on top.

    When every magician loses (see ``everyone_loses``) nobody wins and they share one place:
    all scores are 0, so nobody ranks above anybody.
    """
    if everyone_loses(s):
        return Outcome.ranked([0] * s.players, [0] * s.players, nobody_won=True)
    scores = [magicianship(m) for m in s.magicians]
    return Outcome.ranked(scores, [order_key(s, seat) for seat in range(s.players)])


def results(s: StrangeNorrellState) -> tuple[str, ...]:
    """Each magician's magicianship in words, with the prestige that breaks a tie: "34
    magicianship, 21 prestige". Told as it stands even when every magician loses to an
    undefeated fairy, though the outcome then counts every score as 0."""
    return tuple(
        msg(
            "{magicianship} magicianship, {prestige} prestige",
            magicianship=magicianship(m),
            prestige=m.prestige,
        )
        for m in s.magicians
    )


#: Tenths of magicianship a running game's standing counts for a feat's progress (times its
#: value and the square of the share of its tokens placed), an engagement in hand (the fuel of
#: magic and of new feats, up to the hand limit) and a space of prestige.
FEAT_PROGRESS = 8
ENGAGEMENT = 3
PRESTIGE = 1
HAND_LIMIT = 5


def standing(s: StrangeNorrellState) -> Outcome:
    """Magicianship in tenths, with the feats on their way counted for what they are
    becoming and a little for the cards and prestige that will bring more: without this,
    a feat pays only at its last token, too far for a search to see."""
    feats = cards.feats()
    scores = []
    for m in s.magicians:
        value = 10.0 * magicianship(m)
        for held in m.feats:
            data = feats[held.feat]
            share = len(held.tokens) / len(data.elements)
            value += FEAT_PROGRESS * data.value * share * share
        value += ENGAGEMENT * min(len(m.hand), HAND_LIMIT) + PRESTIGE * m.prestige
        scores.append(round(value))
    return Outcome.ranked(scores, [order_key(s, seat) for seat in range(s.players)])
