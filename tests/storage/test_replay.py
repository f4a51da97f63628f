"""Replaying a stored game from its seed and log."""

from __future__ import annotations

import random

import pytest

from storage import GameStatus, SqliteStore
from storage.replay import ReplayFailed, check_replay, replay
from tests.storage.tables import ENGINE, new_lobby, play, started_game


async def test_a_whole_stored_game_replays_to_its_stored_state(store: SqliteStore) -> None:
    game = await started_game(store, (1, 2, 3), seed=31)
    rng = random.Random(31)
    while game.status is GameStatus.ACTIVE:
        game = await play(store, game, rng)
    check = await check_replay(store, game.id)
    assert (check.matches, check.moves, check.problem) == (True, game.version, None)
    assert ENGINE.dump(replay(game, await store.games.actions(game.id))) == game.state


async def test_a_tampered_state_is_caught(store: SqliteStore) -> None:
    game = await started_game(store)
    game = await play(store, game, random.Random(1))
    async with store.database.transaction() as db:
        await db.execute(
            "UPDATE games SET state = ? WHERE id = ?",
            (ENGINE.dump(ENGINE.new_game(2, 999)), game.id),
        )
    check = await check_replay(store, game.id)
    assert not check.matches
    assert check.problem == "the replayed state differs"


async def test_a_tampered_log_names_the_refused_move(store: SqliteStore) -> None:
    game = await started_game(store)
    game = await play(store, game, random.Random(1))
    async with store.database.transaction() as db:
        await db.execute(
            "UPDATE actions SET notation = 'fly to the moon' WHERE game_id = ?", (game.id,)
        )
    check = await check_replay(store, game.id)
    assert not check.matches
    assert check.problem is not None
    assert "Move 1" in check.problem
    assert "fly to the moon" in check.problem
    with pytest.raises(ReplayFailed):
        replay(game, await store.games.actions(game.id))


async def test_a_log_shorter_than_the_version_is_caught(store: SqliteStore) -> None:
    game = await started_game(store)
    game = await play(store, game, random.Random(1))
    async with store.database.transaction() as db:
        await db.execute("DELETE FROM actions WHERE game_id = ?", (game.id,))
    check = await check_replay(store, game.id)
    assert not check.matches
    assert check.problem == "the log holds 0 moves but the game is at move 1"


async def test_a_lobby_has_nothing_to_replay(store: SqliteStore) -> None:
    lobby = await new_lobby(store)
    assert (await check_replay(store, lobby.id)).matches
    with pytest.raises(ReplayFailed, match="has not started"):
        replay(lobby, [])
