"""A table's own settings, typed: how its seats are dealt, its turn clock, whether it is rated,
what a member must meet to join, whether a seat may change hands, and where the table comes
from (a rematch, a tournament's round and table). The engine never sees them: its variant
options are ``Game.options``.

They are kept in the game's row (``Game.settings``) as one flat JSON object, in the shape the
bot has always written, so that rows of every version read and none needs migrating:

- a missing key takes the default it always had: seats in joining order, no turn clock (a
  game from before clocks), rated, nothing required, substitutes allowed, no seat changed
  hands, not a rematch nor a tournament's table;
- a key this model does not know is kept as it is (:attr:`TableSettings.extra`) and written
  back by :meth:`TableSettings.stored`, never read: a row written by a newer version, or a
  key some module has not typed yet, survives being read and written again (a rematch
  copies it, as it always did).

``TableSettings.of(game)`` reads a game's settings; ``stored()`` is what a lobby is created
with or a game's settings are replaced by.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.clocks.turn_clock import CLOCK_KEYS, TurnClock
from bot.lobby.requirements import STORED_KEYS as REQUIREMENT_KEYS
from bot.lobby.requirements import Requirements
from storage import Game

# The stored keys, besides the clock's (``bot.clocks.turn_clock``) and the requirements'
# (``bot.lobby.requirements``).
SEATING = "seating"
RATED = "rated"
#: The game a lobby is the rematch of.
REMATCH_OF = "rematch_of"
#: A tournament's table: the tournament, its round and the table's number in it.
TOURNAMENT = "tournament"
ROUND = "round"
TABLE = "table"
#: ``True`` where substitutes are not allowed (a tournament whose organiser did not).
NO_SUBSTITUTES = "no_substitutes"
#: Every change of hands, ``{"seat", "left", "took"}`` each (``bot.clocks.substitutes``).
SEAT_CHANGES = "seat_changes"
_KEYS = (
    frozenset({SEATING, RATED, REMATCH_OF, TOURNAMENT, ROUND, TABLE})
    | frozenset({NO_SUBSTITUTES, SEAT_CHANGES})
    | CLOCK_KEYS
    | REQUIREMENT_KEYS
)


class Seating(StrEnum):
    """How seats are ordered at the start."""

    JOIN_ORDER = "join"
    SHUFFLED = "shuffle"


@dataclass(frozen=True, slots=True)
class SeatChange:
    """A seat left open for a substitute (``bot.clocks.substitutes``)."""

    seat: int
    """The engine seat."""
    left: int
    """The player who left it."""
    took: int | None = None
    """The member who took it over (``None`` while it waits)."""

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any]) -> SeatChange:
        """A change of hands as stored."""
        took = stored.get("took")
        return cls(int(stored["seat"]), int(stored["left"]), None if took is None else int(took))

    def stored(self) -> dict[str, int]:
        """The change of hands as stored: who took the seat only once someone did."""
        kept = {"seat": self.seat, "left": self.left}
        return kept if self.took is None else {**kept, "took": self.took}


@dataclass(frozen=True, slots=True)
class TableSettings:
    """A table's settings (see the module's docstring for how they are stored)."""

    seating: Seating = Seating.JOIN_ORDER
    clock: TurnClock = field(default_factory=TurnClock)
    """The turn clock (no deadline for a game from before clocks)."""
    rated: bool = True
    """Whether the host left the game rated (``bot.profiles.ratings`` decides the rest)."""
    requirements: Requirements = field(default_factory=Requirements)
    """What a member must meet to join, or to take an open seat."""
    allow_substitutes: bool = True
    """Whether a seat may be left open for someone new to take."""
    seat_changes: tuple[SeatChange, ...] = ()
    """Every seat left open for a substitute, in order."""
    rematch_of: int | None = None
    """The game this one is the rematch of."""
    tournament: int | None = None
    """The tournament whose table this is."""
    round: int | None = None
    """The tournament round of the table."""
    table: int | None = None
    """The table's number in its round."""
    extra: Mapping[str, Any] = field(default_factory=dict, hash=False)
    """Stored keys this model does not know, kept as they were and never read."""

    @classmethod
    def of(cls, game: Game) -> TableSettings:
        """The settings of a stored game."""
        return cls.from_stored(game.settings)

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any]) -> TableSettings:
        """The settings as stored, by any version of the bot (missing keys take their old
        defaults, unknown ones are kept in :attr:`extra`)."""
        return cls(
            seating=(
                Seating.SHUFFLED
                if stored.get(SEATING) == Seating.SHUFFLED.value
                else Seating.JOIN_ORDER
            ),
            clock=TurnClock.from_settings(stored),
            rated=bool(stored.get(RATED, True)),
            requirements=Requirements.from_stored(stored),
            allow_substitutes=not stored.get(NO_SUBSTITUTES),
            seat_changes=tuple(SeatChange.from_stored(c) for c in stored.get(SEAT_CHANGES) or ()),
            rematch_of=_number(stored.get(REMATCH_OF)),
            tournament=_number(stored.get(TOURNAMENT)),
            round=_number(stored.get(ROUND)),
            table=_number(stored.get(TABLE)),
            extra={key: value for key, value in stored.items() if key not in _KEYS},
        )

    def stored(self) -> dict[str, Any]:
        """The settings as JSON-ready stored settings, in the shape ``from_stored`` reads;
        a default other than the clock's and the seating is left out, as it always was."""
        settings: dict[str, Any] = {
            **self.extra,
            SEATING: self.seating.value,
            **self.clock.to_settings(),
            **self.requirements.stored(),
        }
        if not self.rated:
            settings[RATED] = False
        if not self.allow_substitutes:
            settings[NO_SUBSTITUTES] = True
        if self.seat_changes:
            settings[SEAT_CHANGES] = [change.stored() for change in self.seat_changes]
        for key, number in (
            (REMATCH_OF, self.rematch_of),
            (TOURNAMENT, self.tournament),
            (ROUND, self.round),
            (TABLE, self.table),
        ):
            if number is not None:
                settings[key] = number
        return settings

    @property
    def changed_hands(self) -> bool:
        """Whether a seat of the game was ever left open for a substitute."""
        return bool(self.seat_changes)

    def rematch(self, game_id: int) -> TableSettings:
        """The settings of the rematch of game ``game_id``: these, but no longer a
        tournament's table, with every seat in its players' hands again."""
        return dataclasses.replace(
            self, rematch_of=game_id, tournament=None, round=None, table=None, seat_changes=()
        )


def _number(value: Any) -> int | None:
    return None if value is None else int(value)
