"""Buttons under ``/game list`` and ``/game mine``: a link to each game's place, and "Take
your turn" where the member must act, within Discord's five rows of five buttons."""

from __future__ import annotations

import dataclasses
from typing import Any

import discord
import simcord

from bot.tables.turn import game_buttons
from storage import Game
from tests.bot.conftest import Table
from tests.bot.driving import open_lobby, start_game, stored
from tests.bot.tables.test_commands import rest


def buttons(message: simcord.ResponseMessage) -> list[list[dict[str, Any]]]:
    """The message's buttons, row by row, as Discord receives them."""
    return [[dict(child) for child in row.get("components", [])] for row in message.components]


async def test_mine_links_every_game_and_offers_a_turn_where_it_waits_on_you(
    table: Table,
) -> None:
    alice = table.members["alice"]
    thread_a, first = await start_game(table, "mandragora", ["alice", "bob"])  # alice to act
    thread_b, second = await start_game(table, "mandragora", ["bob", "alice"])  # bob to act
    await rest(table)
    lobby, lobby_id = await open_lobby(table, "alice", "marginalia")

    result = await alice.slash(table.channel, "game mine")
    assert result.response is not None
    assert result.response.ephemeral
    (row,) = buttons(result.response)
    guild = table.guild.id
    assert [(b.get("label"), b.get("url")) for b in row] == [
        (f"#{first} Mandragora", f"https://discord.com/channels/{guild}/{thread_a.id}"),
        (f"Take your turn in #{first}", None),
        (f"#{second} Mandragora", f"https://discord.com/channels/{guild}/{thread_b.id}"),
        (
            f"#{lobby_id} Marginalia (lobby)",
            f"https://discord.com/channels/{guild}/{table.channel.id}/{lobby.id}",
        ),
    ]
    assert row[1]["custom_id"] == f"grim:turn:{first}:0"

    # The turn button opens the member's own panel for that game.
    panel = await alice.click(result.response, label=f"Take your turn in #{first}")
    assert panel.ephemeral
    assert panel.response is not None
    labels = [c.get("label") for r in buttons(panel.response) for c in r]
    assert labels, "the panel offers the moves"
    assert (await stored(table, first)).version == 0  # opening the panel moves nothing


async def test_list_shows_the_turn_button_only_to_the_member_it_waits_on(table: Table) -> None:
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    for name, turn in (("alice", True), ("bob", False), ("erin", False)):
        result = await table.members[name].slash(table.channel, "game list")
        assert result.response is not None
        labels = [b.get("label") for row in buttons(result.response) for b in row]
        assert labels == [f"#{game_id} Mandragora"] + ([f"Take your turn in #{game_id}"] * turn)


async def test_many_games_fit_five_rows_of_five_turns_first(table: Table) -> None:
    alice = table.members["alice"]
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    seat = game.seat_of(alice.id)
    assert seat is not None
    assert seat in game.to_act
    theirs = dataclasses.replace(game, to_act=frozenset({1 - seat}))
    found: list[Game] = [
        dataclasses.replace(game if n % 3 else theirs, id=game_id + n) for n in range(20)
    ]

    view, shown = game_buttons(found, alice.id)

    assert view is not None
    rows: dict[int, list[discord.ui.Item[Any]]] = {}
    for item in view.children:
        assert item.row is not None
        rows.setdefault(item.row, []).append(item)
    assert len(view.children) <= 25
    assert len(rows) <= 5
    assert all(len(row) <= 5 for row in rows.values())
    waiting = [g.id for g in found if seat in g.to_act]
    # Each game waiting on her comes first, its turn button beside its link.
    turn_ids = [str(getattr(i, "custom_id", "")) for i in view.children]
    listed = [int(t.split(":")[2]) for t in turn_ids if t.startswith("grim:turn:")]
    # Two games a row (a link and its turn button each), five rows: ten of the thirteen.
    assert len(waiting) == 13
    assert listed == waiting[:10]
    assert shown == 10
