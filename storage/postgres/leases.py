"""PostgreSQL's way of handing out work (:class:`~storage.sql.leases.Leases`): several
processes on one database.

Rows are picked ``FOR UPDATE SKIP LOCKED``: what another process is taking right now is
left to it, not waited for, and once that process commits, the lease it wrote keeps the rows
out of this one's picks until it runs out (its process died). The pick is ``MATERIALIZED``:
as a subquery of the ``UPDATE``, the planner may run it again per row and go past the limit.
Timers found due are leased to the store that found them, so two processes never handle
the same one.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from storage.sql.driver import Driver, Row, Session
from storage.sql.leases import Pick

#: How long a due timer stays with the process that found it before another may take it.
TIMER_LEASE = timedelta(minutes=2)


class PostgresLeases:
    """:class:`~storage.sql.leases.Leases` for one PostgreSQL store; ``worker`` names the
    store's process in the timers it leases."""

    skip_locked = " FOR UPDATE SKIP LOCKED"
    timer_released = ", claimed_until = NULL"

    def __init__(self, worker: str) -> None:
        self.worker = worker

    async def lease(
        self, db: Session, pick: Pick, assign: str, *assign_params: Any
    ) -> Sequence[Row]:
        picked, params = pick.select("o.id", self.skip_locked)
        table = pick.table
        return await db.fetch_all(
            f"WITH picked AS MATERIALIZED ({picked}) UPDATE {table} SET {assign}"
            f" FROM picked WHERE {table}.id = picked.id RETURNING {table}.*",
            *params,
            *assign_params,
        )

    async def due_timers(self, driver: Driver, pick: Pick, now: datetime) -> Sequence[Row]:
        # Free: not leased, its lease ran out, or leased to this very store (which asks
        # again before it handled them).
        free = pick.also(
            "(o.claimed_until IS NULL OR o.claimed_until <= ? OR o.claimed_by = ?)",
            now,
            self.worker,
        )
        async with driver.session() as db:
            return await self.lease(
                db, free, "claimed_by = ?, claimed_until = ?", self.worker, now + TIMER_LEASE
            )
