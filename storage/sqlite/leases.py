"""SQLite's way of handing out work (:class:`~storage.sql.leases.Leases`): one writer.

A write transaction holds the file's lock from its ``BEGIN IMMEDIATE`` to its end, so the
rows it picks nobody else is picking, and nothing needs skipping. The timers of a file
belong to the one process that has it open: due ones are read, not leased (the timers
table has no lease columns); the outbox's items are leased all the same, so that a worker
that stopped half-way leaves its items to be taken again once the lease runs out.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from storage.sql.driver import Driver, Row, Session
from storage.sql.leases import Pick


class SqliteLeases:
    """:class:`~storage.sql.leases.Leases` for one SQLite file."""

    skip_locked = ""
    timer_released = ""

    async def lease(
        self, db: Session, pick: Pick, assign: str, *assign_params: Any
    ) -> Sequence[Row]:
        picked, params = pick.select("o.id")
        return await db.fetch_all(
            f"UPDATE {pick.table} SET {assign} WHERE id IN ({picked}) RETURNING *",
            *assign_params,
            *params,
        )

    async def due_timers(self, driver: Driver, pick: Pick, now: datetime) -> Sequence[Row]:
        sql, params = pick.select()
        return await driver.read(sql, *params)
