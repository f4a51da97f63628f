"""Opening a game's thread, and deleting one a failed start left behind."""

from __future__ import annotations

import logging

import discord

import games
from bot.words.i18n import localize, public_language
from games.core.words import msg
from storage import Game

log = logging.getLogger("grimoire.threads")


async def open_thread_for(interaction: discord.Interaction, game: Game) -> int | None:
    """A public thread for the game; ``None`` (play in the channel) where there can be none."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        return None
    return await open_game_thread(channel, games.get(game.game_key).title, game)


async def delete_thread(interaction: discord.Interaction, thread_id: int) -> None:
    """Delete a thread a failed start opened (a failure to do so is only logged)."""
    try:
        await interaction.client.http.delete_channel(thread_id, reason="The game did not start")
    except discord.HTTPException as error:
        log.warning("Could not delete thread %s of a failed start: %s", thread_id, error)


async def open_game_thread(channel: discord.TextChannel, title: str, game: Game) -> int | None:
    """A public thread in ``channel`` for the game of that title, named in the language of
    what everyone there reads; ``None`` where Discord refuses one (the game is then played
    in the channel)."""
    name = localize(msg("{game} #{number}", game=title, number=game.id), public_language())
    try:
        thread = await channel.create_thread(
            name=name[:100],
            type=discord.ChannelType.public_thread,
            auto_archive_duration=10080,
            reason=f"Grimoire game #{game.id}",
        )
    except discord.HTTPException as error:
        log.info("No thread for game %s (%s): playing in the channel.", game.id, error)
        return None
    return thread.id
