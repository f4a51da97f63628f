"""One asyncpg connection pool shared by the store's parts, and the transaction discipline.

Every transaction runs on its own pooled connection at PostgreSQL's default isolation (read
committed). Writers lock what they are about to change (the game's row ``FOR UPDATE``, an
advisory lock per outbox lane or timer key) before reading it, so checks made inside a
transaction still hold when it commits, whichever process runs beside it.

A connection the server dropped while it waited in the pool (the server restarted, a proxy
or a firewall forgot it) fails on its first statement, before anything was done on it: it
is replaced, and that statement (a transaction's ``BEGIN``, or a lone read) sent again once,
so that nobody sees the restart. Connecting, and the health check's round trip, are bounded
by the driver itself, so that a hung server cannot hang the bot's answers.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import AsyncExitStack, asynccontextmanager
from datetime import datetime
from typing import Any, TypeVar

import asyncpg

from storage.errors import DatabaseUnusable
from storage.postgres.connection import Connection as Connection
from storage.postgres.migrate import migrate
from storage.postgres.session import PostgresSession, numbered
from storage.sql.dialect import POSTGRES, Dialect
from storage.sqlite.database import Clock, utc_now

#: Connections one store keeps to the server at most; several processes each have their own.
DEFAULT_POOL_SIZE = 10
#: Seconds a new connection may take to be made (a server that takes longer is out of
#: reach for now; asyncpg's own default is a minute).
CONNECT_TIMEOUT = 10.0
#: Seconds one statement may take before asyncpg gives it up (``command_timeout``).
COMMAND_TIMEOUT = 60.0
#: The least time left to a bounded round trip, so that a spent budget still times out
#: at once rather than waiting without a bound.
LEAST_TIMEOUT = 0.001
#: What asyncpg raises for a connection that is gone: the statement never ran on a server,
#: or ran on one that has since forgotten it.
DROPPED = (
    asyncpg.PostgresConnectionError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.InterfaceError,
    ConnectionError,
)

Row = asyncpg.Record
T = TypeVar("T")
log = logging.getLogger(__name__)


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
                timeout=CONNECT_TIMEOUT,
                command_timeout=COMMAND_TIMEOUT,
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
        lock_pool = await asyncpg.create_pool(
            url, min_size=0, max_size=max(1, pool_size), timeout=CONNECT_TIMEOUT
        )
        return cls(pool, shown, clock, lock_pool)

    def now(self) -> datetime:
        """The clock's time, as stored (``timestamptz`` keeps microseconds exactly)."""
        return self.clock()

    @asynccontextmanager
    async def transaction(self, *, write: bool = True) -> AsyncIterator[Connection]:
        """A transaction on a connection of its own: committed when the block ends, rolled
        back if it raises. A read-only one (``write=False``) sees one consistent snapshot."""
        async with AsyncExitStack() as stack:
            yield await self._begin(stack, write=write)

    async def _begin(self, stack: AsyncExitStack, *, write: bool) -> Connection:
        """A pooled connection with its transaction begun, both left to ``stack`` to end.

        A connection dropped while it waited in the pool fails on ``BEGIN``, before the
        transaction did anything: it is replaced and the transaction begun once more."""
        for last in (False, True):
            held = AsyncExitStack()
            connection: Connection = await held.enter_async_context(self.pool.acquire())
            try:
                if write:
                    await held.enter_async_context(connection.transaction())
                else:
                    await held.enter_async_context(
                        connection.transaction(isolation="repeatable_read", readonly=True)
                    )
            except BaseException as error:
                retry = not last and _dropped(error, connection)
                await held.aclose()
                if not retry:
                    raise
                await self.renew_connections(error)
                continue
            await stack.enter_async_context(held)
            return connection
        raise AssertionError("unreachable: the second attempt returns or raises")

    def snapshot(self) -> Any:
        """A read-only transaction: several reads that see the same moment."""
        return self.transaction(write=False)

    @property
    def dialect(self) -> Dialect:
        """PostgreSQL's spellings, for the shared SQL (``storage/sql``)."""
        return POSTGRES

    @asynccontextmanager
    async def session(self, *, write: bool = True) -> AsyncIterator[PostgresSession]:
        """A transaction for the shared SQL (see :meth:`transaction`)."""
        async with self.transaction(write=write) as connection:
            yield PostgresSession(connection, self.clock)

    async def read(self, sql: str, *params: Any) -> list[Row]:
        """Every row of one read, its ``?`` numbered (the shared SQL's :meth:`fetch_all`)."""
        return await self.fetch_all(numbered(sql), params)

    async def fetch_all(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        """Rows of one read."""
        values = tuple(params)
        return await self._read(lambda connection: connection.fetch(sql, *values))

    async def fetch_one(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        """The first row of one read, if any."""
        values = tuple(params)
        return await self._read(lambda connection: connection.fetchrow(sql, *values))

    async def fetch_value(self, sql: str, params: Iterable[Any] = ()) -> Any:
        """The first column of the first row of one read (``None`` when there is none)."""
        values = tuple(params)
        return await self._read(lambda connection: connection.fetchval(sql, *values))

    async def _read(
        self, read: Callable[[Connection], Awaitable[T]], *, timeout: float | None = None
    ) -> T:
        """One read on a pooled connection; sent again once on a fresh connection when the
        first had been dropped (a read changes nothing, so sending it twice is harmless).
        ``timeout``: seconds for acquiring the connection and for giving it back."""
        for last in (False, True):
            async with self.pool.acquire(timeout=timeout) as connection:
                try:
                    return await read(connection)
                except Exception as error:
                    if last or not _dropped(error, connection):
                        raise
                    dropped = error
            await self.renew_connections(dropped)
        raise AssertionError("unreachable: the second attempt returns or raises")

    async def ping(self, timeout: float) -> None:
        """One round trip (``SELECT 1``), bounded by the driver: a ``TimeoutError`` after
        ``timeout`` seconds however the server hangs, the connection let go of at once."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout

        def left() -> float:
            return max(deadline - loop.time(), LEAST_TIMEOUT)

        async def select_one(connection: Connection) -> None:
            try:
                await connection.fetchval("SELECT 1", timeout=left())
            except TimeoutError:
                # Given back as it is, the connection would wait for the hung server to
                # acknowledge the query's cancel: it is closed instead, and not waited on.
                connection.terminate()
                raise

        await self._read(select_one, timeout=left())

    async def renew_connections(self, error: BaseException) -> None:
        """``error`` found a pooled connection dropped: the server restarted, or the network
        forgot the connection. Its fellows in both pools likely were too, so every one is
        replaced as it is next taken (one in use is closed when given back)."""
        log.warning(
            "A connection to the database had been dropped (%s: %s); the pools' connections "
            "are renewed and the statement is sent again.",
            type(error).__name__,
            error,
        )
        await self.pool.expire_connections()
        if self.lock_pool is not None:
            await self.lock_pool.expire_connections()

    async def close(self) -> None:
        """Wait for the connections in use, then close the pools."""
        for pool in (self.pool, self.lock_pool):
            if pool is None:
                continue
            try:
                await asyncio.wait_for(pool.close(), timeout=10)
            except TimeoutError:
                pool.terminate()


def connection_lost(error: BaseException) -> bool:
    """Whether ``error`` is what asyncpg raises for a connection that is gone (not for one
    the server refused to make: it is down, and asking again at once would not help)."""
    return isinstance(error, DROPPED) and not isinstance(error, ConnectionRefusedError)


def _dropped(error: BaseException, connection: Connection) -> bool:
    """Whether ``error`` says that ``connection`` is gone: a connection error, after which
    asyncpg counts the connection closed."""
    if not connection_lost(error):
        return False
    try:
        return connection.is_closed()
    except asyncpg.InterfaceError:  # asyncpg gave it back to the pool as it closed
        return True


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
