"""Monitoring reads (the one SQL for both backends).

:meth:`SqlStats.ping` is one plain round trip. The health check bounds it: PostgreSQL's store
has a ``ping(timeout)`` of its own, bounded by the driver (see :func:`storage.health.ping`),
which a hung server cannot outlast; SQLite's calls run in a thread the event loop never
waits on.
"""

from __future__ import annotations

from storage.contract.stats import LATE_AFTER, Stats, StoreStats
from storage.records import GameStatus
from storage.sql import rows
from storage.sql.driver import Driver


class SqlStats(Stats):
    """:class:`~storage.contract.stats.Stats` on either backend."""

    def __init__(self, driver: Driver) -> None:
        self._db = driver
        self._d = driver.dialect

    async def ping(self) -> None:
        await self._db.read("SELECT 1")

    async def snapshot(self) -> StoreStats:
        now = self._db.clock()
        (outbox,) = await self._db.read(
            "SELECT count(*) AS waiting, min(created_at) AS oldest FROM outbox"
            " WHERE done_at IS NULL AND failed_at IS NULL"
        )
        (timers,) = await self._db.read(
            "SELECT count(*) AS due,"
            " coalesce(sum(CASE WHEN due_at <= ? THEN 1 ELSE 0 END), 0) AS late FROM timers"
            " WHERE fired_at IS NULL AND due_at <= ?",
            self._d.time(now - LATE_AFTER),
            self._d.time(now),
        )
        running = await self._db.read(
            "SELECT game_key, count(*) AS games FROM games WHERE status = ? GROUP BY game_key",
            str(GameStatus.ACTIVE),
        )
        return StoreStats(
            outbox_backlog=int(outbox["waiting"]),
            oldest_pending_at=rows.from_stored(outbox["oldest"]),
            timers_due=int(timers["due"]),
            timers_late=int(timers["late"]),
            running_games={str(row["game_key"]): int(row["games"]) for row in running},
        )
