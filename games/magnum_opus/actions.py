"""Magnum Opus's actions: small frozen values, one per decision an alchemist makes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class Keep:
    """Setup: keep this one of the two Magnum Opus cards dealt; the other is discarded."""

    opus: str


@dataclass(frozen=True, slots=True)
class Pick:
    """Solicitations: choose this Character's card from the pack in hand, face down."""

    numeral: int


@dataclass(frozen=True, slots=True)
class BuyAtClock:
    """Patronage of I–VI: renounce Funds and Favor to buy a shown ingredient for 3 silver."""

    ingredient: str


@dataclass(frozen=True, slots=True)
class BuyInLane:
    """A Favor of VI–IX: take the Funds, then buy an ingredient in the Golden Lane for 4."""

    ingredient: str


TargetFavor = Literal["discard", "exchange", "bribe", "rob"]


@dataclass(frozen=True, slots=True)
class ChooseTarget:
    """Start a Favor aimed at another alchemist (Wolrad, Ludmila, Jezebel, Venceslas).

    ``silver`` is for Venceslas alone: the silver taken when the patron takes less than the
    most the Favor allows (``rob 2 1``); None takes the most (``rob 2``).
    """

    favor: TargetFavor
    seat: int
    silver: int | None = None


CardVerb = Literal["discard", "take", "give"]


@dataclass(frozen=True, slots=True)
class ChooseCard:
    """Name a card in front of an alchemist for the Favor under way (by its card code)."""

    verb: CardVerb
    card: str


@dataclass(frozen=True, slots=True)
class AddFromPack:
    """Johann's Favor: lay this Character's card from your pack in front of you."""

    numeral: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Take the Funds, if any, and leave the Favor unused."""


@dataclass(frozen=True, slots=True)
class Back:
    """Take back the last decision of a Favor made partway."""


#: A single decision: what one button or menu entry plays.
Decision = (
    Keep | Pick | BuyAtClock | BuyInLane | ChooseTarget | ChooseCard | AddFromPack | Pass | Back
)


@dataclass(frozen=True, slots=True)
class CompositeFavor:
    """Composite move: a targeted Favor typed at once (``discard 3 marie``), its decisions
    applied in turn."""

    decisions: tuple[ChooseTarget | ChooseCard, ...]


Action = Decision | CompositeFavor
