"""An idle bot whose database is out of reach for a while, run in SimCord: a deadline that
falls due meanwhile fires within a minute of the database's return, with no member doing
anything; the outbox keeps delivering; the loop's failure is logged once, with an error id;
and ``/healthz`` names a loop that has not completed a pass for too long."""

from __future__ import annotations

import itertools
import json
import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot import create_bot
from bot.wiring.app import GrimoireBot
from bot.wiring.settings import Settings
from storage import SqliteStore
from tests.bot.conftest import Table
from tests.bot.driving import bot_of, member_at, start_game, stored
from tests.bot.test_async_play import thread_text

HOUR = 3600
#: What the target allows between the database's return and the deadline's firing.
A_MINUTE = 60


@pytest.fixture
def simcord_bot(db: Path) -> GrimoireBot:
    """The bot with ``/healthz`` served on a free loopback port."""
    settings = Settings(database_url=f"sqlite:///{db}", discord_token=None, health_port=0)
    return create_bot(settings, seeds=itertools.count(1).__next__)


def store_of(table: Table) -> SqliteStore:
    store = bot_of(table).services.store
    assert isinstance(store, SqliteStore)
    return store


def loop_errors(caplog: pytest.LogCaptureFixture, logger: str) -> list[logging.LogRecord]:
    """Errors logged with a traceback (what is alerted), checked to be one per loop at
    most; those of ``logger``."""
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR and r.exc_info]
    loggers = [r.name for r in errors]
    assert len(loggers) == len(set(loggers)), [r.getMessage() for r in errors]
    return [r for r in errors if r.name == logger]


class Outage:
    """Every call to some parts of the store fails, as with a database out of reach, while
    the outage lasts."""

    def __init__(self, store: SqliteStore, monkeypatch: pytest.MonkeyPatch, *parts: str) -> None:
        self.down = False
        for name in parts:
            monkeypatch.setattr(store, name, _Flaky(getattr(store, name), self))

    @contextmanager
    def lasting(self) -> Iterator[None]:
        self.down = True
        try:
            yield
        finally:
            self.down = False


class _Flaky:
    def __init__(self, part: Any, outage: Outage) -> None:
        self._part = part
        self._outage = outage

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._part, name)

        async def call(*args: Any, **kwargs: Any) -> Any:
            if self._outage.down:
                raise ConnectionRefusedError(111, "Connection refused")
            return await method(*args, **kwargs)

        return call


async def healthz(table: Table) -> tuple[int, dict[str, str]]:
    port = bot_of(table).operations.port
    assert port is not None
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/healthz") as response,
    ):
        return response.status, json.loads(await response.text())


async def test_a_deadline_due_while_another_process_holds_the_write_lock_fires_after(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    """SQLite: another process keeps the database's write lock past the busy timeout while
    the deadline falls due; the timer stays pending and fires once the lock is free."""
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"], deadline="1h")
    game = await stored(table, game_id)
    slow = member_at(table, game, min(game.to_act))
    await table.env.advance_time(HOUR - 30)

    # The busy timeout is wall-clock time, which SimCord does not move: a short one here.
    async with store_of(table).database.connection.execute("PRAGMA busy_timeout = 50"):
        pass
    holder = sqlite3.connect(table.db, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        await table.env.advance_time(60)  # the deadline falls due half-way
        assert (await stored(table, game_id)).version == 0  # nothing could be written
        holder.execute("ROLLBACK")
    finally:
        holder.close()

    await table.env.advance_time(A_MINUTE)
    game = await stored(table, game_id)
    assert game.version >= 1
    assert thread_text(table, game).count(f"<@{slow.id}> let the deadline pass") == 1
    assert await store_of(table).timers.pending(game_id)  # the next deadline, not this one
    (error,) = loop_errors(caplog, "grimoire.timers")
    assert "timers loop failed" in error.getMessage()
    assert getattr(error, "error_id", None)


async def test_deadlines_due_during_an_outage_fire_within_a_minute_of_its_end(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Every timer read and write fails for 30 s while two games' deadlines fall due."""
    games = [
        await start_game(table, "mandragora", players, deadline="1h")
        for players in (["alice", "bob"], ["carol", "dave"])
    ]
    slow = {}
    for _, game_id in games:
        game = await stored(table, game_id)
        slow[game_id] = member_at(table, game, min(game.to_act))
    outage = Outage(store_of(table), monkeypatch, "timers", "games")
    await table.env.advance_time(HOUR - 10)

    with outage.lasting():
        await table.env.advance_time(30)
    await table.env.advance_time(A_MINUTE)

    for _, game_id in games:
        game = await stored(table, game_id)
        assert game.version >= 1, game_id
        said = thread_text(table, game)
        assert said.count(f"<@{slow[game_id].id}> let the deadline pass") == 1  # outbox
    (error,) = loop_errors(caplog, "grimoire.timers")
    assert getattr(error, "error_id", None)
    assert "The timers loop works again" in caplog.text
    assert (await healthz(table))[0] == 200


async def test_the_outbox_keeps_delivering_through_an_outage(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The outbox cannot be read while a deadline fires and queues its posts: they go out
    within a minute of the outbox's return."""
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"], deadline="1h")
    game = await stored(table, game_id)
    slow = member_at(table, game, min(game.to_act))
    outage = Outage(store_of(table), monkeypatch, "outbox")
    await table.env.advance_time(HOUR - 10)

    with outage.lasting():
        await table.env.advance_time(30)  # the deadline fires; its posts wait
        assert (await stored(table, game_id)).version >= 1
        assert f"<@{slow.id}> let the deadline pass" not in thread_text(table, game)
    await table.env.advance_time(A_MINUTE)

    assert thread_text(table, game).count(f"<@{slow.id}> let the deadline pass") == 1
    (error,) = loop_errors(caplog, "grimoire.delivery")
    assert getattr(error, "error_id", None)
    assert "The outbox loop works again" in caplog.text


async def test_healthz_names_a_loop_stalled_for_longer_than_a_pass_may_take(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The timers cannot be read for a quarter of an hour (the database answers the health
    check's own question): the timer loop is named until it completes a pass again."""
    await start_game(table, "mandragora", ["alice", "bob"], deadline="1h")
    outage = Outage(store_of(table), monkeypatch, "timers")
    with outage.lasting():
        await table.env.advance_time(15 * 60)
        status, body = await healthz(table)
        assert status == 503
        assert body["reason"].startswith("the timers loop has not completed a pass for ")
    await table.env.advance_time(A_MINUTE)
    assert (await healthz(table)) == (200, {"status": "ok"})
