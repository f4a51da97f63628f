"""Migrations from an empty file, re-runs, and files that must be left alone."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from storage import ForeignDatabase, NotADatabase, SchemaTooNew, SqliteStore
from storage.migrate import APPLICATION_ID, Migration, latest_version, migrations


def _fingerprint(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _schema(path: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(path) as connection:
        return connection.execute(
            "SELECT name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name"
        ).fetchall()


async def test_a_missing_file_and_its_folder_are_created_at_the_latest_schema(
    db_path: Path,
) -> None:
    assert not db_path.parent.exists()
    store = await SqliteStore.open(db_path)
    await store.close()
    with sqlite3.connect(db_path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone() == (latest_version(),)
        assert connection.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert {"games", "seats", "actions", "outbox", "timers"} <= {n for n, _ in _schema(db_path)}


async def test_an_empty_file_is_migrated(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.touch()
    await (await SqliteStore.open(db_path)).close()
    assert _schema(db_path)


async def test_reopening_applies_nothing_and_keeps_the_data(db_path: Path) -> None:
    store = await SqliteStore.open(db_path)
    game = await store.games.create_lobby(
        game_key="mandragora", guild_id=1, channel_id=2, host_id=3, options={}
    )
    await store.close()
    schema = _schema(db_path)
    store = await SqliteStore.open(db_path)
    try:
        assert _schema(db_path) == schema
        assert await store.games.get(game.id) == game
    finally:
        await store.close()


def _schema_1_database(path: Path) -> None:
    """A file as the first release wrote it: schema 1 only, one started game in it."""
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as connection:
        for statement in migrations()[0].statements():
            connection.execute(statement)
        connection.execute("PRAGMA user_version = 1")
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute(
            "INSERT INTO games (id, game_key, channel_id, host_id, options, status, seed, state,"
            " to_act, created_at, updated_at, started_at)"
            " VALUES (1, 'mandragora', 2, 3, '{}', 'active', 7, '{}', '[0]', 0, 0, 0)"
        )
        connection.executemany(
            "INSERT INTO seats (game_id, position, user_id, seat, joined_at)"
            " VALUES (1, ?, ?, ?, 0)",
            [(0, 3, 0), (1, 4, 1)],
        )


async def test_a_schema_1_file_is_upgraded_and_its_games_read_as_before(
    db_path: Path,
) -> None:
    _schema_1_database(db_path)
    store = await SqliteStore.open(db_path)
    try:
        game = await store.games.get(1)
        assert (game.status, game.seed, game.to_act) == ("active", 7, frozenset({0}))
        assert game.settings == {}
        assert [s.resigned_at for s in game.seats] == [None, None]
        assert game.resigned_seats() == frozenset()
        resigned = await store.games.resign(1, seat=1, expected_version=0, to_act=frozenset({0}))
        assert resigned.resigned_seats() == frozenset({1})
    finally:
        await store.close()
    with sqlite3.connect(db_path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone() == (latest_version(),)


async def test_a_schema_2_file_is_upgraded_with_nothing_missed_and_nobody_away(
    db_path: Path,
) -> None:
    _schema_1_database(db_path)
    with sqlite3.connect(db_path) as connection:
        for statement in migrations()[1].statements():
            connection.execute(statement)
        connection.execute("PRAGMA user_version = 2")
        connection.execute('UPDATE games SET settings = \'{"seating": "join"}\'')
    store = await SqliteStore.open(db_path)
    try:
        game = await store.games.get(1)
        assert game.settings == {"seating": "join"}
        assert [s.missed for s in game.seats] == [0, 0]
        assert (await store.prefs.player(3)).away_until is None
        assert await store.prefs.server(1) == {}
        assert await store.games.undo_request(1) is None
    finally:
        await store.close()
    with sqlite3.connect(db_path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone() == (latest_version(),)


async def test_a_schema_3_file_is_upgraded_with_no_tournaments_and_its_finished_games_unrated(
    db_path: Path,
) -> None:
    _schema_1_database(db_path)
    with sqlite3.connect(db_path) as connection:
        for migration in migrations()[1:3]:
            for statement in migration.statements():
                connection.execute(statement)
        connection.execute("PRAGMA user_version = 3")
        connection.execute("UPDATE games SET status = 'finished', outcome = '{}', finished_at = 5")
    store = await SqliteStore.open(db_path)
    try:
        assert await store.tournaments.running() == []
        assert await store.tournaments.of_game(1) is None
        assert await store.ratings.unrated() == [1]
        assert await store.ratings.leaderboard(2, "mandragora") == []
    finally:
        await store.close()
    with sqlite3.connect(db_path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone() == (latest_version(),)


async def test_foreign_keys_are_enforced(store: SqliteStore) -> None:
    with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
        async with store.database.transaction() as db:
            await db.execute(
                "INSERT INTO actions (game_id, seq, seat, notation, at) VALUES (999, 1, 0, 'x', 0)"
            )


async def test_a_file_that_is_not_a_database_is_refused_untouched(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_text("These are my notes, not a database.\n" * 100)
    before = _fingerprint(db_path)
    with pytest.raises(NotADatabase) as refused:
        await SqliteStore.open(db_path)
    assert str(db_path) in str(refused.value)
    assert "not an SQLite database" in str(refused.value)
    assert "left untouched" in str(refused.value)
    assert _fingerprint(db_path) == before
    assert sorted(p.name for p in db_path.parent.iterdir()) == [db_path.name]


async def test_a_database_damaged_past_its_header_is_refused_untouched(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    before = _fingerprint(db_path)
    with pytest.raises(NotADatabase, match="SQLite cannot read it"):
        await SqliteStore.open(db_path)
    assert _fingerprint(db_path) == before


async def test_a_newer_schema_is_refused_untouched(db_path: Path) -> None:
    await (await SqliteStore.open(db_path)).close()
    newer = latest_version() + 5
    with sqlite3.connect(db_path) as connection:
        connection.execute(f"PRAGMA user_version = {newer}")
    before = _fingerprint(db_path)
    with pytest.raises(SchemaTooNew) as refused:
        await SqliteStore.open(db_path)
    message = str(refused.value)
    assert str(db_path) in message
    assert f"schema {newer}" in message
    assert "Upgrade Grimoire" in message
    assert _fingerprint(db_path) == before


async def test_another_applications_database_is_refused_untouched(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    with sqlite3.connect(db_path) as connection:
        connection.execute("CREATE TABLE recipes (name TEXT)")
    before = _fingerprint(db_path)
    with pytest.raises(ForeignDatabase, match="another application"):
        await SqliteStore.open(db_path)
    assert _fingerprint(db_path) == before


def test_migrations_are_numbered_without_gaps() -> None:
    assert [m.version for m in migrations()] == list(range(1, latest_version() + 1))
    assert all(m.statements() for m in migrations())


def test_statements_split_on_complete_statements_only() -> None:
    migration = Migration(
        1,
        "V001__demo",
        "-- a comment\nCREATE TABLE a (x TEXT DEFAULT ';');\nCREATE INDEX b ON a (x);\n-- end\n",
    )
    assert migration.statements() == [
        "-- a comment\nCREATE TABLE a (x TEXT DEFAULT ';');",
        "CREATE INDEX b ON a (x);",
    ]
    with pytest.raises(ValueError, match="unterminated"):
        Migration(2, "V002__broken", "CREATE TABLE c (x TEXT)").statements()
