"""Statements on SQLite's connection, as the shared SQL (``storage/sql``) runs them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any

import aiosqlite

from storage.records import Delivery, NewTimer
from storage.sqlite.writes import insert_deliveries, insert_timers

#: The store's clock.
Clock = Callable[[], datetime]


class SqliteSession:
    """:class:`~storage.sql.driver.Session` on a connection whose transaction is held."""

    def __init__(self, connection: aiosqlite.Connection, clock: Clock) -> None:
        self._connection = connection
        self._clock = clock

    async def execute(self, sql: str, *params: Any) -> int:
        """Run one statement (its cursor closed at once, so that nothing keeps it running);
        how many rows it changed."""
        async with self._connection.execute(sql, params) as cursor:
            return cursor.rowcount

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once per row of parameters."""
        async with self._connection.executemany(sql, [tuple(row) for row in rows]):
            pass

    async def fetch_all(self, sql: str, *params: Any) -> list[aiosqlite.Row]:
        """Every row of one statement."""
        async with self._connection.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def fetch_one(self, sql: str, *params: Any) -> aiosqlite.Row | None:
        """The first row of one statement, if any."""
        async with self._connection.execute(sql, params) as cursor:
            row: aiosqlite.Row | None = await cursor.fetchone()
            return row

    async def fetch_value(self, sql: str, *params: Any) -> Any:
        """The first column of the first row (``None`` without a row)."""
        row = await self.fetch_one(sql, *params)
        return None if row is None else row[0]

    async def insert_timers(
        self, timers: Sequence[NewTimer], game_id: int | None = None, *, replace: bool = True
    ) -> list[int]:
        """Schedule timers (see :func:`storage.sqlite.writes.insert_timers`)."""
        return await insert_timers(self._connection, timers, game_id, replace=replace)

    async def insert_deliveries(
        self, deliveries: Sequence[Delivery], game_id: int | None = None
    ) -> list[int]:
        """Queue deliveries (see :func:`storage.sqlite.writes.insert_deliveries`)."""
        return await insert_deliveries(
            self._connection, deliveries, self._clock().timestamp(), game_id
        )
