"""Monitoring reads on one PostgreSQL database."""

from __future__ import annotations

from storage.contract.stats import LATE_AFTER, Stats, StoreStats
from storage.postgres.database import Database
from storage.records import GameStatus


class PostgresStats(Stats):
    """:class:`~storage.contract.stats.Stats` on one PostgreSQL database."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def ping(self) -> None:
        await self._db.fetch_value("SELECT 1")

    async def snapshot(self) -> StoreStats:
        now = self._db.now()
        outbox = await self._db.fetch_one(
            "SELECT count(*) AS waiting, min(created_at) AS oldest FROM outbox"
            " WHERE done_at IS NULL AND failed_at IS NULL"
        )
        timers = await self._db.fetch_one(
            "SELECT count(*) AS due, count(*) FILTER (WHERE due_at <= $1) AS late FROM timers"
            " WHERE fired_at IS NULL AND due_at <= $2",
            (now - LATE_AFTER, now),
        )
        running = await self._db.fetch_all(
            "SELECT game_key, count(*) AS games FROM games WHERE status = $1 GROUP BY game_key",
            (str(GameStatus.ACTIVE),),
        )
        # Aggregates always give one row.
        assert outbox is not None
        assert timers is not None
        return StoreStats(
            outbox_backlog=int(outbox["waiting"]),
            oldest_pending_at=outbox["oldest"],
            timers_due=int(timers["due"]),
            timers_late=int(timers["late"]),
            running_games={str(row["game_key"]): int(row["games"]) for row in running},
        )
