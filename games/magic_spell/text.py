"""Tiles, places and counts as short text for logs, boards and notation."""

from __future__ import annotations

from collections.abc import Iterable

from games.core.words import Msg, msg, nmsg, proper_name
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
    return " ".join(tile_label(t) for t in ordered) if ordered else msg("nothing")


def a_tile(letter: str) -> str:
    """A tile with its article, as the letter's name is spoken.

    >>> a_tile("E"), a_tile("Q"), a_tile("M")
    ('an E', 'a Q', 'an M')
    """
    if letter == STONE:
        return msg("a philosopher's stone")
    if letter in "AEFHILMNORSX":
        return msg("an {letter}", letter=letter)
    return msg("a {letter}", letter=letter)


def a_tile_upper(letter: str) -> str:
    """:func:`a_tile` at the start of a sentence: ``An E``."""
    if letter == STONE:
        return msg("A philosopher's stone")
    if letter in "AEFHILMNORSX":
        return msg("An {letter}", letter=letter)
    return msg("A {letter}", letter=letter)


def title(word: str) -> Msg:
    """A spell's name as players read it: ``Quidnunc``."""
    return proper_name(spell(word).name)


def spell_name(word: str) -> str:
    """A spell's name in bold, as logs and boards show it: ``**Quidnunc**``."""
    return msg("**{spell}**", spell=title(word))


def row_label(row: int) -> str:
    """Row ``row`` (0-based) as its places.

    >>> row_label(1)
    '11-20'
    """
    return f"{row * ROW + 1}-{row * ROW + ROW}"


def credits_text(count: int) -> Msg:
    """``1 credit``, ``2 credits``."""
    return nmsg("{n} credit", "{n} credits", count)


def tiles_count(count: int) -> Msg:
    """``1 tile``, ``2 tiles``."""
    return nmsg("{n} tile", "{n} tiles", count)


def spells_count(count: int) -> Msg:
    """``1 spell``, ``2 spells``."""
    return nmsg("{n} spell", "{n} spells", count)


def woven_count(count: int) -> Msg:
    """``1 woven tile``, ``2 woven tiles``."""
    return nmsg("{n} woven tile", "{n} woven tiles", count)


def homework_count(count: int) -> Msg:
    """``1 homework spell``, ``2 homework spells``."""
    return nmsg("{n} homework spell", "{n} homework spells", count)


def stones_count(count: int) -> Msg:
    """``1 philosopher's stone``, ``2 philosopher's stones``."""
    return nmsg("{n} philosopher's stone", "{n} philosopher's stones", count)
