"""Marginalia's game state: plain dataclasses, cloned before every change."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

COLUMNS = 5
FRONT, BACK = 0, 1
START_HEALTH = 20
HAND_DRAW = 5
MAX_PLAYS = 3

#: Where the turn stands when nobody owes a decision; see ``flow.advance``.
#: "between-fights": the attack pauses so that its player may use an any-phase ability;
#: "other-reset": the other player may use a reset ability that works in each reset phase.
Phase = Literal[
    "play",
    "attack",
    "between-fights",
    "reset",
    "choose-reset",
    "other-reset",
    "cleanup",
    "over",
]
StepKind = Literal[
    "place",  # choose the space for a marginalis (or a token) being played
    "target",  # choose the target of an effect
    "fortune",  # Rota Fortuna: play the revealed card, or decline it
    "search",  # Pure Virgin: a unicorn from the deck, or a token
    "move",  # Flight: choose an unoccupied space
]
#: Where the card or effect of a step comes from.
Source = Literal["hand", "revealed", "ability", "effect"]
#: Which side of a coin flip an effect comes from ("" when there is no coin).
Branch = Literal["", "heads", "tails"]


@dataclass(slots=True)
class Marginalis:
    """A marginalis (or token) on the page, with its counters.

    ``attack_bonus``/``health_bonus`` are lasting changes from effects, ``turn_attack`` lasts
    until the end of the turn; continuous abilities are ``Grant``s kept in the state.
    """

    uid: int
    card: str
    owner: int
    token: bool = False
    damage: int = 0
    attack_bonus: int = 0
    health_bonus: int = 0
    turn_attack: int = 0
    used: bool = False

    def clone(self) -> Marginalis:
        """A copy sharing nothing mutable."""
        return Marginalis(
            self.uid,
            self.card,
            self.owner,
            self.token,
            self.damage,
            self.attack_bonus,
            self.health_bonus,
            self.turn_attack,
            self.used,
        )


@dataclass(frozen=True, slots=True)
class Grant:
    """Attack and health a continuous ability of ``source`` (a ``card``) gives ``target``."""

    source: int
    card: str
    target: int
    attack: int
    health: int


@dataclass(frozen=True, slots=True)
class Step:
    """A decision still owed by ``seat`` before play moves on.

    ``card`` is the card being played or revealed, or the card whose ability is resolving;
    ``uid`` the marginalis whose ability it is; ``branch`` which side of a coin flip resolves.
    """

    kind: StepKind
    seat: int
    card: str = ""
    source: Source = "hand"
    uid: int = -1
    branch: Branch = ""


@dataclass(slots=True)
class Side:
    """One player's half of the table. In the deck the last card is the top one.

    ``seen_discards`` are the cards of the discard pile that went there face up (a declined
    revealed card, Palimpsest), which both players know are there until it is reshuffled.
    """

    health: int
    deck: list[str]
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    erased: list[str] = field(default_factory=list)
    seen_discards: list[str] = field(default_factory=list)
    front: list[Marginalis | None] = field(default_factory=lambda: [None] * COLUMNS)
    back: list[Marginalis | None] = field(default_factory=lambda: [None] * COLUMNS)
    turns: int = 0
    deck_known: bool = False

    def clone(self) -> Side:
        """A copy sharing nothing mutable."""
        return Side(
            self.health,
            list(self.deck),
            list(self.hand),
            list(self.discard),
            list(self.erased),
            list(self.seen_discards),
            [m.clone() if m is not None else None for m in self.front],
            [m.clone() if m is not None else None for m in self.back],
            self.turns,
            self.deck_known,
        )

    def discard_face_up(self, card: str) -> None:
        """A card goes to the discard pile where both players see it go."""
        self.discard.append(card)
        self.seen_discards.append(card)

    def line(self, line: int) -> list[Marginalis | None]:
        """The front (0) or back (1) line."""
        return self.front if line == FRONT else self.back


@dataclass(slots=True)
class MarginaliaState:
    """Everything on the table, in the hands and decks, and still to happen.

    ``active`` is the player whose turn it is, ``plays`` the cards they have played from
    their hand this turn; ``attack_order`` the columns still to attack; ``steps`` the
    decisions owed, the first one now; ``set_aside`` the cards of the pool not dealt.
    """

    rng: int
    first: int
    sides: list[Side]
    set_aside: list[str]
    active: int
    turn: int = 0
    phase: Phase = "play"
    plays: int = 0
    attack_order: list[int] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    grants: list[Grant] = field(default_factory=list)
    next_uid: int = 0
    winner: int | None = None
    end_reason: str = ""

    def clone(self) -> MarginaliaState:
        """A copy sharing nothing mutable, so ``apply`` never touches its input."""
        return replace(
            self,
            sides=[side.clone() for side in self.sides],
            set_aside=list(self.set_aside),
            attack_order=list(self.attack_order),
            steps=list(self.steps),
            grants=list(self.grants),
        )

    @property
    def finished(self) -> bool:
        """Whether somebody has won."""
        return self.winner is not None

    def play_limit(self, seat: int) -> int:
        """Cards ``seat`` may play from hand this turn: the first player 1, 2, then 3; the
        second player 2, then 3."""
        head_start = 0 if seat == self.first else 1
        return min(MAX_PLAYS, self.sides[seat].turns + head_start)
