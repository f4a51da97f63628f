"""The outbox of Discord deliveries in PostgreSQL, leased to workers in several processes."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from storage.contract.outbox import Outbox
from storage.errors import DeliveryNotFound
from storage.postgres.database import Connection, Database, affected
from storage.postgres.writes import insert_deliveries
from storage.records import Delivery, DeliveryKind, OutboxItem
from storage.retry import MAX_ATTEMPTS, retry_delay
from storage.sql import rows

_WAITING = "done_at IS NULL AND failed_at IS NULL"
#: Rows deleted per transaction, so pruning never holds many row locks for long.
PRUNE_BATCH = 2000


class PostgresOutbox(Outbox):
    """:class:`~storage.contract.outbox.Outbox` on one PostgreSQL database."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def enqueue(self, deliveries: Sequence[Delivery]) -> list[int]:
        async with self._db.transaction() as db:
            return await insert_deliveries(db, deliveries, self._db.now())

    async def claim(
        self, *, worker: str, limit: int = 20, lease: timedelta = timedelta(seconds=60)
    ) -> list[OutboxItem]:
        now = self._db.now()
        async with self._db.transaction() as db:
            # An item is free when due, not leased (or its lease ran out: the worker died),
            # and no older item of its lane is still waiting, leased or not. SKIP LOCKED:
            # an item another process is claiming right now is left to it, not waited for;
            # once that claim commits, the lease it wrote keeps the item out of this one.
            # MATERIALIZED: the pick runs once (as a subquery of the UPDATE, the planner
            # may run it again per row and go past the limit).
            claimed = await db.fetch(
                "WITH picked AS MATERIALIZED (SELECT o.id FROM outbox o"
                f" WHERE o.{_WAITING} AND o.available_at <= $3"
                " AND (o.claimed_until IS NULL OR o.claimed_until <= $3)"
                " AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.lane = o.lane AND p.id < o.id"
                " AND p.done_at IS NULL AND p.failed_at IS NULL)"
                " ORDER BY o.id LIMIT $4 FOR UPDATE SKIP LOCKED)"
                " UPDATE outbox SET claimed_by = $1, claimed_until = $2, attempts = attempts + 1"
                " FROM picked WHERE outbox.id = picked.id RETURNING outbox.*",
                worker,
                now + lease,
                now,
                limit,
            )
        return sorted((rows.outbox_item(row) for row in claimed), key=lambda item: item.id)

    async def mark_done(self, item_id: int) -> None:
        async with self._db.transaction() as db:
            status = await db.execute(
                "UPDATE outbox SET done_at = $1, claimed_until = NULL WHERE id = $2"
                " AND done_at IS NULL",
                self._db.now(),
                item_id,
            )
            if affected(status) == 0:
                await _require(db, item_id)

    async def mark_failed(
        self, item_id: int, *, error: str, permanent: bool = False, transient: bool = False
    ) -> OutboxItem:
        now = self._db.now()
        async with self._db.transaction() as db:
            item = await _require(db, item_id, lock=True)
            if item.done_at is None and item.failed_at is None:
                if permanent or (not transient and item.attempts >= MAX_ATTEMPTS):
                    await db.execute(
                        "UPDATE outbox SET failed_at = $1, claimed_until = NULL, last_error = $2"
                        " WHERE id = $3",
                        now,
                        error,
                        item_id,
                    )
                else:
                    await db.execute(
                        "UPDATE outbox SET available_at = $1, claimed_until = NULL,"
                        " last_error = $2 WHERE id = $3",
                        now + retry_delay(item.attempts),
                        error,
                        item_id,
                    )
            return await _require(db, item_id)

    async def get(self, item_id: int) -> OutboxItem:
        async with self._db.snapshot() as db:
            return await _require(db, item_id)

    async def pending(self) -> list[OutboxItem]:
        found = await self._db.fetch_all(f"SELECT * FROM outbox WHERE {_WAITING} ORDER BY id")
        return [rows.outbox_item(row) for row in found]

    async def given_up(
        self, *, game_id: int, kind: DeliveryKind, target_id: int
    ) -> list[OutboxItem]:
        found = await self._db.fetch_all(
            "SELECT * FROM outbox WHERE game_id = $1 AND kind = $2 AND target_id = $3"
            " AND failed_at IS NOT NULL ORDER BY id",
            (game_id, kind.value, target_id),
        )
        return [rows.outbox_item(row) for row in found]

    async def prune(self, *, done_before: datetime, given_up_before: datetime) -> int:
        removed = 0
        while True:
            async with self._db.transaction() as db:
                status = await db.execute(
                    "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox"
                    " WHERE done_at < $1 OR (failed_at < $2 AND done_at IS NULL) LIMIT $3"
                    " FOR UPDATE SKIP LOCKED)",
                    done_before,
                    given_up_before,
                    PRUNE_BATCH,
                )
            batch = affected(status)
            removed += batch
            if batch < PRUNE_BATCH:
                return removed

    async def newer_waiting(self, item: OutboxItem) -> bool:
        row = await self._db.fetch_one(
            f"SELECT 1 FROM outbox WHERE {_WAITING} AND id > $1 AND kind = $2 AND target_id = $3"
            " AND game_id IS NOT DISTINCT FROM $4 LIMIT 1",
            (item.id, item.kind.value, item.target_id, item.game_id),
        )
        return row is not None

    async def next_available_at(self) -> datetime | None:
        at: datetime | None = await self._db.fetch_value(
            f"SELECT min(greatest(available_at, claimed_until)) FROM outbox WHERE {_WAITING}"
        )
        return at


async def _require(db: Connection, item_id: int, *, lock: bool = False) -> OutboxItem:
    sql = "SELECT * FROM outbox WHERE id = $1" + (" FOR UPDATE" if lock else "")
    row = await db.fetchrow(sql, item_id)
    if row is None:
        raise DeliveryNotFound(f"There is no queued delivery #{item_id}.")
    return rows.outbox_item(row)
