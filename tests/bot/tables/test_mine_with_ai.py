"""``/game mine`` when the game waits for an AI player."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import create_bot
from bot.common.names import ai_name
from bot.wiring.app import GrimoireBot
from bot.wiring.settings import Settings
from tests.bot.conftest import Table
from tests.bot.driving import legal_moves, open_lobby, replies, stored


@pytest.fixture
def simcord_bot(db: Path) -> GrimoireBot:
    """A bot whose AI players pause for an hour before each move, so a test can look at a
    game while it waits for one."""
    return create_bot(Settings(database_url=f"sqlite:///{db}", ai_pause_seconds=3600))


async def test_mine_names_an_ai_player_the_game_waits_for(table: Table) -> None:
    alice = table.members["alice"]
    lobby, game_id = await open_lobby(table, "alice", "marginalia")
    await alice.select(lobby, ["easy"], custom_id=f"grim:lobby:ai:{game_id}")
    lobby = next(m for m in table.channel.history() if m.id == lobby.id)
    await alice.click(lobby, label="Start")
    game = await stored(table, game_id)
    ai_seat = next(s.seat for s in game.seats if s.is_ai)
    for _ in range(20):  # alice plays until her turn is over
        game = await stored(table, game_id)
        if game.to_act == {ai_seat}:
            break
        seat = sorted(game.to_act)[0]
        await alice.slash(table.channel, "play", move=(await legal_moves(table, game, seat))[0])
    assert game.to_act == {ai_seat}
    (text,) = replies(await alice.slash(table.channel, "game mine"))
    line = next(line for line in text.splitlines() if line.startswith(f"#{game_id} "))
    assert ai_seat is not None
    assert f"waiting for {ai_name(ai_seat)}" in line
