"""Mandragora's game state: plain dataclasses, cloned before every change."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

SHOPS = 10
NIGHT_SHOPS = 3
FINAL_ROUNDS = 3

StepKind = Literal[
    "ingredients",  # choosing ingredients for a chosen spellbook, then the power
    "transfer",  # Transfer: choose the opponent who receives a cursed scroll
    "substitute",  # Substitution: choose the opponent to draw from
    "substitute-give",  # Substitution: choose the card handed back
    "levitate",  # Levitation: choose a shop and a card
    "share",  # team variant: the sorcerer who received cursed scrolls chooses a trade
    "share-reply",  # team variant: the partner answers "ask" or "swap"
]


@dataclass(frozen=True, slots=True)
class Step:
    """A decision still owed by ``seat`` before play moves on: the rest of a cast made
    partway, or a choice a spell asks for."""

    kind: StepKind
    seat: int
    book: str = ""
    ingredients: tuple[str, ...] = ()
    other: int = -1
    card: str = ""


@dataclass(frozen=True, slots=True)
class CastSpell:
    """A spell in front of its caster: the spell card, its spellbook, the ingredients under it."""

    spell: str
    value: int
    book: str
    ingredients: tuple[str, ...]


@dataclass(slots=True)
class Sorcerer:
    """One player's cards: a secret hand, cursed scrolls and spells in front of them."""

    hand: list[str]
    scrolls: int = 0
    spells: list[CastSpell] = field(default_factory=list)
    dropped: bool = False

    def clone(self) -> Sorcerer:
        """A copy sharing nothing mutable."""
        return Sorcerer(list(self.hand), self.scrolls, list(self.spells), self.dropped)

    def owns(self, spell: str) -> int:
        """How many spells of this kind are in front of this sorcerer."""
        return sum(1 for s in self.spells if s.spell == spell)


@dataclass(slots=True)
class MandragoraState:
    """Everything on the table, in the hands, and still to happen.

    Shops are numbered clockwise from the starting tile (index 0). In each shop, the deck and
    each spell stack, the last card of the list is the top one. ``countdown`` is None until the
    deck runs out, then the number of seat turns left in the final three rounds.
    """

    players: int
    teams: bool
    rng: int
    night: list[bool]
    shops: list[list[str]]
    assistant: int
    deck: list[str]
    stacks: list[list[str]]
    sorcerers: list[Sorcerer]
    removed: list[str]
    current: int = 0
    turn: int = 1
    steps: list[Step] = field(default_factory=list)
    extra_turn: bool = False
    replicate: bool = False
    countdown: int | None = None
    countdown_seat: int | None = None
    curse_holder: int | None = None
    finished: bool = False

    def clone(self) -> MandragoraState:
        """A copy sharing nothing mutable, so ``apply`` never touches its input."""
        # Every field spelled out rather than ``dataclasses.replace``, which costs a tenth of
        # a random playout; a field missing here would fail the clone-equals-original test.
        return MandragoraState(
            players=self.players,
            teams=self.teams,
            rng=self.rng,
            night=list(self.night),
            shops=[list(s) for s in self.shops],
            assistant=self.assistant,
            deck=list(self.deck),
            stacks=[list(s) for s in self.stacks],
            sorcerers=[s.clone() for s in self.sorcerers],
            removed=list(self.removed),
            current=self.current,
            turn=self.turn,
            steps=list(self.steps),
            extra_turn=self.extra_turn,
            replicate=self.replicate,
            countdown=self.countdown,
            countdown_seat=self.countdown_seat,
            curse_holder=self.curse_holder,
            finished=self.finished,
        )

    def partner(self, seat: int) -> int | None:
        """A team-mate sits across the table."""
        return (seat + 2) % 4 if self.teams else None

    def opponents(self, seat: int) -> list[int]:
        """Everyone not on ``seat``'s side."""
        return [s for s in range(self.players) if s != seat and s != self.partner(seat)]
