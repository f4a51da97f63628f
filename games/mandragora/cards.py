"""Mandragora's card data, read from ``data/*.toml`` and checked against the rules' totals.

Cards are short codes: an ingredient is its colour (``red``), a spellbook is colour and value
(``red-2``, ``black-2``), and there are ``mandrake`` and ``scroll`` (a cursed scroll).
"""

from __future__ import annotations

import tomllib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

DATA = Path(__file__).parent / "data"

MANDRAKE = "mandrake"
SCROLL = "scroll"
BLACK = "black"
#: Mandrakes count as white when colours left in hand are scored.
WHITE = "white"
SPELL_VALUES = (1, 2, 3, 4, 5)


class ColourData(BaseModel):
    """One ingredient colour: how many ingredients and which spellbook values it has."""

    model_config = ConfigDict(frozen=True)

    name: str
    ingredients: int
    book_values: list[int]


class ItemData(BaseModel):
    """Every magical item of the game."""

    model_config = ConfigDict(frozen=True)

    mandrakes: int
    cursed_scrolls: int
    black_book_value: int
    colours: list[ColourData]
    removed: dict[int, list[str]]

    @model_validator(mode="after")
    def _matches_rules(self) -> ItemData:
        counts = sorted(c.ingredients for c in self.colours)
        if counts != [3, 6, 9, 12, 12]:
            raise ValueError(f"ingredient counts must be 3/6/9/12/12, not {counts}")
        books = sum(len(c.book_values) for c in self.colours) + 1
        if books != 21 or any(sorted(c.book_values) != [0, 1, 2, 3] for c in self.colours):
            raise ValueError("spellbooks must be four per colour, valued 0-3, plus one black")
        if (self.mandrakes, self.cursed_scrolls) != (7, 12):
            raise ValueError("the game has 7 mandrakes and 12 cursed scrolls")
        return self


class SpellData(BaseModel):
    """One kind of spell and how many of it sit in each value stack."""

    model_config = ConfigDict(frozen=True)

    key: str
    name: str
    timing: Literal["immediate", "permanent", "end"]
    effect: str
    short: str
    sentence: str
    """``short`` with a capital first letter, as a menu option's description starts."""
    stacks: dict[int, int]

    @model_validator(mode="after")
    def _sentence_is_short(self) -> SpellData:
        if self.sentence != self.short[:1].upper() + self.short[1:]:
            raise ValueError(f"{self.key}: sentence must be short with a capital first letter")
        return self


class SpellList(BaseModel):
    """The 24 spells."""

    spells: list[SpellData]

    @model_validator(mode="after")
    def _matches_rules(self) -> SpellList:
        expected = {
            "banishment": 4,
            "replication": 3,
            "transfer": 4,
            "swiftness": 3,
            "substitution": 4,
            "disappearance": 2,
            "levitation": 3,
            "purification": 1,
        }
        found = {s.key: sum(s.stacks.values()) for s in self.spells}
        if found != expected:
            raise ValueError(f"spell counts must be {expected}, not {found}")
        if any(v not in SPELL_VALUES for s in self.spells for v in s.stacks):
            raise ValueError("spell values run from 1 to 5")
        return self


@cache
def items() -> ItemData:
    """The validated magical item data."""
    return ItemData.model_validate(tomllib.loads((DATA / "cards.toml").read_text()))


@cache
def spells() -> dict[str, SpellData]:
    """The validated spells, by key."""
    data = SpellList.model_validate(tomllib.loads((DATA / "spells.toml").read_text()))
    return {s.key: s for s in data.spells}


@cache
@cache
def colours() -> tuple[str, ...]:
    """Ingredient colours, rarest first."""
    return tuple(c.name for c in items().colours)


def book(colour: str, value: int) -> str:
    """The code of a spellbook."""
    return f"{colour}-{value}"


def is_book(card: str) -> bool:
    """Whether a card is a spellbook."""
    return "-" in card


def book_colour(card: str) -> str:
    """The colour of a spellbook code."""
    return card.split("-", 1)[0]


def book_value(card: str) -> int:
    """A spellbook's points; a mandrake used as a spellbook is worth nothing."""
    return 0 if card == MANDRAKE else int(card.split("-", 1)[1])


def is_ingredient(card: str) -> bool:
    """Whether a card is a coloured ingredient."""
    return card in colours()


def penalty_colour(card: str) -> str:
    """The colour a card in hand counts as at scoring."""
    if card == MANDRAKE:
        return WHITE
    return book_colour(card) if is_book(card) else card


@cache
def all_cards() -> tuple[str, ...]:
    """Every magical item in the box, in a fixed order."""
    data = items()
    cards: list[str] = []
    for colour in data.colours:
        cards += [colour.name] * colour.ingredients
        cards += [book(colour.name, v) for v in colour.book_values]
    cards.append(book(BLACK, data.black_book_value))
    cards += [MANDRAKE] * data.mandrakes
    cards += [SCROLL] * data.cursed_scrolls
    return tuple(cards)


@cache
def removed_cards(players: int) -> tuple[str, ...]:
    """Cards returned to the box before a game with ``players`` sorcerers."""
    removed: list[str] = []
    for entry in items().removed.get(players, []):
        if entry.endswith("*"):
            colour = entry[:-1]
            removed += [c for c in all_cards() if penalty_colour(c) == colour and c != SCROLL]
        else:
            removed.append(entry)
    return tuple(removed)


@cache
def cards_in_play(players: int) -> tuple[str, ...]:
    """Every magical item used with ``players`` sorcerers."""
    remaining = Counter(all_cards())
    remaining.subtract(removed_cards(players))
    if any(n < 0 for n in remaining.values()):
        raise ValueError(f"cards.toml removes cards the box does not have ({players} players)")
    return tuple(card for card in dict.fromkeys(all_cards()) for _ in range(remaining[card]))


@cache
def spell_stacks() -> tuple[tuple[str, ...], ...]:
    """The spells of each value stack, value 1 first, in a fixed order before shuffling."""
    stacks: list[list[str]] = [[] for _ in SPELL_VALUES]
    for spell in spells().values():
        for value, count in sorted(spell.stacks.items()):
            stacks[value - 1] += [spell.key] * count
    return tuple(tuple(s) for s in stacks)
