"""Buttons under ``/game list`` and ``/game mine``: a link to each game's place, and "Take
your turn" for the games that wait on the member.

Discord allows 25 buttons (5 rows of 5) under a message: the games that wait on the member
come first, each with its link and its turn button side by side; the rest get a link each
while room is left, and the reply says when some games have no button.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

import games
from bot.tables.turn import TurnButtonItem
from storage import Game, GameStatus

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
                TurnButtonItem(game.id, game.version, label=f"Take your turn in #{game.id}")
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
    label = f"#{game.id} {title}" + (" (lobby)" if game.status is GameStatus.LOBBY else "")
    return discord.ui.Button(style=discord.ButtonStyle.link, label=label[:80], url=game_link(game))
