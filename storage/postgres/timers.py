"""Durable timers in PostgreSQL. Timers found due are leased to the store that found them,
so two processes never handle the same one; a lease that runs out (its process died) lapses
and the timer is found due again."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from storage.contract.timers import Timers
from storage.postgres.database import Database, affected
from storage.postgres.writes import insert_deliveries, insert_timers
from storage.records import Delivery, NewTimer, Timer, TimerKind
from storage.sql import rows

#: How long a due timer stays with the process that found it before another may take it.
TIMER_LEASE = timedelta(minutes=2)


class PostgresTimers(Timers):
    """:class:`~storage.contract.timers.Timers` on one PostgreSQL database; ``worker`` names
    this store's process in the timers it leases."""

    def __init__(self, database: Database, worker: str) -> None:
        self._db = database
        self.worker = worker

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
            status = await db.execute(
                "UPDATE timers SET fired_at = $1, claimed_until = NULL"
                " WHERE id = $2 AND fired_at IS NULL",
                now,
                timer_id,
            )
            if affected(status) != 1:
                return False
            await insert_deliveries(db, deliveries, now)
            await insert_timers(db, timers)
            return True

    async def cancel(self, game_id: int, kinds: Sequence[TimerKind] | None = None) -> int:
        chosen = [str(kind) for kind in (kinds if kinds is not None else TimerKind)]
        async with self._db.transaction() as db:
            status = await db.execute(
                "DELETE FROM timers WHERE game_id = $1 AND fired_at IS NULL"
                " AND kind = ANY($2::text[])",
                game_id,
                chosen,
            )
            return affected(status)

    async def due(self, limit: int = 50) -> list[Timer]:
        now = self._db.now()
        async with self._db.transaction() as db:
            # Free: not leased, its lease ran out, or leased to this very store (which asks
            # again before it handled them). SKIP LOCKED: what another process is leasing
            # right now is left to it.
            found = await db.fetch(
                "WITH picked AS MATERIALIZED (SELECT id FROM timers"
                " WHERE fired_at IS NULL AND due_at <= $3"
                " AND (claimed_until IS NULL OR claimed_until <= $3 OR claimed_by = $1)"
                " ORDER BY due_at, id LIMIT $4 FOR UPDATE SKIP LOCKED)"
                " UPDATE timers SET claimed_by = $1, claimed_until = $2"
                " FROM picked WHERE timers.id = picked.id RETURNING timers.*",
                self.worker,
                now + TIMER_LEASE,
                now,
                limit,
            )
        return sorted((rows.timer(row) for row in found), key=lambda t: (t.due_at, t.id))

    async def mark_fired(self, timer_id: int) -> bool:
        async with self._db.transaction() as db:
            status = await db.execute(
                "UPDATE timers SET fired_at = $1, claimed_until = NULL"
                " WHERE id = $2 AND fired_at IS NULL",
                self._db.now(),
                timer_id,
            )
            return affected(status) == 1

    async def pending(self, game_id: int | None = None) -> list[Timer]:
        where = "fired_at IS NULL" + ("" if game_id is None else " AND game_id = $1")
        found = await self._db.fetch_all(
            f"SELECT * FROM timers WHERE {where} ORDER BY due_at, id",
            () if game_id is None else (game_id,),
        )
        return [rows.timer(row) for row in found]

    async def next_due_at(self) -> datetime | None:
        at: datetime | None = await self._db.fetch_value(
            "SELECT min(due_at) FROM timers WHERE fired_at IS NULL"
        )
        return at
