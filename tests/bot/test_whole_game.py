"""A whole three-player Mandragora game through SimCord: lobby, joins, start, moves by both
``/play`` and the turn panel, to the final scores; and nothing private ever shown in public."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import discord
import pytest

import games
from bot import create_bot
from bot.wiring.app import GrimoireBot
from bot.wiring.settings import Settings
from games.core import render_seats
from storage import Game, GameStatus
from storage.replay import check_replay
from tests.bot.conftest import Table
from tests.bot.driving import (
    board_texts,
    bot_of,
    button_ids,
    check_moved,
    choose_in_panel,
    everything_visible_in_guild,
    gallery_urls,
    legal_moves,
    member_at,
    play_by_command,
    post_text,
    post_words,
    start_game,
    stored,
)
from tests.bot.test_every_game import check_the_counts

pytestmark = pytest.mark.slow

PLAYERS = ["alice", "bob", "carol"]


@pytest.fixture
def simcord_bot(db: Path) -> GrimoireBot:
    """A bot whose games are dealt from fixed seeds, so the game below is always the same."""
    return create_bot(Settings(database_url=f"sqlite:///{db}"), seeds=itertools.count(11).__next__)


def newest_turn_message(table: Table, thread_id: int) -> discord.Message:
    thread = next(t for t in table.channel.threads if t.id == thread_id)
    return next(m for m in reversed(thread.history()) if m.components)


async def play_by_panel(table: Table, game: Game, seat: int, move: str) -> None:
    """The move through the "Take your turn" button under the newest board."""
    assert game.thread_id is not None
    member = member_at(table, game, seat)
    opened = await member.click(newest_turn_message(table, game.thread_id), label="Take your turn")
    await choose_in_panel(table, game, seat, move, opened)


async def test_three_players_play_mandragora_to_the_final_scores(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", PLAYERS)
    game = await stored(table, game_id)
    assert game.status is GameStatus.ACTIVE
    assert sorted(s.user_id or 0 for s in game.seats) == sorted(
        table.members[n].id for n in PLAYERS
    )
    first = thread.history()[0]
    assert "begins" in post_words(first)
    for name in PLAYERS:
        dms = table.members[name].user.dm_channel
        assert dms is not None
        # Each player's own board, with its picture (which shows the hand).
        assert any(
            "Your score if the game ended now" in "\n".join(board_texts(m)) and gallery_urls(m)
            for m in dms.history()
        )

    chooser = random.Random(3)
    used = {"command": 0, "panel": 0}
    for turn in itertools.count():
        game = await stored(table, game_id)
        if game.status is not GameStatus.ACTIVE:
            break
        assert turn < 600, "the game should have ended"
        seat = min(game.to_act)
        moves = [m for m in await legal_moves(table, game, seat) if m != "back"]
        move = chooser.choice(moves)
        if turn % 2:
            await play_by_panel(table, game, seat, move)
            used["panel"] += 1
        else:
            await play_by_command(table, game, seat, move)
            used["command"] += 1
        await check_moved(table, game, seat, move)
        await table.env.advance_time(2)  # people take a moment between moves

    assert game.status is GameStatus.FINISHED
    assert game.outcome is not None
    assert min(used.values()) > 10
    bot = bot_of(table)
    assert (await check_replay(bot.services.store, game_id)).matches
    assert await bot.services.store.outbox.pending() == []

    final = thread.history()[-1]
    assert "The game is over." in post_words(final)
    names = [table.members[n].name for n in PLAYERS]
    assert sum(name in post_words(final) for name in names) == 3
    assert "Final scores" in post_text(final)
    # No turn to take any more: a rematch, a new game, or the rules.
    assert button_ids(final) == [
        f"grim:over:rematch:{game_id}",
        f"grim:over:new:{game_id}",
        f"grim:rpw:{game_id}",
        "grim:rules:mandragora",
    ]

    await assert_nothing_private_in_public(table, game)
    await check_the_counts(table, game)  # one post per turn, one DM per turn of one's own


async def assert_nothing_private_in_public(table: Table, game: Game) -> None:
    """Replay the game: no line written for some seats only, and no private board, may
    appear in anything a spectator can read in the server."""
    engine = games.get(game.game_key)
    assert game.seed is not None
    state = engine.new_game(len(game.seats), game.seed, game.options)
    names = [member_at(table, game, s).name for s in range(len(game.seats))]
    secrets: set[str] = set()
    for action in await bot_of(table).services.store.games.actions(game.id):
        transition = engine.apply(
            state, action.seat, engine.parse(state, action.seat, action.notation)
        )
        state = transition.state
        secrets |= {render_seats(e.text, names) for e in transition.log if e.audience is not None}
    assert secrets, "a Mandragora game has private draws"
    public = "\n".join(everything_visible_in_guild(table))
    leaked = [line for line in secrets if line in public]
    assert leaked == []
    assert "Your hand" not in public
