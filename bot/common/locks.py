"""One lock per game, so two clicks on the same table are handled one after the other, in
this process and in every other process serving the same database."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager

from bot.common.refusals import TableBusy
from storage import GameBusy, Store
from storage.contract.locks import GAME_LOCK_TIMEOUT


class GameLocks:
    """Hands out the lock of a game; locks nobody holds are forgotten.

    With a ``store``, holding a game's lock also holds the store's lock of that game
    (:meth:`Store.game_lock <storage.store.Store.game_lock>`), which other processes respect.
    The in-process lock is taken first, so the clicks this process waits on queue here
    rather than each keeping a database connection while it waits. Without a store (locks of
    tournaments, of hosts) the lock is this process's only. ``timeout``: the seconds the
    store's lock is waited for before the request is refused.
    """

    def __init__(self, store: Store | None = None, *, timeout: float = GAME_LOCK_TIMEOUT) -> None:
        self._store = store
        self._timeout = timeout
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """The lock of ``game_id``, for an ``async with`` block; a :class:`TableBusy` refusal
        when another process keeps the game's lock too long."""
        return self._held(game_id)

    def _local(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    @asynccontextmanager
    async def _held(self, game_id: int) -> AsyncIterator[None]:
        async with self._local(game_id):
            if self._store is None:
                yield
                return
            shared = self._store.game_lock(game_id, timeout=self._timeout)
            try:
                await shared.__aenter__()
            except GameBusy as busy:
                raise TableBusy(str(busy)) from None
            try:
                yield
            except BaseException as error:
                if not await shared.__aexit__(type(error), error, error.__traceback__):
                    raise
            else:
                await shared.__aexit__(None, None, None)
