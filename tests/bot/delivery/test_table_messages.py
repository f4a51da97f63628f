"""Each player's private message about a game, as it reaches them: laid out like the thread's
posts, with the picture of their own view large in a media gallery and described in words; a
private message sent before that layout (words and an embed) is brought into it when edited,
and loses its board when a newer one replaces it."""

from __future__ import annotations

import io

import discord
import simcord

import games
from bot.drawing import pictures
from storage import Game, PrivateView
from tests.bot.conftest import Table
from tests.bot.driving import (
    board_texts,
    bot_of,
    button_ids,
    gallery_items,
    legal_moves,
    member_at,
    play_by_command,
    post_words,
    start_game,
    stored,
)


def assert_laid_out_with_picture(message: discord.Message) -> None:
    """``message`` shows its picture large, in its media gallery with the file's alt text:
    no content, no embed (whose image, or thumbnail, would show it small)."""
    assert message.flags.components_v2
    assert message.content == ""
    assert message.embeds == []
    (attachment,) = message.attachments
    assert attachment.filename == pictures.FILE_NAME
    assert attachment.description
    assert gallery_items(message) == [(attachment.url, attachment.description)]
    assert board_texts(message)  # the board's texts, below the picture


def private_messages(member: simcord.MemberActor) -> list[discord.Message]:
    channel = member.user.dm_channel
    assert channel is not None
    return channel.history()


async def first_move(table: Table, game: Game) -> int:
    """The seat to act plays its first legal move; that seat."""
    (seat,) = game.to_act
    await play_by_command(table, game, seat, (await legal_moves(table, game, seat))[0])
    await table.env.settle()
    return seat


async def send_the_old_way(table: Table, game: Game, seat: int) -> discord.Message:
    """A private message about ``game`` as the bot sent them before the layout (its words
    as content, the board as an embed with the picture as its image), kept as the seat's
    private message."""
    member = member_at(table, game, seat)
    bot = bot_of(table)
    user = await bot.fetch_user(member.id)
    embed = discord.Embed(title="The board, the old way")
    embed.add_field(name="Your hand", value="Lantern, Spade")
    embed.set_image(url=f"attachment://{pictures.FILE_NAME}")
    picture = discord.File(io.BytesIO(b"old picture"), pictures.FILE_NAME, description="Old")
    sent = await user.send(content=f"Your hand in game #{game.id}.", embed=embed, file=picture)
    await bot.services.store.views.put(PrivateView(game.id, member.id, sent.channel.id, sent.id))
    await table.env.settle()
    return next(m for m in private_messages(member) if m.id == sent.id)


async def test_each_seats_dm_shows_its_own_picture_large_with_alt_text(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    alice, bob = table.members["alice"], table.members["bob"]

    described: dict[str, str | None] = {}
    for member in (alice, bob):
        (dm,) = private_messages(member)
        assert_laid_out_with_picture(dm)
        assert post_words(dm) == (
            f"Your hand in **Mandragora** #{game_id} in <#{thread.id}>."
            " Use `/hand` to see it again."
        )
        described[member.name] = dm.attachments[0].description
    # Each describes its reader's own view: their secrets stay in their own DM.
    assert described["alice"] != described["bob"]

    # Edited in place, or sent anew, as the game goes on: the private message keeps its shape.
    await first_move(table, game)
    for member in (alice, bob):
        newest = private_messages(member)[-1]
        assert_laid_out_with_picture(newest)
        # An older private message stays as it was, a record of that moment: no buttons.
        for older in private_messages(member)[:-1]:
            assert_laid_out_with_picture(older)
            assert button_ids(older) == []
            assert post_words(older).startswith("Your hand in **Mandragora**")


async def test_a_dm_sent_as_an_embed_is_edited_into_the_layout(table: Table) -> None:
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    (seat,) = game.to_act
    # Whoever moves has their private message edited, not a new one sent (their turn is over).
    old = await send_the_old_way(table, game, seat)
    mover = member_at(table, game, seat)
    count = len(private_messages(mover))
    assert old.embeds

    await first_move(table, game)

    assert len(private_messages(mover)) == count  # edited, not sent again
    edited = next(m for m in private_messages(mover) if m.id == old.id)
    assert_laid_out_with_picture(edited)
    assert post_words(edited).startswith(f"Your view of **Mandragora** #{game_id} in <#")
    assert "The board, the old way" not in "\n".join(board_texts(edited))
    assert await edited.attachments[0].read() != b"old picture"


async def test_a_dm_sent_as_an_embed_stays_as_it_was_when_a_newer_one_comes(
    table: Table,
) -> None:
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    (seat,) = game.to_act
    waiting = 1 - seat
    # The one waiting is sent a new private message when their turn comes.
    old = await send_the_old_way(table, game, waiting)
    member = member_at(table, game, waiting)

    await first_move(table, game)

    newest = private_messages(member)[-1]
    assert newest.id != old.id
    assert_laid_out_with_picture(newest)
    kept = next(m for m in private_messages(member) if m.id == old.id)
    assert kept.content == f"Your hand in game #{game_id}."  # untouched: no request spent
    assert kept.embeds
    assert kept.attachments
    assert games.get(game.game_key).title in post_words(newest)
