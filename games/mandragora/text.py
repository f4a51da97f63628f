"""Card lists as short text for logs and boards, said in the reader's language."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from games.core.words import Msg, data_msg, joined, msg, pmsg
from games.mandragora import cards

SYMBOLS = {
    "purple": "🟣",
    "yellow": "🟡",
    "green": "🟢",
    "red": "🔴",
    "blue": "🔵",
    "black": "⚫",
    "mandrake": "🌱",
    "scroll": "📜",
}


def colour_name(colour: str) -> Msg:
    """A colour's word: an ingredient colour's from the data files, black and white here."""
    if colour == cards.BLACK:
        return pmsg("colour", "black")
    if colour == cards.WHITE:
        return pmsg("colour", "white")
    return data_msg(colour)


def card_name(card: str) -> Msg:
    """A card's name as people read it: ``red``, ``red-2``, ``mandrake``, ``scroll`` (the
    notation's words, in the reader's language)."""
    if card == cards.MANDRAKE:
        return pmsg("card", "mandrake")
    if card == cards.SCROLL:
        return pmsg("card", "scroll")
    if cards.is_book(card):
        return joined([colour_name(cards.book_colour(card)), str(cards.book_value(card))], "-")
    return colour_name(card)


def card_label(card: str) -> Msg:
    """One card with a colour symbol: ``🔴 red-2``."""
    colour = cards.MANDRAKE if card == cards.MANDRAKE else cards.penalty_colour(card)
    symbol = SYMBOLS.get(card if card == cards.SCROLL else colour, "")
    if not symbol:
        return card_name(card)
    return joined([symbol, card_name(card)], " ")


def card_list(items: Iterable[str]) -> Msg:
    """Cards grouped and counted, books after ingredients: ``2× 🔴 red, 🔴 red-2``."""
    counts = Counter(items)
    if not counts:
        return msg("nothing")
    order = {card: i for i, card in enumerate(dict.fromkeys(cards.all_cards()))}
    parts: list[Msg] = []
    for card in sorted(counts, key=lambda c: order.get(c, len(order))):
        label = card_label(card)
        parts.append(joined([f"{counts[card]}×", label], " ") if counts[card] > 1 else label)
    return joined(parts, ", ")
