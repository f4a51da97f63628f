"""A copied database keeps schema 10's rows as they were, and its triggers keep working."""

from __future__ import annotations

import random
import sqlite3
from datetime import timedelta
from pathlib import Path

from storage import SqliteStore
from storage.copy import copy_database
from storage.postgres.store import PostgresStore
from tests.storage.contract import FakeClock
from tests.storage.tables import play, started_game


async def test_asks_survive_a_copy_and_new_moves_are_timed_after_it(
    db_path: Path, tmp_path: Path, postgres_url: str, clock: FakeClock
) -> None:
    rng = random.Random(3)
    async with await SqliteStore.open(db_path, clock=clock) as source:
        game = await started_game(source)
        for _ in range(3):
            clock.advance(timedelta(minutes=5))
            game = await play(source, game, rng)
        asks = await source.database.fetch_all("SELECT * FROM asks ORDER BY 1, 2, 3")
        assert [row["waited"] for row in asks if row["waited"] is not None] == [300.0] * 3
        async with await PostgresStore.open(postgres_url, clock=clock) as copy:
            await copy_database(source, copy)
            copied = await copy.database.fetch_all("SELECT count(*) AS n FROM asks")
            assert copied[0]["n"] == len(asks)
            clock.advance(timedelta(minutes=7))
            moved = await play(copy, await copy.games.get(game.id), rng)
            answered = await copy.database.fetch_all(
                "SELECT waited FROM asks WHERE game_id = $1 AND waited IS NOT NULL"
                " ORDER BY answered_at DESC LIMIT 1",
                (moved.id,),
            )
            assert answered[0]["waited"] == 420.0
            held = await copy.database.fetch_all("SELECT count(*) AS n FROM asks")
            back = tmp_path / "back.sqlite3"
            async with await SqliteStore.open(back, clock=clock) as returned:
                await copy_database(copy, returned)
    with sqlite3.connect(back) as connection:
        triggers = {
            name
            for (name,) in connection.execute(
                "SELECT name FROM sqlite_schema WHERE type = 'trigger'"
            )
        }
        count = connection.execute("SELECT count(*) FROM asks").fetchone()[0]
    assert {"asks_answered", "asks_kept", "results_kept", "vacations_kept"} <= triggers
    assert count == held[0]["n"] >= len(asks)
