"""**Take this seat** under the announcement of an open seat: the first member not yet at the
table to click it plays that seat from then on. Its custom id carries the game and the seat,
so it works after a restart; a click once the seat is taken is told so privately."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.common.errors import Guarded
from bot.wiring.services import services_of
from bot.words.i18n import localize
from games.core.words import msg


class TakeSeatButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:take:(?P<game>\d+):(?P<seat>\d+)",
):
    """Take over the open seat ``seat`` of game ``game_id``."""

    def __init__(self, game_id: int, seat: int) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.success,
                label=localize(msg("Take this seat")),
                emoji="🪑",
                custom_id=f"grim:take:{game_id}:{seat}",
            )
        )
        self.game_id = game_id
        self.seat = seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TakeSeatButton:
        return cls(int(match["game"]), int(match["seat"]))

    async def act(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        game = await services.substitutes.take_seat(self.game_id, self.seat, interaction.user.id)
        services.changed(game)
        await interaction.response.send_message(
            localize(
                msg(
                    "You took the open seat in game #{number}: your private view is on "
                    "its way by DM, and you will be pinged when it is your turn.",
                    number=game.id,
                )
            ),
            ephemeral=True,
        )


def open_seat_view(game_id: int, seat: int) -> discord.ui.View:
    """The button under an open seat's announcement."""
    view = discord.ui.View(timeout=None)
    view.add_item(TakeSeatButton(game_id, seat))
    return view
