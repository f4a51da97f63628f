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
from bot.words.i18n import localize
from games.core import Engine
from games.core.words import joined, msg


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
                label=localize(msg("How to play")),
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
            raise Refusal(msg("This game is no longer offered here.")) from None
        await interaction.response.send_message(embed=rules_embed(engine), ephemeral=True)


def rules_embed(engine: Engine[Any, Any]) -> discord.Embed:
    """A game's rules in brief, as ``/rules`` and **How to play** show them, pointing to
    ``/card`` for what each card does; in the reader's language."""
    summary = engine.summary or msg(
        "{game}: {seats}.", game=engine.title, seats=engine.seat_count_label()
    )
    embed = discord.Embed(
        title=localize(msg("{game} — rules in brief", game=engine.title)),
        description=localize(summary),
        colour=BOARD_COLOUR,
    )
    footer = joined(
        (msg("Start a game with /game new · make moves with /play or the turn button"), CARD_HINT)
    )
    embed.set_footer(text=localize(footer))
    return embed
