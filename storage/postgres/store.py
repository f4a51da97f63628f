"""The PostgreSQL store: one connection pool per store, several processes on one database."""

from __future__ import annotations

import os
import socket
import uuid
from contextlib import AbstractAsyncContextManager

from storage.contract.locks import GAME_LOCK_TIMEOUT
from storage.postgres.database import DEFAULT_POOL_SIZE, Database
from storage.postgres.games import PostgresGames
from storage.postgres.locks import game_lock
from storage.postgres.outbox import PostgresOutbox
from storage.postgres.prefs import PostgresPreferences
from storage.postgres.profiles import PostgresProfiles
from storage.postgres.ratings import PostgresRatings
from storage.postgres.stats import PostgresStats
from storage.postgres.timers import PostgresTimers
from storage.postgres.tournaments import PostgresTournaments
from storage.postgres.views import PostgresPrivateViews
from storage.sqlite.database import Clock, utc_now
from storage.store import Store


class PostgresStore(Store):
    """:class:`~storage.store.Store` on one PostgreSQL database."""

    def __init__(self, database: Database) -> None:
        self.database = database
        #: Names this store in the timers it leases: unique per store, readable per process.
        self.worker = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.games = PostgresGames(database)
        self.outbox = PostgresOutbox(database)
        self.timers = PostgresTimers(database, self.worker)
        self.prefs = PostgresPreferences(database)
        self.tournaments = PostgresTournaments(database)
        self.ratings = PostgresRatings(database)
        self.views = PostgresPrivateViews(database)
        self.stats = PostgresStats(database)
        self.profiles = PostgresProfiles(database)

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        clock: Clock = utc_now,
        pool_size: int = DEFAULT_POOL_SIZE,
        migrate_schema: bool = True,
    ) -> PostgresStore:
        """Connect to the database ``url`` names and migrate it to the latest schema; see
        :meth:`Database.open <storage.postgres.database.Database.open>`."""
        return cls(
            await Database.open(url, clock, pool_size=pool_size, migrate_schema=migrate_schema)
        )

    @property
    def path(self) -> str:
        """Where the database is: its URL, without the password (as ``SqliteStore.path``
        names its file)."""
        return self.database.url

    def game_lock(
        self, game_id: int, *, timeout: float = GAME_LOCK_TIMEOUT
    ) -> AbstractAsyncContextManager[None]:
        """A session advisory lock, on a connection of its own (``storage/postgres/locks.py``)."""
        if self.database.lock_pool is None:
            raise RuntimeError("This store was opened without connections for games' locks.")
        return game_lock(self.database.lock_pool, game_id, timeout)

    async def close(self) -> None:
        await self.database.close()
