"""The outbox of Discord deliveries in SQLite."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

import aiosqlite

from storage.contract.outbox import Outbox
from storage.errors import DeliveryNotFound
from storage.records import Delivery, DeliveryKind, OutboxItem
from storage.retry import MAX_ATTEMPTS, retry_delay
from storage.sql import rows
from storage.sqlite.database import Database, fetch_all, from_epoch, to_epoch
from storage.sqlite.writes import insert_deliveries

_WAITING = "done_at IS NULL AND failed_at IS NULL"


class SqliteOutbox(Outbox):
    """:class:`~storage.contract.outbox.Outbox` on one SQLite database."""

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
            # and no older item of its lane is still waiting.
            claimed = await fetch_all(
                db,
                "UPDATE outbox SET claimed_by = ?, claimed_until = ?, attempts = attempts + 1"
                " WHERE id IN (SELECT o.id FROM outbox o"
                f" WHERE o.{_WAITING} AND o.available_at <= ?"
                " AND (o.claimed_until IS NULL OR o.claimed_until <= ?)"
                " AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.lane = o.lane AND p.id < o.id"
                " AND p.done_at IS NULL AND p.failed_at IS NULL)"
                " ORDER BY o.id LIMIT ?) RETURNING *",
                (worker, now + lease.total_seconds(), now, now, limit),
            )
        return sorted((rows.outbox_item(row) for row in claimed), key=lambda item: item.id)

    async def mark_done(self, item_id: int) -> None:
        async with self._db.transaction() as db:
            cursor = await db.execute(
                "UPDATE outbox SET done_at = ?, claimed_until = NULL WHERE id = ?"
                " AND done_at IS NULL",
                (self._db.now(), item_id),
            )
            if cursor.rowcount == 0:
                await _require(db, item_id)

    async def mark_failed(
        self, item_id: int, *, error: str, permanent: bool = False, transient: bool = False
    ) -> OutboxItem:
        now = self._db.now()
        async with self._db.transaction() as db:
            item = await _require(db, item_id)
            if item.done_at is None and item.failed_at is None:
                if permanent or (not transient and item.attempts >= MAX_ATTEMPTS):
                    await db.execute(
                        "UPDATE outbox SET failed_at = ?, claimed_until = NULL, last_error = ?"
                        " WHERE id = ?",
                        (now, error, item_id),
                    )
                else:
                    retry_at = now + retry_delay(item.attempts).total_seconds()
                    await db.execute(
                        "UPDATE outbox SET available_at = ?, claimed_until = NULL,"
                        " last_error = ? WHERE id = ?",
                        (retry_at, error, item_id),
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
            "SELECT * FROM outbox WHERE game_id = ? AND kind = ? AND target_id = ?"
            " AND failed_at IS NOT NULL ORDER BY id",
            (game_id, kind.value, target_id),
        )
        return [rows.outbox_item(row) for row in found]

    async def prune(self, *, done_before: datetime, given_up_before: datetime) -> int:
        removed = 0
        while True:
            batch = await _prune_batch(self._db, to_epoch(done_before), to_epoch(given_up_before))
            removed += batch
            if batch < PRUNE_BATCH:
                return removed

    async def newer_waiting(self, item: OutboxItem) -> bool:
        row = await self._db.fetch_one(
            f"SELECT 1 FROM outbox WHERE {_WAITING} AND id > ? AND kind = ? AND target_id = ?"
            " AND game_id IS ? LIMIT 1",
            (item.id, item.kind.value, item.target_id, item.game_id),
        )
        return row is not None

    async def next_available_at(self) -> datetime | None:
        row = await self._db.fetch_one(
            "SELECT min(max(available_at, coalesce(claimed_until, 0))) AS at FROM outbox"
            f" WHERE {_WAITING}"
        )
        return from_epoch(row["at"]) if row is not None else None


#: Rows deleted per transaction, so pruning never holds the file's write lock for long.
PRUNE_BATCH = 2000


async def _prune_batch(db: Database, done_before: float, given_up_before: float) -> int:
    async with db.transaction() as connection:
        cursor = await connection.execute(
            "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox"
            " WHERE done_at < ? OR (failed_at < ? AND done_at IS NULL) LIMIT ?)",
            (done_before, given_up_before, PRUNE_BATCH),
        )
        return cursor.rowcount


async def _require(db: aiosqlite.Connection, item_id: int) -> OutboxItem:
    found = await fetch_all(db, "SELECT * FROM outbox WHERE id = ?", (item_id,))
    if not found:
        raise DeliveryNotFound(f"There is no queued delivery #{item_id}.")
    return rows.outbox_item(found[0])
