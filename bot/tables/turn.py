"""The "Take your turn" button: under a board, and under ``/game list`` and ``/game mine``.

Under those lists each game gets a link to its place, and the games that wait on the member
a "Take your turn" button too. Discord allows 25 buttons (5 rows of 5) under a message: the
games that wait on the member come first, each with its link and its turn button side by
side; the rest get a link each while room is left, and the reply says when some games have
no button.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

import games
from bot.common.errors import Guarded
from bot.common.posts import TurnButton
from bot.tables.panel import show_panel
from bot.wiring.services import services_of
from bot.words.i18n import localize
from games.core.words import msg, pmsg
from storage import Game, GameStatus


class TurnButtonItem(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"grim:turn:(?P<game>\d+):(?P<version>\d+)",
):
    """ "Take your turn" under a board: opens the clicker's own panel."""

    def __init__(self, game_id: int, version: int, *, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.primary,
                label=localize(label or pmsg("button", "Take your turn"))[:80],
                custom_id=f"grim:turn:{game_id}:{version}",
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TurnButtonItem:
        return cls(int(match["game"]), int(match["version"]))

    async def act(self, interaction: discord.Interaction) -> None:
        game = await services_of(interaction).tables.get(self.game_id)
        note = ""
        if game.version != self.version and game.status is GameStatus.ACTIVE:
            note = msg("The game has moved on since that board; here is where it stands now.")
        await show_panel(interaction, self.game_id, note=note)


def turn_view(button: TurnButton) -> discord.ui.View:
    """The view under a board: one "Take your turn" button."""
    view = discord.ui.View(timeout=None)
    view.add_item(TurnButtonItem(button.game_id, button.version))
    return view


#: Buttons a message may carry: five rows of five.
MAX_ROWS = 5
ROW_WIDTH = 5


def game_link(game: Game) -> str:
    """A jump link to where the game is played, or to its lobby's message (works from any
    server and from DMs)."""
    where = game.thread_id or game.channel_id
    guild = game.guild_id if game.guild_id is not None else "@me"
    link = f"https://discord.com/channels/{guild}/{where}"
    if game.status is GameStatus.LOBBY and game.lobby_message_id is not None:
        link += f"/{game.lobby_message_id}"
    return link


def waits_on(game: Game, user_id: int) -> bool:
    """Whether ``game`` is running and waits on ``user_id``'s move."""
    seat = game.seat_of(user_id)
    return game.status is GameStatus.ACTIVE and seat is not None and seat in game.to_act


def game_buttons(found: Sequence[Game], user_id: int) -> tuple[discord.ui.View | None, int]:
    """The buttons for ``found`` and how many of those games got one (all, unless there was
    no room left)."""
    ordered = sorted(found, key=lambda g: not waits_on(g, user_id))  # stable: order kept
    rows: list[list[discord.ui.Item[Any]]] = []
    shown = 0
    for game in ordered:
        items: list[discord.ui.Item[Any]] = [_link_button(game)]
        if waits_on(game, user_id):
            items.append(
                TurnButtonItem(
                    game.id, game.version, label=msg("Take your turn in #{id}", id=game.id)
                )
            )
        # A game's buttons stay together on one row.
        if not rows or len(rows[-1]) + len(items) > ROW_WIDTH:
            if len(rows) == MAX_ROWS:
                break
            rows.append([])
        rows[-1].extend(items)
        shown += 1
    if not shown:
        return None, 0
    view = discord.ui.View(timeout=None)
    for number, row in enumerate(rows):
        for item in row:
            item.row = number
            view.add_item(item)
    view.stop()  # link buttons need nothing, and turn buttons are dynamic items
    return view, shown


def _link_button(game: Game) -> discord.ui.Button[discord.ui.View]:
    title = games.get(game.game_key).title
    if game.status is GameStatus.LOBBY:
        label = msg("#{id} {game} (lobby)", id=game.id, game=title)
    else:
        label = msg("#{id} {game}", id=game.id, game=title)
    return discord.ui.Button(
        style=discord.ButtonStyle.link, label=localize(label)[:80], url=game_link(game)
    )
