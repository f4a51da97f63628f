"""Text for Mandragora's actions, and reading it back.

Seats and shops are numbered from 1 in text, from 0 inside the engine. Examples::

    move 3                      cast red-2          add red        add mandrake
    power 3                     back                skip           drop out
    cast red-2 red red mandrake power 3             (a whole cast at once)
    cast red-2 red red power 2 transfer to 3        (… with what its spell asks for)
    add red mandrake power 3    power 2 levitate 4 red    (the rest of a spell in preparation)
    transfer to 2               substitute 3        give blue-1
    levitate 4 red              levitate 7          (a face-down card from a night shop)
    share give red              share ask           share swap green    share none
"""

from __future__ import annotations

from functools import cache

from games.mandragora import cards
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
from games.mandragora.state import SHOPS


def notation(action: Action) -> str:
    """The canonical text of an action."""
    match action:
        case Move(distance):
            return f"move {distance}"
        case CastBook(book):
            return f"cast {book}"
        case AddIngredient(card):
            return f"add {card}"
        case ChoosePower(power):
            return f"power {power}"
        case CompositeCast(book, ingredients, power, then):
            return " ".join(["cast", book, *ingredients, "power", str(power), *map(notation, then)])
        case FinishCast(ingredients, power, then):
            words = [f"add {ingredients[0]}", *ingredients[1:]] if ingredients else []
            return " ".join([*words, "power", str(power), *map(notation, then)])
        case Back():
            return "back"
        case Skip():
            return "skip"
        case DropOut():
            return "drop out"
        case Transfer(target):
            return f"transfer to {target + 1}"
        case Substitute(target):
            return f"substitute {target + 1}"
        case GiveCard(card):
            return f"give {card}"
        case Levitate(shop, card):
            return f"levitate {shop + 1}" + (f" {card}" if card else "")
        case Share(mode, card):
            return f"share {mode}" + (f" {card}" if card else "")
    raise TypeError(f"not a Mandragora action: {action!r}")


@cache
def _known_cards() -> frozenset[str]:
    return frozenset(cards.all_cards())


def _card(word: str) -> str | None:
    return word if word in _known_cards() else None


def _number(word: str, low: int, high: int) -> int | None:
    if not word.isdigit():
        return None
    value = int(word)
    return value if low <= value <= high else None


def parse_syntax(text: str) -> Action | None:
    """Read normalized text as an action; None when it is not Mandragora notation."""
    words = text.split()
    if not words:
        return None
    head, rest = words[0], words[1:]
    if head == "cast":
        return _parse_cast(rest)
    if head in ("add", "power") and len(rest) > 1:
        return _parse_finish(words)
    if len(rest) == 0:
        bare: dict[str, Action] = {"back": Back(), "skip": Skip()}
        return bare.get(head)
    if len(rest) == 1:
        return _parse_one(head, rest[0])
    if head == "transfer" and len(rest) == 2 and rest[0] == "to":
        return _parse_one("transfer", rest[1])
    if head == "levitate" and len(rest) == 2:
        shop, card = _number(rest[0], 1, SHOPS), _card(rest[1])
        return Levitate(shop - 1, card) if shop and card else None
    if head == "share" and len(rest) == 2 and rest[0] in ("give", "swap"):
        card = _card(rest[1])
        return Share("give" if rest[0] == "give" else "swap", card) if card else None
    return None


def _parse_one(head: str, word: str) -> Action | None:
    match head:
        case "move":
            distance = _number(word, 1, SHOPS - 1)
            return Move(distance) if distance else None
        case "add":
            card = _card(word)
            return AddIngredient(card) if card and not cards.is_book(card) else None
        case "power":
            power = _number(word, 1, len(cards.SPELL_VALUES))
            return ChoosePower(power) if power else None
        case "drop":
            return DropOut() if word == "out" else None
        case "transfer" | "substitute":
            seat = _number(word, 1, 4)
            if not seat:
                return None
            return Transfer(seat - 1) if head == "transfer" else Substitute(seat - 1)
        case "give":
            card = _card(word)
            return GiveCard(card) if card and card != cards.SCROLL else None
        case "levitate":
            shop = _number(word, 1, SHOPS)
            return Levitate(shop - 1, None) if shop else None
        case "share":
            return Share("ask") if word == "ask" else Share("none") if word == "none" else None
    return None


def _parse_cast(rest: list[str]) -> Action | None:
    if not rest:
        return None
    book = rest[0]
    if book != cards.MANDRAKE and (_card(book) is None or not cards.is_book(book)):
        return None
    if len(rest) == 1:
        return CastBook(book)
    middle = rest[1:]
    if middle and middle[0] == "with":
        middle = middle[1:]
    spell = _parse_spell(middle)
    if spell is None or not spell[0]:  # a spell needs at least one ingredient
        return None
    ingredients, power, then = spell
    return CompositeCast(book, ingredients, power, then)


def _parse_finish(words: list[str]) -> Action | None:
    """``add red red power 3`` or ``power 2 transfer to 3``: the rest of a spell in
    preparation, read only when it says more than one decision."""
    spell = _parse_spell(words[1:] if words[0] == "add" else words)
    if spell is None or (words[0] == "add") != bool(spell[0]):
        return None
    return FinishCast(*spell)


def _parse_spell(words: list[str]) -> tuple[tuple[str, ...], int, tuple[Action, ...]] | None:
    """Ingredients, ``power N``, then the choices the spell asks for."""
    if "power" not in words:
        return None
    at = words.index("power")
    ingredients, tail = words[:at], words[at + 1 :]
    if not all(w == cards.MANDRAKE or cards.is_ingredient(w) for w in ingredients):
        return None
    power = _number(tail[0], 1, len(cards.SPELL_VALUES)) if tail else None
    then = _parse_follow_ups(tail[1:])
    if not power or then is None:
        return None
    return tuple(ingredients), power, then


#: The choices a spell may ask for once cast, and how many words each takes.
_FOLLOW_UP_WORDS = {"transfer": 3, "substitute": 2, "give": 2, "levitate": 2}


def _parse_follow_ups(words: list[str]) -> tuple[Action, ...] | None:
    actions: list[Action] = []
    while words:
        size = _FOLLOW_UP_WORDS.get(words[0])
        if size is None:
            return None
        if words[0] == "levitate" and len(words) > 2 and _card(words[2]):
            size = 3
        action = parse_syntax(" ".join(words[:size])) if len(words) >= size else None
        if action is None:
            return None
        actions.append(action)
        words = words[size:]
    return tuple(actions)
