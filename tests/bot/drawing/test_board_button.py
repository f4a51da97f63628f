"""Board under a turn panel: the clicker's whole board, privately, and only their own; the
button always finds a place among the panel's rows."""

from __future__ import annotations

from typing import Any

import discord
import pytest

import games
from bot.common.render import render
from bot.drawing.board_button import BoardButton, add_board_button
from bot.tables.choices import Choice, PanelChoices
from bot.tables.panel import panel_view
from tests.bot.conftest import Table
from tests.bot.driving import board_texts, bot_of, member_at, start_game, stored
from tests.bot.tables.test_play_commands import answer, expected_texts

NAMES = ["Alice", "Bob"]


def _rows(view: discord.ui.View) -> list[list[dict[str, Any]]]:
    return [row["components"] for row in view.to_components()]


def _board_row(view: discord.ui.View) -> int:
    return next(
        number
        for number, row in enumerate(_rows(view))
        if any(c.get("custom_id") == "grim:board:7" for c in row)
    )


def test_board_goes_on_a_row_of_its_own_when_one_is_left() -> None:
    steps = tuple(Choice(i, f"Step {i}", f"step {i}") for i in range(7))
    view = panel_view(7, 3, PanelChoices((), steps, back=None), NAMES)
    add_board_button(view, 7)
    assert [len(row) for row in _rows(view)] == [5, 2, 1]
    assert _board_row(view) == 2

    nothing = discord.ui.View()
    add_board_button(nothing, 7)
    assert [[c["label"] for c in row] for row in _rows(nothing)] == [["Board"]]


def test_in_a_full_panel_board_joins_the_buttons_of_a_row_with_room() -> None:
    whole = tuple(Choice(i, f"Whole {i}", f"whole {i}") for i in range(30))
    buttons = tuple(Choice(i, f"Step {i}", f"step {i}") for i in range(14))
    full = PanelChoices(whole, buttons, back=14)
    assert full.steps_as_buttons  # the menu, its page turns, three rows of five buttons
    view = panel_view(7, 3, full, NAMES)
    add_board_button(view, 7)
    rows = _rows(view)
    assert len(rows) == 5
    assert [c["label"] for c in rows[_board_row(view)]] == [
        "◀ Previous moves",
        "Next moves ▶",
        "Board",
    ]

    menus = PanelChoices(whole, tuple(Choice(i, f"S {i}", f"s {i}") for i in range(40)), back=40)
    view = panel_view(7, 3, menus, NAMES)
    add_board_button(view, 7)
    rows = _rows(view)
    assert len(rows) == 5
    assert [c.get("label") for c in rows[-1]] == ["◀ Back", "Board"]
    ids = [c["custom_id"] for row in rows for c in row]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("whole", [0, 3, 30, 60])
@pytest.mark.parametrize("steps", [0, 1, 3, 14, 15, 16, 30])
@pytest.mark.parametrize("back", [False, True])
@pytest.mark.parametrize("label", ["Step", "A step too long for a button " * 3])
def test_every_shape_of_panel_has_room_for_board(
    whole: int, steps: int, back: bool, label: str
) -> None:
    choices = PanelChoices(
        tuple(Choice(i, f"Whole {i}", f"whole {i}") for i in range(whole)),
        tuple(Choice(i, f"{label} {i}", f"step {i}") for i in range(steps)),
        back=steps if back else None,
    )
    view = panel_view(7, 3, choices, NAMES)
    before = [c["custom_id"] for row in _rows(view) for c in row]
    add_board_button(view, 7)
    rows = _rows(view)
    assert len(rows) <= 5
    ids = [c["custom_id"] for row in rows for c in row]
    assert ids.count("grim:board:7") == 1
    assert [i for i in ids if i != "grim:board:7"] == before  # the controls as they were


async def test_board_shows_each_player_their_own_whole_board_and_no_one_elses(
    table: Table,
) -> None:
    thread, game_id = await start_game(table, "marginalia", ["alice", "bob"])
    game = await stored(table, game_id)
    (mover,) = game.to_act
    first, second = member_at(table, game, mover), member_at(table, game, 1 - mover)

    panel = answer(await first.slash(thread, "turn"))
    other = answer(await second.slash(thread, "turn"))

    assert panel.embeds == []  # the panel holds the controls, not the board
    engine = games.get("marginalia")
    hand = engine.describe(engine.view(engine.load(game.state or ""), mover))
    (page,) = [f for f in hand.fields if f.name == "The page"]
    assert page.value not in panel.content
    board_id = f"grim:board:{game_id}"
    shown = answer(await first.click(panel, custom_id=board_id))
    theirs = answer(await second.click(other, custom_id=board_id))

    assert shown.ephemeral
    assert board_texts(shown) == expected_texts(table, game, mover)  # as /hand
    assert board_texts(theirs) == expected_texts(table, game, 1 - mover)
    assert board_texts(theirs) != board_texts(shown)
    seen_by_second = [m.id for m in thread.history(viewer=second)]
    assert shown.id not in seen_by_second


async def test_someone_not_playing_who_clicks_board_is_refused(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    before = await stored(table, game_id)
    # A Board button where anyone can click it (a panel is private: this stands for a
    # click that reaches the bot from someone else all the same).
    place = bot_of(table).get_channel(thread.id)
    assert isinstance(place, discord.Thread)
    view = discord.ui.View()
    view.add_item(BoardButton(game_id))
    await place.send("Board", view=view)
    message = thread.history()[-1]

    refused = answer(await table.members["erin"].click(message, label="Board"))

    assert refused.ephemeral
    assert refused.embeds == []
    assert refused.content == render(f"You are not playing in game #{game_id}.")
    after = await stored(table, game_id)
    assert (after.version, after.state) == (before.version, before.state)
