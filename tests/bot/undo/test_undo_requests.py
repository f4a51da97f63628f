"""An undo request's message once settled: approved, refused or lapsed, it says how and its
Approve and Refuse buttons go. The store keeps the messages whose buttons are live, so a
request outlives a restart and is closed by whichever bot sends the game's next update; a
click on a message the store never kept is still answered."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import discord
import simcord

from storage import Game
from tests.bot.conftest import Table, make_bot
from tests.bot.driving import (
    bot_of,
    legal_moves,
    member_at,
    play_by_command,
    replies,
    start_game,
    stored,
)

CLOSED = "no longer open"


async def answer(result: simcord.InteractionResult) -> str:
    assert result.ephemeral, result
    return "\n".join(replies(result))


def forget_undo_message(db: Path, message_id: int) -> None:
    """Take a request's message out of the database file, as if a bot from before messages
    were kept had posted it."""
    with contextlib.closing(sqlite3.connect(db)) as connection, connection:
        deleted = connection.execute(
            "DELETE FROM undo_messages WHERE message_id = ?", (message_id,)
        )
        assert deleted.rowcount == 1


def fresh(thread: simcord.ChannelHandle, message: discord.Message) -> discord.Message:
    return next(m for m in thread.history() if m.id == message.id)


async def asked(table: Table) -> tuple[simcord.ChannelHandle, Game, discord.Message]:
    """A Mandragora game whose first mover asks to take back a move that revealed a card:
    the thread, the game (waiting on the other player), and the request's message with its
    buttons."""
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    first = min(game.to_act)
    await play_by_command(table, game, first, (await legal_moves(table, game, first))[0])
    result = await member_at(table, game, first).slash(thread, "game undo")
    assert "hidden information" in await answer(result)
    request = thread.history()[-1]
    assert "asks to take back their last move" in request.content
    assert request.components
    return thread, await stored(table, game_id), request


async def test_a_refused_request_says_so_and_loses_its_buttons(table: Table) -> None:
    thread, game, request = await asked(table)
    (seat,) = game.to_act
    other = member_at(table, game, seat)
    refused = await other.click(request, label="Refuse")
    assert "the move stands" in await answer(refused)
    settled = fresh(thread, request)
    assert settled.content == (
        f"{request.content}\n❌ Refused by {other.mention}: the move stands."
    )
    assert settled.components == []


async def test_an_approved_request_says_so_and_loses_its_buttons(table: Table) -> None:
    thread, game, request = await asked(table)
    (seat,) = game.to_act
    other = member_at(table, game, seat)
    approved = await other.click(request, label="Approve")
    assert "Everyone agreed" in await answer(approved)
    settled = fresh(thread, request)
    assert settled.content == f"{request.content}\n✅ Everyone agreed: the move is taken back."
    assert settled.components == []
    assert (await stored(table, game.id)).version == 0


async def test_a_request_the_game_moved_on_from_says_it_lapsed(table: Table) -> None:
    thread, game, request = await asked(table)
    (seat,) = game.to_act
    await play_by_command(table, game, seat, (await legal_moves(table, game, seat))[0])
    lapsed = fresh(thread, request)
    assert lapsed.content == (
        f"{request.content}\n⌛ No longer open: the game moved on before everyone answered."
    )
    assert lapsed.components == []


async def test_a_settled_request_keeps_its_words_when_the_game_moves_on(table: Table) -> None:
    thread, game, request = await asked(table)
    (seat,) = game.to_act
    other = member_at(table, game, seat)
    await other.click(request, label="Refuse")
    await play_by_command(table, game, seat, (await legal_moves(table, game, seat))[0])
    settled = fresh(thread, request)
    assert settled.content.endswith(f"❌ Refused by {other.mention}: the move stands.")
    assert settled.components == []
    assert await bot_of(table).services.store.undo_messages.open(game.id) == []


async def test_a_request_outlives_a_restart_and_lapses_with_the_next_move(table: Table) -> None:
    thread, game, request = await asked(table)
    await table.env.restart_bot(make_bot(table.db))  # the new bot never posted the request
    (seat,) = game.to_act
    await play_by_command(table, game, seat, (await legal_moves(table, game, seat))[0])
    lapsed = fresh(thread, request)
    assert lapsed.content == (
        f"{request.content}\n⌛ No longer open: the game moved on before everyone answered."
    )
    assert lapsed.components == []
    assert await bot_of(table).services.store.undo_messages.open(game.id) == []


async def test_an_old_button_the_store_never_kept_is_answered_and_goes(table: Table) -> None:
    thread, game, request = await asked(table)
    # As a request posted by a bot from before the store kept them: nobody knows it is there.
    await table.env.restart_bot(make_bot(table.db))
    forget_undo_message(table.db, request.id)
    (seat,) = game.to_act
    await play_by_command(table, game, seat, (await legal_moves(table, game, seat))[0])
    assert fresh(thread, request).components  # nobody knew it was there

    clicked = await member_at(table, game, seat).click(request, label="Approve")
    assert CLOSED in await answer(clicked)
    closed = fresh(thread, request)
    assert closed.content == f"{request.content}\n⌛ No longer open."
    assert closed.components == []
    assert (await stored(table, game.id)).version == 2  # nothing was taken back
