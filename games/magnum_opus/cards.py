"""Magnum Opus card data, read from ``data/*.toml`` and checked against the rules' totals.

Characters are numbered by their numeral (1 = Wolrad … 9 = Lukas) and packs by their place in
``data/characters.toml`` (0 = rose … 5 = ivory). A Character card is a ``(numeral, pack)``
pair. Cards I to VI show an ingredient, which depends on the pack; its code names both, e.g.
``jezebel-salt``. Cards VII to IX show none and are named by the Character alone (``marie``).

>>> card_code((4, 0)), card_code((7, 3))
('jezebel-vitriol', 'marie')
"""

from __future__ import annotations

import tomllib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

DATA = Path(__file__).parent / "data"

NUMERALS = range(1, 10)
ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")
#: Characters I to VI show an ingredient, which can be bought at the Astronomical Clock.
LAST_SHOWING = 6
PACKS = 6
PACK_SIZE = 9
INGREDIENT_KINDS = 5
FORMULA_SIZE = 3

Card = tuple[int, int]
FavorKind = Literal["discard", "exchange", "add", "bribe", "rob", "lane"]

#: The Funds and the Favor of each Character, as the rules text gives them.
_RULES_FUNDS = (0, 0, 1, 0, 1, 1, 2, 3, 4)
_RULES_FAVORS = ("discard", "exchange", "add", "bribe", "rob", "lane", "lane", "lane", "lane")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CharacterData(_Frozen):
    """One of the nine Characters: numeral, name, Funds in silver and the kind of Favor."""

    numeral: int
    key: str
    name: str
    funds: int
    favor: FavorKind
    summary: str


class PackData(_Frozen):
    """One colour of nine cards, and the ingredient its cards I to VI show."""

    key: str
    name: str
    symbol: str
    shows: tuple[str, ...]


class CharacterSet(_Frozen):
    """The nine Characters and the six packs."""

    characters: tuple[CharacterData, ...]
    packs: tuple[PackData, ...]

    @model_validator(mode="after")
    def _matches_rules(self) -> CharacterSet:
        numerals = [c.numeral for c in self.characters]
        if numerals != list(NUMERALS):
            raise ValueError(f"the Characters are numbered I to IX in order, not {numerals}")
        if tuple(c.funds for c in self.characters) != _RULES_FUNDS:
            raise ValueError("Funds must be as the rules text gives them")
        if tuple(c.favor for c in self.characters) != _RULES_FAVORS:
            raise ValueError("Favors must be as the rules text gives them")
        if len(self.packs) != PACKS:
            raise ValueError(f"there are {PACKS} packs, not {len(self.packs)}")
        for pack in self.packs:
            if len(pack.shows) != LAST_SHOWING:
                raise ValueError(f"pack {pack.key} must show an ingredient on cards I to VI")
            if len(set(pack.shows)) != INGREDIENT_KINDS:
                raise ValueError(f"pack {pack.key} must show every ingredient")
        for index in range(LAST_SHOWING):
            if len({p.shows[index] for p in self.packs}) != INGREDIENT_KINDS:
                raise ValueError(f"Character {index + 1} must show every ingredient over the packs")
        return self


class IngredientData(_Frozen):
    """One kind of Alchemical Ingredient."""

    key: str
    name: str
    symbol: str


class PrimeData(_Frozen):
    """A Prime Ingredient card: the two ingredients whose pairs score a point."""

    key: str
    name: str
    pair: tuple[str, str]


class OpusData(_Frozen):
    """A Magnum Opus card: two formulas of ingredients."""

    key: str
    name: str
    formulas: tuple[tuple[str, ...], tuple[str, ...]]


class AlchemySet(_Frozen):
    """Ingredients, Prime Ingredient cards and Magnum Opus cards."""

    tokens_per_ingredient: int
    removed_with_two: int
    gold_value: int
    ingredients: tuple[IngredientData, ...]
    prime: tuple[PrimeData, ...]
    opus: tuple[OpusData, ...]

    @model_validator(mode="after")
    def _matches_rules(self) -> AlchemySet:
        kinds = [i.key for i in self.ingredients]
        if len(set(kinds)) != INGREDIENT_KINDS or self.tokens_per_ingredient != 6:
            raise ValueError("the game has 30 tokens: six of each of five ingredients")
        pairs = {frozenset(p.pair) for p in self.prime}
        if len(self.prime) != 10 or len(pairs) != 10 or any(len(p) != 2 for p in pairs):
            raise ValueError("the ten Prime Ingredient cards are the ten pairs of ingredients")
        if len(self.opus) != 10 or len({o.key for o in self.opus}) != 10:
            raise ValueError("there are ten Magnum Opus cards")
        asked: Counter[str] = Counter()
        for card in self.opus:
            for formula in card.formulas:
                if len(formula) != FORMULA_SIZE or not set(formula) <= set(kinds):
                    raise ValueError(f"{card.key}: a formula is three known ingredients")
                asked.update(formula)
        if set(asked.values()) != {12}:
            raise ValueError(f"every ingredient is asked for twelve times, not {dict(asked)}")
        return self


@cache
def character_set() -> CharacterSet:
    """The validated Characters and packs."""
    text = (DATA / "characters.toml").read_text(encoding="utf-8")
    data = CharacterSet.model_validate(tomllib.loads(text))
    known = set(ingredients())
    if any(not set(p.shows) <= known for p in data.packs):
        raise ValueError("a pack shows an ingredient that does not exist")
    return data


@cache
def alchemy() -> AlchemySet:
    """The validated ingredients, Prime Ingredient and Magnum Opus cards."""
    text = (DATA / "alchemy.toml").read_text(encoding="utf-8")
    return AlchemySet.model_validate(tomllib.loads(text))


@cache
def ingredients() -> tuple[str, ...]:
    """Ingredient keys in their fixed order."""
    return tuple(i.key for i in alchemy().ingredients)


@cache
def ingredient_data() -> dict[str, IngredientData]:
    """Ingredients by key."""
    return {i.key: i for i in alchemy().ingredients}


@cache
def characters() -> tuple[CharacterData, ...]:
    """The nine Characters, index 0 unused so that ``characters()[numeral]`` reads naturally."""
    data = character_set().characters
    return (data[0], *data)


@cache
def numeral_of() -> dict[str, int]:
    """Character numerals by key (``marie`` → 7)."""
    return {c.key: c.numeral for c in character_set().characters}


@cache
def packs() -> tuple[PackData, ...]:
    """The six packs."""
    return character_set().packs


@cache
def _shown_table() -> tuple[tuple[str | None, ...], ...]:
    return tuple((None, *p.shows, None, None, None) for p in packs())


def shown(card: Card) -> str | None:
    """The ingredient a card shows (None for Characters VII to IX)."""
    numeral, pack = card
    return _shown_table()[pack][numeral]


@cache
def _codes() -> dict[Card, str]:
    table: dict[Card, str] = {}
    for pack in range(PACKS):
        for numeral in NUMERALS:
            ingredient = shown((numeral, pack))
            key = characters()[numeral].key
            table[(numeral, pack)] = f"{key}-{ingredient}" if ingredient else key
    return table


def card_code(card: Card) -> str:
    """What a card is called in notation: ``jezebel-salt``, ``marie``."""
    return _codes()[card]


@cache
def all_codes() -> frozenset[str]:
    """Every card code there is."""
    return frozenset(_codes().values())


def numeral_of_code(code: str) -> int:
    """The Character numeral of a card code."""
    return numeral_of()[code.split("-", 1)[0]]


@cache
def prime_cards() -> dict[str, PrimeData]:
    """Prime Ingredient cards by key."""
    return {p.key: p for p in alchemy().prime}


@cache
def opus_cards() -> dict[str, OpusData]:
    """Magnum Opus cards by key, in their fixed order."""
    return {o.key: o for o in alchemy().opus}


@cache
def token_supply(players: int) -> tuple[str, ...]:
    """Every ingredient token in play with ``players`` alchemists, in a fixed order."""
    data = alchemy()
    each = data.tokens_per_ingredient - (data.removed_with_two if players == 2 else 0)
    return tuple(kind for kind in ingredients() for _ in range(each))


@cache
def tokens_left_in_box(players: int) -> tuple[str, ...]:
    """Tokens that stay in the box from the start (two of each with two alchemists)."""
    removed = alchemy().removed_with_two if players == 2 else 0
    return tuple(kind for kind in ingredients() for _ in range(removed))
