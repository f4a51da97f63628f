"""Stores on real SQLite files in temporary folders, with a clock the test controls; and a
throwaway PostgreSQL server with a fresh database per test, for the PostgreSQL store."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from storage import SqliteStore
from tests.storage.contract import FakeClock, StoreFactory
from tests.storage.postgres_server import REQUIRE, Server, binaries, running_server


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


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Server]:
    """One throwaway PostgreSQL server for the whole session (see ``postgres_server.py``)."""
    bin_folder = binaries()
    if bin_folder is None:
        reason = "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)"
        if os.environ.get(REQUIRE) == "1":
            pytest.fail(f"{reason}, and {REQUIRE}=1 requires it: apt-get install postgresql")
        pytest.skip(f"{reason}; install the postgresql package to run these tests")
    with running_server(bin_folder) as server:
        yield server


@pytest.fixture
async def postgres_url(postgres_server: Server) -> AsyncIterator[str]:
    """A fresh empty database on the session's server, dropped after the test."""
    url = await postgres_server.new_database()
    yield url
    await postgres_server.drop_database(url)
