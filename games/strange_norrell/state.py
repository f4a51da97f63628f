"""The game state: plain dataclasses, cloned before every change."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

Phase = Literal["choose", "visits", "magic", "tidy"]
StepKind = Literal["place", "reward", "connexion", "destination", "uncover", "conjure", "discard"]
Difficulty = Literal["standard", "experienced", "foolhardy"]
#: What chose the current action slot this turn: an action key, or stilling the waters.
STILL = "still"


@dataclass(frozen=True, slots=True)
class FeatInPlay:
    """A feat of magic in front of a magician, with the element tokens already on it."""

    feat: str
    tokens: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Turn:
    """The magician whose turn it is, and what this turn has used so far.

    ``elements`` are the elements made available beyond the card of Marseilles (study actions,
    unique actions, spells); ``roads`` and ``school`` are unused once-a-turn permissions.
    """

    seat: int
    phase: Phase = "choose"
    action: str = ""
    elements: tuple[str, ...] = ()
    moves: int = 0
    engagements: int = 0
    roads: bool = False
    school: bool = False
    used_books: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Step:
    """A decision still owed by ``seat`` before play goes on.

    ``place``: tokens to put on feats. ``source`` says what places them (``card``, ``book``,
    ``spell``, ``connexion``) and ``code`` which card; ``card`` is the social engagement a book
    discards, ``element`` the element chosen among ``elements``, ``feats`` the feats chosen for
    the first tokens, ``tokens`` how many are placed. ``reward``: an invitation's (``code``) or
    Mr Honeyfoot's picks, ``tokens`` of them. ``connexion``: a connexion to gain.
    ``destination``: a move to any location, by the King's Roads (``roads``), a spell or the
    Coachman. ``uncover`` / ``conjure``: a spell's choice. ``discard``: the hand limit.
    """

    kind: StepKind
    seat: int
    source: str = ""
    code: str = ""
    card: str = ""
    element: str = ""
    elements: tuple[str, ...] = ()
    feats: tuple[str, ...] = ()
    tokens: int = 1


@dataclass(slots=True)
class Magician:
    """One player: a magician board, secret cards, and everything in the player area.

    ``connexions`` maps each filled connexion space to the named connexion on it ("" for a
    plain connexion). ``completed`` feats lie face down; ``magic_spells`` counts played spells
    that grant magicianship.
    """

    board: str
    hand: list[str]
    spells: list[str]
    feats: list[FeatInPlay]
    completed: list[str] = field(default_factory=list)
    books: list[str] = field(default_factory=list)
    covered: list[str] = field(default_factory=list)
    connexions: dict[str, str] = field(default_factory=dict)
    location: str | None = None
    prestige: int = 0
    pupil: bool = False
    magic_spells: int = 0

    def clone(self) -> Magician:
        """A copy sharing nothing mutable."""
        return Magician(
            self.board,
            list(self.hand),
            list(self.spells),
            list(self.feats),
            list(self.completed),
            list(self.books),
            list(self.covered),
            dict(self.connexions),
            self.location,
            self.prestige,
            self.pupil,
            self.magic_spells,
        )


@dataclass(slots=True)
class StrangeNorrellState:
    """Everything on the table, in the hands and in the decks.

    In every deck and discard pile the last card of the list is the top one. ``revealed``
    holds the cards of Marseilles in the order they came, the current one last. ``book_offer``
    lists the available books from the slot nearest the prestige tracker (discarded next) to
    the slot nearest the fairy tracker. ``order`` is the prestige order, the top of the highest
    stack first: the turn order. ``played`` are the seats done this year; ``window`` the seats
    still answering an open response window.
    """

    players: int
    difficulty: Difficulty
    rng: int
    year: int
    fairy: int
    marseilles: list[str]
    revealed: list[str]
    invitations: list[str]
    invitation_discard: list[str]
    introductions: list[str]
    introduction_discard: list[str]
    books: list[str]
    book_discard: list[str]
    book_offer: list[str]
    feats: list[str]
    feat_offer: list[str]
    connexions: list[str]
    connexion_offer: list[str]
    spells: list[str]
    spell_discard: list[str]
    magicians: list[Magician]
    order: list[int]
    played: list[int] = field(default_factory=list)
    turn: Turn | None = None
    steps: list[Step] = field(default_factory=list)
    window: list[int] = field(default_factory=list)
    finished: bool = False
    defeated_by: int | None = None

    def clone(self) -> StrangeNorrellState:
        """A copy sharing nothing mutable, so ``apply`` never touches its input."""
        return replace(
            self,
            marseilles=list(self.marseilles),
            revealed=list(self.revealed),
            invitations=list(self.invitations),
            invitation_discard=list(self.invitation_discard),
            introductions=list(self.introductions),
            introduction_discard=list(self.introduction_discard),
            books=list(self.books),
            book_discard=list(self.book_discard),
            book_offer=list(self.book_offer),
            feats=list(self.feats),
            feat_offer=list(self.feat_offer),
            connexions=list(self.connexions),
            connexion_offer=list(self.connexion_offer),
            spells=list(self.spells),
            spell_discard=list(self.spell_discard),
            magicians=[m.clone() for m in self.magicians],
            order=list(self.order),
            played=list(self.played),
            steps=list(self.steps),
            window=list(self.window),
        )

    @property
    def current(self) -> Turn:
        """The turn being played; only called while one is."""
        assert self.turn is not None
        return self.turn
