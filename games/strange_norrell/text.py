"""Cards, elements and places as short text for logs and boards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from games.core.words import Msg, data_msg, joined, nmsg, pmsg
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


def element_word(element: str) -> Msg:
    """An element in words: ``rain``."""
    return {
        "birds": pmsg("element", "birds"),
        "hills": pmsg("element", "hills"),
        "rain": pmsg("element", "rain"),
        "stones": pmsg("element", "stones"),
        "trees": pmsg("element", "trees"),
        "wind": pmsg("element", "wind"),
    }[element]


def element_capital(element: str) -> Msg:
    """An element in words, starting a sentence: ``Rain``."""
    return {
        "birds": pmsg("element", "Birds"),
        "hills": pmsg("element", "Hills"),
        "rain": pmsg("element", "Rain"),
        "stones": pmsg("element", "Stones"),
        "trees": pmsg("element", "Trees"),
        "wind": pmsg("element", "Wind"),
    }[element]


def element_words(elements: Iterable[str], separator: str = ", ") -> Msg:
    """Elements in words, in the order given: ``rain, wind``."""
    return joined((element_word(e) for e in elements), separator)


def none() -> Msg:
    """What an empty list says."""
    return pmsg("nothing", "none")


def element_label(element: str) -> Msg:
    """``🌧️ rain``."""
    return joined((SYMBOLS[element], element_word(element)), " ")


def element_list(elements: Iterable[str]) -> Msg:
    """Elements in the usual order, each once: ``🐦 birds, 🌧️ rain``."""
    present = set(elements)
    labels = [element_label(e) for e in cards.ELEMENTS if e in present]
    return joined(labels, ", ") if labels else none()


def tokens(elements: Iterable[str]) -> str:
    """Element symbols, grouped in the usual order: ``🌧️🌧️🌬️``."""
    counts = Counter(elements)
    return "".join(SYMBOLS[e] * counts[e] for e in cards.ELEMENTS)


def name(text: str) -> Msg:
    """A name from the game's data (a card, a place), said in the reader's language."""
    return data_msg(text)


def place_name(location: str | None) -> Msg:
    """A location's name; a magician not yet on the board is "off the map"."""
    if location is None:
        return pmsg("place", "off the map")
    return data_msg(cards.location_names()[location])


def engagement_label(code: str) -> Msg:
    """``✉️ York 🌬️`` or ``🤝 York 🪨 +3``: the card in words, never its key."""
    card = cards.engagements()[code]
    where = data_msg(cards.location_names()[card.location])
    if card.is_introduction:
        return joined((INTRODUCTION, where, SYMBOLS[card.element], f"+{card.prestige}"), " ")
    return joined((INVITATION, where, SYMBOLS[card.element]), " ")


def engagement_list(codes: Iterable[str]) -> Msg:
    """Cards grouped and counted, invitations first."""
    counts = Counter(codes)
    if not counts:
        return none()
    ordered = sorted(counts, key=lambda c: (cards.engagements()[c].is_introduction, c))
    return joined(
        (
            joined((f"{counts[c]}× ", engagement_label(c)), "")
            if counts[c] > 1
            else engagement_label(c)
            for c in ordered
        ),
        "\n",
    )


def short_card(code: str) -> Msg:
    """An invitation or introduction as its place and element: "York wind", "Bath rain +2"."""
    card = cards.engagements()[code]
    where = data_msg(cards.location_names()[card.location])
    if card.is_introduction:
        return joined((where, element_word(card.element), f"+{card.prestige}"), " ")
    return joined((where, element_word(card.element)), " ")


def feat_label(code: str) -> Msg:
    """``Ships of Rain off Brest 🌧️🌧️🌬️ (3)``."""
    feat = cards.feats()[code]
    return joined((data_msg(feat.name), tokens(feat.elements), f"({feat.value})"), " ")


def book_name(code: str) -> Msg:
    """A book of magic's name."""
    return data_msg(cards.books()[code].name)


def book_label(code: str) -> Msg:
    """A book and what it does, e.g. ``A Grammar of the Rooks: 🐦 card → 🐦🐦``."""
    return joined((book_name(code), book_effect(code)), ": ")


def book_effect(code: str) -> Msg:
    """What a book does in symbols, e.g. ``🐦 card → 🐦🐦``."""
    book = cards.books()[code]
    symbol = SYMBOLS[book.element]
    if book.form == "double":
        return pmsg("book", "{symbol} card → {symbol}{symbol}", symbol=symbol)
    if book.form == "convert":
        return pmsg("book", "{symbol} card → any token", symbol=symbol)
    return pmsg("book", "any card → {symbol}", symbol=symbol)


def spell_name(code: str) -> Msg:
    """A spell's name."""
    return data_msg(cards.spells()[code].name)


def feat_name(code: str) -> Msg:
    """A feat of magic's name."""
    return data_msg(cards.feats()[code].name)


def action_name(key: str) -> Msg:
    """A standard action's name."""
    return data_msg(cards.actions()[key].name)


def space_name(key: str) -> Msg:
    """A connexion space's name."""
    return data_msg(cards.spaces()[key].name)


def connexion_name(key: str) -> Msg:
    """A named connexion's name."""
    return data_msg(cards.connexions()[key].name)


_COUNTED: dict[str, Callable[[int], Msg]] = {
    "card": lambda n: nmsg("{n} card", "{n} cards", n),
    "engagement": lambda n: nmsg("{n} engagement", "{n} engagements", n),
    "feat": lambda n: nmsg("{n} feat", "{n} feats", n),
    "introduction": lambda n: nmsg("{n} introduction", "{n} introductions", n),
    "invitation": lambda n: nmsg("{n} invitation", "{n} invitations", n),
    "spell": lambda n: nmsg("{n} spell", "{n} spells", n),
}


def plural(count: int, word: str) -> Msg:
    """``1 card``, ``2 cards``."""
    return _COUNTED[word](count)
