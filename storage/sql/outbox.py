"""The outbox of Discord deliveries (the one SQL for both backends), leased to workers the
backend's way (:class:`~storage.sql.leases.Leases`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from storage.contract.outbox import Outbox
from storage.errors import DeliveryNotFound
from storage.records import Delivery, DeliveryKind, OutboxItem
from storage.retry import MAX_ATTEMPTS, retry_delay
from storage.sql import rows
from storage.sql.driver import Driver, Session
from storage.sql.leases import Leases, Pick

_WAITING = "done_at IS NULL AND failed_at IS NULL"
#: Rows deleted per transaction, so that pruning never holds the database's locks for long
#: (SQLite's on the file, PostgreSQL's on the rows).
PRUNE_BATCH = 2000


class SqlOutbox(Outbox):
    """:class:`~storage.contract.outbox.Outbox` on either backend, leasing items the
    backend's way (``leases``)."""

    def __init__(self, driver: Driver, leases: Leases) -> None:
        self._db = driver
        self._d = driver.dialect
        self._leases = leases

    async def enqueue(self, deliveries: Sequence[Delivery]) -> list[int]:
        async with self._db.session() as db:
            return await db.insert_deliveries(deliveries)

    async def claim(
        self, *, worker: str, limit: int = 20, lease: timedelta = timedelta(seconds=60)
    ) -> list[OutboxItem]:
        now = self._db.clock()
        # An item is free when due, not leased (or its lease ran out: the worker died),
        # and no older item of its lane is still waiting, leased or not.
        free = Pick(
            "outbox",
            f"o.{_WAITING} AND o.available_at <= ?"
            " AND (o.claimed_until IS NULL OR o.claimed_until <= ?)"
            " AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.lane = o.lane AND p.id < o.id"
            " AND p.done_at IS NULL AND p.failed_at IS NULL)",
            (self._d.time(now), self._d.time(now)),
            "o.id",
            limit,
        )
        async with self._db.session() as db:
            claimed = await self._leases.lease(
                db,
                free,
                "claimed_by = ?, claimed_until = ?, attempts = attempts + 1",
                worker,
                self._d.time(now + lease),
            )
        return sorted((rows.outbox_item(row) for row in claimed), key=lambda item: item.id)

    async def mark_done(self, item_id: int) -> None:
        now = self._d.time(self._db.clock())
        async with self._db.session() as db:
            changed = await db.execute(
                "UPDATE outbox SET done_at = ?, claimed_until = NULL WHERE id = ?"
                " AND done_at IS NULL",
                now,
                item_id,
            )
            if changed == 0:
                await self._require(db, item_id)

    async def mark_failed(
        self, item_id: int, *, error: str, permanent: bool = False, transient: bool = False
    ) -> OutboxItem:
        now = self._db.clock()
        async with self._db.session() as db:
            item = await self._require(db, item_id, lock=True)
            if item.done_at is None and item.failed_at is None:
                if permanent or (not transient and item.attempts >= MAX_ATTEMPTS):
                    await db.execute(
                        "UPDATE outbox SET failed_at = ?, claimed_until = NULL, last_error = ?"
                        " WHERE id = ?",
                        self._d.time(now),
                        error,
                        item_id,
                    )
                else:
                    await db.execute(
                        "UPDATE outbox SET available_at = ?, claimed_until = NULL,"
                        " last_error = ? WHERE id = ?",
                        self._d.time(now + retry_delay(item.attempts)),
                        error,
                        item_id,
                    )
            return await self._require(db, item_id)

    async def get(self, item_id: int) -> OutboxItem:
        async with self._db.session(write=False) as db:
            return await self._require(db, item_id)

    async def pending(self) -> list[OutboxItem]:
        found = await self._db.read(f"SELECT * FROM outbox WHERE {_WAITING} ORDER BY id")
        return [rows.outbox_item(row) for row in found]

    async def given_up(
        self, *, game_id: int, kind: DeliveryKind, target_id: int
    ) -> list[OutboxItem]:
        found = await self._db.read(
            "SELECT * FROM outbox WHERE game_id = ? AND kind = ? AND target_id = ?"
            " AND failed_at IS NOT NULL ORDER BY id",
            game_id,
            kind.value,
            target_id,
        )
        return [rows.outbox_item(row) for row in found]

    async def prune(self, *, done_before: datetime, given_up_before: datetime) -> int:
        removed = 0
        while True:
            async with self._db.session() as db:
                batch = await db.execute(
                    "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox"
                    " WHERE done_at < ? OR (failed_at < ? AND done_at IS NULL)"
                    f" LIMIT ?{self._leases.skip_locked})",
                    self._d.time(done_before),
                    self._d.time(given_up_before),
                    PRUNE_BATCH,
                )
            removed += batch
            if batch < PRUNE_BATCH:
                return removed

    async def newer_waiting(self, item: OutboxItem) -> bool:
        found = await self._db.read(
            f"SELECT 1 FROM outbox WHERE {_WAITING} AND id > ? AND kind = ? AND target_id = ?"
            f" AND {self._d.same('game_id')} LIMIT 1",
            item.id,
            item.kind.value,
            item.target_id,
            item.game_id,
        )
        return bool(found)

    async def waiting_behind(self, item: OutboxItem) -> list[OutboxItem]:
        found = await self._db.read(
            f"SELECT * FROM outbox WHERE {_WAITING} AND id > ? AND kind = ? AND target_id = ?"
            f" AND {self._d.same('game_id')} ORDER BY id",
            item.id,
            item.kind.value,
            item.target_id,
            item.game_id,
        )
        return [rows.outbox_item(row) for row in found]

    async def settle_older(self, item: OutboxItem, *, lane: str) -> int:
        now = self._d.time(self._db.clock())
        async with self._db.session() as db:
            return await db.execute(
                f"UPDATE outbox SET done_at = ? WHERE {_WAITING} AND id < ? AND kind = ?"
                f" AND target_id = ? AND {self._d.same('game_id')} AND lane = ?"
                " AND (claimed_until IS NULL OR claimed_until <= ?)",
                now,
                item.id,
                item.kind.value,
                item.target_id,
                item.game_id,
                lane,
                now,
            )

    async def next_available_at(self) -> datetime | None:
        # A leased item is available again when its lease runs out, if that is later.
        found = await self._db.read(
            "SELECT min(CASE WHEN claimed_until > available_at THEN claimed_until"
            f" ELSE available_at END) AS at FROM outbox WHERE {_WAITING}"
        )
        return rows.from_stored(found[0]["at"])

    async def _require(self, db: Session, item_id: int, *, lock: bool = False) -> OutboxItem:
        """The item ``item_id`` (locked until the transaction ends, with ``lock``, where the
        backend locks rows); :class:`~storage.errors.DeliveryNotFound` if there is none."""
        lock_it = self._d.for_update if lock else ""
        row = await db.fetch_one(f"SELECT * FROM outbox WHERE id = ?{lock_it}", item_id)
        if row is None:
            raise DeliveryNotFound(f"There is no queued delivery #{item_id}.")
        return rows.outbox_item(row)
