"""Tokens, cards and Characters as short text for logs and boards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache

from games.core.words import Msg, data_msg, joined, msg, nmsg, pmsg
from games.magnum_opus import cards

#: Each ingredient's word as logs, labels and boards say it (the notation keeps the key).
INGREDIENT_WORDS: dict[str, Msg] = {
    "salt": pmsg("ingredient", "salt"),
    "sulfur": pmsg("ingredient", "sulfur"),
    "mercury": pmsg("ingredient", "mercury"),
    "vitriol": pmsg("ingredient", "vitriol"),
    "cinnabar": pmsg("ingredient", "cinnabar"),
}


def ingredient_word(ingredient: str) -> Msg:
    """An ingredient's word: ``mercury``."""
    return INGREDIENT_WORDS[ingredient]


def token_label(ingredient: str) -> Msg:
    """One ingredient with its symbol: ``🔵 mercury``."""
    return msg(
        "{symbol} {ingredient}",
        symbol=cards.ingredient_data()[ingredient].symbol,
        ingredient=ingredient_word(ingredient),
    )


def token_list(tokens: Iterable[str]) -> Msg:
    """Tokens grouped and counted in the fixed ingredient order: ``2× ⚪ salt, 🔵 mercury``."""
    counts = Counter(tokens)
    if not counts:
        return pmsg("ingredients", "none")
    parts: list[Msg] = []
    for kind in cards.ingredients():
        if counts[kind]:
            label = token_label(kind)
            parts.append(
                msg("{count}× {token}", count=counts[kind], token=label)
                if counts[kind] > 1
                else label
            )
    return joined(parts, ", ")


@cache
def character_label(numeral: int) -> Msg:
    """A Character with its numeral: ``VII Marie``."""
    return msg(
        "{numeral} {character}",
        numeral=cards.ROMAN[numeral],
        character=data_msg(cards.characters()[numeral].name),
    )


@cache
def code_label(code: str) -> Msg:
    """A card by its code, readable: ``IV Jezebel (🟢 vitriol)``, ``VII Marie``."""
    key, _, ingredient = code.partition("-")
    label = character_label(cards.numeral_of()[key])
    if not ingredient:
        return label
    return msg("{card} ({token})", card=label, token=token_label(ingredient))


@cache
def card_label(card: cards.Card) -> Msg:
    """A Character card, readable, with the ingredient it shows."""
    return code_label(cards.card_code(card))


def money(silver: int) -> Msg:
    """``1 silver``, ``7 silver``."""
    return nmsg("{n} silver", "{n} silver", silver)


def cards_count(count: int) -> Msg:
    """``1 card``, ``2 cards``."""
    return nmsg("{n} card", "{n} cards", count)


def ingredients_count(count: int) -> Msg:
    """``1 ingredient``, ``2 ingredients``."""
    return nmsg("{n} ingredient", "{n} ingredients", count)


def prime_pairs_count(count: int) -> Msg:
    """``1 Prime pair``, ``2 Prime pairs``."""
    return nmsg("{n} Prime pair", "{n} Prime pairs", count)


def formulas_count(count: int) -> Msg:
    """``1 formula``, ``2 formulas``."""
    return nmsg("{n} formula", "{n} formulas", count)


def prestige_count(count: int) -> Msg:
    """``1 Prestige Point``, ``2 Prestige Points``."""
    return nmsg("{n} Prestige Point", "{n} Prestige Points", count)
