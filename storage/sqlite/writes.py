"""Statements shared by several parts of the store, run inside a caller's transaction."""

from __future__ import annotations

import json
from collections.abc import Sequence

import aiosqlite

from storage.records import Delivery, NewTimer


async def insert_deliveries(
    connection: aiosqlite.Connection,
    deliveries: Sequence[Delivery],
    now: float,
    game_id: int | None = None,
) -> list[int]:
    """Queue deliveries in the open transaction; returns their ids.

    One statement for them all (a move queues several): rows inserted together in a write
    transaction get consecutive ids, so the ids are read back from the last one."""
    if not deliveries:
        return []
    rows = [
        (
            delivery.game_id if delivery.game_id is not None else game_id,
            str(delivery.kind),
            delivery.target_id,
            delivery.lane_key(),
            json.dumps(dict(delivery.payload)),
            now,
            now + delivery.delay,
        )
        for delivery in deliveries
    ]
    await connection.executemany(
        "INSERT INTO outbox (game_id, kind, target_id, lane, payload, created_at,"
        " available_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        rows,
    )
    async with connection.execute("SELECT last_insert_rowid()") as cursor:
        row = await cursor.fetchone()
    assert row is not None
    last = int(row[0])
    return list(range(last - len(rows) + 1, last + 1))


async def insert_timers(
    connection: aiosqlite.Connection,
    timers: Sequence[NewTimer],
    game_id: int | None = None,
    *,
    replace: bool = True,
) -> list[int]:
    """Schedule timers in the open transaction; a keyed timer replaces its pending namesake,
    or, when not ``replace``, is skipped while that namesake is pending."""
    ids = []
    for timer in timers:
        owner = timer.game_id if timer.game_id is not None else game_id
        if timer.key is not None:
            if not replace:
                async with connection.execute(
                    "SELECT 1 FROM timers WHERE key = ? AND fired_at IS NULL", (timer.key,)
                ) as cursor:
                    if await cursor.fetchone() is not None:
                        continue
            await connection.execute("DELETE FROM timers WHERE key = ?", (timer.key,))
        cursor = await connection.execute(
            "INSERT INTO timers (key, game_id, kind, due_at, payload) VALUES (?, ?, ?, ?, ?)",
            (
                timer.key,
                owner,
                str(timer.kind),
                timer.due_at.timestamp(),
                json.dumps(dict(timer.payload)),
            ),
        )
        assert cursor.lastrowid is not None
        ids.append(cursor.lastrowid)
    return ids
