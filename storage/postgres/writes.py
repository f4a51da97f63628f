"""Statements shared by several parts of the store, run inside a caller's transaction."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from storage.postgres.connection import Connection
from storage.records import Delivery, NewTimer

#: Namespaces of the advisory locks taken per outbox lane and per timer key.
LANE_LOCK = 1
TIMER_KEY_LOCK = 2


async def lock_names(connection: Connection, namespace: int, names: Sequence[str]) -> None:
    """Hold, until the transaction ends, a lock per name (in one order, so two transactions
    locking several never wait on each other in a circle)."""
    await lock_groups(connection, [(namespace, names)])


async def lock_groups(connection: Connection, groups: Sequence[tuple[int, Sequence[str]]]) -> None:
    """Hold, until the transaction ends, a lock per name of each ``(namespace, names)``
    group, in one round trip: group by group in the order given, each group's names in
    sorted order (the order every writer takes them in, so none waits in a circle)."""
    namespaces: list[int] = []
    keys: list[str] = []
    for namespace, names in groups:
        for name in sorted(set(names)):
            namespaces.append(namespace)
            keys.append(name)
    if not keys:
        return
    # The locks are taken row by row in the arrays' order (the function is volatile, so it
    # is called as each row is produced, after the ordering).
    await connection.execute(
        "SELECT count(pg_advisory_xact_lock(l.namespace, hashtext(l.name))) FROM"
        " (SELECT namespace, name FROM unnest($1::int[], $2::text[]) WITH ORDINALITY"
        " AS u(namespace, name, n) ORDER BY n) AS l",
        namespaces,
        keys,
    )


async def insert_deliveries(
    connection: Connection,
    deliveries: Sequence[Delivery],
    now: datetime,
    game_id: int | None = None,
    *,
    locked: bool = False,
) -> list[int]:
    """Queue deliveries in the open transaction; returns their ids.

    The lanes are locked first (unless the caller did: ``locked``): ids are handed out when
    a row is inserted, not when it is committed, so without the lock a later item of a lane
    could become visible (and be sent) before an earlier one still being written."""
    if not deliveries:
        return []
    if not locked:
        await lock_names(connection, LANE_LOCK, [d.lane_key() for d in deliveries])
    sql, params = outbox_insert(deliveries, now, game_id)
    return sorted(int(row["id"]) for row in await connection.fetch(sql, *params))


def outbox_insert(
    deliveries: Sequence[Delivery], now: datetime, game_id: int | None, first: int = 1
) -> tuple[str, list[Any]]:
    """One ``INSERT`` of every delivery (parameters numbered from ``$first``); the ids,
    sorted, are in the deliveries' order: rows are inserted in that order, so the ids handed
    out rise with it."""
    p = [f"${first + n}" for n in range(7)]
    sql = (
        "INSERT INTO outbox (game_id, kind, target_id, lane, payload, created_at, available_at)"
        f" SELECT d.game_id, d.kind, d.target_id, d.lane, d.payload::jsonb, {p[5]}::timestamptz,"
        f" {p[5]}::timestamptz + make_interval(secs => d.delay) FROM"
        f" unnest({p[0]}::bigint[], {p[1]}::text[], {p[2]}::bigint[], {p[3]}::text[],"
        f" {p[4]}::text[], {p[6]}::float8[])"
        " WITH ORDINALITY AS d(game_id, kind, target_id, lane, payload, delay, n)"
        " ORDER BY d.n RETURNING id"
    )
    params: list[Any] = [
        [d.game_id if d.game_id is not None else game_id for d in deliveries],
        [str(d.kind) for d in deliveries],
        [d.target_id for d in deliveries],
        [d.lane_key() for d in deliveries],
        [json.dumps(dict(d.payload)) for d in deliveries],
        now,
        [d.delay for d in deliveries],
    ]
    return sql, params


async def insert_timers(
    connection: Connection,
    timers: Sequence[NewTimer],
    game_id: int | None = None,
    *,
    replace: bool = True,
    locked: bool = False,
) -> list[int]:
    """Schedule timers in the open transaction; a keyed timer replaces its pending namesake,
    or, when not ``replace``, is skipped while that namesake is pending. Keys are locked
    first (unless the caller did: ``locked``), so two processes scheduling the same key one
    after the other never collide."""
    if not timers:
        return []
    keys = [t.key for t in timers if t.key is not None]
    if not locked:
        await lock_names(connection, TIMER_KEY_LOCK, keys)
    if len(set(keys)) != len(keys):
        # A key twice in one batch: each timer in turn, as the later replaces (or is
        # skipped for) the earlier.
        return [i for t in timers for i in await _insert_timer(connection, t, game_id, replace)]
    if keys and not replace:
        pending = {
            row["key"]
            for row in await connection.fetch(
                "SELECT key FROM timers WHERE key = ANY($1::text[]) AND fired_at IS NULL", keys
            )
        }
        timers = [t for t in timers if t.key not in pending]
        if not timers:
            return []
    sql, params = timers_insert(timers, game_id)
    return sorted(int(row["id"]) for row in await connection.fetch(sql, *params))


def timers_insert(
    timers: Sequence[NewTimer], game_id: int | None, first: int = 1
) -> tuple[str, list[Any]]:
    """One ``INSERT`` of every timer (parameters numbered from ``$first``), each replacing
    its namesake; the ids, sorted, are in the timers' order. No key may come twice."""
    p = [f"${first + n}" for n in range(5)]
    sql = (
        "INSERT INTO timers (key, game_id, kind, due_at, payload)"
        " SELECT t.key, t.game_id, t.kind, t.due_at, t.payload::jsonb FROM"
        f" unnest({p[0]}::text[], {p[1]}::bigint[], {p[2]}::text[], {p[3]}::timestamptz[],"
        f" {p[4]}::text[]) WITH ORDINALITY AS t(key, game_id, kind, due_at, payload, n)"
        " ORDER BY t.n"
        # A namesake, pending or fired, is replaced: a new id, so that whoever leased the
        # old one finds it gone, as if it had been deleted and this one inserted.
        " ON CONFLICT (key) DO UPDATE SET"
        " (id, game_id, kind, due_at, payload, fired_at, claimed_by, claimed_until) ="
        " (excluded.id, excluded.game_id, excluded.kind, excluded.due_at, excluded.payload,"
        " NULL, NULL, NULL) RETURNING id"
    )
    params: list[Any] = [
        [t.key for t in timers],
        [t.game_id if t.game_id is not None else game_id for t in timers],
        [str(t.kind) for t in timers],
        [t.due_at for t in timers],
        [json.dumps(dict(t.payload)) for t in timers],
    ]
    return sql, params


async def _insert_timer(
    connection: Connection, timer: NewTimer, game_id: int | None, replace: bool
) -> list[int]:
    """One timer scheduled on its own (its key already locked)."""
    if (
        timer.key is not None
        and not replace
        and await connection.fetchval(
            "SELECT 1 FROM timers WHERE key = $1 AND fired_at IS NULL", timer.key
        )
    ):
        return []
    sql, params = timers_insert([timer], game_id)
    return [int(await connection.fetchval(sql, *params))]
