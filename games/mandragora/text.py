"""Card lists as short text for logs and boards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

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


def card_label(card: str) -> str:
    """One card with a colour symbol, as a player would type it: ``🔴 red-2``."""
    colour = cards.MANDRAKE if card == cards.MANDRAKE else cards.penalty_colour(card)
    symbol = SYMBOLS.get(card if card == cards.SCROLL else colour, "")
    return f"{symbol} {card}".strip()


def card_list(items: Iterable[str]) -> str:
    """Cards grouped and counted, books after ingredients: ``2× 🔴 red, 🔴 red-2``."""
    counts = Counter(items)
    if not counts:
        return "nothing"
    order = {card: i for i, card in enumerate(dict.fromkeys(cards.all_cards()))}
    parts = []
    for card in sorted(counts, key=lambda c: order.get(c, len(order))):
        label = card_label(card)
        parts.append(f"{counts[card]}× {label}" if counts[card] > 1 else label)
    return ", ".join(parts)


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
