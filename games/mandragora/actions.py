"""Mandragora's actions: small frozen values, one per decision a player makes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class Move:
    """Send the assistant ``distance`` shops clockwise."""

    distance: int


@dataclass(frozen=True, slots=True)
class CastBook:
    """Start a spell with this spellbook (or a mandrake as the spellbook)."""

    book: str


@dataclass(frozen=True, slots=True)
class AddIngredient:
    """Add an ingredient (or a mandrake) to the spell being prepared."""

    card: str


@dataclass(frozen=True, slots=True)
class ChoosePower:
    """Cast the prepared spell at this power: take the top spell of that value."""

    power: int


@dataclass(frozen=True, slots=True)
class CompositeCast:
    """Composite move: a whole cast typed at once, spellbook, ingredients and power, then
    the choices its spell asks for (``then``: a Transfer's opponent, a Levitation's card…)."""

    book: str
    ingredients: tuple[str, ...]
    power: int
    then: tuple[Action, ...] = ()


@dataclass(frozen=True, slots=True)
class FinishCast:
    """Composite move: the rest of a spell being prepared, its further ingredients (maybe
    none) and power, then the choices its spell asks for."""

    ingredients: tuple[str, ...]
    power: int
    then: tuple[Action, ...] = ()


@dataclass(frozen=True, slots=True)
class Back:
    """Take back the last decision of a cast made partway."""


@dataclass(frozen=True, slots=True)
class Skip:
    """Let a Replication's extra turn pass."""


@dataclass(frozen=True, slots=True)
class DropOut:
    """During the final rounds: take no more turns."""


@dataclass(frozen=True, slots=True)
class Transfer:
    """Transfer: give one cursed scroll to this opponent."""

    target: int


@dataclass(frozen=True, slots=True)
class Substitute:
    """Substitution: draw a card from this opponent's hand."""

    target: int


@dataclass(frozen=True, slots=True)
class GiveCard:
    """Substitution: hand this card to the opponent drawn from."""

    card: str


@dataclass(frozen=True, slots=True)
class Levitate:
    """Levitation: take a card from a shop (a face-down one when ``card`` is None)."""

    shop: int
    card: str | None


ShareMode = Literal["give", "ask", "swap", "none"]


@dataclass(frozen=True, slots=True)
class Share:
    """Team variant: give a card to, ask one from, or swap one with your partner, or not."""

    mode: ShareMode
    card: str | None = None


Action = (
    Move
    | CastBook
    | AddIngredient
    | ChoosePower
    | CompositeCast
    | FinishCast
    | Back
    | Skip
    | DropOut
    | Transfer
    | Substitute
    | GiveCard
    | Levitate
    | Share
)
