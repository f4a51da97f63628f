"""The buttons and the AI menu under a lobby: Join, Leave, Start, Cancel, Remove AI."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from bot.cards.rules_button import HowToPlayButton
from bot.common.access import manages
from bot.common.errors import Guarded
from bot.common.replies import picked
from bot.drawing.embeds import lobby_card
from bot.lobby.dealing import check_can_start
from bot.lobby.threads import delete_thread, open_thread_for
from bot.wiring.services import services_of
from bot.words.i18n import in_public, localize
from games.core.words import Msg, msg, pmsg
from storage import Game, GameStatus


class LobbyButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:lobby:(?P<action>join|leave|start|cancel|unai):(?P<game>\d+)",
):
    """Join, Leave, Start, Cancel and Remove AI under a lobby."""

    STYLES: ClassVar[dict[str, tuple[discord.ButtonStyle, Msg]]] = {
        "join": (discord.ButtonStyle.success, pmsg("lobby button", "Join")),
        "leave": (discord.ButtonStyle.secondary, pmsg("lobby button", "Leave")),
        "start": (discord.ButtonStyle.primary, pmsg("lobby button", "Start")),
        "cancel": (discord.ButtonStyle.danger, pmsg("lobby button", "Cancel")),
        "unai": (discord.ButtonStyle.secondary, pmsg("lobby button", "Remove AI")),
    }

    def __init__(self, action: str, game_id: int) -> None:
        style, label = self.STYLES[action]
        super().__init__(
            discord.ui.Button(
                style=style, label=localize(label), custom_id=f"grim:lobby:{action}:{game_id}"
            )
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
        with in_public():  # the lobby is everyone's: in the server's language
            embed = await lobby_card(game, services.names)
            await interaction.response.edit_message(embed=embed, view=lobby_view(game))

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
        with in_public():
            await interaction.edit_original_response(
                embed=await lobby_card(game, services.names), view=None
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
                placeholder=localize(msg("Add an AI player…")),
                options=[
                    discord.SelectOption(
                        label=localize(msg("AI: {level}", level=AI_LEVEL_NAMES[level])),
                        value=level,
                        description=localize(about),
                    )
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
        with in_public():  # the lobby is everyone's: in the server's language
            embed = await lobby_card(game, services.names)
            await interaction.response.edit_message(embed=embed, view=lobby_view(game))


#: The AI levels offered in a lobby, with what each means.
AI_LEVELS = (
    ("easy", msg("Plays any legal move")),
    ("normal", msg("Plays the best move it sees one move ahead")),
    ("hard", msg("Searches many possible games before each move")),
)
#: How the lobby's menu names each AI level.
AI_LEVEL_NAMES = {
    "easy": pmsg("AI level", "easy"),
    "normal": pmsg("AI level", "normal"),
    "hard": pmsg("AI level", "hard"),
}


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
