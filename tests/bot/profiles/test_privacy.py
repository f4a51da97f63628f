"""``/privacy show`` and ``/privacy erase`` through SimCord: a member sees what is kept about
them and downloads it, erases it after a confirmation, and is refused while still playing."""

from __future__ import annotations

import json

from storage import GameStatus
from tests.bot.conftest import Table
from tests.bot.driving import bot_of, replies, start_game
from tests.storage.contract.privacy import _finish, _game, mentions


async def _played(table: Table) -> int:
    """A finished game of alice's against bob, with a choice of hers: its id."""
    store = bot_of(table).services.store
    alice, bob = table.members["alice"].id, table.members["bob"].id
    await store.prefs.set_notifications(alice, digest=False)
    game = await _finish(store, await _game(store, [alice, bob], table.guild.id))
    return game.id


async def test_a_member_sees_what_is_kept_and_downloads_it(table: Table) -> None:
    await _played(table)
    shown = await table.members["alice"].slash(table.channel, "privacy show")
    assert shown.ephemeral
    (text,) = replies(shown)
    assert "- seats in games: 1" in text
    assert "- notification and time choices: 1" in text
    assert shown.response is not None
    (attachment,) = shown.response.attachments
    document = json.loads(await attachment.read())
    assert document["user_id"] == str(table.members["alice"].id)
    assert document["counts"]["games"] == 1
    nothing = await table.members["carol"].slash(table.channel, "privacy show")
    (said,) = replies(nothing)
    assert "seats in games" not in said


async def test_erasure_asks_first_then_leaves_a_former_member(table: Table) -> None:
    game_id = await _played(table)
    alice = table.members["alice"]
    store = bot_of(table).services.store
    asked = await alice.slash(table.channel, "privacy erase")
    assert asked.ephemeral
    assert await mentions(store, alice.id)  # nothing changed before the click
    done = await alice.click(asked.response, label="Erase my data")  # type: ignore[arg-type]
    assert done.response is not None
    assert done.response.content.startswith("Done: ")
    assert await mentions(store, alice.id) == {}
    game = await store.games.get(game_id)
    assert game.status is GameStatus.FINISHED
    assert game.seats[0].user_id is not None
    assert game.seats[0].user_id < 0
    names = await bot_of(table).services.names.names([s.user_id for s in game.seats])
    assert names[0] == "a former member"


async def test_a_member_still_playing_is_told_what_to_leave_and_nothing_changes(
    table: Table,
) -> None:
    _, game_id = await start_game(table, "marginalia", ["alice", "bob"])
    alice = table.members["alice"]
    store = bot_of(table).services.store
    before = await mentions(store, alice.id)
    asked = await alice.slash(table.channel, "privacy erase")
    refused = await alice.click(asked.response, label="Erase my data")  # type: ignore[arg-type]
    assert refused.ephemeral
    (text,) = replies(refused)
    assert f"You still play in games #{game_id}" in text
    assert text.endswith("Nothing was erased.")
    assert await mentions(store, alice.id) == before
