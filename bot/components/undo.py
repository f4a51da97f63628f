"""Approve and Refuse under a request to take a move back."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.errors import Guarded
from bot.services import services_of


class UndoVote(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:undo:(?P<answer>yes|no):(?P<game>\d+):(?P<version>\d+)",
):
    """Approve or Refuse under a request to take a move back."""

    def __init__(self, answer: str, game_id: int, version: int) -> None:
        yes = answer == "yes"
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
                label="Approve" if yes else "Refuse",
                custom_id=f"grim:undo:{answer}:{game_id}:{version}",
            )
        )
        self.approve = yes
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> UndoVote:
        return cls(match["answer"], int(match["game"]), int(match["version"]))

    async def act(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        undone = await services.takebacks.answer(
            self.game_id, interaction.user.id, version=self.version, approve=self.approve
        )
        # The game may now wait on an AI seat.
        services.changed(await services.tables.get(self.game_id) if undone else None)
        if not self.approve:
            text = "You refused; the move stands."
        elif undone:
            text = "Everyone agreed: the move is taken back."
        else:
            text = "You approved; waiting for the others."
        await interaction.response.send_message(text, ephemeral=True)


def undo_view(game_id: int, version: int) -> discord.ui.View:
    """Approve and Refuse under a request to take a move back."""
    view = discord.ui.View(timeout=None)
    view.add_item(UndoVote("yes", game_id, version))
    view.add_item(UndoVote("no", game_id, version))
    return view
