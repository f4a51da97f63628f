"""Magic Spell's spell deck and letter tiles, read from ``data/*.toml`` and checked at load.

A spell is known by its magic word in lower case (``quidnunc``); a tile by its letter in
upper case (``Q``), or ``*`` for a philosopher's stone. Both sets are the project's own.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA = Path(__file__).parent / "data"

#: A philosopher's stone tile (Philosopher's Stone variant): it stands for any one letter.
STONE = "*"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

EffectKind = Literal[
    "peek_tile",
    "peek_homework",
    "peek_cabinet",
    "peek_row",
    "augury",
    "steal_tile",
    "steal_spirit",
    "steal_homework",
    "swap_tile",
    "cadge",
    "gain_spirit",
    "drain",
    "drain_all",
    "swap_spirit",
    "block",
    "shuffle_row",
    "shuffle_lab",
    "draw_tiles",
    "expel",
    "jettison",
    "ablution",
    "swap_lab",
    "palimpsest",
    "draw_spell",
    "shelve",
    "extra_turn",
    "pass_right",
    "passive",
]
PassiveKind = Literal["daily_spirit", "homework_limit", "cabinet_limit", "free_weave"]
BlockKind = Literal["cast", "scrounge", "trade", "weave"]

#: Effects that need an amount to mean anything.
_NEEDS_AMOUNT = {"steal_spirit", "gain_spirit", "drain", "drain_all", "draw_tiles"}


class SpellData(BaseModel):
    """One spell card."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    word: str = Field(pattern=r"^[a-z]{3,14}$")
    #: The magic word as a title: ``Quidnunc`` (a string of the data, which players read).
    name: str
    credits: int = Field(ge=1, le=3)
    meaning: str
    effect: EffectKind
    text: str
    #: The effect in a few words, where ``text`` and the requirement are too long for a menu.
    short: str = ""
    amount: int = Field(default=0, ge=0)
    block: BlockKind | None = None
    passive: PassiveKind | None = None
    spirit: int = Field(default=0, ge=0)
    tiles: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _consistent(self) -> SpellData:
        if (self.effect == "block") != (self.block is not None):
            raise ValueError(f"{self.word}: `block` goes with the block effect only")
        if (self.effect == "passive") != (self.passive is not None):
            raise ValueError(f"{self.word}: `passive` goes with the passive effect only")
        if (self.effect in _NEEDS_AMOUNT) != (self.amount > 0):
            raise ValueError(f"{self.word}: an amount goes with {sorted(_NEEDS_AMOUNT)} only")
        if self.name != self.word.capitalize():
            raise ValueError(f"{self.word}: the name is the magic word as a title")
        if self.effect == "passive" and (self.spirit or self.tiles):
            raise ValueError(f"{self.word}: a passive spell is never cast, so has no requirement")
        return self

    @property
    def letters(self) -> str:
        """The magic word as tile letters: ``QUIDNUNC``."""
        return self.word.upper()

    @property
    def castable(self) -> bool:
        """Whether the spell is cast as an action (every spell but the passive ones)."""
        return self.effect != "passive"


class SpellDeck(BaseModel):
    """Every spell of the game."""

    spells: list[SpellData]

    @model_validator(mode="after")
    def _a_full_deck(self) -> SpellDeck:
        words = [s.word for s in self.spells]
        if len(words) < 30:
            raise ValueError(f"the deck needs at least 30 spells, not {len(words)}")
        if len(set(words)) != len(words):
            raise ValueError("every magic word appears once")
        return self


class TileSet(BaseModel):
    """How many tiles of each letter, and how many philosopher's stones."""

    model_config = ConfigDict(frozen=True)

    stones: int = Field(ge=0)
    letters: dict[str, int]

    @model_validator(mode="after")
    def _letters_only(self) -> TileSet:
        if any(letter not in LETTERS or count < 1 for letter, count in self.letters.items()):
            raise ValueError("tile letters are A-Z, each at least once")
        return self


@cache
def spells() -> dict[str, SpellData]:
    """The validated spell deck, by magic word, in data-file order."""
    deck = SpellDeck.model_validate(tomllib.loads((DATA / "spells.toml").read_text()))
    tile_set = tiles()
    for spell in deck.spells:
        short = Counter(spell.letters) - Counter(tile_set.letters)
        if short:
            raise ValueError(
                f"{spell.word} needs more {''.join(sorted(short))} than the tiles have"
            )
    return {s.word: s for s in deck.spells}


@cache
def tiles() -> TileSet:
    """The validated letter tiles."""
    return TileSet.model_validate(tomllib.loads((DATA / "tiles.toml").read_text()))


@cache
def tile_box(stones: bool) -> tuple[str, ...]:
    """Every tile of a game, in a fixed order before shuffling."""
    data = tiles()
    box = [letter for letter in sorted(data.letters) for _ in range(data.letters[letter])]
    if stones:
        box += [STONE] * data.stones
    return tuple(box)


@cache
def word_counts(word: str) -> dict[str, int]:
    """How many of each letter a magic word needs."""
    return dict(Counter(spells()[word].letters))


def spell(word: str) -> SpellData:
    """One spell by its magic word."""
    return spells()[word]
