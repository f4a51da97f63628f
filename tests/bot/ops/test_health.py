"""The health check on its own: a database that hangs is unhealthy within the check's own
bound, PostgreSQL stopped dead included; a background loop that has not completed a pass for
longer than it may take is named."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import cast

import pytest

from bot.ops.health import DATABASE_TIMEOUT, ConnectionWatch, check, database_problem
from bot.wiring.loops import Loops, Supervisor
from storage import SqliteStore
from storage.postgres.store import PostgresStore
from tests.storage.conftest import postgres_server, postgres_url  # noqa: F401  (fixtures)
from tests.storage.contract import FakeClock
from tests.storage.postgres.server_faults import hung
from tests.storage.postgres_server import Server

#: Seconds after which an answer bounded by :data:`DATABASE_TIMEOUT` counts as never coming.
GENEROUSLY = 20.0


class Connected:
    """A connection watch for a bot that is connected, with these loops."""

    def __init__(self, loops: Loops | None) -> None:
        self._loops = loops

    def problem(self) -> str | None:
        return None

    def loops(self) -> Loops | None:
        return self._loops


def watching(loops: Loops | None = None) -> ConnectionWatch:
    return cast("ConnectionWatch", Connected(loops))


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(tmp_path / "h.sqlite3", clock=FakeClock())
    yield opened
    await opened.close()


async def test_a_stalled_loop_is_named_once_the_database_answers(
    sqlite_store: SqliteStore,
) -> None:
    now = [0.0]
    timers = Supervisor("timers", logging.getLogger("tests.health"), clock=lambda: now[0])
    loops = Loops()
    loops.watch(timers)
    assert (await check(watching(loops), sqlite_store)).healthy
    timers.owe()
    now[0] += 301
    verdict = await check(watching(loops), sqlite_store)
    assert not verdict.healthy
    assert verdict.reason == "the timers loop has not completed a pass for 301 s"
    timers.succeeded()
    assert (await check(watching(loops), sqlite_store)).healthy
    assert (await check(watching(None), sqlite_store)).healthy  # a bot not started yet


async def test_a_database_that_never_answers_is_unhealthy_within_the_bound(
    sqlite_store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def hangs() -> None:
        await asyncio.Event().wait()

    monkeypatch.setattr(sqlite_store.stats, "ping", hangs)
    assert await database_problem(sqlite_store, timeout=0.05) == (
        "the database did not answer within 0.05 s"
    )


@pytest.mark.slow
async def test_a_stopped_postgresql_is_unhealthy_within_the_checks_bound(
    postgres_url: str,  # noqa: F811
    postgres_server: Server,  # noqa: F811
) -> None:
    store = await PostgresStore.open(postgres_url, clock=FakeClock(), pool_size=2)
    try:
        assert (await check(watching(), store)).healthy
        with hung(postgres_server):
            answer = asyncio.create_task(check(watching(), store))
            await asyncio.wait({answer}, timeout=GENEROUSLY)
            assert answer.done(), "the health check waited on the hung server"
            verdict = answer.result()
            assert not verdict.healthy
            assert verdict.reason == (f"the database did not answer within {DATABASE_TIMEOUT:g} s")
        assert (await check(watching(), store)).healthy
    finally:
        await store.close()
