"""Answering interactions: once, ephemerally for refusals, and slowly for floods."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, cast

import discord

from bot.service.errors import Refusal

if TYPE_CHECKING:
    from bot.app import GrimoireBot


async def tell(interaction: discord.Interaction, message: str) -> None:
    """An ephemeral message to the person who interacted."""
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)


async def guarded(interaction: discord.Interaction, work: Callable[[], Awaitable[None]]) -> None:
    """Run a command's or a component's work: a member who floods the bot is asked to slow
    down, and a refusal is answered ephemerally with its reason. Refusals are answers, not
    errors, so they never reach the error handler."""
    bot = cast("GrimoireBot", interaction.client)
    bot.names.remember(interaction.user)
    wait = bot.throttle.wait_for(interaction.user.id)
    if wait:
        await tell(interaction, bot.throttle.message(wait))
        return
    try:
        await work()
    except Refusal as refusal:
        await tell(interaction, refusal.message)


async def post_with_buttons(
    interaction: discord.Interaction, embed: discord.Embed, view: discord.ui.View | None
) -> int:
    """Answer in public with ``embed`` and its buttons; returns the new message's id. The
    buttons are dynamic items, so the view is not kept in memory once sent."""
    await interaction.response.send_message(embed=embed, view=view or discord.utils.MISSING)
    if view is not None:
        view.stop()
    return (await interaction.original_response()).id
