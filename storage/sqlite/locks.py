"""Game locks of an SQLite store: in-process locks, shared by every store this process opens
on the same file. One process serves an SQLite file, so they are as good as database locks."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from storage.errors import GameBusy

#: The locks someone holds or waits for, by database file and game; the rest are forgotten.
_locks: weakref.WeakValueDictionary[tuple[str, int], asyncio.Lock] = weakref.WeakValueDictionary()


@asynccontextmanager
async def game_lock(database: str, game_id: int, timeout: float) -> AsyncIterator[None]:
    """Hold the lock of ``game_id`` in the database file ``database`` for the block
    (``GameBusy`` after ``timeout`` seconds of waiting)."""
    key = (database, game_id)
    lock = _locks.get(key)
    if lock is None:
        lock = _locks[key] = asyncio.Lock()
    try:
        await asyncio.wait_for(lock.acquire(), timeout)
    except TimeoutError:
        raise GameBusy(game_id) from None
    try:
        yield
    finally:
        lock.release()
