"""Posting a running game again where its messages are gone: board, ping and hands, nothing
of one player's hand anywhere else."""

from __future__ import annotations

import pytest

import games
from bot.common.locks import GameLocks
from bot.common.refusals import Refusal
from bot.lobby.lobby import Lobbies
from bot.lobby.reopen import repost_game
from bot.tables.play import Tables
from storage import DeliveryKind, SqliteStore
from tests.bot.helpers import (
    CHANNEL,
    PLAYERS,
    THREAD,
    deal,
    dms,
    new_items,
    state_of,
    thread_posts,
)


async def test_a_game_moves_to_a_new_thread_with_its_board_ping_and_hands(
    store: SqliteStore, lobbies: Lobbies, locks: GameLocks
) -> None:
    game = await deal(lobbies, "mandragora", 3)
    seen = await store.outbox.pending()

    moved = await repost_game(store, locks, game.id, thread_id=THREAD + 1)

    assert moved.thread_id == THREAD + 1
    assert (moved.version, moved.state) == (game.version, game.state)
    items = await new_items(store, seen)
    (post,) = await thread_posts(store, items)
    assert {i.target_id for i in items if i.kind is DeliveryKind.TABLE} == {THREAD + 1}
    assert f"#{game.id} continues here, after move 0" in post.content
    (waiting,) = game.to_act
    assert post.pings == (PLAYERS[waiting],)
    assert post.turn_button is not None
    assert post.turn_button.version == game.version
    engine = games.get(game.game_key)
    state = state_of(game)
    assert post.boards == (engine.describe(engine.view(state, None)),)
    hands = await dms(store, items)
    assert set(hands) == set(PLAYERS[:3])
    for seat, user in enumerate(PLAYERS[:3]):
        # Exactly the seat's own view: nobody else's hand rides along.
        assert hands[user].boards == (engine.describe(engine.view(state, seat)),)


async def test_without_a_thread_the_game_is_posted_where_it_was_played(
    store: SqliteStore, lobbies: Lobbies, locks: GameLocks
) -> None:
    game = await deal(lobbies, "marginalia", 2, thread_id=None)
    seen = await store.outbox.pending()

    await repost_game(store, locks, game.id)

    items = await new_items(store, seen)
    assert [i.target_id for i in items if i.kind is DeliveryKind.TABLE] == [CHANNEL]
    assert (await store.games.get(game.id)).thread_id is None


async def test_a_finished_or_called_off_game_is_not_posted_again(
    store: SqliteStore, lobbies: Lobbies, locks: GameLocks, tables: Tables
) -> None:
    game = await deal(lobbies, "marginalia", 2)
    await lobbies.cancel(game.id, PLAYERS[0], is_admin=False)
    seen = await store.outbox.pending()

    with pytest.raises(Refusal, match="is not being played"):
        await repost_game(store, locks, game.id, thread_id=THREAD + 1)

    assert await new_items(store, seen) == []
    assert (await store.games.get(game.id)).thread_id == THREAD
