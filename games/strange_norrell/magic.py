"""Doing magic: available elements, what feats still need, and placing element tokens.

Every token placement runs through one pending ``place`` step: the card a book discards,
then the element, then the feat for each token. A choice with a single option is made for
the player; the step commits, all at once, when nothing is left to choose, and ``back``
before that leaves everything as it was.
"""

from __future__ import annotations

from dataclasses import replace

from games.core import LogEntry, seat_ref
from games.core.words import msg, msg_list
from games.strange_norrell import cards, decks
from games.strange_norrell.state import FeatInPlay, Magician, Step, StrangeNorrellState
from games.strange_norrell.text import (
    book_name,
    connexion_name,
    element_label,
    engagement_label,
    feat_name,
    spell_name,
)

Log = list[LogEntry]


# ---------------------------------------------------------------- what is possible
def available_in_order(s: StrangeNorrellState) -> tuple[str, ...]:
    """The available elements in the usual order (what a state may store)."""
    present = available(s)
    return tuple(e for e in cards.ELEMENTS if e in present)


def available(s: StrangeNorrellState) -> frozenset[str]:
    """Elements magic may place this turn: the card of Marseilles, plus the turn's extras."""
    current = cards.marseilles()[s.revealed[-1]].elements
    if s.turn is None or not s.turn.elements:
        return frozenset(current)
    return frozenset(current) | frozenset(s.turn.elements)


def needed(m: Magician) -> set[str]:
    """Elements that some feat in front of ``m`` still needs."""
    result: set[str] = set()
    for held in m.feats:
        required = cards.feats()[held.feat].elements
        if not held.tokens:
            result.update(required)
            continue
        left = list(required)
        for token in held.tokens:
            left.remove(token)
        result.update(left)
    return result


def feats_for(m: Magician, element: str, chosen: tuple[str, ...] = ()) -> list[str]:
    """Feats that can take one more ``element`` token, counting the tokens already ``chosen``
    for them in the step being prepared."""
    result = []
    for held in m.feats:
        need = cards.feat_needs()[held.feat][element]
        if need and need - held.tokens.count(element) - chosen.count(held.feat) > 0:
            result.append(held.feat)
    return result


def magic_cards(s: StrangeNorrellState, m: Magician) -> list[str]:
    """Cards that may be discarded to do magic: an available element some feat needs."""
    usable = available(s) & needed(m)
    engagements = cards.engagements()
    return sorted({c for c in m.hand if engagements[c].element in usable})


def book_cards(m: Magician, book: str) -> list[str]:
    """Cards a book may discard: its element, or any card for a ``focus`` book."""
    data = cards.books()[book]
    if data.form == "focus":
        return sorted(set(m.hand))
    engagements = cards.engagements()
    return sorted({c for c in m.hand if engagements[c].element == data.element})


def can_use_book(s: StrangeNorrellState, m: Magician, book: str) -> bool:
    """Whether ``book`` can place at least one token now."""
    data = cards.books()[book]
    if not book_cards(m, book):
        return False
    wanted = available(s) & needed(m)
    if data.form == "convert":
        return bool(wanted)
    return data.element in wanted


def usable_books(s: StrangeNorrellState, m: Magician) -> list[str]:
    """Books in the player area not yet used this turn that can place a token now."""
    used = s.turn.used_books if s.turn is not None else ()
    return sorted(b for b in set(m.books) if b not in used and can_use_book(s, m, b))


def element_options(m: Magician, step: Step) -> list[str]:
    """Elements the step's token may be: among its candidates, one some feat needs."""
    wanted = needed(m)
    return [e for e in cards.ELEMENTS if e in step.elements and e in wanted]


def next_choice(s: StrangeNorrellState, step: Step) -> tuple[str, list[str]]:
    """What the step waits for (``card``, ``element``, ``feat`` or ``done``) and the options."""
    m = s.magicians[step.seat]
    if step.source == "book" and not step.card:
        return "card", book_cards(m, step.code)
    if not step.element:
        return "element", element_options(m, step)
    if len(step.feats) < step.tokens:
        options = feats_for(m, step.element, step.feats)
        if options:
            return "feat", options
    return "done", []


# ------------------------------------------------------------------- starting magic
def start_card(s: StrangeNorrellState, seat: int, card: str, log: Log) -> None:
    """Discard ``card`` to place a token of its element."""
    element = cards.engagements()[card].element
    begin(s, Step("place", seat, source="card", code=card, element=element), log)


def start_book(s: StrangeNorrellState, seat: int, book: str, log: Log) -> None:
    """Use ``book``: its card, element and feats are chosen next."""
    data = cards.books()[book]
    if data.form == "convert":
        step = Step("place", seat, source="book", code=book, elements=available_in_order(s))
    else:
        tokens = 2 if data.form == "double" else 1
        step = Step("place", seat, source="book", code=book, element=data.element, tokens=tokens)
    begin(s, step, log)


def start_free_token(
    s: StrangeNorrellState, seat: int, source: str, code: str, elements: tuple[str, ...], log: Log
) -> None:
    """A token placed without a card by a spell or a named connexion."""
    begin(s, Step("place", seat, source=source, code=code, elements=elements), log)


def begin(s: StrangeNorrellState, step: Step, log: Log) -> None:
    """Push a place step and make every forced choice."""
    s.steps.insert(0, step)
    advance(s, log)


def advance(s: StrangeNorrellState, log: Log) -> None:
    """Fill in the top place step's forced choices; commit it once it is complete."""
    step = s.steps[0]
    while True:
        kind, options = next_choice(s, step)
        if kind == "done":
            s.steps[0] = step
            if step.feats:
                commit(s, log)
            else:
                s.steps.pop(0)
                log.append(
                    LogEntry.public(msg("{who} has no feat to place on.", who=seat_ref(step.seat)))
                )
            return
        if len(options) != 1:
            s.steps[0] = step
            if not options:
                s.steps.pop(0)
                log.append(
                    LogEntry.public(msg("{who} has no feat to place on.", who=seat_ref(step.seat)))
                )
            return
        step = choose(step, kind, options[0])


def choose(step: Step, kind: str, option: str) -> Step:
    """The step with one more choice made."""
    if kind == "card":
        return replace(step, card=option)
    if kind == "element":
        return replace(step, element=option)
    return replace(step, feats=(*step.feats, option))


# ------------------------------------------------------------------------ commit
def commit(s: StrangeNorrellState, log: Log) -> None:
    """Place the top step's tokens: discard what it costs, then complete any exact feat."""
    step = s.steps.pop(0)
    seat, m = step.seat, s.magicians[step.seat]
    who = seat_ref(seat)
    placed = msg_list(
        msg("{token} on {feat}", token=element_label(step.element), feat=feat_name(f))
        for f in step.feats
    )
    if step.source == "card":
        _spend_card(s, m, step.code)
        _into_magic(s)
        log.append(
            LogEntry.public(
                msg(
                    "{who} discards {card} to place {placed}.",
                    who=who,
                    card=engagement_label(step.code),
                    placed=placed,
                )
            )
        )
    elif step.source == "book":
        _spend_card(s, m, step.card)
        _into_magic(s, used_book=step.code)
        log.append(
            LogEntry.public(
                msg(
                    "{who} uses *{book}*, discarding {card}, to place {placed}.",
                    who=who,
                    book=book_name(step.code),
                    card=engagement_label(step.card),
                    placed=placed,
                )
            )
        )
    elif step.source == "spell":
        m.spells.remove(step.code)
        s.spell_discard.append(step.code)
        log.append(
            LogEntry.public(
                msg(
                    "{who} casts **{spell}** to place {placed}.",
                    who=who,
                    spell=spell_name(step.code),
                    placed=placed,
                )
            )
        )
    else:
        named = connexion_name(step.code)
        log.append(
            LogEntry.public(
                msg("{named} places {placed} for {who}.", named=named, placed=placed, who=who)
            )
        )
    for feat in step.feats:
        index = next(i for i, held in enumerate(m.feats) if held.feat == feat)
        held = m.feats[index]
        m.feats[index] = FeatInPlay(feat, (*held.tokens, step.element))
    for feat in dict.fromkeys(step.feats):
        _complete_if_exact(s, seat, feat, log)


def _spend_card(s: StrangeNorrellState, m: Magician, card: str) -> None:
    m.hand.remove(card)
    decks.discard_engagement(s, card)


def _into_magic(s: StrangeNorrellState, used_book: str = "") -> None:
    """Doing magic with a card or a book ends the turn's visits."""
    turn = s.current
    books = (*turn.used_books, used_book) if used_book else turn.used_books
    s.turn = replace(turn, phase="magic", used_books=books)


def _complete_if_exact(s: StrangeNorrellState, seat: int, feat: str, log: Log) -> None:
    m = s.magicians[seat]
    index = next(i for i, held in enumerate(m.feats) if held.feat == feat)
    data = cards.feats()[feat]
    if len(m.feats[index].tokens) != len(data.elements):
        return
    del m.feats[index]
    m.completed.append(feat)
    who = seat_ref(seat)
    log.append(
        LogEntry.public(
            msg(
                "{who} completes **{feat}** ({value} magicianship); its tokens return to the "
                "supply and the feat goes face down.",
                who=who,
                feat=feat_name(feat),
                value=data.value,
            )
        )
    )
    spell = decks.draw_spell(s)
    if spell is None:
        log.append(LogEntry.public(msg("There is no spell left to draw.")))
        return
    m.spells.append(spell)
    m.spells.sort()
    log.append(LogEntry.public(msg("{who} draws a spell.", who=who)))
    log.append(LogEntry.private(msg("You draw **{spell}**.", spell=spell_name(spell)), [seat]))
