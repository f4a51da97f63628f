"""Game locks of a PostgreSQL store: session advisory locks, so that every process on the
database agrees on who holds a game.

Each held lock keeps a connection of its own from a pool kept apart from the store's
transactions, so holders waiting for a connection never starve the statements they are about
to run. When a holder's connection is lost, the server ends its session and frees its locks.
"""

from __future__ import annotations

import asyncio
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
        try:
            yield
        finally:
            await _unlock(connection, key)
    finally:
        # Releasing resets the session too, which frees every advisory lock it still holds.
        await pool.release(connection)


async def _unlock(connection: Connection, key: int) -> None:
    """Free the lock; if the connection cannot say so, end its session, which frees it too
    (the work done under the lock is committed already, so it is not reported as failed)."""
    try:
        await connection.execute(f"SELECT pg_advisory_unlock({GAME_LOCK}, {key})")
    except asyncio.CancelledError:
        connection.terminate()
        raise
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
        log.warning("Could not release a game's lock (key %s); its session is ended.", key)
        connection.terminate()
