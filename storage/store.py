"""The store interface the service layer uses. SQLite (``storage/sqlite``) and PostgreSQL
(``storage/postgres``) implement it and pass the same contract tests
(``tests/storage/contract``).

A store has parts sharing one database, each an abstract class in ``storage/contract/``:
:class:`GameStore` (lobbies, seats, the action log), :class:`Outbox` (Discord deliveries),
:class:`Timers` (reminders and deadlines), :class:`Preferences` (what servers and players
choose), :class:`TournamentStore` (tournaments), :class:`Ratings` (players' skills),
:class:`PrivateViews` (each player's private message per game), :class:`UndoMessages` (the
undo requests' messages whose buttons are live), :class:`Stats` (reads for monitoring) and
:class:`ProfileStore` (profiles and server statistics), :class:`RequestBudget` (the
bot's Discord requests, one budget for every process), :class:`GameSnapshots` (games as they
stood at some versions), :class:`Privacy` (a member's data shown and erased, servers the bot
left purged); and each game's lock,
:meth:`Store.game_lock` (:class:`GameLocking`), which every process on the database respects.
:class:`Store` puts them together; the parts are importable from here as well. Every method
is one transaction; none leaves anything half-written.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from types import TracebackType
from typing import Self

from storage.contract.budget import RequestBudget
from storage.contract.games import GameStore
from storage.contract.locks import GameLocking
from storage.contract.outbox import Outbox
from storage.contract.prefs import Preferences
from storage.contract.privacy import Privacy
from storage.contract.profiles import ProfileStore
from storage.contract.ratings import Ratings
from storage.contract.snapshots import GameSnapshots
from storage.contract.stats import Stats
from storage.contract.timers import Timers
from storage.contract.tournaments import TournamentStore
from storage.contract.undo_messages import UndoMessages
from storage.contract.views import PrivateViews


class Store(GameLocking, ABC):
    """One database: games, outbox, timers, preferences, tournaments and ratings, and the
    games' locks."""

    games: GameStore
    outbox: Outbox
    timers: Timers
    prefs: Preferences
    privacy: Privacy
    tournaments: TournamentStore
    ratings: Ratings
    views: PrivateViews
    undo_messages: UndoMessages
    stats: Stats
    profiles: ProfileStore
    budget: RequestBudget
    snapshots: GameSnapshots

    @abstractmethod
    async def close(self) -> None:
        """Finish pending work and release the database."""

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()


__all__ = [
    "GameLocking",
    "GameSnapshots",
    "GameStore",
    "Outbox",
    "Preferences",
    "Privacy",
    "PrivateViews",
    "ProfileStore",
    "Ratings",
    "RequestBudget",
    "Stats",
    "Store",
    "Timers",
    "TournamentStore",
    "UndoMessages",
]
