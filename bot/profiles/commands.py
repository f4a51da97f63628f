"""``/leaderboard``, ``/profile`` and ``/stats``: ratings, records and a server's activity."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.common.refusals import Refusal
from bot.profiles.embeds import (
    leaderboard_embed,
    profile_embed,
    stats_embed,
    title_of,
    versus_embed,
)
from bot.profiles.profiles import Profiles
from bot.profiles.skill import friendly
from bot.profiles.sparkline import FILE_NAME, trend_picture, trend_words
from bot.tables.commands import game_suggestions, known_game
from bot.web.links import page_link
from bot.words.i18n import localize
from games.core.picture import drawn_in
from games.core.words import msg

if TYPE_CHECKING:
    from bot.wiring.app import GrimoireBot
    from bot.wiring.services import Services


class RatingCommands(commands.Cog):
    """Leaderboards, profiles and server statistics."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.profiles = Profiles(services.store)

    @app_commands.command(name="leaderboard", description="The best players of a game here.")
    @app_commands.guild_only()
    @app_commands.describe(game="Which game.")
    @app_commands.autocomplete(game=game_suggestions)
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        assert interaction.guild_id is not None
        engine = known_game(game)
        top, newcomers = await self.services.ratings.standings(interaction.guild_id, engine.key)
        names = await self._names([r.user_id for r in (*top, *newcomers)])
        embed = leaderboard_embed(engine.key, top, newcomers, names)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="profile", description="A player's record, timing and ratings here.")
    @app_commands.guild_only()
    @app_commands.describe(
        member="Whose profile (yours when left out).",
        game="Only this game.",
        versus="Their games together with this member.",
    )
    @app_commands.autocomplete(game=game_suggestions)
    async def profile(
        self,
        interaction: discord.Interaction,
        member: discord.Member | None = None,
        game: str | None = None,
        versus: discord.Member | None = None,
    ) -> None:
        if interaction.guild_id is None:
            raise Refusal(msg("Profiles are kept per server."))
        who = member or interaction.user
        key = known_game(game).key if game else None
        if versus is not None:
            if versus.id == who.id:
                raise Refusal(msg("Pick someone else to compare with."))
            record = await self.profiles.versus(interaction.guild_id, who.id, versus.id, key)
            embed = versus_embed(who.display_name, versus.display_name, record, key)
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        found = await self.profiles.profile(interaction.guild_id, who.id, key)
        names = await self._names([o.user_id for o in found.stats.opponents])
        embed = profile_embed(who.display_name, found, key, names)
        page = await page_link(
            self.services.store, interaction.guild_id, "p", f"{interaction.guild_id}.{who.id}"
        )
        if page is not None:
            embed.url = page
            embed.add_field(name=localize(msg("Web page")), value=page, inline=False)
        trend = found.stats.trend
        if len(trend) < 2 or found.stats.trend_game is None:
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        heading = localize(
            msg("{game} rating, latest games", game=title_of(found.stats.trend_game))
        )
        points = [float(friendly(point)) for point in trend]
        # Drawn here rather than in a worker thread: it takes a few milliseconds, and the
        # fonts' faces are not to be used by two threads at once (board pictures use them).
        with drawn_in(localize):  # the picture's words in the reader's language
            picture = trend_picture(points, heading)
        embed.set_image(url=f"attachment://{FILE_NAME}")
        # The line in words, for those who cannot see it.
        described = localize(trend_words(heading, points))
        file = discord.File(io.BytesIO(picture), FILE_NAME, description=described)
        await interaction.response.send_message(embed=embed, file=file, ephemeral=True)

    async def _names(self, user_ids: Sequence[int]) -> dict[int, str]:
        """Display names for embed fields, where mentions do not render on many clients."""
        return {user_id: await self.services.names.name(user_id) for user_id in user_ids}

    @app_commands.command(name="stats", description="How this server plays: games, players.")
    @app_commands.guild_only()
    @app_commands.describe(game="Only this game.")
    @app_commands.autocomplete(game=game_suggestions)
    async def stats(self, interaction: discord.Interaction, game: str | None = None) -> None:
        if interaction.guild is None:
            raise Refusal(msg("Statistics are kept per server."))
        key = known_game(game).key if game else None
        found = await self.profiles.server(interaction.guild.id, key)
        embed = stats_embed(interaction.guild.name, found, key)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: GrimoireBot) -> None:
    """Load the cog (a discord.py extension)."""
    await bot.add_cog(RatingCommands(bot.services))
