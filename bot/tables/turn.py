"""The "Take your turn" button under a board."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.common.errors import Guarded
from bot.common.posts import TurnButton
from bot.tables.panel import show_panel
from bot.wiring.services import services_of
from storage import GameStatus


class TurnButtonItem(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:turn:(?P<game>\d+):(?P<version>\d+)",
):
    """ "Take your turn" under a board: opens the clicker's own panel."""

    def __init__(self, game_id: int, version: int, *, label: str = "Take your turn") -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.primary,
                label=label,
                custom_id=f"grim:turn:{game_id}:{version}",
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TurnButtonItem:
        return cls(int(match["game"]), int(match["version"]))

    async def act(self, interaction: discord.Interaction) -> None:
        game = await services_of(interaction).tables.get(self.game_id)
        note = ""
        if game.version != self.version and game.status is GameStatus.ACTIVE:
            note = "The game has moved on since that board; here is where it stands now."
        await show_panel(interaction, self.game_id, note=note)


def turn_view(button: TurnButton) -> discord.ui.View:
    """The view under a board: one "Take your turn" button."""
    view = discord.ui.View(timeout=None)
    view.add_item(TurnButtonItem(button.game_id, button.version))
    return view
