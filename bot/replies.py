"""Answering an interaction once, whatever state its response is in."""

from __future__ import annotations

import discord


async def tell(interaction: discord.Interaction, message: str) -> None:
    """An ephemeral message to the person who interacted."""
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)
