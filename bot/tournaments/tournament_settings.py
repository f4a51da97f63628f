"""A tournament's settings, typed: its name, the table sizes, the move clock and the variant
options of its games, whether substitutes may take a seat, what a member must meet to sign
up, when it starts by itself, and (once started) its seeding.

They are kept in the tournament's row (``Tournament.settings``) as one flat JSON object, in
the shape the bot has always written, so that rows of every version read and none needs
migrating:

- a missing key takes the default it always had: no name (boards then say "Tournament
  #id"), no move deadline, the game's default options, no substitutes, nothing required, no
  start of its own, seeded in sign-up order. The table sizes were always written; a row
  without them reads as two-player tables (every game seats two), without the largest as
  the smallest;
- a key this model does not know is kept as it is (:attr:`TournamentSettings.extra`) and
  written back by :meth:`TournamentSettings.stored`, never read, so that a row written by a
  newer version survives the start, which writes the settings again with the seeding.

What an organiser typed is checked into these values by :mod:`~bot.tournaments.formats`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.lobby.requirements import STORED_KEYS as REQUIREMENT_KEYS
from bot.lobby.requirements import Requirements
from bot.tournaments.formats import TableRange
from storage import Tournament

# The stored keys, besides the requirements' (``bot.lobby.requirements``).
NAME = "name"
SMALLEST = "smallest"
LARGEST = "largest"
DEADLINE = "deadline"
"""The move clock of its games, in seconds (0: none)."""
OPTIONS = "options"
SUBSTITUTES = "substitutes"
STARTS_AT = "starts_at"
"""Seconds since the epoch."""
SEEDING = "seeding"
_KEYS = (
    frozenset({NAME, SMALLEST, LARGEST, DEADLINE, OPTIONS, SUBSTITUTES, STARTS_AT, SEEDING})
    | REQUIREMENT_KEYS
)
#: The table sizes of a row that has none (never written so by the bot).
_FALLBACK_SMALLEST = 2


@dataclass(frozen=True, slots=True)
class TournamentSettings:
    """A tournament's settings (see the module's docstring for how they are stored)."""

    name: str = ""
    """The name shown on its boards (empty: none given)."""
    tables: TableRange = field(default_factory=lambda: TableRange(2, 2))
    """How many players sit at one table."""
    deadline: timedelta | None = None
    """The time per move in its games (``None``: no deadline)."""
    options: Mapping[str, Any] = field(default_factory=dict, hash=False)
    """The game's variant options at every table, as the engine's JSON."""
    substitutes: bool = False
    """Whether a seat a player leaves may be taken by someone new."""
    requirements: Requirements = field(default_factory=Requirements)
    """What a member must meet to sign up."""
    starts_at: datetime | None = None
    """When the sign-ups close and it starts by itself (``None``: its organiser starts it)."""
    seeding: tuple[int, ...] | None = None
    """The players best first, fixed at the start (``None`` before)."""
    extra: Mapping[str, Any] = field(default_factory=dict, hash=False)
    """Stored keys this model does not know, kept as they were and never read."""

    @classmethod
    def of(cls, tournament: Tournament) -> TournamentSettings:
        """The settings of a stored tournament."""
        return cls.from_stored(tournament.settings)

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any]) -> TournamentSettings:
        """The settings as stored, by any version of the bot (missing keys take their old
        defaults, unknown ones are kept in :attr:`extra`)."""
        smallest = int(stored.get(SMALLEST, _FALLBACK_SMALLEST))
        seconds = int(stored.get(DEADLINE) or 0)
        starts = stored.get(STARTS_AT)
        seeding = stored.get(SEEDING)
        return cls(
            name=str(stored.get(NAME) or ""),
            tables=TableRange(smallest, int(stored.get(LARGEST, smallest))),
            deadline=timedelta(seconds=seconds) if seconds else None,
            options=dict(stored.get(OPTIONS) or {}),
            substitutes=bool(stored.get(SUBSTITUTES)),
            requirements=Requirements.from_stored(stored),
            starts_at=datetime.fromtimestamp(int(starts), UTC) if starts else None,
            seeding=None if seeding is None else tuple(int(u) for u in seeding),
            extra={key: value for key, value in stored.items() if key not in _KEYS},
        )

    def stored(self) -> dict[str, Any]:
        """The settings as JSON-ready stored settings, in the shape ``from_stored`` reads:
        what is not chosen (no start of its own, no substitutes, nothing required, no
        seeding yet) is left out, as it always was."""
        settings: dict[str, Any] = {
            **self.extra,
            NAME: self.name,
            OPTIONS: dict(self.options),
            SMALLEST: self.tables.smallest,
            LARGEST: self.tables.largest,
            DEADLINE: 0 if self.deadline is None else int(self.deadline.total_seconds()),
            **self.requirements.stored(),
        }
        if self.starts_at is not None:
            settings[STARTS_AT] = int(self.starts_at.timestamp())
        if self.substitutes:
            settings[SUBSTITUTES] = True
        if self.seeding is not None:
            settings[SEEDING] = list(self.seeding)
        return settings

    def seed_order(self, active: Sequence[int]) -> list[int]:
        """The players best first: the seeding fixed at the start, or else ``active`` as
        it is (sign-up order)."""
        return list(active) if self.seeding is None else list(self.seeding)
