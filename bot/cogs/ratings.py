"""``/leaderboard`` and ``/profile``: ratings per game on this server."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.cogs.tables import game_suggestions, known_game
from bot.service.errors import Refusal
from bot.service.skill import Skill
from storage import Rating

if TYPE_CHECKING:
    from bot.app import GrimoireBot
    from bot.services import Services

RATING_COLOUR = discord.Colour(0x3B7DD8)
_MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
#: What a rating is, under every leaderboard and profile.
RATING_NOTE = (
    "Ratings: openskill (Plackett–Luce) per game on this server, from every finished game "
    "played by people only. Shown and ranked by the conservative estimate μ − 3σ."
)


def rating_text(rating: Rating) -> str:
    """A rating as shown: the conservative estimate, and the skill and uncertainty."""
    return Skill(rating.mu, rating.sigma).shown()


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'s' if number != 1 else ''}"


class RatingCommands(commands.Cog):
    """Leaderboards and profiles."""

    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(name="leaderboard", description="The best players of a game here.")
    @app_commands.guild_only()
    @app_commands.describe(game="Which game.")
    @app_commands.autocomplete(game=game_suggestions)
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        assert interaction.guild_id is not None
        engine = known_game(game)
        top = await self.services.ratings.leaderboard(interaction.guild_id, engine.key, limit=15)
        lines = [
            f"{_MEDALS.get(i, f'{i}.')} <@{r.user_id}> — **{rating_text(r)}** · "
            f"{_count(r.games, 'game')}, {_count(r.wins, 'win')}"
            for i, r in enumerate(top, start=1)
        ]
        embed = discord.Embed(
            title=f"🏅 {engine.title} — leaderboard",
            description="\n".join(lines)
            or "Nobody is rated yet: finish a game of it on this server.",
            colour=RATING_COLOUR,
        )
        embed.set_footer(text=RATING_NOTE)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="profile", description="A player's ratings and record here.")
    @app_commands.guild_only()
    @app_commands.describe(user="Whose profile (yours when left out).")
    async def profile(
        self, interaction: discord.Interaction, user: discord.Member | None = None
    ) -> None:
        if interaction.guild_id is None:
            raise Refusal("Profiles are kept per server.")
        who = user or interaction.user
        found = await self.services.ratings.profile(interaction.guild_id, who.id)
        embed = discord.Embed(title=f"📜 {who.display_name}", colour=RATING_COLOUR)
        favourite = games.get(found.favourite).title if found.favourite else "—"
        embed.add_field(name="Games finished", value=str(found.games), inline=True)
        embed.add_field(name="Wins", value=str(found.wins), inline=True)
        embed.add_field(name="Favourite game", value=favourite, inline=True)
        for rating in found.ratings[:20]:
            embed.add_field(
                name=games.get(rating.game_key).title,
                value=f"**{rating_text(rating)}** · {rating.games} rated, {rating.wins} won",
                inline=False,
            )
        if not found.ratings:
            embed.description = "No rated games on this server yet."
        embed.set_footer(text=RATING_NOTE)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: GrimoireBot) -> None:
    """Load the cog (a discord.py extension)."""
    await bot.add_cog(RatingCommands(bot.services))
