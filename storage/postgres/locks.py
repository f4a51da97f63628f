"""Game locks of a PostgreSQL store: session advisory locks, so that every process on the
database agrees on who holds a game.

Each held lock keeps a connection of its own from a pool kept apart from the store's
transactions, so holders waiting for a connection never starve the statements they are about
to run. When a holder's connection is lost, the server ends its session and frees its locks.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg

from storage.errors import GameBusy
from storage.postgres.connection import Connection

log = logging.getLogger(__name__)

#: Namespace of games' advisory locks (beside the outbox lanes' and timer keys', 1 and 2).
GAME_LOCK = 3
#: Advisory lock keys are 32-bit: game ids beyond that share a lock with an older game, which
#: only ever makes two games wait on each other.
_KEYS = 2**31


@asynccontextmanager
async def game_lock(pool: asyncpg.Pool, game_id: int, timeout: float) -> AsyncIterator[None]:
    """Hold the advisory lock of ``game_id`` on a connection of ``pool`` for the block
    (``GameBusy`` after ``timeout`` seconds of waiting for the lock).

    Waiting for a free connection does not count: that is this process being busy with other
    games, as its moves would queue for the store's own connections, not this game being
    held elsewhere."""
    key = game_id % _KEYS
    timeout_ms = max(1, round(timeout * 1000))
    connection = await pool.acquire()
    try:
        try:
            # One round trip: the statements are plain numbers, sent as one simple query.
            await connection.execute(
                f"SET lock_timeout = {timeout_ms}; SELECT pg_advisory_lock({GAME_LOCK}, {key})"
            )
        except (asyncpg.LockNotAvailableError, asyncpg.DeadlockDetectedError):
            # Timed out; or, holding another game's lock, waiting in a circle with a holder
            # that waits for ours (the server breaks the circle by refusing one of them).
            raise GameBusy(game_id) from None
        yield
    finally:
        await _release(pool, connection, key)


async def _release(pool: asyncpg.Pool, connection: Connection, key: int) -> None:
    """Give the connection back: the pool's reset of its session frees the lock (and the
    timeout set with it) in the same round trip. If the connection cannot say so, the pool
    ends its session, which frees it too (the work done under the lock is committed
    already, so it is not reported as failed). The pool finishes the release even when the
    holder is cancelled meanwhile."""
    try:
        await pool.release(connection)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
        log.warning("Could not release a game's lock (key %s); its session is ended.", key)
