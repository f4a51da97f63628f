"""Substitutes through SimCord: a seat opened after missed deadlines, announced with a
**Take this seat** button, played by the AI at its deadline while it waits, taken by a new
member who gets the private view and is pinged, and played to the end; the player who left
sees nothing private any more. Also: asking for a substitute, opening another's seat, the
refusals, and a table that waits."""

from __future__ import annotations

import random

import discord
import pytest
import simcord

from storage import GameStatus
from tests.bot.clocks.test_commands import manager
from tests.bot.conftest import Table
from tests.bot.driving import (
    bot_of,
    has_board,
    legal_moves,
    member_at,
    play_by_command,
    post_words,
    replies,
    resign,
    start_game,
    stored,
)
from tests.bot.test_async_play import dm_texts, thread_text
from tests.bot.test_whole_game import assert_nothing_private_in_public

HOUR = 3600


def take_buttons(channel: simcord.ChannelHandle) -> list[discord.Message]:
    """The messages in ``channel`` carrying a **Take this seat** button."""
    return [
        m
        for m in channel.history()
        if any(
            getattr(c, "label", None) == "Take this seat"
            for row in m.components
            for c in getattr(row, "children", [row])
        )
    ]


async def answer(result: simcord.InteractionResult) -> str:
    assert result.ephemeral, result
    return "\n".join(replies(result))


def private_dms(member: simcord.MemberActor) -> list[discord.Message]:
    """The DMs the bot sent a member that still show a board (a private view)."""
    channel = member.user.dm_channel
    return [] if channel is None else [m for m in channel.history() if has_board(m)]


@pytest.mark.slow
async def test_a_seat_opened_after_strikes_is_taken_by_a_new_member_and_played_out(
    table: Table,
) -> None:
    admin = manager(table)
    chosen = await admin.slash(table.channel, "settings", strikes=1, on_strikes="open")
    assert "removed after 1 missed (their seat is offered to a substitute)" in await answer(chosen)
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"], deadline="1h")
    game = await stored(table, game_id)
    slow_seat = min(game.to_act)
    leaver = member_at(table, game, slow_seat)
    other = member_at(table, game, 1 - slow_seat)
    assert private_dms(leaver)  # the deal

    await table.env.advance_time(HOUR + 60)  # the deadline passes: the AI moves, seat opens
    game = await stored(table, game_id)
    place = next(s for s in game.seats if s.seat == slow_seat)
    assert place.is_open
    assert place.user_id is None
    assert game.status is GameStatus.ACTIVE
    said = thread_text(table, game)
    assert f"<@{leaver.id}> is removed from the game after 1 missed deadline." in said
    assert f"'s seat in **Mandragora** #{game_id} is open" in said, "named by who held it"
    assert f"Seat {slow_seat + 1}" not in said
    (in_thread,) = take_buttons(thread)
    (in_channel,) = take_buttons(table.channel)
    # The leaver's private message no longer shows the seat, and no new one comes.
    assert private_dms(leaver) == []
    assert f"You left game #{game_id}: its private view is no longer shown here." in dm_texts(
        leaver
    )
    hand = await leaver.slash(thread, "hand")
    assert await answer(hand) == f"You are not playing in game #{game_id}."

    refused = await other.click(in_thread, label="Take this seat")
    assert await answer(refused) == f"You already play in game #{game_id}: one seat each."
    again = await leaver.click(in_channel, label="Take this seat")
    assert "You left game" in await answer(again)
    dave = table.members["dave"]
    taken = await dave.click(in_channel, label="Take this seat")
    assert f"You took the open seat in game #{game_id}" in await answer(taken)
    game = await stored(table, game_id)
    assert game.seat_of(dave.id) == slow_seat
    assert private_dms(dave), dm_texts(dave)  # the private view, at once
    late = await table.members["erin"].click(in_thread, label="Take this seat")
    assert "has been taken already" in await answer(late)
    said = thread_text(table, game)
    assert f"<@{dave.id}> takes seat {slow_seat + 1}" in said

    # Played to the end; dave is pinged on his turns, the leaver hears nothing more.
    leaver_dms = len(dm_texts(leaver))
    rng = random.Random(3)
    pinged = False
    for _ in range(600):
        game = await stored(table, game_id)
        if game.status is not GameStatus.ACTIVE:
            break
        seat = min(game.to_act)
        if seat == slow_seat and f"<@{dave.id}>" in post_words(thread.history()[-1]):
            pinged = True
        moves = [m for m in await legal_moves(table, game, seat) if m != "back"]
        await play_by_command(table, game, seat, rng.choice(moves))
        await table.env.advance_time(60)  # people take their time (and are not throttled)
    game = await stored(table, game_id)
    assert game.status is GameStatus.FINISHED
    assert pinged
    assert len(dm_texts(leaver)) == leaver_dms
    assert private_dms(leaver) == []
    await assert_nothing_private_in_public(table, game)
    # A seat that changed hands leaves the game unrated.
    assert await bot_of(table).services.ratings.changes(game_id) == []  # not rated


async def test_an_open_seat_is_played_by_the_ai_at_its_deadline_unless_the_table_waits(
    table: Table,
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"], deadline="1h")
    game = await stored(table, game_id)
    seat = min(game.to_act)
    player = member_at(table, game, seat)
    asked = await player.slash(thread, "game sub")
    assert "Your seat is open for a substitute" in await answer(asked)
    assert f"<@{player.id}> leaves the game to a substitute." in thread_text(table, game)
    assert (await stored(table, game_id)).version == 0
    await table.env.advance_time(HOUR + 60)
    game = await stored(table, game_id)
    assert game.version >= 1  # the AI stood in: the game does not stall
    assert f"Nobody has taken seat {seat + 1} yet" in thread_text(table, game)

    waiting, waiting_id = await start_game(
        table, "mandragora", ["carol", "dave"], deadline="1h", on_timeout="wait"
    )
    game = await stored(table, waiting_id)
    first = member_at(table, game, min(game.to_act))
    await first.slash(waiting, "game sub")
    await table.env.advance_time(2 * HOUR)
    assert (await stored(table, waiting_id)).version == 0  # the table waits for a taker


async def test_only_the_host_or_a_manager_opens_another_players_seat(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"], deadline="none")
    game = await stored(table, game_id)
    bob_seat = game.seat_of(table.members["bob"].id)
    assert bob_seat is not None
    alice_seat = 1 - bob_seat
    refused = await table.members["bob"].slash(thread, "game sub", seat=alice_seat + 1)
    assert "Only the host of game" in await answer(refused)
    stranger = await table.members["erin"].slash(thread, "game sub")
    assert await answer(stranger) == f"You are not playing in game #{game_id}."
    assert not any(s.is_open for s in (await stored(table, game_id)).seats)
    opened = await table.members["alice"].slash(thread, "game sub", seat=bob_seat + 1)
    assert await answer(opened) == "bob's seat is open for a substitute; the table was told."
    twice = await table.members["alice"].slash(thread, "game sub", seat=bob_seat + 1)
    assert "is already open" in await answer(twice)
    assert f"left by <@{table.members['bob'].id}>" in thread_text(
        table, await stored(table, game_id)
    )


async def test_a_substitute_meets_the_tables_requirements(table: Table) -> None:
    """A table that asked for finished games asks the same of whoever takes an open seat."""
    first, _ = await start_game(table, "mandragora", ["alice", "bob"], deadline="none")
    await resign(table.members["bob"], first)  # alice and bob have one finished game each
    thread, game_id = await start_game(
        table, "mandragora", ["alice", "bob"], deadline="none", min_games=1
    )
    opened = await table.members["bob"].slash(thread, "game sub")
    assert "is open for a substitute" in await answer(opened)
    (button,) = take_buttons(thread)

    refused = await table.members["erin"].click(button, label="Take this seat")
    assert "1 finished game on this server, and you have 0: 1 to go" in await answer(refused)
    game = await stored(table, game_id)
    assert game.seated(table.members["erin"].id) is False
    assert any(s.is_open for s in game.seats)
