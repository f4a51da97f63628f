"""Grading: credits in the spellbook, and philosopher's stones kept in the cabinet; and how a
running semester stands, for the AI."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.core import Outcome
from games.core.words import msg, nmsg
from games.magic_spell.homework import credits, fits, missing
from games.magic_spell.spells import STONE, spell
from games.magic_spell.state import MagicSpellState
from games.magic_spell.text import credits_text


class ScoreLine(BaseModel):
    """One student's grade, item by item."""

    model_config = ConfigDict(frozen=True)

    seat: int
    spell_credits: int
    stones: int
    total: int
    graded_first: bool
    spells: int


def score_line(s: MagicSpellState, seat: int) -> ScoreLine:
    """``seat``'s credits if the spellbooks were graded now."""
    student = s.students[seat]
    spell_credits = credits(student)
    stones = student.cabinet.count(STONE) if s.stones else 0
    return ScoreLine(
        seat=seat,
        spell_credits=spell_credits,
        stones=stones,
        total=spell_credits + stones,
        graded_first=s.grader == seat,
        spells=len(student.spellbook),
    )


def outcome(s: MagicSpellState) -> Outcome:
    """Most credits wins; on a tie, the student who submitted for grading, having finished
    the courseload first; any other tie is shared."""
    lines = [score_line(s, seat) for seat in range(s.players)]
    return Outcome.ranked(
        [line.total for line in lines], [1 if line.graded_first else 0 for line in lines]
    )


def results(s: MagicSpellState) -> tuple[str, ...]:
    """Each student's grade in words: credits, with the stones that count among them and
    whether they submitted first (what breaks a tie): "9 credits, submitted first",
    "8 credits (2 from stones)"."""
    words = []
    for seat in range(s.players):
        line = score_line(s, seat)
        total = credits_text(line.total)
        if line.stones and line.graded_first:
            text = nmsg(
                "{credits} ({n} from a stone), submitted first",
                "{credits} ({n} from stones), submitted first",
                line.stones,
                credits=total,
            )
        elif line.stones:
            text = nmsg(
                "{credits} ({n} from a stone)",
                "{credits} ({n} from stones)",
                line.stones,
                credits=total,
            )
        elif line.graded_first:
            text = msg("{credits}, submitted first", credits=total)
        else:
            text = total
        words.append(text)
    return tuple(words)


def standing(s: MagicSpellState) -> Outcome:
    """Credits, in tenths, with half-spelled homework counted for what it is on its way to:
    a spell's credits times the square of the share of its letters woven, and a little for
    each cabinet tile some homework can use. Without this, spelling a word only pays at its
    last letter, too far for a search to see."""
    base = outcome(s)
    scores = []
    for seat, student in enumerate(s.students):
        value = 10.0 * base.scores[seat]
        for homework in student.homework:
            length = len(homework.spell)
            done = length - sum(missing(homework).values())
            value += 9.0 * spell(homework.spell).credits * (done / length) ** 2
        useful = sum(1 for t in student.cabinet if any(fits(h, t) for h in student.homework))
        value += min(useful, 6)
        scores.append(round(value))
    return Outcome.ranked(scores, base.tiebreaks)
