"""Statements on a pooled PostgreSQL connection, as the shared SQL (``storage/sql``) runs them.

The shared statements write their parameters ``?``; asyncpg wants ``$1``, ``$2``, …, so each
statement's text is numbered once (and remembered) before it is sent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any

import asyncpg

from storage.postgres.connection import Connection
from storage.postgres.writes import insert_deliveries, insert_timers
from storage.records import Delivery, NewTimer


@lru_cache(maxsize=2048)
def numbered(sql: str) -> str:
    """``sql`` with each ``?`` outside quotes numbered as asyncpg wants (``$1``, ``$2``, …).

    >>> numbered("SELECT '?' FROM t WHERE a = ? AND b = ?")
    "SELECT '?' FROM t WHERE a = $1 AND b = $2"
    """
    parts: list[str] = []
    count = 0
    quoted = False
    for character in sql:
        if character == "'":
            quoted = not quoted
        if character == "?" and not quoted:
            count += 1
            parts.append(f"${count}")
        else:
            parts.append(character)
    return "".join(parts)


class PostgresSession:
    """:class:`~storage.sql.driver.Session` on a connection whose transaction is held."""

    def __init__(self, connection: Connection, clock: Callable[[], datetime]) -> None:
        self._connection = connection
        self._clock = clock

    async def execute(self, sql: str, *params: Any) -> int:
        """Run one statement; how many rows it changed (read from its status, "INSERT 0 1")."""
        status = await self._connection.execute(numbered(sql), *params)
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once per row of parameters (in one round trip)."""
        await self._connection.executemany(numbered(sql), [tuple(row) for row in rows])

    async def fetch_all(self, sql: str, *params: Any) -> list[asyncpg.Record]:
        """Every row of one statement."""
        return list(await self._connection.fetch(numbered(sql), *params))

    async def fetch_one(self, sql: str, *params: Any) -> asyncpg.Record | None:
        """The first row of one statement, if any."""
        return await self._connection.fetchrow(numbered(sql), *params)

    async def fetch_value(self, sql: str, *params: Any) -> Any:
        """The first column of the first row (``None`` without a row)."""
        return await self._connection.fetchval(numbered(sql), *params)

    async def insert_timers(
        self, timers: Sequence[NewTimer], game_id: int | None = None, *, replace: bool = True
    ) -> list[int]:
        """Schedule timers (see :func:`storage.postgres.writes.insert_timers`)."""
        return await insert_timers(self._connection, timers, game_id, replace=replace)

    async def insert_deliveries(
        self, deliveries: Sequence[Delivery], game_id: int | None = None
    ) -> list[int]:
        """Queue deliveries (see :func:`storage.postgres.writes.insert_deliveries`)."""
        return await insert_deliveries(self._connection, deliveries, self._clock(), game_id)
