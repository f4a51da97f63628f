"""``/game export``: a game as a JSON document and a story, privately; a running game's
export holds only what its requester could know."""

from __future__ import annotations

import json
from typing import Any

import pytest
import simcord

from games.export import read_export, verify
from tests.bot.conftest import Table
from tests.bot.driving import bot_of, member_at, replies, resign, start_game, stored
from tests.bot.test_restart import play_first_legal


async def _export(
    member: simcord.MemberActor, where: simcord.ChannelHandle, **options: Any
) -> tuple[str, dict[str, Any], str]:
    """The member's ``/game export``: the reply, the JSON document and the story."""
    result = await member.slash(where, "game export", **options)
    assert result.ephemeral
    sent = [m for m in [result.response, *result.followups] if m is not None and m.attachments]
    assert sent, replies(result)
    (message,) = sent
    assert message.ephemeral
    files = {a.filename: await a.read() for a in message.attachments}
    (document,) = [body for name, body in files.items() if name.endswith(".json")]
    (story,) = [body for name, body in files.items() if name.endswith(".txt")]
    return message.content, json.loads(document), story.decode()


async def test_a_running_game_exports_what_the_player_knows(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    for _ in range(4):
        await play_first_legal(table, thread, game_id)
    await table.env.advance_time(10)
    game = await stored(table, game_id)
    alice = table.members["alice"]
    text, document, story = await _export(alice, thread)
    assert "still running" in text
    assert document["complete"] is False
    assert document["seed"] is None
    seat = game.seat_of(alice.id)
    assert document["requester"] == seat
    moves = document["moves"]
    assert len(moves) == game.version
    assert all((m["notation"] is None) == (m["seat"] != seat) for m in moves)
    hidden = [line for m in moves for line in m["lines"] if line["only"] is not None]
    assert all(seat in line["only"] for line in hidden)
    assert "alice" in story
    assert "still running" in story


async def test_a_spectator_exports_only_the_public_story(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    for _ in range(3):
        await play_first_legal(table, thread, game_id)
    await table.env.advance_time(10)
    _, document, story = await _export(table.members["erin"], table.channel, game=game_id)
    assert document["requester"] is None
    assert all(m["notation"] is None for m in document["moves"])
    assert all(line["only"] is None for m in document["moves"] for line in m["lines"])
    assert "[only" not in story


@pytest.mark.slow
async def test_a_finished_game_exports_everything_and_verifies(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    for _ in range(5):
        await play_first_legal(table, thread, game_id)
    await table.env.advance_time(10)
    game = await stored(table, game_id)
    quitter = member_at(table, game, 0)
    await resign(quitter, thread)
    await table.env.advance_time(10)
    text, document, story = await _export(table.members["erin"], table.channel, game=game_id)
    assert "Everything is in it" in text
    assert "python -m" not in text, "a member is never asked to run a command line"
    assert document["complete"] is True
    assert document["seed"] == game.seed
    assert all(m["notation"] for m in document["moves"])
    assert document["outcome"]["ended_by"] == "resignation"
    assert document["seats"][0]["resigned"] is True
    export = read_export(json.dumps(document))
    verified = verify(export)
    assert verified.moves == len(document["moves"])
    assert "resigned" in verified.ending
    assert f"Seed: {game.seed}" in story


async def test_a_lobby_has_nothing_to_export(table: Table) -> None:
    result = await table.members["alice"].slash(table.channel, "game new", game="mandragora")
    assert result.acknowledged
    games_here = await bot_of(table).services.store.games.in_channel(table.channel.id)
    answer = await table.members["alice"].slash(
        table.channel, "game export", game=games_here[-1].id
    )
    assert answer.ephemeral
    assert any("has not started" in r for r in replies(answer)), replies(answer)
