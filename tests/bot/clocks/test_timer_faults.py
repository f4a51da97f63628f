"""The timer dispatcher when its database fails: a timer whose work failed in a way that may
pass by itself stays pending and fires later; one refused for good is marked fired; and the
dispatcher's loop goes on through a database that does not answer for a while."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.clocks.dispatcher import TimerWorker
from bot.common.refusals import Refusal, TableBusy
from bot.wiring.loops import Supervisor
from storage import GameNotFound, NewTimer, SqliteStore, Timer, TimerKind
from tests.storage.contract import FakeClock

LOCKED = sqlite3.OperationalError("database is locked")


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(tmp_path / "t.sqlite3", clock=FakeClock())
    yield opened
    await opened.close()


async def due_timer(store: SqliteStore) -> int:
    (timer_id,) = await store.timers.schedule(
        [NewTimer(TimerKind.DEADLINE, store.database.clock())]
    )
    return timer_id


def failing_with(error: Exception) -> Callable[[Timer], Awaitable[None]]:
    async def fire(timer: Timer) -> None:
        raise error

    return fire


@pytest.mark.parametrize(
    "error",
    [LOCKED, ConnectionResetError(104, "reset"), TableBusy("Game #1 is busy.")],
    ids=["database locked", "connection reset", "game held elsewhere"],
)
async def test_a_timer_failing_for_the_moment_stays_pending(
    store: SqliteStore, error: Exception
) -> None:
    timer_id = await due_timer(store)
    worker = TimerWorker(store, failing_with(error))
    (timer,) = await store.timers.due()
    with pytest.raises(type(error)):
        await worker._fire_one(timer)
    assert [t.id for t in await store.timers.pending()] == [timer_id]


@pytest.mark.parametrize(
    "error",
    [Refusal("The game is over."), GameNotFound(7), RuntimeError("a bug")],
    ids=["refused", "game gone", "bug"],
)
async def test_a_timer_refused_for_good_is_marked_fired(
    store: SqliteStore, error: Exception, caplog: pytest.LogCaptureFixture
) -> None:
    await due_timer(store)
    worker = TimerWorker(store, failing_with(error))
    (timer,) = await store.timers.due()
    await worker._fire_one(timer)
    assert await store.timers.pending() == []
    assert "it is dropped" in caplog.text


class Flaky:
    """A store part whose every call fails while ``down`` (as a database out of reach)."""

    def __init__(self, part: Any) -> None:
        self._part = part
        self.down = False
        self.calls_refused = 0

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._part, name)

        async def call(*args: Any, **kwargs: Any) -> Any:
            if self.down:
                self.calls_refused += 1
                raise LOCKED
            return await method(*args, **kwargs)

        return call


async def test_the_dispatcher_goes_on_through_an_outage_and_fires_what_fell_due(
    store: SqliteStore, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    flaky = Flaky(store.timers)
    monkeypatch.setattr(store, "timers", flaky)
    fired: list[int] = []

    async def fire(timer: Timer) -> None:
        await store.timers.fire(timer.id)
        fired.append(timer.id)

    tiny = timedelta(milliseconds=1)
    supervisor = Supervisor(
        "timers",
        logging.getLogger("grimoire.timers"),
        first=tiny,
        longest_transient=2 * tiny,
        longest_unexpected=2 * tiny,
    )
    worker = TimerWorker(store, fire, supervisor=supervisor)
    timer_id = await due_timer(store)
    flaky.down = True
    worker.kick()
    try:
        while flaky.calls_refused < 5:  # it keeps trying while the database is out
            await worker.idle()
            await _turn()
        refused_before_fire = flaky.calls_refused
        flaky.down = False
        while not fired:
            await worker.idle()
            await _turn()
    finally:
        worker.stop()
    assert refused_before_fire >= 5
    assert fired == [timer_id]
    assert await store.timers.pending() == []
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1, [r.getMessage() for r in errors]
    assert getattr(errors[0], "error_id", None)
    assert "works again" in caplog.text


async def _turn() -> None:
    """Let the loop's wake-up (a millisecond away) come."""
    await asyncio.sleep(0.001)
