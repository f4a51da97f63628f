"""Schema 10 fills in what profiles read for games played before it (here a schema 7 file):
each move's time (asked by the previous action on the table, vacations left out), and each
finished game's result and places. Schema 12 reads who took each game's first turn."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from storage import SqliteStore
from storage.migrate import APPLICATION_ID, migrations

ALICE, BOB = 3, 4


def _schema_7_database(path: Path) -> None:
    """A finished game of Alice (seat 0) and Bob: Alice moves at 10 s, Bob at 40 and again
    at 45 (the same move), Alice at 100, which ends it; Alice was away from 50 to 80 s. And a
    running game waiting for Bob since its last action at 200 s."""
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as connection:
        for migration in migrations()[:7]:
            for statement in migration.statements():
                connection.execute(statement)
        connection.execute("PRAGMA user_version = 7")
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        outcome = {"scores": [1, 0], "tiebreaks": [0, 0], "ranks": [1, 2], "winners": [0]}
        connection.executemany(
            "INSERT INTO games (id, game_key, guild_id, channel_id, host_id, status, seed,"
            " version, state, to_act, outcome, created_at, updated_at, started_at, finished_at)"
            " VALUES (?, 'mandragora', 1, 2, 3, ?, 7, ?, '{}', ?, ?, 0, ?, 0, ?)",
            [
                (1, "finished", 4, "[]", json.dumps(outcome), 100, 100),
                (2, "active", 1, "[1]", None, 200, None),
            ],
        )
        connection.executemany(
            "INSERT INTO seats (game_id, position, user_id, seat, joined_at)"
            " VALUES (?, ?, ?, ?, 0)",
            [(1, 0, ALICE, 0), (1, 1, BOB, 1), (2, 0, ALICE, 0), (2, 1, BOB, 1)],
        )
        connection.executemany(
            "INSERT INTO actions (game_id, seq, seat, notation, at) VALUES (?, ?, ?, 'm', ?)",
            [(1, 1, 0, 10), (1, 2, 1, 40), (1, 3, 1, 45), (1, 4, 0, 100), (2, 1, 0, 200)],
        )
        connection.execute(
            "INSERT INTO players (user_id, away_until, updated_at) VALUES (?, 80, 50)", (ALICE,)
        )


async def test_games_of_schema_7_are_timed_and_counted(db_path: Path) -> None:
    _schema_7_database(db_path)
    store = await SqliteStore.open(db_path)
    try:
        alice = await store.profiles.player(1, ALICE)
        assert (alice.played, alice.won) == (1, 1)
        # 10 s from the start; 55 s from Bob's last decision, less 30 s away.
        assert (alice.timing.moves, alice.timing.median_s) == (2, (10 + 25) / 2)
        bob = await store.profiles.player(1, BOB)
        assert (bob.timing.moves, bob.timing.median_s, bob.won) == (1, 30.0, 0)
        server = await store.profiles.server(1)
        assert [(s.game_id, s.seconds, s.moves) for s in server.longest] == [(1, 100.0, 4)]
        # A game from before schema 10 took its first turn with its first recorded move.
        assert [(s.games, s.first_won) for s in server.seat_advantage] == [(1, 1)]
        versus = await store.profiles.versus(1, ALICE, BOB)
        assert (versus.games, versus.ahead) == (1, 1)
    finally:
        await store.close()
    with sqlite3.connect(db_path) as connection:
        waiting = connection.execute(
            "SELECT seat, asked_at, answered_at FROM asks WHERE game_id = 2 ORDER BY seat"
        ).fetchall()
    assert waiting == [(0, 0.0, 200.0), (1, 200.0, None)]


def _schema_11_database(path: Path) -> None:
    """Three finished games of Alice and Bob, written by schema 11: game 1 began with Bob's
    turn (seat 1) and Bob won; game 2 began with Alice's and Bob won; game 3 opened with both
    choosing at once, and Alice won. Schema 11 counted "first_won" for seat 0: 0, 0 and 1."""
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as connection:
        for migration in migrations()[:11]:
            for statement in migration.statements():
                connection.execute(statement)
        connection.execute("PRAGMA user_version = 11")
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        plays = [(1, [1], [1], [2, 1]), (2, [0], [0, 1], [2, 1]), (3, [0, 1], [1, 0], [1, 2])]
        for game_id, first, movers, ranks in plays:
            connection.execute(
                "INSERT INTO games (id, game_key, guild_id, channel_id, host_id, status,"
                " created_at, updated_at) VALUES (?, 'marginalia', 1, 2, 3, 'lobby', 0, 0)",
                (game_id,),
            )
            connection.executemany(
                "INSERT INTO seats (game_id, position, user_id, seat, joined_at)"
                " VALUES (?, ?, ?, ?, 0)",
                [(game_id, 0, ALICE, 0), (game_id, 1, BOB, 1)],
            )
            # As the store starts a game: the seats it waits for first, asked by a trigger.
            connection.execute(
                "UPDATE games SET status = 'active', seed = 7, version = 0, state = '{}',"
                " to_act = ?, started_at = 10, updated_at = 10 WHERE id = ?",
                (json.dumps(first), game_id),
            )
            for seq, seat in enumerate(movers, start=1):
                connection.execute(
                    "INSERT INTO actions (game_id, seq, seat, notation, at)"
                    " VALUES (?, ?, ?, 'm', ?)",
                    (game_id, seq, seat, 10 + seq),
                )
            outcome = {
                "scores": [0, 0],
                "tiebreaks": [0, 0],
                "ranks": ranks,
                "winners": [ranks.index(1)],
            }
            connection.execute(
                "UPDATE games SET status = 'finished', version = ?, to_act = '[]', outcome = ?,"
                " finished_at = 20, updated_at = 20 WHERE id = ?",
                (len(movers), json.dumps(outcome), game_id),
            )
        assert connection.execute("SELECT sum(first_won) FROM results").fetchone() == (1,)


async def test_schema_12_counts_the_first_turn_of_games_already_finished(db_path: Path) -> None:
    _schema_11_database(db_path)
    store = await SqliteStore.open(db_path)
    try:
        (marginalia,) = (await store.profiles.server(1)).seat_advantage
        # Games 1 and 2 had a first turn, Bob's (won) and Alice's (lost); game 3 had none.
        assert (marginalia.games, marginalia.first_won) == (2, 1)
    finally:
        await store.close()
    with sqlite3.connect(db_path) as connection:
        found = connection.execute(
            "SELECT game_id, first_seat, first_won FROM results ORDER BY game_id"
        ).fetchall()
    assert found == [(1, 1, 1), (2, 0, 0), (3, None, None)]
