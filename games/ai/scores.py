"""Each game's standing if it ended now, where the game can tell: what ``normal`` compares
and where ``hard`` cuts a long playout short.

A game without an entry here is judged by random playouts to its end instead, so every
registered game gets an AI; an entry only sharpens it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Outcome
from games.magic_spell import scoring as magic_spell_scoring
from games.magic_spell.homework import fits, missing
from games.magic_spell.spells import spell
from games.magic_spell.state import MagicSpellState
from games.magnum_opus import scoring as magnum_opus_scoring
from games.mandragora import scoring as mandragora_scoring
from games.marginalia.state import MarginaliaState
from games.strange_norrell import scoring as strange_norrell_scoring

#: The standing of a running game, as an ``Outcome`` whose scores are points so far.
Standing = Callable[[Any], Outcome]


def _marginalia(state: MarginaliaState) -> Outcome:
    """A duel is won by the side with health left: health is the standing."""
    return Outcome.ranked([side.health for side in state.sides])


def _magic_spell(state: MagicSpellState) -> Outcome:
    """Credits, in tenths, with half-spelled homework counted for what it is on its way to:
    a spell's credits times the square of the share of its letters woven, and a little for
    each cabinet tile some homework can use. Without this, spelling a word only pays at its
    last letter, too far for a search to see."""
    base = magic_spell_scoring.outcome(state)
    scores = []
    for seat, student in enumerate(state.students):
        value = 10.0 * base.scores[seat]
        for homework in student.homework:
            length = len(homework.spell)
            done = length - sum(missing(homework).values())
            value += 9.0 * spell(homework.spell).credits * (done / length) ** 2
        useful = sum(1 for t in student.cabinet if any(fits(h, t) for h in student.homework))
        value += min(useful, 6)
        scores.append(round(value))
    return Outcome.ranked(scores, base.tiebreaks)


#: Points so far, by game key, and how many points make a clear lead in that game.
STANDINGS: dict[str, tuple[Standing, float]] = {
    "mandragora": (mandragora_scoring.outcome, 4.0),
    "magnum-opus": (magnum_opus_scoring.outcome, 3.0),
    "magic-spell": (_magic_spell, 40.0),
    "marginalia": (_marginalia, 6.0),
    "strange-norrell": (strange_norrell_scoring.outcome, 4.0),
}
