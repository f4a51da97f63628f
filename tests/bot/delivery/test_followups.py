"""A turn's post sent as a follow-up of the member's own interaction, which Discord does not
count against the bot's requests a second, and what happens when that cannot be."""

from __future__ import annotations

import dataclasses
import types
from typing import Any

import discord
import pytest

from bot.delivery.followups import Followups
from bot.delivery.table_messages import TableMessages
from storage import DeliveryKind, DeliveryNotFound, Game, OutboxItem
from tests.bot.conftest import Table
from tests.bot.delivery.test_budget import dm_channel, limited_since, play, take_turn
from tests.bot.driving import bot_of, has_board, start_game, stored


def posts_of(table: Table, thread: Any) -> list[discord.Message]:
    """The thread's messages as a spectator sees them (nobody's private answers)."""
    return list(thread.history(viewer=table.members["erin"]))


async def table_item(table: Table, game: Game, version: int) -> OutboxItem:
    """The table update queued for ``version`` of the game."""
    outbox = bot_of(table).services.store.outbox
    found = []
    for item_id in range(1, 500):
        try:
            item = await outbox.get(item_id)
        except DeliveryNotFound:
            continue
        ours = item.kind is DeliveryKind.TABLE and item.game_id == game.id
        if ours and item.payload.get("version") == version:
            found.append(item)
    (item,) = found
    return item


async def test_the_post_follows_the_movers_own_answer_and_everyone_sees_it(
    table: Table,
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    before = len(posts_of(table, thread))
    (mover,) = game.to_act
    game = await play(table, game, mover)
    while mover in game.to_act:
        game = await play(table, game, mover)

    public = posts_of(table, thread)
    assert len(public) == before + 1  # the turn's post, in the thread, for everyone
    post = public[-1]
    assert post.id == game.board_message_id
    assert not post.flags.ephemeral
    assert has_board(post)
    (waiting,) = game.to_act
    assert f"<@{game.user_at(waiting)}>" in str(post.components[0].to_dict())  # the ping


async def test_a_follow_up_refused_leaves_the_post_to_the_bots_own_request(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    before = len(posts_of(table, thread))

    class Refusing:
        async def send(self, **fields: Any) -> None:
            raise discord.NotFound(types.SimpleNamespace(status=404, reason="gone"), "gone")

    monkeypatch.setattr(Followups, "_webhook", lambda self, answering: Refusing())
    start = len(table.env.http_requests)
    game, _ = await take_turn(table, game)

    assert ("POST", f"/channels/{thread.id}/messages") in limited_since(table, start)
    public = posts_of(table, thread)
    assert len(public) == before + 1, "one post, by the bot's own request"
    assert public[-1].id == game.board_message_id
    assert has_board(public[-1])


async def test_a_follow_up_older_than_its_token_loses_its_board_by_the_bots_request(
    table: Table,
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    game, _ = await take_turn(table, game)
    followed = game.board_message_id
    await table.env.advance_time(15 * 60)  # the token Discord gave the interaction is over

    start = len(table.env.http_requests)
    game, _ = await take_turn(table, game)
    sent = limited_since(table, start)
    assert ("PATCH", f"/channels/{thread.id}/messages/{followed}") in sent
    old = next(m for m in posts_of(table, thread) if m.id == followed)
    assert not has_board(old)
    assert (
        "POST",
        f"/channels/{dm_channel(table, game, min(game.to_act))}/messages",
    ) in sent


async def test_a_post_tried_again_after_a_crash_finds_the_follow_up_sent_first(
    table: Table,
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    game, _ = await take_turn(table, game)
    posted = len(posts_of(table, thread))
    item = await table_item(table, game, game.version)
    assert "reply" in item.payload  # it went out as a follow-up of the mover's /play

    # Delivered again, as after a crash before it was marked done.
    bot = bot_of(table)
    again = TableMessages(bot, bot.services.store, bot.services.names)
    await again.table(dataclasses.replace(item, attempts=2, done_at=None))

    assert len(posts_of(table, thread)) == posted, "not posted twice"
    assert (await stored(table, game_id)).board_message_id == game.board_message_id
