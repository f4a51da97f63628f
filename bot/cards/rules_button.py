"""The **How to play** button under a lobby and a board: the game's rules in brief, privately."""

from __future__ import annotations

import re
from typing import Any

import discord

import games
from bot.cards.buttons import CARD_HINT
from bot.common.errors import Guarded
from bot.common.refusals import Refusal
from bot.drawing.embeds import BOARD_COLOUR
from games.core import Engine


class HowToPlayButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:rules:(?P<game>[a-z0-9_-]+)",
):
    """ "How to play" under a lobby or a board: answers the clicker alone with the summary
    ``/rules`` shows."""

    def __init__(self, game_key: str) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label="How to play",
                custom_id=f"grim:rules:{game_key}",
            )
        )
        self.game_key = game_key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HowToPlayButton:
        return cls(match["game"])

    async def act(self, interaction: discord.Interaction) -> None:
        try:
            engine = games.get(self.game_key)
        except games.UnknownGame:
            raise Refusal("This game is no longer offered here.") from None
        await interaction.response.send_message(embed=rules_embed(engine), ephemeral=True)


def rules_embed(engine: Engine[Any, Any]) -> discord.Embed:
    """A game's rules in brief, as ``/rules`` and **How to play** show them, pointing to
    ``/card`` for what each card does."""
    embed = discord.Embed(
        title=f"{engine.title} — rules in brief",
        description=engine.summary or f"{engine.title}: {engine.seat_count_label()}.",
        colour=BOARD_COLOUR,
    )
    embed.set_footer(
        text=f"Start a game with /game new · make moves with /play or the turn button\n{CARD_HINT}"
    )
    return embed
