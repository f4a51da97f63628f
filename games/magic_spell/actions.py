"""Magic Spell's actions: small frozen values, one per decision a student makes.

Letters are stored as tile letters (``"Q"``, ``"*"`` for a philosopher's stone), spells by
magic word (``"quidnunc"``), seats and laboratory places and rows from 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.magic_spell.state import LAB_PLACES, ROW, Item, Want


# ------------------------------------------------------------------------------- weave
@dataclass(frozen=True, slots=True)
class Weave:
    """Weave this tile from your cabinet onto this homework spell."""

    letter: str
    target: str


@dataclass(frozen=True, slots=True)
class StartMove:
    """Move a woven tile from one homework spell to another (then choose where, and which)."""


@dataclass(frozen=True, slots=True)
class MoveTo:
    """Moving a woven tile: onto this homework spell (then choose the tile)."""

    target: str


@dataclass(frozen=True, slots=True)
class MoveTile:
    """Move this tile, woven on homework spell ``source``, onto the spell chosen."""

    letter: str
    source: str


@dataclass(frozen=True, slots=True)
class CompositeMove:
    """Composite move: a whole tile move typed at once, the tile, the spell it leaves and the
    one it goes to."""

    letter: str
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class Done:
    """Stop: no further weave this turn, or no more tiles to jettison."""


@dataclass(frozen=True, slots=True)
class CompositeWeaveDone:
    """Composite move: one weave (from the cabinet, of a scrounged tile, or a tile moved
    between spells), then ``done``: a weaving turn that stops after one weave, typed at once."""

    weave: Weave | WeaveFound | CompositeMove


# ---------------------------------------------------------------------------- scrounge
@dataclass(frozen=True, slots=True)
class ScroungeRow:
    """Scrounge in this row of the laboratory (then choose the tile)."""

    row: int


@dataclass(frozen=True, slots=True)
class Tile:
    """Choose the face-down tile at this laboratory place."""

    slot: int


@dataclass(frozen=True, slots=True)
class CompositeScrounge:
    """Composite move: a whole scrounge typed at once, looking at the tile at this place."""

    slot: int


@dataclass(frozen=True, slots=True)
class WeaveFound:
    """Weave the tile you scrounged onto this homework spell."""

    target: str


@dataclass(frozen=True, slots=True)
class Keep:
    """Put the tile you scrounged in your cabinet."""


@dataclass(frozen=True, slots=True)
class PutBack:
    """Leave the tile you scrounged where it lies, face down."""


# ------------------------------------------------------------------ research, rest, cast
@dataclass(frozen=True, slots=True)
class Research:
    """Spend five spirit to draw a spell."""


@dataclass(frozen=True, slots=True)
class Rest:
    """Gain two spirit."""


@dataclass(frozen=True, slots=True)
class Cast:
    """Cast this spell of your spellbook (its decisions follow)."""

    spell: str


@dataclass(frozen=True, slots=True)
class Target:
    """Casting: the opponent the spell acts on."""

    seat: int


@dataclass(frozen=True, slots=True)
class Row:
    """Casting: the laboratory row the spell acts on."""

    row: int


@dataclass(frozen=True, slots=True)
class Use:
    """Casting: the tile of your cabinet the spell uses."""

    letter: str


@dataclass(frozen=True, slots=True)
class NameLetter:
    """Casting: the letter the spell names."""

    letter: str


@dataclass(frozen=True, slots=True)
class ChooseHomework:
    """Casting: the homework spell the spell acts on."""

    spell: str


@dataclass(frozen=True, slots=True)
class Pay:
    """Casting: return this tile from your cabinet to meet the spell's requirement."""

    letter: str


#: A decision made while casting, in the order a spell asks for them.
CastChoice = Target | Row | Tile | Use | NameLetter | ChooseHomework | Pay
CAST_CHOICES = (Target, Row, Tile, Use, NameLetter, ChooseHomework, Pay)


@dataclass(frozen=True, slots=True)
class CompositeCast:
    """Composite move: a whole cast typed at once, the spell and each of its decisions."""

    spell: str
    choices: tuple[CastChoice, ...]


@dataclass(frozen=True, slots=True)
class Take:
    """Augury: take this spell into your homework."""

    spell: str


@dataclass(frozen=True, slots=True)
class Jettison:
    """Jettison: return this tile to the laboratory for one spirit."""

    letter: str


# -------------------------------------------------------------------------- end of turn
@dataclass(frozen=True, slots=True)
class ReturnTile:
    """End of turn: return this tile from your cabinet to the laboratory."""

    letter: str


@dataclass(frozen=True, slots=True)
class ReturnSpell:
    """End of turn: put this homework spell on the bottom of the deck."""

    spell: str


@dataclass(frozen=True, slots=True)
class Back:
    """Take back the last decision of a move made partway."""


# ---------------------------------------------------------------------------- trading
@dataclass(frozen=True, slots=True)
class TradeWith:
    """Start a trade offer to this student (then choose what to give and ask for)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Give:
    """A tile or spell you hand over: in your offer (one more each time), or in answer to
    one."""

    item: Item


@dataclass(frozen=True, slots=True)
class AskAlso:
    """Something more your offer asks for; the offer is not sent yet."""

    want: Want


@dataclass(frozen=True, slots=True)
class Ask:
    """The last thing your offer asks for; choosing it sends the offer."""

    want: Want


@dataclass(frozen=True, slots=True)
class CompositeOffer:
    """Composite move: a whole trade offer typed at once."""

    seat: int
    items: tuple[Item, ...]
    wants: tuple[Want, ...]


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Withdraw your open offer to this student."""

    seat: int


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept this student's offer."""

    seat: int


@dataclass(frozen=True, slots=True)
class Decline:
    """Decline this student's offer."""

    seat: int


Action = (
    Weave
    | StartMove
    | MoveTo
    | MoveTile
    | CompositeMove
    | Done
    | ScroungeRow
    | Tile
    | CompositeScrounge
    | WeaveFound
    | Keep
    | PutBack
    | Research
    | Rest
    | Cast
    | Target
    | Row
    | Use
    | NameLetter
    | ChooseHomework
    | Pay
    | CompositeCast
    | Take
    | Jettison
    | ReturnTile
    | ReturnSpell
    | Back
    | TradeWith
    | Give
    | AskAlso
    | Ask
    | CompositeOffer
    | Withdraw
    | CompositeWeaveDone
    | Accept
    | Decline
)

#: Composite moves: actions typed at once that stand for several decisions; never offered as
#: legal actions.
Composite = CompositeMove | CompositeScrounge | CompositeCast | CompositeOffer | CompositeWeaveDone
COMPOSITES = (CompositeMove, CompositeScrounge, CompositeCast, CompositeOffer, CompositeWeaveDone)

# Actions are frozen values: those listed on nearly every decision are made once, here, rather
# than each time the legal actions are asked for.
_SEATS = 4
SCROUNGE_ROWS = tuple(ScroungeRow(row) for row in range(LAB_PLACES // ROW))
TILES = tuple(Tile(slot) for slot in range(LAB_PLACES))
TRADES_WITH = tuple(TradeWith(seat) for seat in range(_SEATS))
ACCEPTS = tuple(Accept(seat) for seat in range(_SEATS))
DECLINES = tuple(Decline(seat) for seat in range(_SEATS))
WITHDRAWS = tuple(Withdraw(seat) for seat in range(_SEATS))
BACK = Back()
DONE = Done()
KEEP = Keep()
PUT_BACK = PutBack()
RESEARCH = Research()
REST = Rest()
