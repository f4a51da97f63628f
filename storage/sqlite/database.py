"""One SQLite connection shared by the store's parts, and the transaction discipline.

aiosqlite runs a connection's calls in order on one thread, but coroutines interleave
between awaits: without the lock, a read could see another coroutine's uncommitted write.
Every transaction starts with ``BEGIN IMMEDIATE`` so that writers queue for the file's
lock up front (with a busy timeout) instead of failing half-way.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

import aiosqlite

from storage.errors import DatabaseUnusable
from storage.migrate import inspect, migrate
from storage.sql.dialect import SQLITE, Dialect
from storage.sqlite.session import SqliteSession

Clock = Callable[[], datetime]
BUSY_TIMEOUT_MS = 10_000


def utc_now() -> datetime:
    """The real clock."""
    return datetime.now(UTC)


def to_epoch(moment: datetime) -> float:
    """A datetime as stored."""
    return moment.timestamp()


def from_epoch(seconds: float | None) -> datetime | None:
    """A stored time as a UTC datetime."""
    return None if seconds is None else datetime.fromtimestamp(seconds, UTC)


class Database:
    """The connection, its lock and the clock."""

    def __init__(self, connection: aiosqlite.Connection, path: Path, clock: Clock) -> None:
        self.connection = connection
        self.path = path
        self.clock = clock
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls, path: Path, clock: Clock = utc_now, *, check_integrity: bool = True
    ) -> Database:
        """Check the file, create its folder, connect, and migrate it to the latest schema.

        An unusable file (not a database, another application's, too new, damaged,
        read-only) raises a :class:`~storage.errors.DatabaseUnusable` naming it before
        anything is written to it. ``check_integrity=False`` skips SQLite's quick check, for
        a caller that has just run the full one.
        """
        await asyncio.to_thread(inspect, path, check_integrity=check_integrity)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:  # e.g. a file stands where a folder should be
            raise DatabaseUnusable(
                path, f"its folder cannot be created ({error.strerror}).", exists=False
            ) from None
        connection = await aiosqlite.connect(path, isolation_level=None)
        try:
            connection.row_factory = aiosqlite.Row
            # FULL synchronous: a move acknowledged to a player survives a power cut too.
            for pragma in (
                f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
                "PRAGMA journal_mode = WAL",
                "PRAGMA synchronous = FULL",
                "PRAGMA foreign_keys = ON",
            ):
                # Closed at once: "journal_mode" answers with a row, and a cursor left open
                # by whoever still holds it keeps a statement running and blocks COMMIT.
                async with connection.execute(pragma):
                    pass
            await migrate(connection, path)
        except BaseException:
            await connection.close()
            raise
        return cls(connection, path, clock)

    @classmethod
    async def open_read_only(cls, path: Path, clock: Clock = utc_now) -> Database:
        """Connect to the file for reading only: no check, no migration, nothing written.

        For ``python -m storage check``, which reads what it can of a damaged file; the
        caller inspects the file first and makes sure its schema is the latest. SQLite's
        ``-wal`` and ``-shm`` files, which a reader may create, are left beside it.
        """
        uri = f"file:{quote(str(path))}?mode=ro"
        connection = await aiosqlite.connect(uri, uri=True, isolation_level=None)
        try:
            connection.row_factory = aiosqlite.Row
            for pragma in (f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}", "PRAGMA query_only = ON"):
                async with connection.execute(pragma):
                    pass
        except BaseException:
            await connection.close()
            raise
        return cls(connection, path, clock)

    def now(self) -> float:
        """The clock's time as stored."""
        return to_epoch(self.clock())

    @asynccontextmanager
    async def transaction(self, *, write: bool = True) -> AsyncIterator[aiosqlite.Connection]:
        """A transaction: committed when the block ends, rolled back if it raises.

        A write transaction takes the file's write lock at once; a read-only one
        (``write=False``) sees one consistent snapshot without blocking writers.
        """
        async with self._lock:
            await self.connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield self.connection
            except BaseException:
                await self.connection.execute("ROLLBACK")
                raise
            # Shielded: once COMMIT is sent it finishes even if the caller is cancelled.
            await asyncio.shield(self.connection.execute("COMMIT"))

    def snapshot(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """A read-only transaction: several reads that see the same moment."""
        return self.transaction(write=False)

    @property
    def dialect(self) -> Dialect:
        """SQLite's spellings, for the shared SQL (``storage/sql``)."""
        return SQLITE

    @asynccontextmanager
    async def session(self, *, write: bool = True) -> AsyncIterator[SqliteSession]:
        """A transaction for the shared SQL (see :meth:`transaction`)."""
        async with self.transaction(write=write) as connection:
            yield SqliteSession(connection, self.clock)

    async def read(self, sql: str, *params: Any) -> list[aiosqlite.Row]:
        """Every row of one read (the shared SQL's spelling of :meth:`fetch_all`)."""
        return await self.fetch_all(sql, params)

    async def fetch_all(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        """Rows of one read."""
        async with self._lock:
            return await fetch_all(self.connection, sql, params)

    async def fetch_one(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Row | None:
        """The first row of one read, if any."""
        rows = await self.fetch_all(sql, params)
        return rows[0] if rows else None

    async def close(self) -> None:
        """Checkpoint and close the connection."""
        await self.connection.close()


async def fetch_all(
    connection: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()
) -> list[aiosqlite.Row]:
    """Rows of one statement on a connection already held (inside a transaction)."""
    async with connection.execute(sql, tuple(params)) as cursor:
        return list(await cursor.fetchall())
