"""Statements shared by several parts of the store, run inside a caller's transaction."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from storage.postgres.database import Connection
from storage.records import Delivery, NewTimer

#: Namespaces of the advisory locks taken per outbox lane and per timer key.
LANE_LOCK = 1
TIMER_KEY_LOCK = 2


async def lock_names(connection: Connection, namespace: int, names: Sequence[str]) -> None:
    """Hold, until the transaction ends, a lock per name (in one order, so two transactions
    locking several never wait on each other in a circle)."""
    for name in sorted(set(names)):
        await connection.execute("SELECT pg_advisory_xact_lock($1, hashtext($2))", namespace, name)


async def insert_deliveries(
    connection: Connection,
    deliveries: Sequence[Delivery],
    now: datetime,
    game_id: int | None = None,
) -> list[int]:
    """Queue deliveries in the open transaction; returns their ids.

    The lanes are locked first: ids are handed out when a row is inserted, not when it is
    committed, so without the lock a later item of a lane could become visible (and be sent)
    before an earlier one still being written."""
    if not deliveries:
        return []
    await lock_names(connection, LANE_LOCK, [d.lane_key() for d in deliveries])
    ids = []
    for delivery in deliveries:
        ids.append(
            await connection.fetchval(
                "INSERT INTO outbox (game_id, kind, target_id, lane, payload, created_at,"
                " available_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id",
                delivery.game_id if delivery.game_id is not None else game_id,
                str(delivery.kind),
                delivery.target_id,
                delivery.lane_key(),
                json.dumps(dict(delivery.payload)),
                now,
            )
        )
    return [int(i) for i in ids]


async def insert_timers(
    connection: Connection,
    timers: Sequence[NewTimer],
    game_id: int | None = None,
    *,
    replace: bool = True,
) -> list[int]:
    """Schedule timers in the open transaction; a keyed timer replaces its pending namesake,
    or, when not ``replace``, is skipped while that namesake is pending. Keys are locked
    first, so two processes scheduling the same key one after the other never collide."""
    await lock_names(connection, TIMER_KEY_LOCK, [t.key for t in timers if t.key is not None])
    ids = []
    for timer in timers:
        owner = timer.game_id if timer.game_id is not None else game_id
        if timer.key is not None:
            if not replace and await connection.fetchval(
                "SELECT 1 FROM timers WHERE key = $1 AND fired_at IS NULL", timer.key
            ):
                continue
            await connection.execute("DELETE FROM timers WHERE key = $1", timer.key)
        timer_id = await connection.fetchval(
            "INSERT INTO timers (key, game_id, kind, due_at, payload)"
            " VALUES ($1, $2, $3, $4, $5) RETURNING id",
            timer.key,
            owner,
            str(timer.kind),
            timer.due_at,
            json.dumps(dict(timer.payload)),
        )
        ids.append(int(timer_id))
    return ids
