"""Contract: each game's lock has one holder at a time, across stores on one database (as
across processes), and is freed however its holder's block ends."""

from __future__ import annotations

import asyncio

import pytest

from storage import GameBusy, Store
from tests.storage.contract import StoreFactory

#: Long enough for a free lock to be taken on a busy machine, short enough for a test.
SHORT = 0.3


class _Boom(Exception):
    pass


class GameLockContract:
    """What every store's game locks do."""

    async def test_two_stores_cannot_hold_one_games_lock_at_once(
        self, store: Store, open_store: StoreFactory
    ) -> None:
        other = await open_store()
        async with store.game_lock(7):
            with pytest.raises(GameBusy, match="Game #7 is busy"):
                async with other.game_lock(7, timeout=SHORT):
                    pytest.fail("two holders of one game's lock")
        async with other.game_lock(7, timeout=SHORT):
            pass  # free again once its holder is done

    async def test_a_waiter_gets_the_lock_when_its_holder_lets_go(
        self, store: Store, open_store: StoreFactory
    ) -> None:
        other = await open_store()
        order: list[str] = []
        holding = asyncio.Event()

        async def first() -> None:
            async with store.game_lock(3):
                holding.set()
                await asyncio.sleep(0.2)
                order.append("first done")

        async def second() -> None:
            await holding.wait()
            async with other.game_lock(3):
                order.append("second in")

        await asyncio.gather(first(), second())
        assert order == ["first done", "second in"]

    async def test_different_games_do_not_block_each_other(
        self, store: Store, open_store: StoreFactory
    ) -> None:
        other = await open_store()
        async with (
            store.game_lock(1),
            other.game_lock(2, timeout=SHORT),
            store.game_lock(3, timeout=SHORT),
        ):
            pass

    async def test_a_lock_is_released_when_its_holders_block_raises(
        self, store: Store, open_store: StoreFactory
    ) -> None:
        other = await open_store()
        with pytest.raises(_Boom):
            async with store.game_lock(5):
                raise _Boom()
        async with other.game_lock(5, timeout=SHORT):
            pass

    async def test_a_cancelled_holder_frees_the_lock(
        self, store: Store, open_store: StoreFactory
    ) -> None:
        other = await open_store()
        holding = asyncio.Event()

        async def holder() -> None:
            async with store.game_lock(9):
                holding.set()
                await asyncio.sleep(60)

        task = asyncio.create_task(holder())
        await holding.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        async with other.game_lock(9, timeout=SHORT):
            pass

    async def test_many_games_held_at_once_do_not_make_another_game_busy(
        self, store: Store
    ) -> None:
        """More games held than the store has connections for: the next game's lock waits
        for one, however long, and is not refused as busy (no one else holds that game)."""
        holding = asyncio.Event()
        release = asyncio.Event()

        async def holder(game_id: int) -> None:
            async with store.game_lock(game_id):
                holding.set()
                await release.wait()

        holders = [asyncio.create_task(holder(game_id)) for game_id in range(100, 112)]
        await holding.wait()
        waiter = asyncio.create_task(self._take(store, 200))
        await asyncio.sleep(SHORT * 2)  # longer than the waiter's timeout
        release.set()
        assert await waiter == "held"
        await asyncio.gather(*holders)

    @staticmethod
    async def _take(store: Store, game_id: int) -> str:
        async with store.game_lock(game_id, timeout=SHORT):
            return "held"
