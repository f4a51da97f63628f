"""Restarts: a new bot on the same database picks up where the old one stopped.

Buttons posted before a restart keep working (they are dynamic items carrying the game and
its version), moves are neither lost nor doubled, deliveries queued but not sent go out from
the new bot, and a lobby can be joined and started after a restart.
"""

from __future__ import annotations

import discord
import pytest
import simcord

from games.core import BACK
from storage import DeliveryKind, GameStatus
from tests.bot.conftest import Table, make_bot
from tests.bot.delivery.test_worker import (
    all_outbox_items,
    answer_of,
    close_store,
    due_in,
    heal,
)
from tests.bot.driving import (
    bot_of,
    button_ids,
    check_moved,
    has_board,
    legal_moves,
    made,
    member_at,
    open_lobby,
    post_words,
    start_game,
    stored,
)


async def restart(table: Table) -> None:
    """Replace the running bot by a fresh one on the same database file."""
    old = bot_of(table)
    await table.env.restart_bot(make_bot(table.db))
    assert bot_of(table) is not old
    await close_store(old)  # as the old process would on its way out


# ---------------------------------------------------------------------- helpers
def message_now(channel: simcord.ChannelHandle, message_id: int) -> discord.Message:
    """A message as it is now, bound to the bot now running."""
    return next(m for m in channel.history() if m.id == message_id)


async def play_first_legal(
    table: Table, thread: simcord.ChannelHandle, game_id: int
) -> tuple[int, str]:
    """Whoever is to act plays their first legal move (never "back") with ``/play``;
    returns the seat and the move."""
    game = await stored(table, game_id)
    seat = min(game.to_act)
    move = next(m for m in await legal_moves(table, game, seat) if m != BACK)
    result = await member_at(table, game, seat).slash(thread, "play", move=move)
    assert made(move, answer_of(result)), answer_of(result)
    await check_moved(table, game, seat, move)
    return seat, move


# ---------------------------------------------------------------- mid-game
@pytest.mark.slow
async def test_a_restart_mid_game_keeps_buttons_working_and_loses_no_move(
    table: Table,
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    made: list[tuple[int, str]] = []
    for _ in range(3):
        made.append(await play_first_legal(table, thread, game_id))
    await table.env.advance_time(10)  # let the throttle forget those commands

    game = await stored(table, game_id)
    version = game.version
    assert version == 3
    seat = min(game.to_act)
    player = member_at(table, game, seat)
    other = member_at(table, game, 1 - seat)
    board = thread.history()[-1]
    assert button_ids(board) == [f"grim:turn:{game_id}:{version}", "grim:rules:mandragora"]

    # Before the restart: the player opens a panel from the board's button.
    opened = await player.click(board, label="Take your turn")
    assert opened.ephemeral
    assert opened.response is not None
    panel_before = opened.response
    assert panel_before.content.startswith(f"**Mandragora** #{game_id} · your move\n")
    choices = [m for m in await legal_moves(table, game, seat) if m != BACK]
    assert [i for i in button_ids(panel_before) if i.startswith("grim:act:")] == [
        f"grim:act:{game_id}:{version}:{i}" for i in range(len(choices))
    ]

    await restart(table)
    assert (await stored(table, game_id)).version == version

    # The old board's button still opens a panel, from the new bot.
    reopened = await player.click(message_now(thread, board.id), label="Take your turn")
    assert reopened.acknowledged, reopened
    assert reopened.ephemeral, reopened
    assert reopened.response is not None
    panel_after = reopened.response
    assert panel_after.content == panel_before.content
    assert button_ids(panel_after) == button_ids(panel_before)

    # A button of the panel opened before the restart makes the move…
    clicked = await player.click(panel_before, custom_id=f"grim:act:{game_id}:{version}:0")
    assert clicked.acknowledged, clicked
    assert clicked.response is not None
    assert clicked.response.content.startswith(f"✔ `{choices[0]}`")
    made.append((seat, choices[0]))
    assert (await stored(table, game_id)).version == version + 1

    # …once: the same choice in the newer panel finds the game moved on.
    again = await player.click(panel_after, custom_id=f"grim:act:{game_id}:{version}:0")
    assert again.acknowledged, again
    assert again.response is not None
    assert again.response.content.startswith(
        "The game has moved on since this was shown; nothing was changed."
    )
    assert (await stored(table, game_id)).version == version + 1

    # /play works for the next player.
    game = await stored(table, game_id)
    assert game.to_act == frozenset({1 - seat})
    move = next(m for m in await legal_moves(table, game, 1 - seat) if m != BACK)
    result = await other.slash(thread, "play", move=move)
    assert answer_of(result).startswith(f"✔ `{move}`"), answer_of(result)
    made.append((1 - seat, move))

    # Every move is in the log exactly once, in order.
    game = await stored(table, game_id)
    assert game.version == len(made) == 5
    actions = await bot_of(table).services.store.games.actions(game_id)
    assert [(a.seq, a.seat, a.notation) for a in actions] == [
        (i + 1, s, m) for i, (s, m) in enumerate(made)
    ]
    # And the thread shows one post per move, in order, none twice, and one live board:
    # the newest post's.
    public = thread.history(viewer=table.members["erin"])
    assert len(public) == len(made) + 1
    boards = [button_ids(m) for m in public if button_ids(m)]
    assert boards == [[f"grim:turn:{game_id}:{len(made)}", "grim:rules:mandragora"]]
    assert has_board(public[-1])
    assert await bot_of(table).services.store.outbox.pending() == []


# ------------------------------------------------------------ the outbox
async def test_a_delivery_queued_before_a_restart_is_sent_by_the_new_bot(
    table: Table,
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    path = f"/channels/{thread.id}/messages"
    table.env.inject_error("POST", path, status=500, times=None)
    await play_first_legal(table, thread, game_id)

    waiting = await bot_of(table).services.store.outbox.pending()
    assert len(waiting) == 1, waiting
    item = waiting[0]
    assert item.kind is DeliveryKind.TABLE
    assert item.target_id == thread.id
    assert item.attempts >= 1
    old_worker = item.claimed_by
    assert len(thread.history()) == 1

    await restart(table)
    heal(table, path)
    await table.env.advance_time(due_in(table, item) + 1)

    history = thread.history()
    assert len(history) == 2, [m.content for m in history]
    assert button_ids(history[1]) == [f"grim:turn:{game_id}:1", "grim:rules:mandragora"]
    outbox = bot_of(table).services.store.outbox
    assert await outbox.pending() == []
    sent = await outbox.get(item.id)
    assert sent.done_at is not None
    assert sent.claimed_by is not None
    assert sent.claimed_by != old_worker
    # Sent once, not once per bot.
    await table.env.advance_time(300)
    assert len(thread.history()) == 2


async def test_a_delivery_that_fell_due_while_the_bot_was_down_goes_out_at_start_up(
    table: Table,
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    path = f"/channels/{thread.id}/messages"
    table.env.inject_error("POST", path, status=500, times=None)
    await play_first_legal(table, thread, game_id)
    [item] = await bot_of(table).services.store.outbox.pending()
    assert item.attempts == 1

    # The old bot stops sending (as if it had gone down) and the retry falls due meanwhile.
    bot_of(table).services.outbox.stop()
    heal(table, path)
    await table.env.advance_time(due_in(table, item) + 60)
    assert len(thread.history()) == 1

    # The new bot sends it as it starts, without waiting for anything else to happen.
    await restart(table)
    history = thread.history()
    assert len(history) == 2, [m.content for m in history]
    assert button_ids(history[1]) == [f"grim:turn:{game_id}:1", "grim:rules:mandragora"]
    assert await bot_of(table).services.store.outbox.pending() == []
    assert (await bot_of(table).services.store.outbox.get(item.id)).attempts == 2


async def test_closed_dms_are_announced_once_per_game_even_across_a_restart(
    table: Table,
) -> None:
    bob = table.members["bob"]
    table.env.inject_error(
        "POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007, times=None
    )
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    notice = (
        f"I could not send <@{bob.id}> their private view: their DMs are closed."
        " Use `/hand` in this thread to see it."
    )
    assert [m.content for m in thread.history()].count(notice) == 1

    await restart(table)
    await play_first_legal(table, thread, game_id)  # alice
    await play_first_legal(table, thread, game_id)  # bob: his hand changes, his DM fails

    dms = [
        i
        for i in await all_outbox_items(table)
        if i.kind is DeliveryKind.VIEW and i.target_id == bob.id
    ]
    assert len(dms) == 3  # the deal, his turn and his own move: all refused
    assert all(i.failed_at is not None for i in dms)
    assert [m.content for m in thread.history()].count(notice) == 1


# ------------------------------------------------------------------ lobby
async def test_a_lobby_can_be_joined_and_started_after_a_restart(table: Table) -> None:
    lobby, game_id = await open_lobby(table, "alice", "mandragora")
    joined = await table.members["bob"].click(lobby, label="Join")
    assert joined.acknowledged, joined
    assert not joined.ephemeral, joined

    await restart(table)

    joined = await table.members["carol"].click(message_now(table.channel, lobby.id), label="Join")
    assert joined.acknowledged, joined
    assert not joined.ephemeral, joined
    game = await stored(table, game_id)
    assert game.status is GameStatus.LOBBY
    players = [table.members[n].id for n in ("alice", "bob", "carol")]
    assert [s.user_id for s in game.seats] == players
    shown = message_now(table.channel, lobby.id)
    listed = str(shown.embeds[0].to_dict())
    assert all(f". {name}" in listed for name in ("alice", "bob", "carol")), listed
    assert "(3/4)" in listed

    started = await table.members["alice"].click(shown, label="Start")
    assert started.acknowledged, started
    assert not started.ephemeral, started
    game = await stored(table, game_id)
    assert game.status is GameStatus.ACTIVE
    assert game.version == 0
    assert [game.seat_of(u) for u in players] == [0, 1, 2]
    thread = next(t for t in table.channel.threads if f"#{game_id}" in (t.name or ""))
    assert game.thread_id == thread.id
    first = thread.history()
    assert len(first) == 1
    assert post_words(first[0]).startswith("**Mandragora** begins!")
    for name in ("alice", "bob", "carol"):
        dms = table.members[name].user.dm_channel.history()
        assert [post_words(m) for m in dms] == [
            f"Your hand in **Mandragora** #{game_id} in <#{thread.id}>."
            " Use `/hand` to see it again."
        ]
    assert message_now(table.channel, lobby.id).components == []
