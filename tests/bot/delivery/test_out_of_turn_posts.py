"""Posts made out of the turn order keep their words: a game picked up in a new thread after
its thread was deleted, a take-back, a catch-up for a post Discord refused. The next moves of
the same turn edit that post's board and turn line, never its story."""

from __future__ import annotations

import discord
import simcord

from bot.delivery.queued import BOARD_EDIT_DELAY
from storage import Game
from tests.bot.conftest import Table
from tests.bot.driving import (
    bot_of,
    button_ids,
    has_board,
    legal_moves,
    member_at,
    post_words,
    start_game,
    stored,
)

PLAYERS = ["alice", "bob", "carol"]


async def move(table: Table, game: Game, seat: int) -> Game:
    """``seat`` makes its first legal move with ``/play`` where the game is played now; the
    game after it."""
    where = next((t for t in table.channel.threads if t.id == game.thread_id), table.channel)
    choice = (await legal_moves(table, game, seat))[0]
    result = await member_at(table, game, seat).slash(where, "play", move=choice, game=game.id)
    assert result.ephemeral, result
    after = await stored(table, game.id)
    assert after.version == game.version + 1, (choice, after.version)
    return after


def message_of(thread: simcord.ChannelHandle, message_id: int | None) -> discord.Message:
    return next(m for m in thread.history() if m.id == message_id)


def thread_of(table: Table, game: Game) -> simcord.ChannelHandle:
    return next(t for t in table.channel.threads if t.id == game.thread_id)


async def same_turn_move(table: Table, game: Game) -> Game:
    """A move after which the game still waits on others (a pick of a simultaneous turn): no
    new post, the thread's newest post is edited once the edit's short wait is over."""
    assert len(game.to_act) > 1, game.to_act
    after = await move(table, game, min(game.to_act))
    assert after.to_act
    assert after.to_act < game.to_act
    await table.env.advance_time(BOARD_EDIT_DELAY)
    return await stored(table, game.id)


def assert_edited_in_its_own_words(
    post: discord.Message, before: str, game: Game, *, said: str
) -> None:
    """The post still tells its own story, shows the board as of ``game`` and says whom the
    game waits on now."""
    words = post_words(post)
    assert said in words
    assert "begins!" not in words
    # The story is the same, line for line; its first line may say which board it shows.
    story, told = before.split("\n\n")[0].splitlines(), words.split("\n\n")[0].splitlines()
    assert told[1:] == story[1:], (before, words)
    assert said in told[0]
    assert words != before  # the turn line moved on
    assert has_board(post)
    assert f"grim:turn:{game.id}:{game.version}" in button_ids(post)


async def kept_through_the_next_move(
    table: Table, thread: simcord.ChannelHandle, game: Game, *, said: str
) -> tuple[Game, discord.Message]:
    """The newest post of ``game`` says ``said``; after one more move of the same turn, the
    same post is edited in its own words. The game and the post after that move."""
    post = message_of(thread, game.board_message_id)
    before = post_words(post)
    assert said in before

    game = await same_turn_move(table, game)

    edited = message_of(thread, game.board_message_id)
    assert edited.id == post.id
    assert_edited_in_its_own_words(edited, before, game, said=said)
    return game, edited


async def test_the_post_in_a_new_thread_keeps_its_words_at_the_next_move(table: Table) -> None:
    thread, game_id = await start_game(table, "magnum-opus", PLAYERS)
    game = await stored(table, game_id)
    table.env.backend.delete_channel(thread.id)  # a moderator deleted the thread
    game = await same_turn_move(table, game)
    assert game.thread_id != thread.id  # the game moved to a new thread
    new_thread = thread_of(table, game)
    said = f"#{game_id} continues here, after move 1"
    await kept_through_the_next_move(table, new_thread, game, said=said)


async def test_a_take_back_post_keeps_its_words_at_the_next_move(table: Table) -> None:
    thread, game_id = await start_game(table, "magnum-opus", PLAYERS)
    game = await stored(table, game_id)
    seat = min(game.to_act)
    game = await same_turn_move(table, game)
    taken = await member_at(table, game, seat).slash(thread, "game undo")
    assert taken.ephemeral
    game = await stored(table, game_id)
    assert game.version == 0
    said = "took back their last move (1 step)"
    await kept_through_the_next_move(table, thread, game, said=said)


async def test_a_catch_up_post_keeps_its_words_at_the_next_move(table: Table) -> None:
    thread, game_id = await start_game(table, "magnum-opus", PLAYERS)
    game = await stored(table, game_id)
    while len(game.to_act) > 1:  # every alchemist but one keeps a card: edits only
        game = await same_turn_move(table, game)
    # The post of the next turn is refused for good (the bot lost its permission a moment).
    table.env.inject_error(
        "POST",
        f"/channels/{thread.id}/messages",
        status=403,
        code=50013,
        message="Missing Permissions",
        times=1,
    )
    game = await move(table, game, min(game.to_act))
    said = "could not be posted"
    game, edited = await kept_through_the_next_move(table, thread, game, said=said)
    assert f"the board after move {game.version}" in post_words(edited)
    assert await bot_of(table).services.store.outbox.pending() == []
