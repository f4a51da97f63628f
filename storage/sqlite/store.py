"""The SQLite store: one database file, in WAL mode, shared by games, outbox and timers."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from pathlib import Path

from storage.contract.locks import GAME_LOCK_TIMEOUT
from storage.sql.prefs import SqlPreferences
from storage.sql.ratings import SqlRatings
from storage.sql.views import SqlPrivateViews
from storage.sqlite.database import Clock, Database, utc_now
from storage.sqlite.games import SqliteGames
from storage.sqlite.locks import game_lock
from storage.sqlite.outbox import SqliteOutbox
from storage.sqlite.profiles import SqliteProfiles
from storage.sqlite.stats import SqliteStats
from storage.sqlite.timers import SqliteTimers
from storage.sqlite.tournaments import SqliteTournaments
from storage.store import Store


class SqliteStore(Store):
    """:class:`~storage.store.Store` on one SQLite file."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.games = SqliteGames(database)
        self.outbox = SqliteOutbox(database)
        self.timers = SqliteTimers(database)
        self.prefs = SqlPreferences(database)
        self.tournaments = SqliteTournaments(database)
        self.ratings = SqlRatings(database)
        self.views = SqlPrivateViews(database)
        self.stats = SqliteStats(database)
        self.profiles = SqliteProfiles(database)

    @classmethod
    async def open(
        cls, path: Path, *, clock: Clock = utc_now, check_integrity: bool = True
    ) -> SqliteStore:
        """Open (creating and migrating as needed) the database at ``path``; see
        :meth:`Database.open <storage.sqlite.database.Database.open>`."""
        return cls(await Database.open(path, clock, check_integrity=check_integrity))

    @property
    def path(self) -> Path:
        """The database file."""
        return self.database.path

    def game_lock(
        self, game_id: int, *, timeout: float = GAME_LOCK_TIMEOUT
    ) -> AbstractAsyncContextManager[None]:
        """An in-process lock, shared by the stores of this process on the same file."""
        return game_lock(str(self.path.resolve()), game_id, timeout)

    async def close(self) -> None:
        await self.database.close()
