"""The service layer on a real SQLite file, with a clock the test moves and a fixed seed."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import games
from bot.service.lobby import Lobbies
from bot.service.locks import GameLocks
from bot.service.play import Tables
from storage import SqliteStore
from tests.storage.contract import FakeClock

#: The seed every game dealt by the ``lobbies`` fixture is started with.
SEED = 7


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def store(tmp_path: Path, clock: FakeClock) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(tmp_path / "g.sqlite3", clock=clock)
    yield opened
    await opened.close()


@pytest.fixture
def locks(store: SqliteStore) -> GameLocks:
    return GameLocks(store)


@pytest.fixture
def lobbies(store: SqliteStore, locks: GameLocks, clock: FakeClock) -> Lobbies:
    return Lobbies(store, locks, seeds=lambda: SEED, clock=clock)


@pytest.fixture
def tables(store: SqliteStore, locks: GameLocks, clock: FakeClock) -> Tables:
    return Tables(store, locks, clock=clock)


@pytest.fixture
def every_step_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every decision asked of its player, even one with a single possible answer: for tests
    of moves made step by step, and of seeded games whose moves were recorded that way."""
    for engine in games.ENGINES.values():
        monkeypatch.setattr(type(engine), "automatic", lambda *_: None)
