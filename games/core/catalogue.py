"""A game's cards as players read them: what ``/card`` shows and the turn panel quotes.

Most of Grimoire's card lists are its own (``data/*.toml`` beside each engine), so nobody at
the table can look a card up in a box. Every game lists each of its cards — and its spells,
books, places with an effect, unique actions and keywords — as a :class:`CardText`, through
``Engine.cards()``; ``Engine.card_keys`` names the entries an action plays, takes or aims, so
the panel can show their effect beside the option.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from games.core.words import Msg

#: The longest effect a menu option's description shows (Discord's limit).
SHORT_LIMIT = 100


@dataclass(frozen=True, slots=True)
class CardText:
    """One entry of a game's catalogue: a card, spell, book, place or keyword, in words.

    ``key`` is unique within the game and never shown; ``name`` is what players read and
    type. ``text`` is the whole effect as a player needs it to play the card, and ``short``
    the same in at most :data:`SHORT_LIMIT` characters for a menu option (when empty,
    :attr:`brief` cuts ``text``). ``numbers`` are the card's printed figures in order
    ("Cost", "2"). ``rules`` says where the rules text (or the game's ``RULES.md``, for the
    project's own data) says more; ``own`` whether the entry is Grimoire's own data rather
    than the published rules'.
    """

    key: str
    name: str
    kind: str
    text: str
    short: str = ""
    numbers: tuple[tuple[str, str], ...] = field(default=())
    rules: str = ""
    own: bool = True

    @property
    def brief(self) -> str:
        """The effect in at most :data:`SHORT_LIMIT` characters: a message as it is (each
        language's words are fitted once said, by whoever shows them)."""
        effect = self.short or self.text
        return effect if isinstance(effect, Msg) else fit_short(effect)


def fit_short(text: str, limit: int = SHORT_LIMIT) -> str:
    """``text`` on one line, cut at a word with an ellipsis when longer than ``limit``."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    cut = flat[: limit - 1]
    if " " in cut:
        cut = cut[: cut.rfind(" ")]
    return cut.rstrip(" ,;:—-") + "…"


def index_cards(cards: Iterable[CardText]) -> Mapping[str, CardText]:
    """The catalogue by key; a repeated key is an error in the game's data."""
    found: dict[str, CardText] = {}
    for card in cards:
        if card.key in found:
            raise ValueError(f"card key {card.key!r} appears twice")
        found[card.key] = card
    return found
