"""The timer dispatcher on its own: everything due fires, a broken timer does not block the
rest, and it goes back to sleep."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.clocks.dispatcher import TimerWorker
from storage import NewTimer, SqliteStore, Timer, TimerKind
from tests.storage.contract import FakeClock


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(tmp_path / "t.sqlite3", clock=FakeClock())
    yield opened
    await opened.close()


async def test_due_timers_fire_in_order_and_a_broken_one_is_dropped(store: SqliteStore) -> None:
    now = store.database.clock()
    broken, good = await store.timers.schedule(
        [NewTimer(TimerKind.REMINDER, now), NewTimer(TimerKind.DIGEST, now)]
    )
    (later,) = await store.timers.schedule([NewTimer(TimerKind.DIGEST, now + timedelta(days=9))])
    fired: list[int] = []
    after: list[str] = []

    async def fire(timer: Timer) -> None:
        fired.append(timer.id)
        if timer.id == broken:
            raise RuntimeError("a bug")
        await store.timers.fire(timer.id)

    worker = TimerWorker(store, fire, fired=lambda: after.append("kicked"))
    worker.kick()
    await worker.idle()
    worker.stop()
    assert fired == [broken, good]
    assert after == ["kicked"]
    assert [t.id for t in await store.timers.pending()] == [later]
