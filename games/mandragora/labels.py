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
from games.core.words import Msg, data_msg, joined, msg, nmsg
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
from games.mandragora.text import SYMBOLS, card_label, card_list


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
            return msg("Take back the last choice")
        case Skip():
            return msg("Let the extra turn pass (Replication)")
        case DropOut():
            return msg("Drop out: take no more turns this game")
        case Transfer(target):
            has = f"{s.sorcerers[target].scrolls} 📜"
            return msg("Target {who}: pass them a cursed scroll", who=_who(s, seat, target, has))
        case Substitute(target):
            held = nmsg("{n} card", "{n} cards", len(s.sorcerers[target].hand))
            return msg(
                "Target {who}: draw one blind, give one back", who=_who(s, seat, target, held)
            )
        case GiveCard(card):  # a Substitution's card handed back to the opponent drawn from
            return msg(
                "Give {card} to {who}", card=card_label(card), who=_who(s, seat, s.steps[0].other)
            )
        case Levitate(shop, card):
            return _levitate(s, seat, shop, card)
        case Share(mode, card):
            return _share(s, seat, mode, card)
    raise TypeError(f"not a Mandragora action: {action!r}")


# ------------------------------------------------------------------------ fitting


def _who(s: MandragoraState, seat: int, other: int, detail: str = "") -> Msg:
    """A seat by name and how it stands to ``seat``: ``{p1} (opponent, 2 📜)``."""
    who = seat_ref(other)
    if other == s.partner(seat):
        if detail:
            return msg("{who} (teammate, {detail})", who=who, detail=detail)
        return msg("{who} (teammate)", who=who)
    if detail:
        return msg("{who} (opponent, {detail})", who=who, detail=detail)
    return msg("{who} (opponent)", who=who)


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
    steps = nmsg("{n} shop", "{n} shops", distance)
    if s.night[shop]:
        if stock:
            found = nmsg("{n} face-down card", "{n} face-down cards", len(stock))
            return msg(
                "Send the assistant {steps} → shop {shop} 🌙: {cards}",
                steps=steps,
                shop=shop + 1,
                cards=found,
            )
        return msg("Send the assistant {steps} → shop {shop} 🌙: empty", steps=steps, shop=shop + 1)
    if not stock:
        return msg("Send the assistant {steps} → shop {shop}: empty", steps=steps, shop=shop + 1)

    def head(shown: str) -> Msg:
        return msg(
            "Send the assistant {steps} → shop {shop}: {cards}",
            steps=steps,
            shop=shop + 1,
            cards=shown,
        )

    return first_that_fits(
        head(card_list(stock)),
        head(_short_list(stock)),
        head(nmsg("{n} card", "{n} cards", len(stock))),
    )


# --------------------------------------------------------------------- casting
def _start(s: MandragoraState, seat: int, book: str) -> str:
    forced = _forced_spell(s, seat, book)
    if forced is None:
        points = cards.book_value(book)
        if book == cards.MANDRAKE:
            return msg("Start a spell with 🌱 mandrake as spellbook (+{points} pts)", points=points)
        return msg(
            "Start a spell with {book} as spellbook (+{points} pts)",
            book=card_label(book),
            points=points,
        )
    # Every later step has one answer and is taken without asking: say where it leads.
    ingredients, power = forced
    _, name = _spell(s, power)
    cast = _cast(name, power, _points(book, power))
    return first_that_fits(
        msg(
            "Start with {book}: casts {spell} with {ingredients}",
            book=card_label(book),
            spell=cast,
            ingredients=card_list(ingredients),
        ),
        msg(
            "Start with {book}: casts {spell} with {ingredients}",
            book=_short(book),
            spell=cast,
            ingredients=_short_list(ingredients),
        ),
    )


def _cast(name: Msg, power: int, points: int) -> Msg:
    """A spell with its power and points: ``Transfer (power 2, +4 pts)``."""
    return msg("{spell} (power {power}, +{points} pts)", spell=name, power=power, points=points)


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
    shown = card_label(card)
    if card == cards.MANDRAKE:
        shown = msg("{card} (wild)", card=shown)
    if powers:
        return msg(
            "Add {card}: {ingredients}, power up to {power}",
            card=shown,
            ingredients=nmsg("{n} ingredient", "{n} ingredients", count),
            power=max(powers),
        )
    return msg(
        "Add {card}: {ingredients}, no spell yet",
        card=shown,
        ingredients=nmsg("{n} ingredient", "{n} ingredients", count),
    )


def _spell(s: MandragoraState, power: int) -> tuple[str, Msg]:
    """The spell on top of the stack of that value (face up): its key and name."""
    key = s.stacks[power - 1][-1]
    return key, data_msg(cards.spells()[key].name)


def _points(book: str, power: int) -> int:
    return power + cards.book_value(book)


def _power(s: MandragoraState, seat: int, power: int) -> str:
    step = s.steps[0]
    key, name = _spell(s, power)
    head = msg(
        "Cast {spell}",
        spell=_cast(name, power, _points(step.book, power)),
    )
    return first_that_fits(
        msg(
            "Cast {spell}: {effect}",
            spell=_cast(name, power, _points(step.book, power)),
            effect=_effect(s, seat, key),
        ),
        head,
    )


def _effect(s: MandragoraState, seat: int, key: str) -> Msg:
    """What the spell will do, or that it will do nothing here."""
    scrolls = s.sorcerers[seat].scrolls
    if key in ("banishment", "transfer") and not scrolls:
        return msg("no effect, you have no 📜 cursed scroll")
    if key == "substitution" and not any(s.sorcerers[o].hand for o in s.opponents(seat)):
        return msg("no effect, no opponent holds a card")
    if key == "levitation":
        choices = rules.levitation_choices(s)
        if not choices:
            return msg("no effect, no shop has a card to take")
        if all(isinstance(c, Levitate) and c.card == cards.SCROLL for c in choices):
            return msg("the only card to take is a 📜 cursed scroll")
    return data_msg(cards.spells()[key].short)


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
    head = _cast(name, power, points)
    short_head = msg("{spell} {power} (+{points})", spell=name, power=power, points=points)
    after = _follow_ups(s, seat, then, short=False)
    brief = _follow_ups(s, seat, then, short=True)
    if started:
        added, added_short = card_list(ingredients), _short_list(ingredients)
        if not ingredients:
            return first_that_fits(_then(head, after), _then(short_head, brief))
        return first_that_fits(
            _then(_adding(head, added), after),
            _then(_adding(head, added), brief),
            _then(_adding(head, added_short), brief),
            _then(joined([short_head, added_short], " + "), brief),
        )
    used = card_list(ingredients)
    if book == cards.MANDRAKE:
        full = msg("🌱 mandrake book + {ingredients}", ingredients=used)
    else:
        full = joined([card_label(book), used], " + ")
    short = f"{_short(book)} + {_short_list(ingredients)}"
    return first_that_fits(
        _then(_with(head, full), after),
        _then(_with(head, full), brief),
        _then(_with(head, short), brief),
        _then(_with(short_head, short), brief),
    )


def _adding(head: Msg, added: str) -> Msg:
    return msg("{spell} adding {ingredients}", spell=head, ingredients=added)


def _with(head: Msg, cast_with: str) -> Msg:
    return joined([head, cast_with], ": ")


def _then(head: Msg, after: Msg | None) -> Msg:
    """A whole spell and the choices made with it: ``… → 📜 to {p1}``."""
    return head if after is None else joined([head, after], " → ")


def _follow_ups(
    s: MandragoraState, seat: int, then: Sequence[Action], *, short: bool
) -> Msg | None:
    """The choices made with a whole spell: ``📜 to {p1}`` (none: ``None``)."""
    parts: list[Msg] = []
    for action in then:
        match action:
            case Transfer(target):
                parts.append(msg("📜 to {who}", who=seat_ref(target)))
            case Substitute(target):
                parts.append(msg("draw from {who}", who=seat_ref(target)))
            case GiveCard(card):
                parts.append(msg("give {card}", card=_short(card) if short else card_label(card)))
            case Levitate(shop, card):
                if card is None and short:
                    parts.append(msg("take face-down from shop {shop}", shop=shop + 1))
                elif card is None:
                    parts.append(msg("take a face-down card from shop {shop}", shop=shop + 1))
                else:
                    taken = _short(card) if short else card_label(card)
                    parts.append(msg("take {card} from shop {shop}", card=taken, shop=shop + 1))
    return joined(parts, ", ") if parts else None


def _levitate(s: MandragoraState, seat: int, shop: int, card: str | None) -> str:
    if card is None:
        count = len(s.shops[shop])
        return msg(
            "Take a face-down card from shop {shop} 🌙 (top of {count})", shop=shop + 1, count=count
        )
    shown = card_label(card)
    if card != cards.SCROLL:
        return msg("Take {card} from shop {shop}", card=shown, shop=shop + 1)
    # Taken, a cursed scroll goes in front of the caster, as from the assistant's shop.
    mate = s.partner(seat)
    if mate is None:
        return msg(
            "Take {card} from shop {shop}: it goes in front of you", card=shown, shop=shop + 1
        )
    return first_that_fits(
        msg(
            "Take {card} from shop {shop}: in front of you, then a trade with {who}",
            card=shown,
            shop=shop + 1,
            who=seat_ref(mate),
        ),
        msg(
            "Take {card} from shop {shop}: in front of you, then a trade", card=shown, shop=shop + 1
        ),
    )


# ------------------------------------------------------------------ team trades
def _share(s: MandragoraState, seat: int, mode: str, card: str | None) -> str:
    step = s.steps[0]
    shown: Msg | str = card_label(card) if card else ""
    if step.kind == "share-reply":
        partner = _who(s, seat, step.other)
        if step.card:
            return msg(
                "Give {card} to {who} for their {theirs}",
                card=shown,
                who=partner,
                theirs=card_label(step.card),
            )
        return msg("Give {card} to {who}, who asked", card=shown, who=partner)
    mate = s.partner(seat)
    assert mate is not None  # trades happen only in the team variant
    partner = _who(s, seat, mate)
    match mode:
        case "give":
            return msg("Give {card} to {who}", card=shown, who=partner)
        case "ask":
            return msg("Ask {who} for a card of their choice", who=partner)
        case "swap":
            return msg("Swap: offer {card} to {who} for a card", card=shown, who=partner)
    return msg("No trade with {who}: keep your cards", who=partner)
