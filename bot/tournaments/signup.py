"""The sign-up sheet's Join and Leave buttons: dynamic items carrying the tournament's id, so
they keep working after a restart."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from bot.common.errors import Guarded
from bot.drawing.embeds import board_embed
from bot.tournaments.boards import signup_board
from bot.wiring.services import services_of
from bot.words.i18n import in_public, localize, localized_board
from games.core.words import Msg, pmsg
from storage import Tournament, TournamentStatus

#: Colour of tournament embeds, apart from game boards.
TOURNAMENT_COLOUR = discord.Colour(0xB8860B)


class SignupButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:tour:(?P<action>join|leave):(?P<tournament>\d+)",
):
    """Join or Leave under a tournament's sign-up sheet."""

    STYLES: ClassVar[dict[str, tuple[discord.ButtonStyle, Msg]]] = {
        "join": (discord.ButtonStyle.success, pmsg("tournament button", "Join")),
        "leave": (discord.ButtonStyle.secondary, pmsg("tournament button", "Leave")),
    }

    def __init__(self, action: str, tournament_id: int) -> None:
        style, label = self.STYLES[action]
        super().__init__(
            discord.ui.Button(
                style=style,
                label=localize(label),
                custom_id=f"grim:tour:{action}:{tournament_id}",
            )
        )
        self.action = action
        self.tournament_id = tournament_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SignupButton:
        return cls(match["action"], int(match["tournament"]))

    async def act(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        user = interaction.user.id
        if self.action == "join":
            tournament = await services.tournaments.enter(self.tournament_id, user)
        else:
            tournament = await services.tournaments.withdraw(self.tournament_id, user)
        with in_public():  # the sign-up sheet is everyone's: in the server's language
            view = signup_view(tournament)
            await interaction.response.edit_message(embed=signup_embed(tournament), view=view)
        if view is not None:
            view.stop()  # dynamic items: no view needs keeping in memory


def signup_embed(tournament: Tournament) -> discord.Embed:
    """The sign-up sheet as an embed."""
    embed = board_embed(localized_board(signup_board(tournament)), ())
    embed.colour = TOURNAMENT_COLOUR
    return embed


def signup_view(tournament: Tournament) -> discord.ui.View | None:
    """Join and Leave while sign-ups are open; nothing after."""
    if tournament.status is not TournamentStatus.SIGNUP:
        return None
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave"):
        view.add_item(SignupButton(action, tournament.id))
    return view
