"""Whole turns: the common turn of an action, one magic move and the end of the turn, offered
as one pick at the start of a turn where such turns are few.

A whole turn is the action, then magic with its card (and the feat its token goes on, when
there is a choice), then ``end``, made one decision after another exactly as they would be
step by step, each checked in turn (a wrong one refuses the lot); two that leave the same
table are offered once. It is offered only when the
end of the turn then asks nothing more, that is when the invitations drawn keep the hand
within the limit: how many are drawn is public (the card of Marseilles, a Letters connexion,
what the deck and its discard pile hold), never which. Typed, the same turn reads
``study rain hills magic york-rain on lost-ring end``.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.words import Msg, joined, msg, pmsg
from games.strange_norrell import cards, moves, turn
from games.strange_norrell.actions import (
    Acquire,
    Action,
    Battlefield,
    Composite,
    End,
    KingsRoads,
    Libraries,
    Magic,
    ReadCards,
    School,
    StillWaters,
    Study,
)
from games.strange_norrell.state import StrangeNorrellState
from games.strange_norrell.text import SYMBOLS, book_name

#: The most whole turns offered (one page of a menu); past it, the turn is made move by move.
MAX_WHOLE_TURNS = 25
#: The decisions that choose a turn's action.
CHOOSING = (Acquire, KingsRoads, Study, Battlefield, Libraries, ReadCards, School, StillWaters)


def starts_turn(s: StrangeNorrellState, seat: int) -> bool:
    """Whether ``seat`` is about to choose its turn's action."""
    current = s.turn
    return (
        not s.finished
        and not s.window
        and not s.steps
        and current is not None
        and current.seat == seat
        and current.phase == "choose"
    )


def is_whole_turn(s: StrangeNorrellState, seat: int, decisions: Sequence[Action]) -> bool:
    """Whether ``decisions`` read as a whole turn from here: an action first, ``end`` last and
    only there (whether each is legal is checked as they are made)."""
    return (
        starts_turn(s, seat)
        and len(decisions) > 2
        and isinstance(decisions[0], CHOOSING)
        and decisions[-1] == End()
        and End() not in decisions[:-1]
    )


def whole_turns(s: StrangeNorrellState, seat: int) -> list[Composite]:
    """Every whole turn ``seat`` may make now (see the module's docstring), in the order of
    the actions, then of the magic; none past :data:`MAX_WHOLE_TURNS`."""
    if not starts_turn(s, seat):
        return []
    found: list[Composite] = []
    outcomes: list[StrangeNorrellState] = []
    for action in turn.action_choices(s, seat):
        if not isinstance(action, CHOOSING):
            continue
        chosen = moves.after(s, seat, action)
        if moves.deciding(chosen, seat):
            continue
        for first in moves.legal_decisions(chosen, seat):
            if not isinstance(first, Magic):
                continue
            ways = moves.ways_to_finish(chosen, seat, first)
            if ways is None:
                return []
            for way in ways or [Composite((first,))]:
                done = chosen
                for decision in way.decisions:
                    done = moves.after(done, seat, decision)
                if End() not in moves.legal_decisions(done, seat):
                    continue
                ended = moves.after(done, seat, End())
                if moves.deciding(ended, seat):
                    continue  # the hand would be over the limit: discards follow the end
                # Two actions whose difference ends with the turn (Strange's elements) leave
                # the same table: one is offered.
                if ended in outcomes:
                    continue
                outcomes.append(ended)
                found.append(Composite((action, *way.decisions, End())))
                if len(found) > MAX_WHOLE_TURNS:
                    return []
    return found


def _form(form: str) -> Msg:
    """A book's form in a word."""
    return {
        "double": pmsg("book form", "double"),
        "convert": pmsg("book form", "convert"),
        "focus": pmsg("book form", "focus"),
    }[form]


def action_words(action: Action, *, tiny: bool = False) -> str:
    """A turn's action in few words, for a whole turn's label; ``tiny``, a book by its
    element and form alone (each pair names one book)."""
    match action:
        case Acquire(book) if tiny:
            data = cards.books()[book]
            return joined(("📚", SYMBOLS[data.element], _form(data.form)), " ")
        case Libraries(book) if tiny:
            data = cards.books()[book]
            return msg(
                "📚 Keep {symbol} {form}", symbol=SYMBOLS[data.element], form=_form(data.form)
            )
        case Acquire(book):
            return joined(("📚", book_name(book)), " ")
        case KingsRoads():
            return msg("🛣️ King's Roads")
        case Study(key):
            symbols = "".join(SYMBOLS[e] for e in cards.actions()[key].elements)
            return msg("Study {symbols}", symbols=symbols)
        case Battlefield(first, second):
            return f"⚔️ {SYMBOLS[first]}{SYMBOLS[second]}"
        case Libraries(book):
            return msg("📚 Libraries: {book}", book=book_name(book))
        case ReadCards():
            return msg("🔮 Read the Cards")
        case School():
            return msg("🏫 Starecross")
        case StillWaters():
            return msg("💧 Still the waters")
    raise TypeError(f"not an action of a turn: {action!r}")
