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
from bot.app import GrimoireBot
from bot.settings import Settings
from games.core import render_seats
from storage import Game, GameStatus
from storage.replay import check_replay
from tests.bot.conftest import Table
from tests.bot.driving import (
    bot_of,
    everything_visible_in_guild,
    legal_moves,
    member_at,
    replies,
    start_game,
    stored,
)

PLAYERS = ["alice", "bob", "carol"]


@pytest.fixture
def simcord_bot(db: Path) -> GrimoireBot:
    """A bot whose games are dealt from fixed seeds, so the game below is always the same."""
    return create_bot(Settings(database_url=f"sqlite:///{db}"), seeds=itertools.count(11).__next__)


def newest_turn_message(table: Table, thread_id: int) -> discord.Message:
    thread = next(t for t in table.channel.threads if t.id == thread_id)
    return next(m for m in reversed(thread.history()) if m.components)


async def play_by_command(table: Table, game: Game, seat: int, move: str) -> None:
    member = member_at(table, game, seat)
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    offered = await member.autocomplete(thread, "play", "move", move)
    assert move in [choice["value"] for choice in offered]
    result = await member.slash(thread, "play", move=move)
    assert result.ephemeral
    answers = replies(result)
    assert any(f"`{move}`" in answer for answer in answers), answers


async def play_by_panel(table: Table, game: Game, seat: int, move: str) -> None:
    member = member_at(table, game, seat)
    assert game.thread_id is not None
    opened = await member.click(newest_turn_message(table, game.thread_id), label="Take your turn")
    assert opened.ephemeral
    assert opened.response is not None
    panel = opened.response
    moves = await legal_moves(table, game, seat)
    index = moves.index(move)
    custom_ids = [child["custom_id"] for row in panel.components for child in row["components"]]
    button = f"grim:act:{game.id}:{game.version}:{index}"
    if button in custom_ids:
        done = await member.click(panel, custom_id=button)
    else:
        page = 0
        while f"grim:pick:{game.id}:{game.version}:{page}" not in custom_ids:
            page += 1
            assert page < 20, custom_ids
        # the wanted move is on page index // 25 of the non-"back" moves: page through to it
        wanted_page = [i for i, m in enumerate(moves) if m != "back"].index(index) // 25
        for next_page in range(1, wanted_page + 1):
            turned = await member.click(
                panel, custom_id=f"grim:page:{game.id}:{game.version}:{next_page}"
            )
            assert turned.response is not None
            panel = turned.response
        done = await member.select(
            panel, [str(index)], custom_id=f"grim:pick:{game.id}:{game.version}:{wanted_page}"
        )
    assert done.response is not None
    assert f"`{move}`" in done.response.content


async def test_three_players_play_mandragora_to_the_final_scores(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", PLAYERS)
    game = await stored(table, game_id)
    assert game.status is GameStatus.ACTIVE
    assert sorted(s.user_id or 0 for s in game.seats) == sorted(
        table.members[n].id for n in PLAYERS
    )
    first = thread.history()[0]
    assert "begins" in first.content
    for name in PLAYERS:
        dms = table.members[name].user.dm_channel
        assert dms is not None
        assert any("Your hand" in str(e.to_dict()) for m in dms.history() for e in m.embeds)

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
        after = await stored(table, game_id)
        assert after.version == game.version + 1
        await table.env.advance_time(2)  # people take a moment between moves

    assert game.status is GameStatus.FINISHED
    assert game.outcome is not None
    assert min(used.values()) > 10
    bot = bot_of(table)
    assert (await check_replay(bot.store, game_id)).matches
    assert await bot.store.outbox.pending() == []

    final = thread.history()[-1]
    assert "The game is over." in final.content
    names = [table.members[n].name for n in PLAYERS]
    assert sum(name in final.content for name in names) == 3
    assert any("Final scores" in str(e.to_dict()) for e in final.embeds)
    assert not final.components

    await assert_nothing_private_in_public(table, game)


async def assert_nothing_private_in_public(table: Table, game: Game) -> None:
    """Replay the game: no line written for some seats only, and no private board, may
    appear in anything a spectator can read in the server."""
    engine = games.get(game.game_key)
    assert game.seed is not None
    state = engine.new_game(len(game.seats), game.seed, game.options)
    names = [member_at(table, game, s).name for s in range(len(game.seats))]
    secrets: set[str] = set()
    for action in await bot_of(table).store.games.actions(game.id):
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
