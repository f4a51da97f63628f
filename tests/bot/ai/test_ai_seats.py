"""A whole Magnum Opus game through SimCord: Alice and two AI players she seats in the lobby.

The AI seats pick on their own, at the same time as Alice where the game says so; the board
marks them, nobody pings or messages them, and the game reaches its final scores.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import discord
import pytest

from bot import create_bot
from bot.common.names import ai_name
from bot.wiring.app import GrimoireBot
from bot.wiring.settings import Settings
from storage import GameStatus
from storage.replay import check_replay
from tests.bot.conftest import Table
from tests.bot.driving import (
    board_texts,
    bot_of,
    legal_moves,
    open_lobby,
    play_by_command,
    post_words,
    replies,
    stored,
)


@pytest.fixture
def simcord_bot(db: Path) -> GrimoireBot:
    """A bot whose AI seats act at once and think briefly, on fixed seeds."""
    settings = Settings(database_url=f"sqlite:///{db}", ai_pause_seconds=0, ai_iterations=20)
    return create_bot(settings, seeds=itertools.count(5).__next__)


def _fresh(table: Table, message: discord.Message) -> discord.Message:
    return next(m for m in table.channel.history() if m.id == message.id)


@pytest.mark.slow
async def test_alice_plays_magnum_opus_against_two_ai_players(table: Table) -> None:
    alice, bob = table.members["alice"], table.members["bob"]
    lobby, game_id = await open_lobby(table, "alice", "magnum-opus")
    add_ai = f"grim:lobby:ai:{game_id}"

    refused = await bob.select(lobby, ["easy"], custom_id=add_ai)
    assert refused.ephemeral
    assert "Only the host can seat AI players." in replies(refused)

    for level in ("hard", "normal", "easy"):
        added = await alice.select(_fresh(table, lobby), [level], custom_id=add_ai)
        assert added.acknowledged
        assert not added.ephemeral
    lobby = _fresh(table, lobby)
    players = str(lobby.embeds[0].to_dict())
    assert "🤖 Basil — AI, hard" in players
    assert "🤖 Dorian — AI, easy" in players
    assert "<@" not in players, "the lobby names its players, never by raw mentions"
    removed = await alice.click(lobby, label="Remove AI")
    assert removed.acknowledged
    assert not removed.ephemeral
    game = await stored(table, game_id)
    assert [s.ai_level for s in game.seats] == [None, "hard", "normal"]

    started = await alice.click(_fresh(table, lobby), label="Start")
    assert started.acknowledged
    ai = bot_of(table).services.ai
    for turn in itertools.count():
        await ai.idle()
        game = await stored(table, game_id)
        if game.status is not GameStatus.ACTIVE:
            break
        assert turn < 200, "the game should have ended"
        assert game.to_act == {0}, "the AI seats never keep the game waiting"
        moves = [m for m in await legal_moves(table, game, 0) if m != "back"]
        await play_by_command(table, game, 0, moves[0])
        await table.env.advance_time(1.5)  # as a person plays: the throttle never steps in

    assert game.status is GameStatus.FINISHED
    actions = await bot_of(table).services.store.games.actions(game_id)
    assert {a.seat for a in actions} == {0, 1, 2}
    assert (await check_replay(bot_of(table).services.store, game_id)).matches
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    posts = thread.history()
    assert "(hard)" in post_words(posts[0])
    assert "(normal)" in post_words(posts[0])
    final_board = "\n".join(board_texts(posts[-1]))
    assert ai_name(1) in final_board, "the board names the AI seats"
    assert ai_name(2) in final_board
    assert "The game is over" in post_words(posts[-1])
    pinged = {user.id for m in posts for user in m.mentions}
    assert pinged == {alice.id}, "only the person is pinged; AI seats never are"
