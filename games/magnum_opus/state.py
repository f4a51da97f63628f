"""Magnum Opus's game state: plain dataclasses, cloned before every change."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from games.magnum_opus.cards import Card

#: Character cards each alchemist lays in front of them every round.
PICKS_PER_ROUND = 6
STARTING_SILVER = 3
CLOCK_PRICE = 3
LANE_PRICE = 4

Phase = Literal["keep", "pick", "patronage", "over"]


@dataclass(frozen=True, slots=True)
class Patron:
    """The sole beneficiary of the Character being called, deciding how to use it.

    ``target`` is the other alchemist chosen for a Favor (-1 until chosen); ``taken`` is the
    card chosen from them for Ludmila's exchange, before choosing the card given back.
    """

    seat: int
    numeral: int
    target: int = -1
    taken: str = ""


@dataclass(slots=True)
class Alchemist:
    """One player: silver, purchased ingredients, cards in front, the pack in hand.

    ``front`` holds the Character cards laid face up; ``pick`` is the numeral of the card
    chosen face down this turn (0 before choosing), secret until everyone has chosen.
    ``dealt`` are the two Magnum Opus cards dealt at setup and ``opus`` the one kept.
    """

    silver: int
    dealt: tuple[str, str]
    held: int
    opus: str = ""
    ingredients: list[str] = field(default_factory=list)
    front: list[Card] = field(default_factory=list)
    pick: int = 0

    def clone(self) -> Alchemist:
        """A copy sharing nothing mutable."""
        return Alchemist(
            self.silver,
            self.dealt,
            self.held,
            self.opus,
            list(self.ingredients),
            list(self.front),
            self.pick,
        )

    def count(self, numeral: int) -> int:
        """How many cards of this Character lie in front of this alchemist."""
        return sum(1 for card in self.front if card[0] == numeral)


@dataclass(slots=True)
class MagnumOpusState:
    """Everything on the table, in the packs, and still to happen.

    Seats sit clockwise: seat ``s + 1`` is on the left of seat ``s``. ``packs[p]`` lists the
    numerals still in pack ``p`` (packs not in play stay empty). ``pool`` holds the face-down
    ingredient tokens, the last one drawn next; ``lane_row`` the tokens revealed at setup,
    leftmost first; ``box`` every token out of play, face up.
    """

    players: int
    rounds: int
    rng: int
    prime: str
    pool: list[str]
    lane_row: list[str]
    box: list[str]
    home: list[int]
    spare: int
    alchemists: list[Alchemist]
    packs: list[list[int]]
    keeper: int
    under: int
    round: int = 1
    phase: Phase = "keep"
    picks: int = 0
    lane: list[str] = field(default_factory=list)
    clock: list[str] = field(default_factory=list)
    calling: int = 0
    patron: Patron | None = None
    discarded: list[Card] = field(default_factory=list)

    def clone(self) -> MagnumOpusState:
        """A copy sharing nothing mutable, so ``apply`` never touches its input."""
        return MagnumOpusState(
            self.players,
            self.rounds,
            self.rng,
            self.prime,
            list(self.pool),
            list(self.lane_row),
            list(self.box),
            list(self.home),
            self.spare,
            [a.clone() for a in self.alchemists],
            [list(p) for p in self.packs],
            self.keeper,
            self.under,
            self.round,
            self.phase,
            self.picks,
            list(self.lane),
            list(self.clock),
            self.calling,
            self.patron,
            list(self.discarded),
        )

    def clone_for_pick(self, seat: int, reveal: bool) -> MagnumOpusState:
        """A copy for a pick that does not start the Patronage: the picker and the pack in
        their hand are copied, and every alchemist when the pick reveals the turn's cards and
        passes the packs; everything else is shared. Safe because every change to a state is
        made on a copy of what it changes, and such a pick changes nothing else."""
        if reveal:
            alchemists = [a.clone() for a in self.alchemists]
        else:
            alchemists = list(self.alchemists)
            alchemists[seat] = alchemists[seat].clone()
        picker = alchemists[seat]
        packs = list(self.packs)
        packs[picker.held] = list(packs[picker.held])
        return MagnumOpusState(
            self.players,
            self.rounds,
            self.rng,
            self.prime,
            self.pool,
            self.lane_row,
            self.box,
            self.home,
            self.spare,
            alchemists,
            packs,
            self.keeper,
            self.under,
            self.round,
            self.phase,
            self.picks,
            self.lane,
            self.clock,
            self.calling,
            self.patron,
            self.discarded,
        )

    @property
    def finished(self) -> bool:
        """Whether the last round's Patronage is over."""
        return self.phase == "over"

    def passes_left(self) -> bool:
        """Packs pass to the right (to the previous seat) in odd rounds, left in even ones."""
        return self.round % 2 == 0
