"""``/inbox``: the playground's way to read one's DMs from the bot.

The playground's page shows a single channel, so the DMs the bot sends (hands, private log
lines) are read back from the member's DM channel and shown to them alone.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

#: Discord allows at most this many embeds in one message.
MAX_EMBEDS = 10


class Inbox(commands.Cog):
    """The playground's ``/inbox`` command."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="inbox", description="Read the latest DMs Grimoire sent you (only you see them)."
    )
    @app_commands.describe(count="How many of the latest DMs to show, 1 to 5.")
    async def inbox(
        self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 5] = 1
    ) -> None:
        """Show the caller, privately, the last ``count`` DMs the bot sent them, oldest first."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = interaction.user.dm_channel or await interaction.user.create_dm()
        latest = [m async for m in channel.history(limit=count)]
        if not latest:
            await interaction.followup.send(
                "Grimoire has not sent you any DMs yet.", ephemeral=True
            )
            return
        for message in reversed(latest):
            when = discord.utils.format_dt(message.created_at, "R")
            heading = f"-# DM from Grimoire, {when}"
            # The board's picture is an attachment the message points at: send it along.
            files = [await attachment.to_file() for attachment in message.attachments]
            if message.flags.components_v2:
                view = copied_layout(message, heading)
                await interaction.followup.send(view=view, files=files, ephemeral=True)
                view.stop()
                continue
            content = f"{heading}\n{message.content}"[:2000]
            await interaction.followup.send(
                content, embeds=message.embeds[:MAX_EMBEDS], files=files, ephemeral=True
            )


def copied_layout(message: discord.Message, heading: str) -> discord.ui.LayoutView:
    """A message laid out in components (a private view), under ``heading``, its pictures
    pointing at the files sent along with the copy rather than at the original's."""
    shown = discord.ui.LayoutView.from_message(message, timeout=None)
    attached = {a.url: f"attachment://{a.filename}" for a in message.attachments}
    for item in shown.walk_children():
        if isinstance(item, discord.ui.MediaGallery):
            for media in item.items:
                media.media = attached.get(media.media.url, media.media.url)
    copy = discord.ui.LayoutView(timeout=None)
    copy.add_item(discord.ui.TextDisplay[Any](heading))
    for child in list(shown.children):
        shown.remove_item(child)
        copy.add_item(child)
    return copy
