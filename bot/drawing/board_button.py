"""The **Board** button under a turn panel, and where it goes among the panel's rows.

A panel opens with its controls; the whole board (the public one and what only the member
may see: their hand with every card's text, their scores) is one click away, answered
privately to whoever clicks. The button's id names the game and no seat, so a click shows
the clicker their own view and never anyone else's; someone not playing is told so.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.common.announce import seat_users
from bot.common.errors import Guarded
from bot.drawing.laid_out import pictured_layout
from bot.drawing.pictures import game_board_with_picture, with_file
from bot.wiring.services import services_of
from bot.words.i18n import localize
from games.core.words import pmsg

#: Rows of components and buttons to a row that a message holds (Discord's limits).
ROWS, ROW_WIDTH = 5, 5


class BoardButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:board:(?P<game>\d+)",
):
    """Board: the clicker's whole board of a game, as ``/hand`` shows it, privately."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label=localize(pmsg("button", "Board")),
                custom_id=f"grim:board:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BoardButton:
        return cls(int(match["game"]))

    async def act(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        # A refusal for someone not playing: the board asked for is always the clicker's.
        game, board = await services.tables.hand(self.game_id, interaction.user.id)
        names = await services.names.names(seat_users(game))
        seat = game.seat_of(interaction.user.id)
        embed, picture = await game_board_with_picture(board, game, seat, names, private=True)
        view = pictured_layout("", embed, picture)
        await interaction.response.send_message(view=view, ephemeral=True, **with_file(picture))


def add_board_button(view: discord.ui.View, game_id: int) -> None:
    """Board at the end of a panel: on a row of its own after the controls when one is
    left, otherwise beside the buttons of the last row with room (a menu fills its row).
    A full panel always has such a row: its page turns and "back" never fill theirs."""
    taken: dict[int, int] = {}
    for item in view.children:
        # A dynamic item wraps its button or menu, whose row may be set on either.
        inner = getattr(item, "item", item)
        row = next((r for r in (item.row, inner.row) if r is not None), 0)
        width = ROW_WIDTH if isinstance(inner, discord.ui.Select) else 1
        taken[row] = taken.get(row, 0) + width
    after = range(max(taken, default=-1) + 1, ROWS)
    with_room = [r for r in range(ROWS) if taken.get(r, ROW_WIDTH) < ROW_WIDTH]
    button = BoardButton(game_id)
    button.row = after[0] if after else with_room[-1]
    view.add_item(button)
