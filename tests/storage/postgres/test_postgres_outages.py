"""The PostgreSQL store through its server's troubles, on the tests' throwaway server: after
a restart (orderly or a crash) the next call succeeds, its stale pooled connection replaced
unseen; while the server hangs, the bounded round trip gives up (the health check's), and
the store works again once the server goes on."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator

import pytest

from storage import GameBusy, NewTimer, TimerKind
from storage.errors import is_transient
from storage.health import ping
from storage.postgres.store import PostgresStore
from tests.storage.contract import FakeClock
from tests.storage.postgres.server_faults import hung, restart
from tests.storage.postgres_server import Server

pytestmark = pytest.mark.slow

#: The health check's own bound on the database's answer (``bot/ops/health.py``).
BOUND = 4.0
#: Seconds after which an answer bounded by :data:`BOUND` counts as never coming.
GENEROUSLY = 20.0


@pytest.fixture
async def store(postgres_url: str) -> AsyncIterator[PostgresStore]:
    opened = await PostgresStore.open(postgres_url, clock=FakeClock(), pool_size=3)
    try:
        yield opened
    finally:
        await opened.close()


async def _pool_in_use(store: PostgresStore) -> None:
    """Open connections in both pools, as a running bot has them."""
    await asyncio.gather(*(store.timers.pending() for _ in range(3)))
    async with store.game_lock(1):
        pass


@pytest.mark.parametrize("crash", [False, True], ids=["restart", "crash-restart"])
async def test_the_first_calls_after_a_server_restart_succeed(
    store: PostgresStore,
    postgres_server: Server,
    crash: bool,
    caplog: pytest.LogCaptureFixture,
) -> None:
    await _pool_in_use(store)
    await restart(postgres_server, crash=crash)
    assert await store.timers.pending() == []  # a read first

    await _pool_in_use(store)
    await restart(postgres_server, crash=crash)
    (timer_id,) = await store.timers.schedule([NewTimer(TimerKind.REMINDER, FakeClock()())])
    assert [t.id for t in await store.timers.pending()] == [timer_id]  # a transaction first

    await _pool_in_use(store)
    await restart(postgres_server, crash=crash)
    async with store.game_lock(7):  # a game's lock first, on its own pool
        with pytest.raises(GameBusy):
            async with store.game_lock(7, timeout=0.05):
                pass  # pragma: no cover  (the lock is held)
    assert caplog.text.count("the statement is sent again") == 3
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_hung_server_fails_the_bounded_round_trip_and_is_used_again_after(
    store: PostgresStore, postgres_server: Server
) -> None:
    await _pool_in_use(store)
    with hung(postgres_server):
        for _ in range(2):  # a connection of the pool, then a new one that cannot connect
            answer = asyncio.create_task(ping(store, BOUND))
            # A generous wait, far beyond the bound: only an answer that never comes (the
            # driver waiting on the hung server) fails it.
            await asyncio.wait({answer}, timeout=GENEROUSLY)
            assert answer.done(), "the bounded round trip waited on the hung server"
            error = answer.exception()
            assert isinstance(error, TimeoutError)
            assert is_transient(error)
    await ping(store, BOUND)
    assert await store.timers.pending() == []
