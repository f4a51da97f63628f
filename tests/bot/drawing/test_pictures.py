"""Board pictures on Discord: the board in the thread, each player's DM, ``/board`` and
``/hand`` carry a PNG of what their reader may see."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from PIL import Image

import games
from bot.common.posts import PostPicture
from bot.drawing import pictures
from bot.drawing.picture_posts import post_picture
from games.core import Engine
from storage import Game
from tests.bot.conftest import Table
from tests.bot.driving import gallery_urls, has_board, post_text, start_game, stored

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


async def picture_of(message: Any) -> bytes:
    """The PNG shown in a message's first embed (or, on a board post, its gallery), checked
    to be attached as ``board.png``."""
    (attachment,) = message.attachments
    assert attachment.filename == pictures.FILE_NAME
    if message.embeds:
        assert message.embeds[0].image.url == f"attachment://{pictures.FILE_NAME}"
    else:
        assert gallery_urls(message) == [attachment.url]
    data: bytes = await attachment.read()
    assert data.startswith(PNG_SIGNATURE)
    Image.open(io.BytesIO(data)).load()
    return data


def seat_names(table: Table, game: Game) -> list[str]:
    """The members' names in seat order, as the bot names seats."""
    by_id = {m.id: m.name for m in table.members.values()}
    return [by_id[s.user_id] for s in game.in_seat_order() if s.user_id is not None]


def drawn(engine: Engine[Any, Any], state: Any, seat: int | None, names: list[str]) -> bytes:
    png = engine.picture(engine.view(state, seat), names)
    assert png is not None
    return png


@pytest.mark.parametrize("key", ["mandragora", "marginalia"])
async def test_the_board_and_each_dm_carry_their_own_picture(table: Table, key: str) -> None:
    thread, game_id = await start_game(table, key, ["alice", "bob"])
    game = await stored(table, game_id)
    engine = games.get(key)
    state = engine.load(game.state or "")
    seat_of = {n: game.seat_of(table.members[n].id) for n in ("alice", "bob")}
    names = seat_names(table, game)

    board = next(m for m in thread.history() if has_board(m))
    assert await picture_of(board) == drawn(engine, state, None, names)
    for name, seat in seat_of.items():
        dm_channel = table.members[name].user.dm_channel
        assert dm_channel is not None
        (dm,) = [m for m in dm_channel.history() if m.embeds]
        # The DM's picture is its reader's view: not the table's, not the other player's.
        assert await picture_of(dm) == drawn(engine, state, seat, names)
        assert await picture_of(dm) != drawn(engine, state, 1 - (seat or 0), names)


async def test_board_and_hand_commands_attach_pictures(table: Table) -> None:
    thread, game_id = await start_game(table, "magic-spell", ["alice", "bob", "carol"])
    game = await stored(table, game_id)
    alice = table.members["alice"]

    board = await alice.slash(thread, "board")
    hand = await alice.slash(thread, "hand")

    shown_board, shown_hand = board.response, hand.response
    assert shown_board is not None
    assert shown_board.ephemeral
    assert shown_hand is not None
    assert shown_hand.ephemeral
    engine = games.get("magic-spell")
    state = engine.load(game.state or "")
    seat = game.seat_of(alice.id)
    names = seat_names(table, game)
    assert await picture_of(shown_board) == drawn(engine, state, None, names)
    assert await picture_of(shown_hand) == drawn(engine, state, seat, names)


async def test_a_picture_that_cannot_be_read_leaves_the_board_without_one() -> None:
    embed = discord.Embed(title="board")
    unreadable = PostPicture("mandragora", {"not": "a view"})

    assert await pictures.attach_picture(embed, unreadable, []) is None
    assert await pictures.attach_picture(embed, None, []) is None
    assert embed.image.url is None


async def test_a_view_is_drawn_once_then_taken_from_the_cache(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    engine = games.get("marginalia")
    view = engine.view(engine.new_game(2, seed=99), 0)
    original = engine.picture
    calls: list[Any] = []

    def counting(shown: Any, names: Any = None) -> bytes | None:
        calls.append(shown)
        return original(shown, names)

    monkeypatch.setattr(engine, "picture", counting)
    monkeypatch.setattr(pictures, "CACHE_SIZE", 2)
    names = ["Cached Ada", "Cached Bastien"]

    first = await pictures.draw(engine, view, names)
    again = await pictures.draw(engine, view, names)
    assert first is not None
    assert again == first
    assert len(calls) == 1
    # Other names make another picture, and the cache keeps only the newest few.
    await pictures.draw(engine, view, ["Someone", "Else"])
    await pictures.draw(engine, engine.view(engine.new_game(2, seed=98), 0), names)
    assert len(calls) == 3
    assert len(pictures._cache) <= 2


async def test_the_text_under_a_picture_leaves_out_what_the_picture_shows(table: Table) -> None:
    thread, _ = await start_game(table, "mandragora", ["alice", "bob"])
    board = next(m for m in thread.history() if has_board(m))
    words = post_text(board)
    assert "Spell stacks" not in words  # the picture shows the stacks…
    assert "Shops" not in words  # …and the circle of shops
    assert "Mandragora" in words  # the title and the sorcerers stay in words
    assert await picture_of(board)


async def test_a_board_whose_picture_cannot_be_drawn_keeps_all_its_text() -> None:
    engine = games.get("mandragora")
    state = engine.new_game(2, 7, engine.options())
    board = engine.describe(engine.view(state, 0))
    assert any(f.pictured for f in board.fields)
    unreadable = PostPicture("mandragora", {"not": "a view"})
    embed, picture = await pictures.board_with_picture(board, ["Ann", "Bob"], unreadable)
    assert picture is None
    assert [f.name for f in embed.fields] == [f.name for f in board.rendered(["Ann", "Bob"]).fields]

    readable = post_picture(engine, engine.view(state, 0))
    embed, picture = await pictures.board_with_picture(board, ["Ann", "Bob"], readable)
    assert picture is not None
    kept = [f.name for f in board.rendered(["Ann", "Bob"]).fields if not f.pictured]
    assert [f.name for f in embed.fields] == kept
    assert embed.image.url == f"attachment://{pictures.FILE_NAME}"
