"""Mandragora's decisions in words, for the buttons and menus of a player's panel.

Each label says what the decision does, with the names (seat placeholders) and the cards a
player cares about, the most telling words first, in at most :data:`LABEL_LIMIT` characters
once the names (up to :data:`NAME_LIMIT` characters) are filled in. A label is only ever read
by the seat deciding, but it is worked out from what that seat may know: its own hand, the
spell it is preparing, and the public table (a night shop's cards are "face-down cards").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

from games.core import seat_ref
from games.core.labels import first_that_fits
from games.mandragora import cards, casting, rules
from games.mandragora.actions import (
    Action,
    AddIngredient,
    Back,
    CastBook,
    ChoosePower,
    CompositeCast,
    DropOut,
    FinishCast,
    GiveCard,
    Levitate,
    Move,
    Share,
    Skip,
    Substitute,
    Transfer,
)
from games.mandragora.state import MandragoraState
from games.mandragora.text import SYMBOLS, card_label, card_list, plural


def label(s: MandragoraState, seat: int, action: Action) -> str:
    """What taking ``action`` does for ``seat``, in words."""
    match action:
        case Move(distance):
            return _move(s, distance)
        case CastBook(book):
            return _start(s, seat, book)
        case AddIngredient(card):
            return _add(s, seat, card)
        case ChoosePower(power):
            return _power(s, seat, power)
        case CompositeCast(book, ingredients, power, then):
            return _whole(s, seat, book, ingredients, power, then, started=False)
        case FinishCast(ingredients, power, then):  # offered only while a spell is prepared
            book = s.steps[0].book
            return _whole(s, seat, book, ingredients, power, then, started=True)
        case Back():
            return "Take back the last choice"
        case Skip():
            return "Let the extra turn pass (Replication)"
        case DropOut():
            return "Drop out: take no more turns this game"
        case Transfer(target):
            has = f"{s.sorcerers[target].scrolls} 📜"
            return f"Target {_who(s, seat, target, has)}: pass them a cursed scroll"
        case Substitute(target):
            held = plural(len(s.sorcerers[target].hand), "card")
            return f"Target {_who(s, seat, target, held)}: draw one blind, give one back"
        case GiveCard(card):  # a Substitution's card handed back to the opponent drawn from
            return f"Give {card_label(card)} to {_who(s, seat, s.steps[0].other)}"
        case Levitate(shop, card):
            return _levitate(s, seat, shop, card)
        case Share(mode, card):
            return _share(s, seat, mode, card)
    raise TypeError(f"not a Mandragora action: {action!r}")


# ------------------------------------------------------------------------ fitting


def _who(s: MandragoraState, seat: int, other: int, detail: str = "") -> str:
    """A seat by name and how it stands to ``seat``: ``{p1} (opponent, 2 📜)``."""
    relation = "teammate" if other == s.partner(seat) else "opponent"
    return f"{seat_ref(other)} ({relation}{', ' + detail if detail else ''})"


def _short(card: str) -> str:
    """A card as its symbol, with a spellbook's value: ``🔴2``, ``🔴``, ``🌱``."""
    colour = card if card in (cards.MANDRAKE, cards.SCROLL) else cards.penalty_colour(card)
    symbol = SYMBOLS.get(colour, card)
    return f"{symbol}{cards.book_value(card)}" if cards.is_book(card) else symbol


@cache
def _card_order() -> dict[str, int]:
    """Cards in the box's order: ingredients before spellbooks, colour by colour."""
    return {card: i for i, card in enumerate(dict.fromkeys(cards.all_cards()))}


def _short_list(items: Iterable[str]) -> str:
    """Cards as symbols, counted: ``3×🔴 🌱``."""
    counts = Counter(items)
    order = _card_order()
    parts = []
    for card in sorted(counts, key=lambda c: order.get(c, len(order))):
        parts.append(f"{counts[card]}×{_short(card)}" if counts[card] > 1 else _short(card))
    return " ".join(parts)


# -------------------------------------------------------------------- the assistant
def _move(s: MandragoraState, distance: int) -> str:
    shop = (s.assistant + distance) % len(s.shops)
    stock = s.shops[shop]
    head = f"Send the assistant {plural(distance, 'shop')} → shop {shop + 1}"
    if s.night[shop]:
        found = plural(len(stock), "face-down card") if stock else "empty"
        return f"{head} 🌙: {found}"
    if not stock:
        return f"{head}: empty"
    return first_that_fits(
        f"{head}: {card_list(stock)}",
        f"{head}: {_short_list(stock)}",
        f"{head}: {plural(len(stock), 'card')}",
    )


# --------------------------------------------------------------------- casting
def _start(s: MandragoraState, seat: int, book: str) -> str:
    if book == cards.MANDRAKE:
        head = "Start a spell with 🌱 mandrake as spellbook"
    else:
        head = f"Start a spell with {card_label(book)} as spellbook"
    forced = _forced_spell(s, seat, book)
    if forced is None:
        return f"{head} (+{cards.book_value(book)} pts)"
    # Every later step has one answer and is taken without asking: say where it leads.
    ingredients, power = forced
    _, name = _spell(s, power)
    cast = f"{name} (power {power}, +{_points(book, power)} pts)"
    return first_that_fits(
        f"Start with {card_label(book)}: casts {cast} with {card_list(ingredients)}",
        f"Start with {_short(book)}: casts {cast} with {_short_list(ingredients)}",
    )


def _forced_spell(s: MandragoraState, seat: int, book: str) -> tuple[list[str], int] | None:
    """The spell this book leads to when every step after it has one possible answer (and
    so is taken without asking): its ingredients and power."""
    hand = s.sorcerers[seat].hand
    chosen: list[str] = []
    while True:
        adds = casting.addable(book, chosen, hand, s.stacks)
        powers = casting.powers(len(chosen), s.stacks)
        if len(adds) + len(powers) != 1:
            return None
        if powers:
            return chosen, powers[0]
        chosen.append(adds[0])


def _add(s: MandragoraState, seat: int, card: str) -> str:
    step = s.steps[0]
    count = len(step.ingredients) + 1
    powers = casting.powers(count, s.stacks)
    reach = f"power up to {max(powers)}" if powers else "no spell yet"
    wild = " (wild)" if card == cards.MANDRAKE else ""
    return f"Add {card_label(card)}{wild}: {plural(count, 'ingredient')}, {reach}"


def _spell(s: MandragoraState, power: int) -> tuple[str, str]:
    """The spell on top of the stack of that value (face up): its key and name."""
    key = s.stacks[power - 1][-1]
    return key, cards.spells()[key].name


def _points(book: str, power: int) -> int:
    return power + cards.book_value(book)


def _power(s: MandragoraState, seat: int, power: int) -> str:
    step = s.steps[0]
    key, name = _spell(s, power)
    head = f"Cast {name} (power {power}, +{_points(step.book, power)} pts)"
    return first_that_fits(f"{head}: {_effect(s, seat, key)}", head)


def _effect(s: MandragoraState, seat: int, key: str) -> str:
    """What the spell will do, or that it will do nothing here."""
    scrolls = s.sorcerers[seat].scrolls
    if key in ("banishment", "transfer") and not scrolls:
        return "no effect, you have no 📜 cursed scroll"
    if key == "substitution" and not any(s.sorcerers[o].hand for o in s.opponents(seat)):
        return "no effect, no opponent holds a card"
    if key == "levitation":
        choices = rules.levitation_choices(s)
        if not choices:
            return "no effect, no shop has a card to take"
        if all(isinstance(c, Levitate) and c.card == cards.SCROLL for c in choices):
            return "the only card to take is a 📜 cursed scroll"
    return cards.spells()[key].short


def _whole(
    s: MandragoraState,
    seat: int,
    book: str,
    ingredients: Sequence[str],
    power: int,
    then: Sequence[Action],
    *,
    started: bool,
) -> str:
    """A whole spell: the spell it casts (the menu holds only spells), with what, and what
    its choices do."""
    _, name = _spell(s, power)
    points = _points(book, power)
    head = f"{name} (power {power}, +{points} pts)"
    short_head = f"{name} {power} (+{points})"
    after = _follow_ups(s, seat, then, short=False)
    brief = _follow_ups(s, seat, then, short=True)
    if started:
        added, added_short = card_list(ingredients), _short_list(ingredients)
        if not ingredients:
            return first_that_fits(f"{head}{after}", f"{short_head}{brief}")
        return first_that_fits(
            f"{head} adding {added}{after}",
            f"{head} adding {added}{brief}",
            f"{head} adding {added_short}{brief}",
            f"{short_head} + {added_short}{brief}",
        )
    full = f"{'🌱 mandrake book' if book == cards.MANDRAKE else card_label(book)}"
    full += f" + {card_list(ingredients)}"
    short = f"{_short(book)} + {_short_list(ingredients)}"
    return first_that_fits(
        f"{head}: {full}{after}",
        f"{head}: {full}{brief}",
        f"{head}: {short}{brief}",
        f"{short_head}: {short}{brief}",
    )


def _follow_ups(s: MandragoraState, seat: int, then: Sequence[Action], *, short: bool) -> str:
    """The choices made with a whole spell, as a tail: `` → 📜 to {p1}``."""
    parts = []
    for action in then:
        match action:
            case Transfer(target):
                parts.append(f"📜 to {seat_ref(target)}")
            case Substitute(target):
                parts.append(f"draw from {seat_ref(target)}")
            case GiveCard(card):
                parts.append(f"give {_short(card) if short else card_label(card)}")
            case Levitate(shop, card):
                if card is None:
                    taken = "face-down" if short else "a face-down card"
                else:
                    taken = _short(card) if short else card_label(card)
                parts.append(f"take {taken} from shop {shop + 1}")
    return " → " + ", ".join(parts) if parts else ""


def _levitate(s: MandragoraState, seat: int, shop: int, card: str | None) -> str:
    if card is None:
        count = len(s.shops[shop])
        return f"Take a face-down card from shop {shop + 1} 🌙 (top of {count})"
    taken = f"Take {card_label(card)} from shop {shop + 1}"
    if card != cards.SCROLL:
        return taken
    # Taken, a cursed scroll goes in front of the caster, as from the assistant's shop.
    mate = s.partner(seat)
    if mate is None:
        return f"{taken}: it goes in front of you"
    return first_that_fits(
        f"{taken}: in front of you, then a trade with {seat_ref(mate)}",
        f"{taken}: in front of you, then a trade",
    )


# ------------------------------------------------------------------ team trades
def _share(s: MandragoraState, seat: int, mode: str, card: str | None) -> str:
    step = s.steps[0]
    shown = card_label(card) if card else ""
    if step.kind == "share-reply":
        partner = _who(s, seat, step.other)
        if step.card:
            return f"Give {shown} to {partner} for their {card_label(step.card)}"
        return f"Give {shown} to {partner}, who asked"
    mate = s.partner(seat)
    assert mate is not None  # trades happen only in the team variant
    partner = _who(s, seat, mate)
    match mode:
        case "give":
            return f"Give {shown} to {partner}"
        case "ask":
            return f"Ask {partner} for a card of their choice"
        case "swap":
            return f"Swap: offer {shown} to {partner} for a card"
    return f"No trade with {partner}: keep your cards"
