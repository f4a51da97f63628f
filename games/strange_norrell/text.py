"""Cards, elements and places as short text for logs and boards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from games.strange_norrell import cards

SYMBOLS = {
    "birds": "🐦",
    "hills": "⛰️",
    "rain": "🌧️",
    "stones": "🪨",
    "trees": "🌳",
    "wind": "🌬️",
}
INVITATION, INTRODUCTION = "✉️", "🤝"


def element_label(element: str) -> str:
    """``🌧️ rain``."""
    return f"{SYMBOLS[element]} {element}"


def element_list(elements: Iterable[str]) -> str:
    """Elements in the usual order, each once: ``🐦 birds, 🌧️ rain``."""
    present = set(elements)
    return ", ".join(element_label(e) for e in cards.ELEMENTS if e in present) or "none"


def tokens(elements: Iterable[str]) -> str:
    """Element symbols, grouped in the usual order: ``🌧️🌧️🌬️``."""
    counts = Counter(elements)
    return "".join(SYMBOLS[e] * counts[e] for e in cards.ELEMENTS)


def place_name(location: str | None) -> str:
    """A location's name; a magician not yet on the board is "off the map"."""
    return "off the map" if location is None else cards.location_names()[location]


def engagement_label(code: str) -> str:
    """``✉️ York 🌬️`` or ``🤝 York 🪨 +3``: the card in words, never its key."""
    card = cards.engagements()[code]
    where = cards.location_names()[card.location]
    if card.is_introduction:
        return f"{INTRODUCTION} {where} {SYMBOLS[card.element]} +{card.prestige}"
    return f"{INVITATION} {where} {SYMBOLS[card.element]}"


def engagement_list(codes: Iterable[str]) -> str:
    """Cards grouped and counted, invitations first."""
    counts = Counter(codes)
    if not counts:
        return "none"
    ordered = sorted(counts, key=lambda c: (cards.engagements()[c].is_introduction, c))
    return "\n".join(
        (f"{counts[c]}× " if counts[c] > 1 else "") + engagement_label(c) for c in ordered
    )


def short_card(code: str) -> str:
    """An invitation or introduction as its place and element: "York wind", "Bath rain +2"."""
    card = cards.engagements()[code]
    where = cards.location_names()[card.location]
    if card.is_introduction:
        return f"{where} {card.element} +{card.prestige}"
    return f"{where} {card.element}"


def feat_label(code: str) -> str:
    """``Ships of Rain off Brest 🌧️🌧️🌬️ (3)``."""
    feat = cards.feats()[code]
    return f"{feat.name} {tokens(feat.elements)} ({feat.value})"


def book_label(code: str) -> str:
    """A book and what it does, e.g. ``A Grammar of the Rooks: 🐦 card → 🐦🐦``."""
    return f"{cards.books()[code].name}: {book_effect(code)}"


def book_effect(code: str) -> str:
    """What a book does in symbols, e.g. ``🐦 card → 🐦🐦``."""
    book = cards.books()[code]
    symbol = SYMBOLS[book.element]
    return {
        "double": f"{symbol} card → {symbol}{symbol}",
        "convert": f"{symbol} card → any token",
        "focus": f"any card → {symbol}",
    }[book.form]


def spell_name(code: str) -> str:
    """A spell's name."""
    return cards.spells()[code].name


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
