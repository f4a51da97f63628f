"""The game's actions: small frozen values, one per decision a player makes."""

from __future__ import annotations

from dataclasses import dataclass

#: A reward pick that draws an introduction (the other picks are feat codes).
INTRO = "intro"


# ------------------------------------------------------------ A. choose an action
@dataclass(frozen=True, slots=True)
class Acquire:
    """Acquire a book of magic: take this one of the three available."""

    book: str


@dataclass(frozen=True, slots=True)
class KingsRoads:
    """Take the King's Roads: once this turn, a move may go to any location."""


@dataclass(frozen=True, slots=True)
class Study:
    """One of the three study actions (``rain-hills``, ``birds-stones``, ``trees-wind``)."""

    action: str


@dataclass(frozen=True, slots=True)
class Battlefield:
    """Jonathan Strange's unique action: these two elements are available this turn."""

    first: str
    second: str


@dataclass(frozen=True, slots=True)
class Libraries:
    """Mr Norrell's unique action: take this book, the other two are replaced."""

    book: str


@dataclass(frozen=True, slots=True)
class ReadCards:
    """John Childermass's unique action: last year's elements are available this turn."""


@dataclass(frozen=True, slots=True)
class School:
    """John Segundus's unique action: fulfil one engagement wherever the magician is."""


@dataclass(frozen=True, slots=True)
class StillWaters:
    """Instead of an action, return every action disc to the silver basin."""


# --------------------------------------------------------------------- B. visits
@dataclass(frozen=True, slots=True)
class Move:
    """Move the magician to this location (along a path, through London, or anywhere first)."""

    location: str


@dataclass(frozen=True, slots=True)
class Arrive:
    """The first move of the game: the magician may go to any location, chosen next."""


@dataclass(frozen=True, slots=True)
class Ride:
    """Use the King's Roads for this move: the destination is chosen next."""


@dataclass(frozen=True, slots=True)
class To:
    """The destination of a move to any location."""

    location: str


@dataclass(frozen=True, slots=True)
class Stay:
    """Decline the Coachman's drive."""


@dataclass(frozen=True, slots=True)
class Attend:
    """Fulfil this invitation or introduction."""

    card: str


@dataclass(frozen=True, slots=True)
class Take:
    """An invitation's reward (or Mr Honeyfoot's): ``intro`` draws an introduction, a feat
    code takes that available feat."""

    picks: tuple[str, ...]


# ------------------------------------------------------------------- C. do magic
@dataclass(frozen=True, slots=True)
class Magic:
    """Discard this card to place a token of its element on a feat."""

    card: str


@dataclass(frozen=True, slots=True)
class Use:
    """Use this book of magic."""

    book: str


@dataclass(frozen=True, slots=True)
class With:
    """The card a book of magic discards."""

    card: str


@dataclass(frozen=True, slots=True)
class Element:
    """The element of the token being placed, or the element a spell makes available."""

    element: str


@dataclass(frozen=True, slots=True)
class On:
    """The feat the token goes on."""

    feat: str


@dataclass(frozen=True, slots=True)
class Back:
    """Take back the magic, book, spell or move made partway."""


# -------------------------------------------------------------------------- spells
@dataclass(frozen=True, slots=True)
class Cast:
    """Play this spell for its benefit."""

    spell: str


@dataclass(frozen=True, slots=True)
class DiscardSpell:
    """Discard this spell to move up one space on the prestige tracker."""

    spell: str


@dataclass(frozen=True, slots=True)
class Uncover:
    """Return the disc covering this action to the silver basin (a spell's choice)."""

    action: str


@dataclass(frozen=True, slots=True)
class Pass:
    """Close your part of a response window."""


# ---------------------------------------------------------------------- connexions
@dataclass(frozen=True, slots=True)
class Connexion:
    """Gain a connexion on this empty space of your magician board."""

    space: str


@dataclass(frozen=True, slots=True)
class Named:
    """Gain this available named connexion instead."""

    connexion: str


# ----------------------------------------------------------------- E. end and tidy
@dataclass(frozen=True, slots=True)
class End:
    """End visits and magic: confront the fairy (in its years), draw invitations, tidy."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard this social engagement down to the hand limit."""

    card: str


#: A single decision: what one button or menu entry plays.
Decision = (
    Acquire
    | KingsRoads
    | Study
    | Battlefield
    | Libraries
    | ReadCards
    | School
    | StillWaters
    | Move
    | Arrive
    | Ride
    | To
    | Stay
    | Attend
    | Take
    | Magic
    | Use
    | With
    | Element
    | On
    | Back
    | Cast
    | DiscardSpell
    | Uncover
    | Pass
    | Connexion
    | Named
    | End
    | Discard
)


@dataclass(frozen=True, slots=True)
class Composite:
    """A composite move: several decisions typed at once, each checked in turn, e.g.
    ``arrive to york``, ``magic york-birds on lost-ring``, ``discard york-wind discard
    bath-rain``."""

    decisions: tuple[Decision, ...]


Action = Decision | Composite
