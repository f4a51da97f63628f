"""Asking before what cannot be undone: resigning from a game, calling a game off.

``/game resign`` and ``/game abandon`` answer privately with the question and two buttons:
the dangerous one (**Resign**, **Abandon**) and **Keep playing**. The buttons are dynamic
items whose custom id carries the game and the member asked, so they still work after a
restart; only that member's click acts, a click once the game is over is told so, and
**Keep playing** changes nothing.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

import discord

import games
from bot.common.access import manages
from bot.common.errors import Guarded
from bot.common.refusals import Refusal
from bot.common.render import render
from bot.drawing.embeds import lobby_card
from bot.tables.moves import Moves, running_game
from bot.wiring.services import Services, services_of
from bot.words.i18n import localize
from games.core.words import joined, msg, pmsg
from storage import Game

#: What each question asks, and the label of the button that does it.
QUESTIONS = {
    "resign": (
        msg("Resign from {title} #{id}? You cannot take this back."),
        pmsg("button", "Resign"),
    ),
    "abandon": (
        msg("Call off {title} #{id} for everyone at the table? You cannot take this back."),
        pmsg("button", "Abandon"),
    ),
}
KEEP = pmsg("button", "Keep playing")


class ConfirmButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:sure:(?P<action>resign|abandon|keep):(?P<game>\d+):(?P<user>\d+)",
):
    """One answer to "Resign from …?" or "Call off …?"."""

    def __init__(self, action: str, game_id: int, user_id: int) -> None:
        if action == "keep":
            style, label = discord.ButtonStyle.secondary, KEEP
        else:
            style, label = discord.ButtonStyle.danger, QUESTIONS[action][1]
        super().__init__(
            discord.ui.Button(
                style=style,
                label=localize(label),
                custom_id=f"grim:sure:{action}:{game_id}:{user_id}",
            )
        )
        self.action = action
        self.game_id = game_id
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConfirmButton:
        return cls(match["action"], int(match["game"]), int(match["user"]))

    async def act(self, interaction: discord.Interaction) -> None:
        if interaction.user.id != self.user_id:
            raise Refusal(msg("This question was asked of someone else; nothing was changed."))
        services = services_of(interaction)
        if self.action == "keep":
            await interaction.response.edit_message(
                content=localize(msg("Nothing was changed: the game goes on.")), view=None
            )
            return
        if self.action == "resign":
            await services.withdrawals.resign(self.game_id, self.user_id)
            done = msg("You resigned from game #{id}.", id=self.game_id)
        else:
            game = await services.tables.get(self.game_id)
            cancelled = await services.lobbies.cancel(
                self.game_id, self.user_id, is_admin=await manages(interaction, game.guild_id)
            )
            services.game_ended(cancelled)  # a tournament's round may be complete now
            services.outbox.kick()
            await show_lobby_closed(interaction.client, services, self.game_id)
            done = msg("Game #{id} is called off.", id=self.game_id)
        await interaction.response.edit_message(content=localize(done), view=None)


async def ask(interaction: discord.Interaction, game: Game, action: str) -> None:
    """Ask the member, privately, whether to ``action`` (resign or abandon) ``game``."""
    question, _ = QUESTIONS[action]
    title = games.get(game.game_key).title
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(action, game.id, interaction.user.id))
    view.add_item(ConfirmButton("keep", game.id, interaction.user.id))
    await interaction.response.send_message(
        render(localize(msg(question.template, title=joined(["**", title, "**"], ""), id=game.id))),
        view=view,
        ephemeral=True,
    )
    view.stop()  # dynamic items: nothing to keep in memory


def check_resign(services: Services, game: Game, user_id: int) -> None:
    """Refuse at once, before asking, a resignation that could not be made."""
    seat = Moves.seat_of(running_game(game), user_id)
    if seat in game.resigned_seats():
        raise Refusal(msg("You have already resigned from this game."))


async def show_lobby_closed(client: discord.Client, services: Services, game_id: int) -> None:
    """Take the buttons off a called-off lobby's message, so nobody is invited to join."""
    game = await services.store.games.get(game_id)
    if game.lobby_message_id is None:
        return
    channel = client.get_partial_messageable(game.channel_id)
    with contextlib.suppress(discord.HTTPException):
        await channel.get_partial_message(game.lobby_message_id).edit(
            embed=await lobby_card(game, services.names), view=None
        )
