"""One lock per game, so two clicks on the same table are handled one after the other."""

from __future__ import annotations

import asyncio
import weakref


class GameLocks:
    """Hands out the lock of a game; locks nobody holds are forgotten."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, game_id: int) -> asyncio.Lock:
        """The lock of ``game_id``."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock
