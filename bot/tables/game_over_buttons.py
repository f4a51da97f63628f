"""The buttons under a game's final post: **Rematch** and **New game**.

**Rematch** opens a lobby with the same seats (people and AI players, in the same order), the
same options and table settings, hosted by the player who clicked; it is posted in the channel
where the game's lobby was, and a second click (by anyone) points to it instead of opening
another. **New game** opens a fresh lobby of the same game with the default options and the
server's clock, hosted by whoever clicked, in that same channel: the quick way to play again
with other people (``/game new`` remains for choosing options).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.common.errors import Guarded
from bot.common.refusals import Refusal
from bot.common.render import render
from bot.common.text import channel
from bot.drawing.embeds import lobby_card
from bot.lobby.buttons import lobby_view
from bot.lobby.lobby import Seating
from bot.wiring.services import Services, services_of
from bot.words.i18n import localize
from games.core.words import msg, pmsg
from storage import Game, GameStatus


class GameOverButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:over:(?P<action>rematch|new):(?P<game>\d+)",
):
    """Rematch and New game under a final post."""

    LABELS: dict[str, tuple[discord.ButtonStyle, str]] = {  # noqa: RUF012
        "rematch": (discord.ButtonStyle.primary, pmsg("button", "Rematch")),
        "new": (discord.ButtonStyle.secondary, pmsg("button", "New game")),
    }

    def __init__(self, action: str, game_id: int) -> None:
        style, label = self.LABELS[action]
        super().__init__(
            discord.ui.Button(
                style=style, label=localize(label), custom_id=f"grim:over:{action}:{game_id}"
            )
        )
        self.action = action
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameOverButton:
        return cls(match["action"], int(match["game"]))

    async def act(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        user = interaction.user.id
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await services.tables.get(self.game_id)
        if self.action == "rematch":
            lobby, made = await services.lobbies.rematch(self.game_id, user)
            if not made:
                raise Refusal(
                    msg("This game already has its rematch: {where}.", where=_where(lobby))
                )
        else:
            if game.guild_id is None:
                raise Refusal(msg("Open a new game in a server channel with `/game new`."))
            lobby = await services.lobbies.open(
                game_key=game.game_key,
                options=None,
                seating=Seating.JOIN_ORDER,
                guild_id=game.guild_id,
                channel_id=game.channel_id,
                host_id=user,
            )
        await _post_lobby(interaction, services, lobby)
        if self.action == "rematch":
            said = msg(
                "Rematch: {where}. Press Start there when everyone is ready.", where=_where(lobby)
            )
        else:
            said = msg(
                "New game: {where}. Press Start there when everyone is ready.", where=_where(lobby)
            )
        await interaction.followup.send(render(localize(said)), ephemeral=True)


async def _post_lobby(interaction: discord.Interaction, services: Services, lobby: Game) -> None:
    """Post the lobby where lobbies are posted (the channel the game was opened in), with
    pings for the people seated in it, and remember the message."""
    seated = [s.user_id for s in lobby.seats if s.user_id is not None]
    others = [u for u in seated if u != interaction.user.id]
    words = ""
    if others:
        pinged = " ".join(f"<@{u}>" for u in others)
        words = localize(msg("{players}: a rematch is ready for you.", players=pinged))
    target = interaction.client.get_partial_messageable(lobby.channel_id)
    view = lobby_view(lobby)
    sent = await target.send(
        content=words or None,
        embed=await lobby_card(lobby, services.names),
        view=view or discord.utils.MISSING,
        allowed_mentions=discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in others]
        ),
    )
    if view is not None:
        view.stop()
    await services.store.games.set_messages(lobby.id, lobby_message_id=sent.id)


def _where(lobby: Game) -> str:
    """Which lobby, and where (neutral text)."""
    place = channel(lobby.channel_id)
    if lobby.status is GameStatus.LOBBY:
        return msg("lobby #{id} in {place}", id=lobby.id, place=place)
    return msg("lobby #{id} ({status}) in {place}", id=lobby.id, status=_status(lobby), place=place)


def _status(lobby: Game) -> str:
    """A game's status in words."""
    if lobby.status is GameStatus.ACTIVE:
        return pmsg("status", "active")
    if lobby.status is GameStatus.FINISHED:
        return pmsg("status", "finished")
    if lobby.status is GameStatus.CANCELLED:
        return pmsg("status", "cancelled")
    return lobby.status.value
