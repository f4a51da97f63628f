"""Durable timers in SQLite."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from storage.contract.timers import Timers
from storage.records import Delivery, NewTimer, Timer, TimerKind
from storage.sql import rows
from storage.sqlite.database import Database, from_epoch
from storage.sqlite.writes import insert_deliveries, insert_timers


class SqliteTimers(Timers):
    """:class:`~storage.contract.timers.Timers` on one SQLite database."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def schedule(self, timers: Sequence[NewTimer], *, replace: bool = True) -> list[int]:
        async with self._db.transaction() as db:
            return await insert_timers(db, timers, replace=replace)

    async def fire(
        self,
        timer_id: int,
        *,
        deliveries: Sequence[Delivery] = (),
        timers: Sequence[NewTimer] = (),
    ) -> bool:
        now = self._db.now()
        async with self._db.transaction() as db:
            cursor = await db.execute(
                "UPDATE timers SET fired_at = ? WHERE id = ? AND fired_at IS NULL",
                (now, timer_id),
            )
            if cursor.rowcount != 1:
                return False
            await insert_deliveries(db, deliveries, now)
            await insert_timers(db, timers)
            return True

    async def cancel(self, game_id: int, kinds: Sequence[TimerKind] | None = None) -> int:
        chosen = [str(kind) for kind in (kinds if kinds is not None else TimerKind)]
        marks = ", ".join("?" for _ in chosen)
        async with self._db.transaction() as db:
            cursor = await db.execute(
                f"DELETE FROM timers WHERE game_id = ? AND fired_at IS NULL AND kind IN ({marks})",
                (game_id, *chosen),
            )
            return cursor.rowcount

    async def due(self, limit: int = 50) -> list[Timer]:
        found = await self._db.fetch_all(
            "SELECT * FROM timers WHERE fired_at IS NULL AND due_at <= ? ORDER BY due_at, id"
            " LIMIT ?",
            (self._db.now(), limit),
        )
        return [rows.timer(row) for row in found]

    async def mark_fired(self, timer_id: int) -> bool:
        async with self._db.transaction() as db:
            cursor = await db.execute(
                "UPDATE timers SET fired_at = ? WHERE id = ? AND fired_at IS NULL",
                (self._db.now(), timer_id),
            )
            return cursor.rowcount == 1

    async def pending(self, game_id: int | None = None) -> list[Timer]:
        where = "fired_at IS NULL" + ("" if game_id is None else " AND game_id = ?")
        found = await self._db.fetch_all(
            f"SELECT * FROM timers WHERE {where} ORDER BY due_at, id",
            () if game_id is None else (game_id,),
        )
        return [rows.timer(row) for row in found]

    async def next_due_at(self) -> datetime | None:
        row = await self._db.fetch_one(
            "SELECT min(due_at) AS at FROM timers WHERE fired_at IS NULL"
        )
        return from_epoch(row["at"]) if row is not None else None
