"""Many answers racing on one undo request: whatever order the clicks and their edits land in,
the request's message ends saying what happened, and every click is answered."""

from __future__ import annotations

import asyncio

import discord
import pytest
import simcord

from storage import Game
from tests.bot.conftest import Table
from tests.bot.driving import (
    bot_of,
    legal_moves,
    member_at,
    play_by_command,
    replies,
    start_game,
    stored,
)

pytestmark = pytest.mark.slow  # thirty clicks at once, each waiting for the others

PLAYERS = ["alice", "bob", "carol", "dave"]
CLICKS = 30
AGREED = "✅ Everyone agreed: the move is taken back."


@pytest.fixture
def overlapping(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Let members click at the same time (SimCord runs one member operation at a time).
    Each click waits for the bot to be idle, which it is only once every click is through:
    the wait (on the wall clock, a hang detector) gets room for thirty on a busy machine."""
    monkeypatch.setattr(table.env, "_begin_operation", lambda label: None)
    monkeypatch.setattr(table.env, "_end_operation", lambda: None)
    monkeypatch.setattr(table.env, "settle_timeout", 600.0)


async def asked(table: Table) -> tuple[simcord.ChannelHandle, Game, discord.Message]:
    """A four-player Mandragora game whose first mover asks to take back a move that brought
    a card to light: the thread, the game, and the request's message with its buttons."""
    thread, game_id = await start_game(table, "mandragora", PLAYERS)
    game = await stored(table, game_id)
    first = min(game.to_act)
    await play_by_command(table, game, first, (await legal_moves(table, game, first))[0])
    result = await member_at(table, game, first).slash(thread, "game undo")
    assert "hidden information" in "\n".join(replies(result))
    request = thread.history()[-1]
    assert "asks to take back their last move" in request.content
    assert request.components
    return thread, await stored(table, game_id), request


def others(table: Table, game: Game, request: discord.Message) -> list[simcord.MemberActor]:
    """The members who answer the request: everyone but the player who asked (the one it
    names first)."""
    asker = int(request.content.split("<@", 1)[1].split(">", 1)[0])
    assert asker in {game.user_at(seat) for seat in range(len(PLAYERS))}
    return [m for name, m in table.members.items() if name in PLAYERS and m.id != asker]


def fresh(thread: simcord.ChannelHandle, message: discord.Message) -> discord.Message:
    return next(m for m in thread.history() if m.id == message.id)


async def click_all(
    clicks: list[tuple[simcord.MemberActor, str]], request: discord.Message
) -> list[str]:
    """Every click at once; the private answer each one got."""
    results = await asyncio.gather(*(m.click(request, label=label) for m, label in clicks))
    for result in results:
        assert result.ephemeral, result
    return ["\n".join(replies(result)) for result in results]


@pytest.mark.usefixtures("overlapping")
async def test_thirty_approvals_at_once_take_the_move_back_and_say_so(table: Table) -> None:
    thread, game, request = await asked(table)
    answering = others(table, game, request)
    assert len(answering) == 3
    clicks = [(answering[i % 3], "Approve") for i in range(CLICKS)]

    answers = await click_all(clicks, request)

    assert (await stored(table, game.id)).version == 0  # taken back, once
    assert [a for a in answers if "Everyone agreed" in a] == [
        "Everyone agreed: the move is taken back."
    ]
    late = [a for a in answers if "no longer open" in a]
    waiting = [a for a in answers if a == "You approved; waiting for the others."]
    assert len(late) + len(waiting) == CLICKS - 1
    settled = fresh(thread, request)
    assert settled.content == f"{request.content}\n{AGREED}"
    assert settled.components == []
    store = bot_of(table).services.store
    assert await store.undo_messages.open(game.id) == []


@pytest.mark.usefixtures("overlapping")
async def test_a_refusal_among_many_approvals_ends_the_request_as_it_happened(
    table: Table,
) -> None:
    thread, game, request = await asked(table)
    answering = others(table, game, request)
    refuser = answering[1]
    clicks = [(answering[i % 3], "Approve") for i in range(CLICKS)]
    clicks[CLICKS // 2] = (refuser, "Refuse")

    answers = await click_all(clicks, request)

    after = await stored(table, game.id)
    settled = fresh(thread, request)
    assert settled.components == []
    if after.version == 0:  # the approvals were all in before the refusal
        assert settled.content == f"{request.content}\n{AGREED}"
        assert not any("You refused" in a for a in answers)
    else:
        assert after.version == game.version
        assert settled.content == (
            f"{request.content}\n❌ Refused by {refuser.mention}: the move stands."
        )
        assert answers[CLICKS // 2] == "You refused; the move stands."
        assert not any("Everyone agreed" in a for a in answers)


@pytest.mark.usefixtures("overlapping")
async def test_clicks_racing_the_next_move_leave_the_request_lapsed(table: Table) -> None:
    thread, game, request = await asked(table)
    answering = others(table, game, request)
    (seat,) = game.to_act
    mover = member_at(table, game, seat)
    move = (await legal_moves(table, game, seat))[0]
    approving = [m for m in answering if m.id != mover.id]
    assert len(approving) == 2
    # The player to move moves on while the two others approve, many times over.
    clicks = [
        mover.slash(thread, "play", move=move),
        *(approving[i % 2].click(request, label="Approve") for i in range(CLICKS)),
    ]
    results = await asyncio.gather(*clicks)
    assert all(r.ephemeral for r in results)
    after = await stored(table, game.id)
    assert after.version == game.version + 1  # the move stands, nothing was taken back
    settled = fresh(thread, request)
    assert settled.content == (
        f"{request.content}\n⌛ No longer open: the game moved on before everyone answered."
    )
    assert settled.components == []
