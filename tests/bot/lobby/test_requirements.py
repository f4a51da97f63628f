"""Organisers may require reliability or finished games to join a lobby or a tournament;
a member below is told privately why and by how much, and is not seated."""

from __future__ import annotations

import json

import discord
import pytest

from bot.lobby.requirements import Requirements, requirements
from tests.bot.conftest import Table, open_to_everyone
from tests.bot.driving import bot_of, open_lobby, replies, resign, start_game, stored


@pytest.fixture(autouse=True)
def _integrations(table: Table) -> None:
    """The server's admin lets every member have the organiser and manager commands
    (Integrations), so these tests reach the bot's own checks."""
    open_to_everyone(table.env, table.guild)


async def _a_missed_deadline(table: Table, name: str) -> None:
    """A finished game on the server in which ``name``'s only move was made for them."""
    store = bot_of(table).services.store
    member = table.members[name]
    lobby = await store.games.create_lobby(
        game_key="marginalia",
        guild_id=table.guild.id,
        channel_id=table.channel.id,
        host_id=member.id,
        options={},
    )
    await store.games.join(lobby.id, user_id=member.id, max_seats=2)
    await store.games.join(lobby.id, user_id=table.members["erin"].id, max_seats=2)
    game = await store.games.start(
        lobby.id, seed=1, seat_order=[0, 1], state="{}", to_act=frozenset({0})
    )
    await table.env.advance_time(3600)  # the deadline passes
    outcome = {"scores": [0, 1], "tiebreaks": [0, 0], "ranks": [2, 1], "winners": [1]}
    await store.games.record_move(
        game.id,
        expected_version=0,
        seat=0,
        notation="pass",
        state="{}",
        to_act=frozenset(),
        outcome=json.dumps(outcome),
        missed=True,
    )


def _latest(table: Table, message: discord.Message) -> discord.Message:
    return next(m for m in table.channel.history() if m.id == message.id)


async def test_a_lobby_refuses_a_member_without_enough_finished_games(table: Table) -> None:
    lobby, game_id = await open_lobby(table, "alice", "marginalia", min_games=1)
    fields = {f.name: f.value for f in lobby.embeds[0].fields}
    assert fields["To join"] == "1 finished game here"
    refused = await table.members["bob"].click(lobby, label="Join")
    assert refused.ephemeral
    (said,) = replies(refused)
    assert "1 finished game on this server, and you have 0: 1 to go" in said
    assert not (await stored(table, game_id)).seated(table.members["bob"].id)

    thread, _ = await start_game(table, "marginalia", ["bob", "carol"])
    await resign(table.members["carol"], thread)
    joined = await table.members["bob"].click(_latest(table, lobby), label="Join")
    assert not joined.ephemeral
    assert (await stored(table, game_id)).seated(table.members["bob"].id)


async def test_a_lobby_refuses_a_member_who_misses_deadlines(table: Table) -> None:
    await _a_missed_deadline(table, "bob")
    lobby, game_id = await open_lobby(table, "alice", "marginalia", min_reliability=50)
    fields = {f.name: f.value for f in lobby.embeds[0].fields}
    assert fields["To join"] == "50% of moves made before the deadline"
    refused = await table.members["bob"].click(lobby, label="Join")
    (said,) = replies(refused)
    assert refused.ephemeral
    assert "50% of moves made before the deadline, and yours is 0%" in said
    assert "(1 missed of your latest 1): 50 points short" in said
    # Carol has no timed moves yet: nothing to fall short of.
    joined = await table.members["carol"].click(_latest(table, lobby), label="Join")
    assert not joined.ephemeral
    game = await stored(table, game_id)
    assert (game.seated(table.members["bob"].id), game.seated(table.members["carol"].id)) == (
        False,
        True,
    )


async def test_a_tournament_refuses_sign_ups_below_its_requirements(table: Table) -> None:
    await _a_missed_deadline(table, "bob")
    result = await table.members["alice"].slash(
        table.channel,
        "organise create",
        game="marginalia",
        format="swiss",
        rounds=2,
        min_reliability=90,
        min_games=2,
    )
    assert result.acknowledged
    sheet = table.channel.last_message
    assert sheet is not None
    refused = await table.members["bob"].click(sheet, label="Join")
    (said,) = replies(refused)
    assert refused.ephemeral
    assert "2 finished games on this server, and you have 1: 1 to go" in said
    assert "yours is 0%" in said
    (tournament,) = await bot_of(table).services.store.tournaments.in_guild(table.guild.id)
    assert not tournament.entered(table.members["bob"].id)


def test_requirements_are_stored_only_when_asked_and_read_back() -> None:
    assert requirements(None, 0) == Requirements()
    assert Requirements().stored() == {}
    assert Requirements().describe() is None
    chosen = requirements(90, 1)
    assert chosen.stored() == {"min_reliability": 90, "min_games": 1}
    assert Requirements.from_stored({**chosen.stored(), "seating": "join"}) == chosen
    assert chosen.describe() == "90% of moves made before the deadline and 1 finished game here"
