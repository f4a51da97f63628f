"""One asyncpg connection pool shared by the store's parts, and the transaction discipline.

Every transaction runs on its own pooled connection at PostgreSQL's default isolation (read
committed). Writers lock what they are about to change (the game's row ``FOR UPDATE``, an
advisory lock per outbox lane or timer key) before reading it, so checks made inside a
transaction still hold when it commits, whichever process runs beside it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

import asyncpg

from storage.errors import DatabaseUnusable
from storage.postgres.connection import Connection as Connection
from storage.postgres.migrate import migrate
from storage.sqlite.database import Clock, utc_now

#: Connections one store keeps to the server at most; several processes each have their own.
DEFAULT_POOL_SIZE = 10

Row = asyncpg.Record


class Database:
    """The pool, the clock and the URL it was opened from (without its password)."""

    def __init__(
        self, pool: asyncpg.Pool, url: str, clock: Clock, lock_pool: asyncpg.Pool | None = None
    ) -> None:
        self.pool = pool
        self.url = url
        self.clock = clock
        #: The connections that hold games' locks (``storage/postgres/locks.py``), apart from
        #: the transactions' so that a lock's holder always finds one to write with.
        self.lock_pool = lock_pool

    @classmethod
    async def open(
        cls,
        url: str,
        clock: Clock = utc_now,
        *,
        pool_size: int = DEFAULT_POOL_SIZE,
        migrate_schema: bool = True,
    ) -> Database:
        """Connect a pool to the database ``url`` names and migrate it to the latest schema.

        A database that is another application's, or a newer Grimoire's, raises a
        :class:`~storage.errors.DatabaseUnusable` before anything is written to it.
        ``migrate_schema=False`` only checks that the schema is the latest (for reading).
        """
        shown = shown_url(url)
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=max(1, pool_size),
                command_timeout=60,
                reset=_end_transaction_only,
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            # The server is down, the database or the user does not exist, a bad password:
            # said in one line, like a file that cannot be opened.
            reason = str(error) or type(error).__name__
            raise DatabaseUnusable(
                shown, f"cannot connect to it ({reason}).", exists=False
            ) from None
        try:
            async with pool.acquire() as connection:
                await migrate(connection, shown, apply=migrate_schema)
        except BaseException:
            await pool.close()
            raise
        # Connected only when a game's lock is first taken: readers never need one.
        lock_pool = await asyncpg.create_pool(url, min_size=0, max_size=max(1, pool_size))
        return cls(pool, shown, clock, lock_pool)

    def now(self) -> datetime:
        """The clock's time, as stored (``timestamptz`` keeps microseconds exactly)."""
        return self.clock()

    @asynccontextmanager
    async def transaction(self, *, write: bool = True) -> AsyncIterator[Connection]:
        """A transaction on a connection of its own: committed when the block ends, rolled
        back if it raises. A read-only one (``write=False``) sees one consistent snapshot."""
        async with self.pool.acquire() as connection:
            if write:
                async with connection.transaction():
                    yield connection
            else:
                async with connection.transaction(isolation="repeatable_read", readonly=True):
                    yield connection

    def snapshot(self) -> Any:
        """A read-only transaction: several reads that see the same moment."""
        return self.transaction(write=False)

    async def fetch_all(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        """Rows of one read."""
        async with self.pool.acquire() as connection:
            return list(await connection.fetch(sql, *params))

    async def fetch_one(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        """The first row of one read, if any."""
        async with self.pool.acquire() as connection:
            row: Row | None = await connection.fetchrow(sql, *params)
            return row

    async def fetch_value(self, sql: str, params: Iterable[Any] = ()) -> Any:
        """The first column of the first row of one read (``None`` when there is none)."""
        async with self.pool.acquire() as connection:
            return await connection.fetchval(sql, *params)

    async def close(self) -> None:
        """Wait for the connections in use, then close the pools."""
        for pool in (self.pool, self.lock_pool):
            if pool is None:
                continue
            try:
                await asyncio.wait_for(pool.close(), timeout=10)
            except TimeoutError:
                pool.terminate()


async def _end_transaction_only(connection: asyncpg.Connection) -> None:
    """How a transaction's connection is made ready for the next: nothing to send.

    asyncpg rolls back a transaction left open before calling this; its usual reset (a
    round trip that frees session locks and settings) is for sessions that keep state, and
    the store's transactions keep none: their locks end with the transaction, and they
    change no setting. Game locks, which are the session's, have a pool of their own that
    keeps the usual reset."""


def shown_url(url: str) -> str:
    """The URL with its password left out, to name the database in messages and logs.

    >>> shown_url("postgresql://grimoire:secret@db.example:5432/grimoire")
    'postgresql://grimoire@db.example:5432/grimoire'
    """
    scheme, _, rest = url.partition("://")
    credentials, at, place = rest.rpartition("@")
    if not at:
        return url
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}@{place}"


def affected(status: str) -> int:
    """How many rows a statement changed, from its status (``"UPDATE 1"``, ``"INSERT 0 1"``)."""
    return int(status.rsplit(" ", 1)[-1])
