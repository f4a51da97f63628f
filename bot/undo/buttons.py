"""Approve and Refuse under a request to take a move back.

Once the request is settled its message says how, and its buttons go; a click on a request
that is no longer open (an old message, perhaps from before a restart) is told so privately,
and that message loses its buttons too.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

import discord

from bot.common.errors import Guarded
from bot.common.refusals import RequestClosed
from bot.common.replies import tell
from bot.undo.posts import settled_text
from bot.wiring.services import services_of

CLOSED = "⌛ No longer open."


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
        message = interaction.message
        try:
            # A click that settles the request (or finds it closed) edits its message here.
            undone = await services.takebacks.answer(
                self.game_id,
                interaction.user.id,
                version=self.version,
                approve=self.approve,
                message_id=None if message is None else message.id,
            )
        except RequestClosed as closed:
            await tell(interaction, closed.message)
            # Whoever settled it may have edited it already; otherwise it lapsed.
            await _close(interaction, CLOSED)
            return
        # The game may now wait on an AI seat.
        services.changed(await services.tables.get(self.game_id) if undone else None)
        if not self.approve:
            text = "You refused; the move stands."
            settled = f"❌ Refused by {interaction.user.mention}: the move stands."
        elif undone:
            text = "Everyone agreed: the move is taken back."
            settled = "✅ Everyone agreed: the move is taken back."
        else:
            await interaction.response.send_message(
                "You approved; waiting for the others.", ephemeral=True
            )
            return
        await interaction.response.send_message(text, ephemeral=True)
        await _close(interaction, settled)


async def _close(interaction: discord.Interaction, how: str) -> None:
    """The request's message says how it was settled, and its buttons go."""
    message = interaction.message
    if message is None or not message.components:
        return  # already closed
    # The member has their answer; a message that cannot be edited keeps its buttons, and
    # they answer clearly.
    with contextlib.suppress(discord.HTTPException):
        await message.edit(content=settled_text(message.content, how), view=None)


def undo_view(game_id: int, version: int) -> discord.ui.View:
    """Approve and Refuse under a request to take a move back."""
    view = discord.ui.View(timeout=None)
    view.add_item(UndoVote("yes", game_id, version))
    view.add_item(UndoVote("no", game_id, version))
    return view
