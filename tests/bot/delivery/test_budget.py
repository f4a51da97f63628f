"""Discord's budget: a turn spends as few rate-limited requests as it can.

Every request the bot makes is read from SimCord's log. A turn's post, the previous post's
board taken away and the "your turn" DM are what a turn needs; nothing else is sent for it:
no message of the bot's own is read back, the mover's private message is not edited for their
own decision, a board edit within a turn waits a moment and is dropped when the turn's post
comes first, and a private message is edited only when what only its player sees changed.
"""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest

from bot.delivery.kept import edit_laid_out
from bot.delivery.queued import BOARD_EDIT_DELAY
from storage import Game
from tests.bot.conftest import Table
from tests.bot.driving import (
    bot_of,
    gallery_items,
    has_board,
    legal_moves,
    member_at,
    start_game,
    stored,
)

EXEMPT = ("/interactions/", "/webhooks/")


def limited_since(table: Table, start: int) -> list[tuple[str, str]]:
    """The rate-limited requests (method, path) made since the ``start``-th."""
    return [
        (r.method, r.path) for r in table.env.http_requests[start:] if not r.path.startswith(EXEMPT)
    ]


async def play(table: Table, game: Game, seat: int) -> Game:
    """``seat`` makes its first legal move with ``/play``; the game after it."""
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    choice = next(m for m in await legal_moves(table, game, seat) if m != "back")
    result = await member_at(table, game, seat).slash(thread, "play", move=choice)
    assert result.ephemeral
    return await stored(table, game.id)


def dm_channel(table: Table, game: Game, seat: int) -> int:
    channel = member_at(table, game, seat).user.dm_channel
    assert channel is not None
    return channel.id


async def test_a_turn_costs_its_post_the_old_boards_edit_and_one_dm(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    (mover,) = game.to_act
    first_post = game.board_message_id
    start = len(table.env.http_requests)

    game = await play(table, game, mover)
    while mover in game.to_act:  # the rest of the mover's turn, if it has more to it
        game = await play(table, game, mover)
    await table.env.advance_time(BOARD_EDIT_DELAY)

    sent = limited_since(table, start)
    assert ("POST", f"/channels/{thread.id}/messages") in sent  # the turn's post
    assert ("PATCH", f"/channels/{thread.id}/messages/{first_post}") in sent  # old board off
    (waiting,) = game.to_act
    assert ("POST", f"/channels/{dm_channel(table, game, waiting)}/messages") in sent
    assert not [r for r in sent if r[0] == "GET"]  # nothing of the bot's own read back
    # The mover saw what they did in the answer to their command: their DM is left alone.
    assert not [r for r in sent if str(dm_channel(table, game, mover)) in r[1]]
    assert len(sent) == 3, sent


async def test_picks_of_one_round_edit_the_board_once_or_not_at_all(table: Table) -> None:
    thread, game_id = await start_game(table, "magnum-opus", ["alice", "bob", "carol"])
    game = await stored(table, game_id)
    post = game.board_message_id
    start = len(table.env.http_requests)
    game = await play(table, game, min(game.to_act))  # a pick: the round goes on
    assert len(game.to_act) == 2
    # Held back a moment: no edit yet.
    assert ("PATCH", f"/channels/{thread.id}/messages/{post}") not in limited_since(table, start)
    game = await play(table, game, min(game.to_act))
    await table.env.advance_time(BOARD_EDIT_DELAY)
    edits = [r for r in limited_since(table, start) if r[0] == "PATCH" and str(thread.id) in r[1]]
    assert edits == [("PATCH", f"/channels/{thread.id}/messages/{post}")]  # two picks, one edit
    newest = next(m for m in thread.history() if m.id == post)
    assert has_board(newest)
    assert gallery_items(newest)  # the picture is still shown

    # The last pick of the round: the next post shows the board; the edit held back for the
    # pick is dropped rather than sent.
    start = len(table.env.http_requests)
    game = await play(table, game, min(game.to_act))
    await table.env.advance_time(BOARD_EDIT_DELAY)
    sent = limited_since(table, start)
    assert [r for r in sent if r[0] == "POST" and str(thread.id) in r[1]]
    assert [r for r in sent if r[0] == "PATCH" and str(thread.id) in r[1]] == [
        ("PATCH", f"/channels/{thread.id}/messages/{post}")  # the old post's board taken away
    ]
    assert await bot_of(table).services.store.outbox.pending() == []


async def test_a_private_message_is_edited_only_when_what_its_player_sees_changed(
    table: Table,
) -> None:
    _, game_id = await start_game(table, "magnum-opus", ["alice", "bob", "carol"])
    game = await stored(table, game_id)
    views = bot_of(table).services.store.views
    seat = min(game.to_act)
    others = [s for s in sorted(game.to_act) if s != seat]
    before = {s: await views.get(game_id, member_at(table, game, s).id) for s in others}
    start = len(table.env.http_requests)
    game = await play(table, game, seat)
    await table.env.advance_time(BOARD_EDIT_DELAY)
    # Another player's pick changes nothing that only they see: their DMs are not touched,
    # and remembered as showing the same.
    for s in others:
        channel = dm_channel(table, game, s)
        assert not [r for r in limited_since(table, start) if str(channel) in r[1]]
        after = await views.get(game_id, member_at(table, game, s).id)
        earlier = before[s]
        assert after is not None
        assert earlier is not None
        assert after.message_id == earlier.message_id


class _Message:
    """A message that records what an edit asked for."""

    def __init__(self) -> None:
        self.edits: list[dict[str, Any]] = []

    async def edit(self, **fields: Any) -> None:
        self.edits.append(fields)


@pytest.mark.parametrize("same", [True, False])
async def test_a_picture_is_uploaded_again_only_when_it_changed(same: bool) -> None:
    message = _Message()
    picture = discord.File(io.BytesIO(b"png"), "board.png")
    view = discord.ui.LayoutView()
    await edit_laid_out(message, view, picture, same=same)  # type: ignore[arg-type]
    (fields,) = message.edits
    assert ("attachments" in fields) is not same
    if not same:
        assert fields["attachments"] == [picture]
