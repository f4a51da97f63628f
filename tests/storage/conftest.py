"""Stores on real SQLite files in temporary folders, with a clock the test controls."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import SqliteStore
from tests.storage.contract import FakeClock, StoreFactory


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "grimoire.sqlite3"


@pytest.fixture
async def open_store(db_path: Path, clock: FakeClock) -> AsyncIterator[StoreFactory]:
    """Opens further connections to the same database, as other processes would."""
    opened: list[SqliteStore] = []

    async def opener() -> SqliteStore:
        store = await SqliteStore.open(db_path, clock=clock)
        opened.append(store)
        return store

    yield opener
    for store in opened:
        await store.close()


@pytest.fixture
async def store(db_path: Path, clock: FakeClock, open_store: StoreFactory) -> SqliteStore:
    store = await open_store()
    assert isinstance(store, SqliteStore)
    return store
