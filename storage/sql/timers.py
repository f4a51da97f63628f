"""Durable timers (the one SQL for both backends). Which due timers a store may fire is
its backend's :class:`~storage.sql.leases.Leases`: PostgreSQL leases them to the process
that found them, SQLite's one process reads them."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from storage.contract.timers import Timers
from storage.records import Delivery, NewTimer, Timer, TimerKind
from storage.sql import rows
from storage.sql.driver import Driver
from storage.sql.leases import Leases, Pick


class SqlTimers(Timers):
    """:class:`~storage.contract.timers.Timers` on either backend, handing due timers out
    the backend's way (``leases``)."""

    def __init__(self, driver: Driver, leases: Leases) -> None:
        self._db = driver
        self._d = driver.dialect
        self._leases = leases

    async def schedule(self, timers: Sequence[NewTimer], *, replace: bool = True) -> list[int]:
        async with self._db.session() as db:
            return await db.insert_timers(timers, replace=replace)

    async def fire(
        self,
        timer_id: int,
        *,
        deliveries: Sequence[Delivery] = (),
        timers: Sequence[NewTimer] = (),
    ) -> bool:
        now = self._d.time(self._db.clock())
        async with self._db.session() as db:
            if await db.execute(self._spend, now, timer_id) != 1:
                return False
            await db.insert_deliveries(deliveries)
            await db.insert_timers(timers)
            return True

    async def cancel(self, game_id: int, kinds: Sequence[TimerKind] | None = None) -> int:
        chosen = [str(kind) for kind in (kinds if kinds is not None else TimerKind)]
        if not chosen:
            return 0
        marks = ", ".join("?" for _ in chosen)
        async with self._db.session() as db:
            return await db.execute(
                f"DELETE FROM timers WHERE game_id = ? AND fired_at IS NULL AND kind IN ({marks})",
                game_id,
                *chosen,
            )

    async def due(self, limit: int = 50) -> list[Timer]:
        now = self._db.clock()
        pick = Pick(
            "timers",
            "o.fired_at IS NULL AND o.due_at <= ?",
            (self._d.time(now),),
            "o.due_at, o.id",
            limit,
        )
        found = await self._leases.due_timers(self._db, pick, now)
        return sorted((rows.timer(row) for row in found), key=lambda t: (t.due_at, t.id))

    async def mark_fired(self, timer_id: int) -> bool:
        async with self._db.session() as db:
            return await db.execute(self._spend, self._d.time(self._db.clock()), timer_id) == 1

    async def pending(self, game_id: int | None = None) -> list[Timer]:
        where = "fired_at IS NULL" + ("" if game_id is None else " AND game_id = ?")
        found = await self._db.read(
            f"SELECT * FROM timers WHERE {where} ORDER BY due_at, id",
            *(() if game_id is None else (game_id,)),
        )
        return [rows.timer(row) for row in found]

    async def next_due_at(self) -> datetime | None:
        found = await self._db.read("SELECT min(due_at) AS at FROM timers WHERE fired_at IS NULL")
        return rows.from_stored(found[0]["at"])

    @property
    def _spend(self) -> str:
        """Mark a pending timer fired (its lease, if any, ended); parameters: the time, its id."""
        return (
            f"UPDATE timers SET fired_at = ?{self._leases.timer_released}"
            " WHERE id = ? AND fired_at IS NULL"
        )
