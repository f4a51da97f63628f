"""A game the bot has never heard of joins through the engine contract alone.

Stones (``tests/games/tiny_game``) lives outside ``games/`` and declares only what the contract
requires: no rules summary, no picture, no cards, no AI rules of thumb. It is registered
while the bot is already running and then found, opened, joined, started and played to its
end through SimCord, by ``/play`` with its suggestions and by the "Take your turn" button,
with no edit anywhere but its own package.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games.core import Engine, Outcome
from storage import Game, GameStatus
from storage.replay import check_replay
from tests.bot.conftest import Table
from tests.bot.driving import (
    bot_of,
    button_ids,
    choose_in_panel,
    legal_moves,
    member_at,
    play_by_command,
    post_text,
    post_words,
    start_game,
    stored,
)
from tests.games.tiny_game import registered


@pytest.fixture
def stones(table: Table) -> Iterator[Engine[Any, Any]]:
    """Stones registered after the bot has started, and taken out again afterwards."""
    with registered() as engine:
        yield engine


async def _by_button(table: Table, game: Game, seat: int, move: str) -> None:
    """``move`` through the panel that the "Take your turn" button opens."""
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    newest = next(m for m in reversed(thread.history()) if m.components)
    opened = await member_at(table, game, seat).click(newest, label="Take your turn")
    await choose_in_panel(table, game, seat, move, opened)


async def test_the_game_is_offered_once_registered(table: Table, stones: Engine[Any, Any]) -> None:
    alice = table.members["alice"]

    offered = await alice.autocomplete(table.channel, "game new", "game", "sto")
    rules = await alice.slash(table.channel, "rules", game=stones.key)

    assert [choice["value"] for choice in offered] == [stones.key]
    assert offered[0]["name"] == "Stones (2 players)"
    assert rules.ephemeral
    assert rules.response is not None
    # With no summary of its own, /rules says what the contract always knows.
    assert not stones.summary
    assert rules.response.embeds[0].description == "Stones: 2 players."


async def test_a_registered_game_is_played_to_its_end(
    table: Table, stones: Engine[Any, Any]
) -> None:
    thread, game_id = await start_game(table, stones.key, ["alice", "bob"])
    game = await stored(table, game_id)
    board = thread.history()[0]
    assert post_words(board).startswith("**Stones** begins!")
    assert "● ● ● ● ● ● ● (7)" in post_text(board)

    for turn in range(10):
        if game.status is not GameStatus.ACTIVE:
            break
        (seat,) = game.to_act
        move = (await legal_moves(table, game, seat))[-1]  # as many stones as allowed
        if turn % 2:
            await _by_button(table, game, seat, move)
        else:
            await play_by_command(table, game, seat, move)
        after = await stored(table, game.id)
        assert after.version == game.version + 1
        game = after
        await table.env.advance_time(1)

    assert game.status is GameStatus.FINISHED
    assert game.version == 3, "7 stones taken 3, 3 and 1 at a time"
    assert game.outcome is not None
    (winner,) = Outcome.model_validate_json(game.outcome).winners
    assert (await check_replay(bot_of(table).services.store, game.id)).matches
    assert await bot_of(table).services.store.outbox.pending() == []
    final = thread.history()[-1]
    name = member_at(table, game, winner).name
    loser = member_at(table, game, 1 - winner).name
    # A game that says nothing of its score's name, nor of its ending, gets the defaults.
    words = post_words(final)
    assert words.startswith(
        f"{name} takes 1 stone; 0 left.\n\n**The game is over.** {name} wins with 1 point.\n"
        f"🥇 1st: {name} — 1 point\n🥈 2nd: {loser} — 0 points\n**Ratings**: "
    ), words
    assert words.endswith(", 3 moves."), words
    assert button_ids(final) == [
        f"grim:over:rematch:{game_id}",
        f"grim:over:new:{game_id}",
        f"grim:rpw:{game_id}",
        f"grim:rules:{stones.key}",
    ]
