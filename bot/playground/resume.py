"""Picking the saved games up again in a freshly built playground.

SimCord's Discord lives in memory, so a restart brings back the server, its channel and its
members (with their old ids) but none of the messages, threads or DMs. Each running game's
board is posted again (in a new thread where one can be opened) with a ping for whoever must
act, each player gets their hand again by DM, and each open lobby is posted again with its
buttons.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

import games
from bot.drawing.embeds import lobby_card
from bot.lobby.buttons import lobby_view
from bot.lobby.reopen import repost_game
from bot.lobby.threads import open_game_thread
from storage import Game, GameStatus

if TYPE_CHECKING:
    from bot.wiring.app import GrimoireBot

log = logging.getLogger("grimoire.playground")


async def resume_games(bot: GrimoireBot, guild_id: int, channel_id: int) -> int:
    """Bring back every lobby and running game of the playground's server whose messages are
    gone; returns how many were brought back."""
    channel = bot.get_channel(channel_id) or await bot.fetch_channel(channel_id)
    if not isinstance(channel, discord.TextChannel):
        raise TypeError(f"channel {channel_id} is not a text channel")
    services = bot.services
    resumed = 0
    for game in await services.store.games.in_guild(guild_id):
        if game.status is GameStatus.LOBBY:
            await _repost_lobby(bot, channel, game)
        elif game.status is GameStatus.ACTIVE and not await _thread_exists(bot, game):
            thread_id = await open_game_thread(channel, games.get(game.game_key).title, game)
            await repost_game(services.store, services.locks, game.id, thread_id=thread_id)
        else:
            continue
        resumed += 1
    if resumed:
        services.outbox.kick()
        log.info("Resumed %d saved games and lobbies.", resumed)
    return resumed


async def _thread_exists(bot: GrimoireBot, game: Game) -> bool:
    if game.thread_id is None:
        return False
    try:
        await bot.fetch_channel(game.thread_id)
    except discord.NotFound:
        return False
    return True


async def _repost_lobby(bot: GrimoireBot, channel: discord.TextChannel, game: Game) -> None:
    view = lobby_view(game)
    embed = await lobby_card(game, bot.services.names)
    message = await channel.send(embed=embed, view=view or discord.utils.MISSING)
    if view is not None:
        view.stop()
    await bot.services.store.games.set_messages(game.id, lobby_message_id=message.id)
