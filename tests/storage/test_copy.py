"""``python -m storage copy``: every table from SQLite into PostgreSQL and back, ids and
times kept, into empty databases only."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from storage import (
    Delivery,
    DeliveryKind,
    GameStatus,
    NewTimer,
    PrivateView,
    Rating,
    RatingChange,
    SqliteStore,
    Store,
    TimerKind,
    TournamentFormat,
    UndoMessage,
)
from storage.__main__ import main
from storage.copy import copy_database
from storage.postgres.store import PostgresStore
from tests.storage.contract import FakeClock
from tests.storage.tables import GUILD, new_lobby, play, started_game

USERS = (11, 12, 13)


async def _fill(store: Store, clock: FakeClock) -> list[int]:
    """A bit of everything a running bot writes; returns the outbox items' ids."""
    rng = random.Random(3)
    game = await started_game(store, USERS)
    for _ in range(4):
        clock.advance(timedelta(seconds=1, microseconds=123457))
        game = await play(store, game, rng, [Delivery(DeliveryKind.DM, 11, {"text": "é ✓"})])
    await store.games.request_undo(game.id, seat=0, version=game.version, to_version=2)
    await store.games.approve_undo(game.id, version=game.version, seat=1)
    await store.undo_messages.posted(UndoMessage(game.id, game.version, 100, 9001, "Undo? ✓"))
    await store.games.nudge(game.id, cooldown=timedelta(hours=1))
    finished = await started_game(store, (21, 22), channel_id=5)
    while finished.status is GameStatus.ACTIVE:
        finished = await play(store, finished, rng)
    await new_lobby(store)
    ids = await store.outbox.enqueue([Delivery(DeliveryKind.PING, 30, {"n": n}) for n in range(3)])
    await store.outbox.claim(worker="w", lease=timedelta(seconds=30))
    await store.outbox.mark_done(ids[0])
    await store.outbox.mark_failed(ids[1], error="closed DMs", permanent=True)
    clock.advance(timedelta(microseconds=1))
    (fired, _) = await store.timers.schedule(
        [
            NewTimer(TimerKind.REMINDER, clock(), game_id=game.id),
            NewTimer(
                TimerKind.DIGEST, clock() + timedelta(days=1), key="digest:11", payload={"u": 11}
            ),
        ]
    )
    await store.timers.fire(fired)
    await store.prefs.set_server(GUILD, {"deadline_hours": 48})
    await store.prefs.set_notifications(11, digest=False, turns=False)
    await store.prefs.set_away(12, clock() + timedelta(days=3, microseconds=7))
    tournament = await store.tournaments.create(
        guild_id=GUILD,
        channel_id=20,
        organiser_id=1,
        game_key="magnum-opus",
        format=TournamentFormat.SWISS,
        rounds=2,
        settings={"smallest": 3},
    )
    for user in (101, 102, 103, 104):
        await store.tournaments.enter(tournament.id, user_id=user)
    await store.tournaments.start(tournament.id, seed=9, rounds=2, settings={"smallest": 3})
    await store.tournaments.begin_round(
        tournament.id, round_number=1, tables=[[101, 102, 103], [104]]
    )
    await store.tournaments.open_table(
        tournament.id, round_number=1, number=1, options={}, settings={}
    )
    await store.ratings.record(
        finished.id,
        [
            Rating(GUILD, "mandragora", 21, 27.5, 7.25, 1, 1),
            Rating(GUILD, "mandragora", 22, 22.5, 7.5, 1),
        ],
        [RatingChange(21, 0.0, 5.75), RatingChange(22, 0.0, 0.0)],
    )
    await store.views.put(PrivateView(game.id, 11, 500, 501))
    return ids


async def _everything(store: Store, outbox_ids: list[int]) -> dict[str, Any]:
    """All that was stored, read through the store's own interface."""
    ids = await store.games.ids(list(GameStatus))
    return {
        "games": [await store.games.get(i) for i in ids],
        "actions": [await store.games.actions(i) for i in ids],
        "undo": [await store.games.undo_request(i) for i in ids],
        "outbox": [await store.outbox.get(i) for i in outbox_ids] + await store.outbox.pending(),
        "timers": await store.timers.pending(),
        "server": await store.prefs.server(GUILD),
        "players": [await store.prefs.player(u) for u in (11, 12, 13)],
        "tournaments": await store.tournaments.in_guild(GUILD),
        "ratings": [await store.ratings.of_user(GUILD, u) for u in (21, 22)],
        "changes": [await store.ratings.changes(i) for i in ids],
        "unrated": await store.ratings.unrated(),
        "views": [await store.views.get(i, 11) for i in ids],
        "undo messages": [await store.undo_messages.open(i) for i in ids],
    }


@pytest.mark.slow
async def test_every_table_goes_to_postgresql_and_back_unchanged(
    tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = FakeClock()
    source = tmp_path / "source.sqlite3"
    async with await SqliteStore.open(source, clock=clock) as store:
        outbox_ids = await _fill(store, clock)
        before = await _everything(store, outbox_ids)
    assert len(before["games"]) == 4
    assert before["timers"]

    assert await asyncio.to_thread(main, ["copy", f"sqlite:///{source}", postgres_url]) == 0
    assert "Copied 4 games" in capsys.readouterr().out
    async with await PostgresStore.open(postgres_url, clock=clock) as store:
        assert await _everything(store, outbox_ids) == before
    assert await asyncio.to_thread(main, ["check", "--url", postgres_url]) == 0

    back = tmp_path / "back.sqlite3"
    assert await asyncio.to_thread(main, ["copy", postgres_url, f"sqlite:///{back}"]) == 0
    async with await SqliteStore.open(back, clock=clock) as store:
        assert await _everything(store, outbox_ids) == before
    assert await asyncio.to_thread(main, ["check", "--url", f"sqlite:///{back}"]) == 0

    # PostgreSQL's numbering goes on after the copied ids.
    async with await PostgresStore.open(postgres_url, clock=clock) as store:
        lobby = await new_lobby(store)
        assert lobby.id == max(g.id for g in before["games"]) + 1
        (item,) = await store.outbox.enqueue([Delivery(DeliveryKind.DM, 1)])
        assert item == max(outbox_ids) + 1


async def test_a_destination_that_holds_anything_is_refused_and_left_alone(
    tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "source.sqlite3"
    async with await SqliteStore.open(source) as store:
        await started_game(store)
    async with await PostgresStore.open(postgres_url) as store:
        await new_lobby(store)
    assert await asyncio.to_thread(main, ["copy", f"sqlite:///{source}", postgres_url]) == 2
    assert "already holds Grimoire data: games (1)" in capsys.readouterr().err
    async with await PostgresStore.open(postgres_url) as store:
        assert len(await store.games.ids(list(GameStatus))) == 1
    # And the other way: the SQLite file is not empty either.
    assert await asyncio.to_thread(main, ["copy", postgres_url, f"sqlite:///{source}"]) == 2
    async with await SqliteStore.open(source) as store:
        assert len(await store.games.ids(list(GameStatus))) == 1


async def test_a_table_and_columns_added_later_are_copied_as_the_schema_says(
    tmp_path: Path, postgres_url: str
) -> None:
    """What to copy, in which order, and which values are times or flags, is read from the
    databases: a migration that adds a column or a table needs no change to the copy."""
    clock = FakeClock()
    later = clock() + timedelta(days=2, microseconds=5)
    source = tmp_path / "source.sqlite3"
    async with await SqliteStore.open(source, clock=clock) as store:
        game = await started_game(store, USERS)
        await store.prefs.set_notifications(11, digest=False)
        async with store.database.transaction() as db:
            await _add_later_schema_sqlite(db)
            await db.execute("UPDATE players SET shy = 1, seen_at = ?", (later.timestamp(),))
            await db.execute(
                "INSERT INTO a_notes (id, game_id, written_at, pinned) VALUES (7, ?, ?, 1)",
                (game.id, later.timestamp()),
            )
    async with await PostgresStore.open(postgres_url, clock=clock) as pg_store:
        async with pg_store.database.transaction() as pg:
            await _add_later_schema_postgres(pg)
        async with await SqliteStore.open(source, clock=clock) as store:
            copied = await copy_database(store, pg_store)
        assert copied.rows["a_notes"] == 1
        assert list(copied.rows).index("a_notes") > list(copied.rows).index("games")
        (player,) = await pg_store.database.fetch_all("SELECT shy, seen_at FROM players")
        assert (player["shy"], player["seen_at"]) == (True, later)
        (note,) = await pg_store.database.fetch_all("SELECT * FROM a_notes")
        assert (note["id"], note["game_id"], note["written_at"], note["pinned"]) == (
            7,
            game.id,
            later,
            True,
        )
        async with pg_store.database.transaction() as pg:
            # The new table's numbering goes on after the copied ids too.
            new_id = await pg.fetchval(
                "INSERT INTO a_notes (written_at, pinned) VALUES ($1, false) RETURNING id",
                later,
            )
            assert new_id == 8
            await pg.execute("DELETE FROM a_notes WHERE id = $1", new_id)
        back = tmp_path / "back.sqlite3"
        async with await SqliteStore.open(back, clock=clock) as returned:
            async with returned.database.transaction() as db:
                await _add_later_schema_sqlite(db)
            await copy_database(pg_store, returned)
            (kept,) = await returned.database.fetch_all("SELECT shy, seen_at FROM players")
            assert (kept["shy"], kept["seen_at"]) == (1, later.timestamp())
            notes = await returned.database.fetch_all("SELECT * FROM a_notes")
            assert [tuple(row) for row in notes] == [(7, game.id, later.timestamp(), 1)]


async def _add_later_schema_sqlite(db: Any) -> None:
    await db.execute("ALTER TABLE players ADD COLUMN shy INTEGER NOT NULL DEFAULT 0")
    await db.execute("ALTER TABLE players ADD COLUMN seen_at REAL")
    await db.execute(
        "CREATE TABLE a_notes (id INTEGER PRIMARY KEY AUTOINCREMENT,"
        " game_id INTEGER REFERENCES games (id), written_at REAL NOT NULL,"
        " pinned INTEGER NOT NULL)"
    )


async def _add_later_schema_postgres(pg: Any) -> None:
    await pg.execute(
        "ALTER TABLE players ADD COLUMN shy boolean NOT NULL DEFAULT false,"
        " ADD COLUMN seen_at timestamptz"
    )
    await pg.execute(
        "CREATE TABLE a_notes (id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,"
        " game_id bigint REFERENCES games (id), written_at timestamptz NOT NULL,"
        " pinned boolean NOT NULL)"
    )
