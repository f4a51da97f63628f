"""Marginalia's actions: small frozen values, one per decision a player makes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: ``summon token``: the token instead of a card from the deck.
TOKEN = "token"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a card from the hand (or the card Rota Fortuna revealed)."""

    card: str


@dataclass(frozen=True, slots=True)
class To:
    """The space for the marginalis being played, a token, or a marginalis in Flight."""

    space: str


@dataclass(frozen=True, slots=True)
class Target:
    """The target of an effect: a space (``c3``) or a player (``p2``)."""

    target: str


@dataclass(frozen=True, slots=True)
class Use:
    """Use the ability of the marginalis on this space."""

    space: str


@dataclass(frozen=True, slots=True)
class Attack:
    """End the play phase and attack, from column ``a`` or ``e`` (None: it makes no
    difference, with one marginalis or none on the front line)."""

    start: Literal["a", "e"] | None = None


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the reset phase's choices; the turn passes once the check is done."""


@dataclass(frozen=True, slots=True)
class Summon:
    """Pure Virgin: a card of this code from the deck, or ``token``."""

    card: str


@dataclass(frozen=True, slots=True)
class Decline:
    """Rota Fortuna: do not play the revealed card; it goes to the discard pile."""


@dataclass(frozen=True, slots=True)
class Back:
    """Take back a move made partway: the card, the ability, the revealed card."""


@dataclass(frozen=True, slots=True)
class Composite:
    """A composite move: several decisions typed at once, e.g. ``play cancer to c2``; each
    is checked in turn."""

    decisions: tuple[PlayCard | To | Target | Use, ...]


Action = PlayCard | To | Target | Use | Attack | EndTurn | Summon | Decline | Back | Composite
