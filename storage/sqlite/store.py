"""The SQLite store: one database file, in WAL mode, shared by games, outbox and timers."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from pathlib import Path

from storage.contract.locks import GAME_LOCK_TIMEOUT
from storage.sql.budget import SqlRequestBudget
from storage.sql.games import SqlGames
from storage.sql.outbox import SqlOutbox
from storage.sql.prefs import SqlPreferences
from storage.sql.privacy import SqlPrivacy
from storage.sql.ratings import SqlRatings
from storage.sql.snapshots import SqlGameSnapshots
from storage.sql.stats import SqlStats
from storage.sql.timers import SqlTimers
from storage.sql.tournaments import SqlTournaments
from storage.sql.undo_messages import SqlUndoMessages
from storage.sql.views import SqlPrivateViews
from storage.sqlite.database import Clock, Database, utc_now
from storage.sqlite.leases import SqliteLeases
from storage.sqlite.locks import game_lock
from storage.sqlite.profiles import SqliteProfiles
from storage.store import Store


class SqliteStore(Store):
    """:class:`~storage.store.Store` on one SQLite file."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.games = SqlGames(database)
        self.outbox = SqlOutbox(database, SqliteLeases())
        self.timers = SqlTimers(database, SqliteLeases())
        self.prefs = SqlPreferences(database)
        self.privacy = SqlPrivacy(database)
        self.tournaments = SqlTournaments(database)
        self.ratings = SqlRatings(database)
        self.views = SqlPrivateViews(database)
        self.undo_messages = SqlUndoMessages(database)
        self.budget = SqlRequestBudget(database)
        self.snapshots = SqlGameSnapshots(database)
        self.stats = SqlStats(database)
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
