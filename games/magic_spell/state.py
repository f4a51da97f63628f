"""Magic Spell's game state: plain dataclasses, cloned before every change."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

#: Places in the laboratory, numbered 1-100 in text, in rows of ten.
LAB_PLACES = 100
ROW = 10
START_TILES = 5
START_SPELLS = 3
START_SPIRIT = 5
#: End of turn: a student below this much spirit gains one.
SPIRIT_FLOOR = 5
CABINET_LIMIT = 6
HOMEWORK_LIMIT = 4
RESEARCH_COST = 5
REST_GAIN = 2
COURSELOAD = 9
#: Before a table could choose its semester, every game was cut after 10 rounds for each 3
#: credits of the courseload (30 rounds for 9 credits): games stored then keep that cap.
LEGACY_ROUNDS_PER_3_CREDITS = 10
#: The fewest and most rounds a table may set for its semester.
FEWEST_ROUNDS = 10
#: A game with no semester set ends after this round all the same, so that every game
#: ends, however it is played: far beyond a real game, which someone wins in a few dozen.
SAFETY_ROUNDS = 100
#: A bit of the knowledge masks beyond every seat: the tile was shown to the whole table.
PUBLIC = 1 << 8


@dataclass(frozen=True, slots=True)
class Homework:
    """A spell in hand and the tiles woven on it so far (letters, in weaving order)."""

    spell: str
    woven: tuple[str, ...] = ()

    def with_tile(self, letter: str) -> Homework:
        """The same spell with one more tile woven on it."""
        return Homework(self.spell, (*self.woven, letter))

    def without_tile(self, letter: str) -> Homework:
        """The same spell with one tile of ``letter`` taken off."""
        index = self.woven.index(letter)
        return Homework(self.spell, self.woven[:index] + self.woven[index + 1 :])


@dataclass(slots=True)
class Student:
    """One player: a secret cabinet and homework, a public spellbook and spirit."""

    cabinet: list[str]
    homework: list[Homework]
    spellbook: list[str] = field(default_factory=list)
    spirit: int = START_SPIRIT
    #: What this student may not do until the end of their next turn (see ``BlockKind``).
    blocks: tuple[str, ...] = ()

    def clone(self) -> Student:
        """A copy sharing nothing mutable."""
        return Student(
            list(self.cabinet), list(self.homework), list(self.spellbook), self.spirit, self.blocks
        )

    def homework_spell(self, word: str) -> Homework | None:
        """The homework spell with this magic word, if this student holds it."""
        for homework in self.homework:
            if homework.spell == word:
                return homework
        return None

    def replace_homework(self, old: Homework, new: Homework) -> None:
        """Put ``new`` where ``old`` lies in the homework."""
        self.homework[self.homework.index(old)] = new


ItemKind = Literal["tile", "woven", "spell"]
WantKind = Literal["letter", "spellbook", "homework"]


@dataclass(frozen=True, slots=True)
class Item:
    """Something a student hands over in a trade: a cabinet tile, a tile woven on one of
    their homework spells (1 spirit to take it off), or a spell from homework or spellbook."""

    kind: ItemKind
    letter: str = ""
    spell: str = ""


@dataclass(frozen=True, slots=True)
class Want:
    """What a trade offer asks for: a tile of this letter, this spell of the partner's
    spellbook, or a homework spell of the partner's choosing."""

    kind: WantKind
    letter: str = ""
    spell: str = ""


@dataclass(frozen=True, slots=True)
class Offer:
    """An open trade offer: ``proposer`` gives ``give`` and ``more_give`` to ``partner`` for
    ``want`` and ``more_want`` (an offer of one item for one has nothing more)."""

    proposer: int
    partner: int
    give: Item
    want: Want
    more_give: tuple[Item, ...] = ()
    more_want: tuple[Want, ...] = ()

    @property
    def gives(self) -> tuple[Item, ...]:
        """Everything the proposer hands over."""
        return (self.give, *self.more_give)

    @property
    def wants(self) -> tuple[Want, ...]:
        """Everything the proposer asks for, in the order asked."""
        return (self.want, *self.more_want)


StepKind = Literal[
    "move-to",  # moving a woven tile: choosing the spell it goes to (`extra`: a paid weave)
    "move",  # moving a woven tile onto homework spell `spell`: choosing the tile
    "more",  # after a weave: weave again for spirit, or done
    "row",  # scrounging: row `row` chosen, choosing the tile
    "found",  # scrounging: looked at the tile in place `slot`; weave, keep or put back
    "cast",  # casting `spell`: its decisions so far in the other fields
    "augury",  # Augury: choosing one of the spells `seen`
    "jettison",  # Jettison: returning tiles one by one, or done
    "discard-tile",  # end of turn: returning tiles down to the cabinet limit
    "discard-spell",  # end of turn: returning spells down to the homework limit
    "give",  # trade draft with `target`: choosing what to give
    "want",  # trade draft with `target`, giving `item` and `items`, asking `wants` so far:
    # giving more, or choosing what to ask for
    "accept",  # answering `target`'s offer with `items` so far: choosing which tile or spell
    # meets what it asks for next
]


@dataclass(frozen=True, slots=True)
class Step:
    """A decision still owed by a seat (its index in ``MagicSpellState.steps``): the rest of
    a move made partway or of a trade. Fields not used by its kind stay empty."""

    kind: StepKind
    spell: str = ""
    extra: bool = False
    row: int = -1
    slot: int = -1
    target: int = -1
    mine: str = ""
    letter: str = ""
    homework: str = ""
    paid: tuple[str, ...] = ()
    item: Item | None = None
    seen: tuple[str, ...] = ()
    items: tuple[Item, ...] = ()
    wants: tuple[Want, ...] = ()


def make_step(
    kind: StepKind,
    *,
    spell: str = "",
    extra: bool = False,
    row: int = -1,
    slot: int = -1,
    target: int = -1,
    item: Item | None = None,
    items: tuple[Item, ...] = (),
    wants: tuple[Want, ...] = (),
) -> Step:
    """``Step(kind, ...)`` for the steps of weaving, scrounging and trading, made once for each
    set of fields: steps are frozen values, the same few recur on every turn and in every
    trade, and building one costs several times as much as looking it up."""
    return _step(kind, spell, extra, row, slot, target, item, items, wants)


@lru_cache(maxsize=1 << 12)
def _step(
    kind: StepKind,
    spell: str,
    extra: bool,
    row: int,
    slot: int,
    target: int,
    item: Item | None,
    items: tuple[Item, ...],
    wants: tuple[Want, ...],
) -> Step:
    return Step(kind, spell, extra, row, slot, target, item=item, items=items, wants=wants)


@dataclass(slots=True)
class MagicSpellState:
    """Everything on the table and in the students' hands.

    ``lab`` holds the laboratory's places (index 0 is place 1): a tile's letter, or "" when
    the place is empty. ``known[i]`` has bit ``s`` set when seat ``s`` knows the face-down
    tile at place ``i``, and ``PUBLIC`` set when the whole table saw it face up. The last
    spell of ``deck`` is the top one. ``steps[s]`` is the decision seat ``s`` is in the middle
    of, if any: the current student's turn, or a trade.
    """

    players: int
    courseload: int
    low_enrollment: bool
    stones: bool
    open_research: bool
    rng: int
    lab: list[str]
    known: list[int]
    deck: list[str]
    students: list[Student]
    steps: list[Step | None]
    offers: list[Offer] = field(default_factory=list)
    current: int = 0
    turn: int = 1
    #: Rounds begin with seat 1's turn; the game ends after ``last_round``.
    round: int = 1
    #: The current student has taken the first action of their turn.
    started: bool = False
    #: Bit ``offered_bit(p, q)`` set: seat ``p`` has sent seat ``q`` a trade offer since
    #: ``p``'s last turn began (state format 1: bit ``p``, an offer to anyone).
    offered: int = 0
    free_weave_used: bool = False
    extra_turn: bool = False
    #: The student who submitted their spellbook for grading, or -1.
    grader: int = -1
    #: Turns still to be played once grading is announced.
    last_turns: int = 0
    #: Philosopher's stones removed from the game.
    removed: int = 0
    finished: bool = False
    #: The semester the table chose: the game ends after this round; None for no limit but
    #: the safety limit (``SAFETY_ROUNDS``).
    round_cap: int | None = None

    def clone(self) -> MagicSpellState:
        """A copy sharing nothing mutable, so ``apply`` never touches its input."""
        return self._copy(
            lab=list(self.lab),
            known=list(self.known),
            deck=list(self.deck),
            students=[s.clone() for s in self.students],
        )

    def with_new_decisions(self) -> MagicSpellState:
        """A copy whose decisions and offers may change, sharing the table and the students:
        for actions that touch nothing else."""
        return self._copy(lab=self.lab, known=self.known, deck=self.deck, students=self.students)

    def _copy(
        self, *, lab: list[str], known: list[int], deck: list[str], students: list[Student]
    ) -> MagicSpellState:
        # Spelled out rather than dataclasses.replace, and by position (in field order), which
        # is three times quicker than by keyword: copies are on every move's hot path.
        return MagicSpellState(
            self.players,
            self.courseload,
            self.low_enrollment,
            self.stones,
            self.open_research,
            self.rng,
            lab,
            known,
            deck,
            students,
            list(self.steps),
            list(self.offers),
            self.current,
            self.turn,
            self.round,
            self.started,
            self.offered,
            self.free_weave_used,
            self.extra_turn,
            self.grader,
            self.last_turns,
            self.removed,
            self.finished,
            self.round_cap,
        )

    @property
    def everyone(self) -> int:
        """The knowledge mask of a tile shown face up to the whole table."""
        return (1 << self.players) - 1 | PUBLIC

    @property
    def last_round(self) -> int:
        """The round after which the game ends even though nobody has submitted: the
        semester the table chose, or the safety limit."""
        return SAFETY_ROUNDS if self.round_cap is None else self.round_cap

    def opponents(self, seat: int) -> list[int]:
        """Every other student, clockwise from ``seat``."""
        return [(seat + i) % self.players for i in range(1, self.players)]


def legacy_rounds(courseload: int) -> int:
    """The semester every game had before tables could choose: 30 rounds for 9 credits, 40
    for 12, 50 for 15."""
    return courseload * LEGACY_ROUNDS_PER_3_CREDITS // 3


#: Seats the offer bits leave room for.
MAX_SEATS = 4


def offered_bit(proposer: int, partner: int) -> int:
    """The bit of ``MagicSpellState.offered`` that says ``proposer`` has sent ``partner`` an
    offer this round."""
    return 1 << (proposer * MAX_SEATS + partner)


def offers_of(proposer: int) -> int:
    """Every bit of ``MagicSpellState.offered`` for offers sent by ``proposer``."""
    return ((1 << MAX_SEATS) - 1) << (proposer * MAX_SEATS)
