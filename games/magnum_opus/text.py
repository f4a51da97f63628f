"""Tokens, cards and Characters as short text for logs and boards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache

from games.magnum_opus import cards


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def token_label(ingredient: str) -> str:
    """One ingredient with its symbol: ``🔵 mercury``."""
    return f"{cards.ingredient_data()[ingredient].symbol} {ingredient}"


def token_list(tokens: Iterable[str]) -> str:
    """Tokens grouped and counted in the fixed ingredient order: ``2× ⚪ salt, 🔵 mercury``."""
    counts = Counter(tokens)
    if not counts:
        return "none"
    parts = []
    for kind in cards.ingredients():
        if counts[kind]:
            label = token_label(kind)
            parts.append(f"{counts[kind]}× {label}" if counts[kind] > 1 else label)
    return ", ".join(parts)


@cache
def character_label(numeral: int) -> str:
    """A Character with its numeral: ``VII Marie``."""
    return f"{cards.ROMAN[numeral]} {cards.characters()[numeral].name}"


@cache
def code_label(code: str) -> str:
    """A card by its code, readable: ``IV Jezebel (🟢 vitriol)``, ``VII Marie``."""
    key, _, ingredient = code.partition("-")
    label = character_label(cards.numeral_of()[key])
    return f"{label} ({token_label(ingredient)})" if ingredient else label


@cache
def card_label(card: cards.Card) -> str:
    """A Character card, readable, with the ingredient it shows."""
    return code_label(cards.card_code(card))


def money(silver: int) -> str:
    """``1 silver``, ``7 silver``."""
    return f"{silver} silver"
