"""``/card``: any card of any game, looked up by name, privately, anywhere (DMs too)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cards.buttons import answer_lookup
from bot.cards.cards import MAX_SUGGESTIONS, SUGGESTION_LIMIT, lookup, suggest
from bot.common.finding import thread_game
from bot.tables.commands import game_suggestions, known_game

if TYPE_CHECKING:
    from bot.wiring.app import GrimoireBot
    from bot.wiring.services import Services

#: The longest name ``/card`` takes: a card's name, or a suggestion's value.
MAX_CARD_TEXT = 100


class CardCommands(commands.Cog):
    """Looking cards up."""

    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(name="card", description="What a card does, from any game.")
    @app_commands.describe(
        name="The card's name (suggestions list every game's cards).",
        game="Only this game's cards.",
    )
    @app_commands.autocomplete(game=game_suggestions)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def card(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, MAX_CARD_TEXT],
        game: str | None = None,
    ) -> None:
        only = known_game(game).key if game else None
        here = await self._here(interaction)
        await answer_lookup(interaction, name, lookup(name, game=only, here=here))

    @card.autocomplete("name")
    async def _names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None) or None
        here = await self._here(interaction)
        return [
            app_commands.Choice(name=e.label, value=e.value[:SUGGESTION_LIMIT])
            for e in suggest(current, game=game, here=here, limit=MAX_SUGGESTIONS)
        ]

    async def _here(self, interaction: discord.Interaction) -> str | None:
        """The game played in the thread this is used in, whose cards come first."""
        found = await thread_game(self.services, interaction)
        return found.game_key if found is not None else None


async def setup(bot: GrimoireBot) -> None:
    """Load the cog (a discord.py extension)."""
    await bot.add_cog(CardCommands(bot.services))
