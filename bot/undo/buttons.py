"""Approve and Refuse under a request to take a move back.

Once the request is settled its message says how, and its buttons go; a click on a request
that is no longer open (an old message, perhaps from before a restart, or one click among many
that came too late) is told so privately, and that message says how the request ended.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

import discord

from bot.common.errors import Guarded
from bot.common.refusals import RequestClosed
from bot.common.render import render
from bot.common.replies import tell
from bot.undo.posts import settled_text
from bot.wiring.services import services_of
from bot.words.i18n import localize
from games.core.words import msg, pmsg
from storage import UndoMessage


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
                label=localize(pmsg("button", "Approve") if yes else pmsg("button", "Refuse")),
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
        asked = _request_message(interaction, self.game_id, self.version)
        try:
            answered = await services.takebacks.answer(
                self.game_id,
                interaction.user.id,
                version=self.version,
                approve=self.approve,
                message=asked,
            )
        except RequestClosed as closed:
            await tell(interaction, localize(closed.message))
            if asked is not None:
                # Settled by whoever got there first: these are the words it ends with.
                await _close(interaction, await services.takebacks.closed(asked))
            return
        # The game may now wait on an AI seat.
        services.changed(await services.tables.get(self.game_id) if answered.undone else None)
        if not self.approve:
            text = msg("You refused; the move stands.")
        elif answered.undone:
            text = msg("Everyone agreed: the move is taken back.")
        else:
            text = msg("You approved; waiting for the others.")
        await interaction.response.send_message(localize(text), ephemeral=True)
        if answered.settled is not None:
            await _close(interaction, answered.settled)


def _request_message(
    interaction: discord.Interaction, game_id: int, version: int
) -> UndoMessage | None:
    """The request's message the click came from, as the store keeps it."""
    message = interaction.message
    if message is None:
        return None
    return UndoMessage(game_id, version, message.channel.id, message.id, message.content)


async def _close(interaction: discord.Interaction, settled: UndoMessage) -> None:
    """The request's message says how it was settled, and its buttons go. Every click on it
    writes the same words (the store's), so the order the edits land in does not matter."""
    message = interaction.message
    if message is None:
        return
    # The member has their answer; a message that cannot be edited keeps its buttons, and
    # they answer clearly.
    with contextlib.suppress(discord.HTTPException):
        await message.edit(content=render(localize(settled_text(settled))), view=None)


def undo_view(game_id: int, version: int) -> discord.ui.View:
    """Approve and Refuse under a request to take a move back."""
    view = discord.ui.View(timeout=None)
    view.add_item(UndoVote("yes", game_id, version))
    view.add_item(UndoVote("no", game_id, version))
    return view
