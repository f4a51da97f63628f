"""Tiles, places and counts as short text for logs, boards and notation."""

from __future__ import annotations

from collections.abc import Iterable

from games.magic_spell.spells import STONE, spell
from games.magic_spell.state import ROW

STONE_WORD = "stone"
STONE_MARK = "✶"


def tile_label(letter: str) -> str:
    """A tile as shown on boards and in logs: ``Q``, or ``✶`` for a philosopher's stone."""
    return STONE_MARK if letter == STONE else letter


def tile_word(letter: str) -> str:
    """A tile as typed: ``q``, or ``stone``."""
    return STONE_WORD if letter == STONE else letter.lower()


def read_tile(word: str) -> str | None:
    """The tile letter a typed word names, or None.

    >>> read_tile("q"), read_tile("stone"), read_tile("qu")
    ('Q', '*', None)
    """
    if word == STONE_WORD:
        return STONE
    if len(word) == 1 and "a" <= word <= "z":
        return word.upper()
    return None


def tiles_text(letters: Iterable[str]) -> str:
    """Tiles in alphabetical order, stones last; ``nothing`` when there are none.

    >>> tiles_text(["N", "*", "E", "E"])
    'E E N ✶'
    """
    ordered = sorted(letters, key=lambda t: (t == STONE, t))
    return " ".join(tile_label(t) for t in ordered) if ordered else "nothing"


def a_tile(letter: str) -> str:
    """A tile with its article, as the letter's name is spoken.

    >>> a_tile("E"), a_tile("Q"), a_tile("M")
    ('an E', 'a Q', 'an M')
    """
    if letter == STONE:
        return "a philosopher's stone"
    return f"an {letter}" if letter in "AEFHILMNORSX" else f"a {letter}"


def spell_name(word: str) -> str:
    """A spell's name in bold, as logs and boards show it: ``**Quidnunc**``."""
    return f"**{spell(word).name}**"


def row_label(row: int) -> str:
    """Row ``row`` (0-based) as its places.

    >>> row_label(1)
    '11-20'
    """
    return f"{row * ROW + 1}-{row * ROW + ROW}"


def plural(count: int, word: str) -> str:
    """``1 tile``, ``2 tiles``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
