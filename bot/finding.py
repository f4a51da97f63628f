"""Which game a command is about: the thread it is used in, the ``game:`` option, or the
caller's only game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

import games
from bot.service.errors import Refusal
from storage import Game, GameStatus

if TYPE_CHECKING:
    from bot.services import Services


async def find_game(
    services: Services, interaction: discord.Interaction, game_id: int | None
) -> Game:
    """The game a command means, or a refusal that says how to name one."""
    if game_id is not None:
        return await services.tables.get(game_id)
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        game = await services.tables.in_thread(channel.id)
        if game is not None:
            return game
    mine = await services.store.games.of_user(interaction.user.id, (GameStatus.ACTIVE,))
    here = [g for g in mine if g.channel_id == interaction.channel_id]
    if len(mine) == 1:
        return mine[0]
    if len(here) == 1:
        return here[0]
    if not mine:
        raise Refusal("You are not playing a game right now. Start one with `/game new`.")
    listed = ", ".join(f"#{g.id} {games.get(g.game_key).title}" for g in mine[:10])
    raise Refusal(f"Which game? Use this in its thread, or add the `game:` option ({listed}).")


async def game_choices(
    services: Services, interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """The caller's open games for a ``game:`` option, their turns first."""
    user = interaction.user.id
    found = await services.store.games.of_user(user, (GameStatus.ACTIVE, GameStatus.LOBBY))
    needle = current.strip().lstrip("#").lower()
    choices: list[tuple[bool, app_commands.Choice[int]]] = []
    for game in found:
        title = games.get(game.game_key).title
        seat = game.seat_of(user)
        turn = game.status is GameStatus.ACTIVE and seat is not None and seat in game.to_act
        label = f"#{game.id} {title}" + (" — your turn" if turn else "")
        if game.status is GameStatus.LOBBY:
            label += " — lobby"
        if needle in label.lower():
            choices.append((not turn, app_commands.Choice(name=label[:100], value=game.id)))
    choices.sort(key=lambda c: (c[0], c[1].value))
    return [c for _, c in choices[:25]]
