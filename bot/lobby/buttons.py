"""The buttons and the AI menu under a lobby: Join, Leave, Start, Cancel, Remove AI."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from bot.cards.rules_button import HowToPlayButton
from bot.common.access import manages
from bot.common.errors import Guarded
from bot.common.names import lobby_names
from bot.common.replies import picked
from bot.drawing.embeds import lobby_embed
from bot.lobby.dealing import check_can_start
from bot.lobby.threads import delete_thread, open_thread_for
from bot.wiring.services import services_of
from storage import Game, GameStatus


class LobbyButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:lobby:(?P<action>join|leave|start|cancel|unai):(?P<game>\d+)",
):
    """Join, Leave, Start, Cancel and Remove AI under a lobby."""

    STYLES: ClassVar[dict[str, tuple[discord.ButtonStyle, str]]] = {
        "join": (discord.ButtonStyle.success, "Join"),
        "leave": (discord.ButtonStyle.secondary, "Leave"),
        "start": (discord.ButtonStyle.primary, "Start"),
        "cancel": (discord.ButtonStyle.danger, "Cancel"),
        "unai": (discord.ButtonStyle.secondary, "Remove AI"),
    }

    def __init__(self, action: str, game_id: int) -> None:
        style, label = self.STYLES[action]
        super().__init__(
            discord.ui.Button(style=style, label=label, custom_id=f"grim:lobby:{action}:{game_id}")
        )
        self.action = action
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["action"], int(match["game"]))

    async def act(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        user = interaction.user.id
        if self.action == "join":
            game = await services.lobbies.join(self.game_id, user)
        elif self.action == "leave":
            game = await services.lobbies.leave(self.game_id, user)
        elif self.action == "cancel":
            lobby = await services.tables.get(self.game_id)
            manager = await manages(interaction, lobby.guild_id)
            game = await services.lobbies.cancel(self.game_id, user, is_admin=manager)
        elif self.action == "unai":
            game = await services.lobbies.remove_ai(self.game_id, user)
        else:
            await self._start(interaction)
            return
        names = await lobby_names(services.names, game)
        await interaction.response.edit_message(
            embed=lobby_embed(game, names), view=lobby_view(game)
        )

    async def _start(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        game = await services.tables.get(self.game_id)
        check_can_start(game, interaction.user.id)
        await interaction.response.defer()
        opened: list[int] = []

        async def open_thread(lobby: Game) -> int | None:
            thread_id = await open_thread_for(interaction, lobby)
            opened.extend([thread_id] if thread_id is not None else [])
            return thread_id

        try:
            game = await services.lobbies.start(
                self.game_id, interaction.user.id, open_thread=open_thread
            )
        except Exception:
            # The game did not start: the thread opened for it would stay empty for good.
            for thread_id in opened:
                await delete_thread(interaction, thread_id)
            raise
        services.changed(game)
        await interaction.edit_original_response(
            embed=lobby_embed(game, await lobby_names(services.names, game)), view=None
        )


class LobbyAiSelect(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"grim:lobby:ai:(?P<game>\d+)",
):
    """ "Add an AI player…" under a lobby: the host picks its level."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"grim:lobby:ai:{game_id}",
                placeholder="Add an AI player…",
                options=[
                    discord.SelectOption(label=f"AI: {level}", value=level, description=about)
                    for level, about in AI_LEVELS
                ],
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyAiSelect:
        return cls(int(match["game"]))

    async def act(self, interaction: discord.Interaction) -> None:
        level = picked(interaction)
        services = services_of(interaction)
        game = await services.lobbies.add_ai(self.game_id, interaction.user.id, level)
        names = await lobby_names(services.names, game)
        await interaction.response.edit_message(
            embed=lobby_embed(game, names), view=lobby_view(game)
        )


#: The AI levels offered in a lobby, with what each means.
AI_LEVELS = (
    ("easy", "Plays any legal move"),
    ("normal", "Plays the best move it sees one move ahead"),
    ("hard", "Searches many possible games before each move"),
)


def lobby_view(game: Game) -> discord.ui.View | None:
    """The lobby's buttons and AI menu while it is open; none once it started or was
    called off."""
    if game.status is not GameStatus.LOBBY:
        return None
    view = discord.ui.View(timeout=None)
    actions = ["join", "leave", "start", "cancel"]
    if any(s.is_ai for s in game.seats):
        actions.append("unai")
    for action in actions:
        view.add_item(LobbyButton(action, game.id))
    select = LobbyAiSelect(game.id)
    select.item.row = 1
    view.add_item(select)
    rules = HowToPlayButton(game.game_key)
    rules.item.row = 2
    view.add_item(rules)
    return view
