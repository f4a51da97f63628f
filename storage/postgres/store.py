"""The PostgreSQL store: one connection pool per store, several processes on one database."""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager

import asyncpg

from storage.contract.locks import GAME_LOCK_TIMEOUT
from storage.postgres.database import DEFAULT_POOL_SIZE, Database, connection_lost
from storage.postgres.games import PostgresGames
from storage.postgres.leases import PostgresLeases
from storage.postgres.locks import game_lock
from storage.postgres.profiles import PostgresProfiles
from storage.sql.budget import SqlRequestBudget
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
from storage.sqlite.database import Clock, utc_now
from storage.store import Store


class PostgresStore(Store):
    """:class:`~storage.store.Store` on one PostgreSQL database."""

    def __init__(self, database: Database) -> None:
        self.database = database
        #: Names this store in the timers it leases: unique per store, readable per process.
        self.worker = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.games = PostgresGames(database)
        self.outbox = SqlOutbox(database, PostgresLeases(self.worker))
        self.timers = SqlTimers(database, PostgresLeases(self.worker))
        self.prefs = SqlPreferences(database)
        self.privacy = SqlPrivacy(database)
        self.tournaments = SqlTournaments(database)
        self.ratings = SqlRatings(database)
        self.views = SqlPrivateViews(database)
        self.undo_messages = SqlUndoMessages(database)
        self.budget = SqlRequestBudget(database)
        self.snapshots = SqlGameSnapshots(database)
        self.stats = SqlStats(database)
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
        return self._game_lock(self.database.lock_pool, game_id, timeout)

    @asynccontextmanager
    async def _game_lock(
        self, pool: asyncpg.Pool, game_id: int, timeout: float
    ) -> AsyncIterator[None]:
        """:func:`~storage.postgres.locks.game_lock`, taken once more on a fresh connection
        when the first one had been dropped (the server restarted): the lock was not taken
        on it, as the server ended that session, so nothing is held twice."""
        async with AsyncExitStack() as stack:
            for last in (False, True):
                try:
                    await stack.enter_async_context(game_lock(pool, game_id, timeout))
                except Exception as error:
                    if last or not connection_lost(error):
                        raise
                    await self.database.renew_connections(error)
                    continue
                break
            yield

    async def ping(self, timeout: float) -> None:
        """One round trip to the server, given up by the driver after ``timeout`` seconds
        (for the health check: see :func:`storage.health.ping`)."""
        await self.database.ping(timeout)

    async def close(self) -> None:
        await self.database.close()
