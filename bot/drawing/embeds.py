"""Drawing platform-neutral boards and lobbies as Discord embeds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

import games
from bot.common.names import LobbyNames
from bot.common.render import render
from bot.lobby.options import describe_options
from bot.lobby.table_settings import Seating, TableSettings
from bot.profiles.ratings import practice_reason
from games.core import Board
from storage import Game, GameStatus

#: The bot's colour for boards; private views get their own so they are never mistaken.
BOARD_COLOUR = discord.Colour(0x6B4FA0)
PRIVATE_COLOUR = discord.Colour(0x2F7F6F)
LOBBY_COLOUR = discord.Colour(0xC08A2B)


def board_embed(
    board: Board, names: Sequence[str], *, private: bool = False, pictured: bool = False
) -> discord.Embed:
    """A board as an embed, seats named; with ``pictured`` (its picture goes with it), without
    the fields the picture shows."""
    shown = board.rendered(names)
    embed = discord.Embed(
        title=render(shown.title),
        description=render(shown.description) or None,
        colour=PRIVATE_COLOUR if private else BOARD_COLOUR,
    )
    for field in shown.fields:
        if pictured and field.pictured:
            continue
        embed.add_field(name=render(field.name), value=render(field.value), inline=field.inline)
    if shown.footer:
        embed.set_footer(text=render(shown.footer))
    return embed


def lobby_embed(game: Game, names: LobbyNames) -> discord.Embed:
    """The lobby: who sits (by ``names``), what is played, how to join."""
    engine = games.get(game.game_key)
    embed = discord.Embed(
        title=f"{engine.title} · table #{game.id}",
        colour=LOBBY_COLOUR,
    )
    players = "\n".join(
        f"{i + 1}. {'🤖 ' if s.user_id is None else ''}{_plain(names.seated[i])}"
        + (" (host)" if s.user_id == game.host_id else "")
        for i, s in enumerate(game.seats)
    )
    embed.add_field(
        name=f"Players ({len(game.seats)}/{engine.max_players})",
        value=players or "nobody yet",
        inline=False,
    )
    embed.add_field(name="Seats", value=engine.seat_count_label(), inline=True)
    embed.add_field(
        name="Options", value=describe_options(engine.options(game.options)), inline=True
    )
    settings = TableSettings.of(game)
    seating = "shuffled" if settings.seating is Seating.SHUFFLED else "join order"
    embed.add_field(name="Seat order", value=seating, inline=True)
    embed.add_field(name="Ratings", value=practice_reason(game) or "Rated", inline=True)
    if (required := settings.requirements.describe()) is not None:
        embed.add_field(name="To join", value=required, inline=False)
    embed.add_field(name="Turn clock", value=settings.clock.describe(), inline=False)
    embed.description = _lobby_status(game, engine, _plain(names.host))
    return embed


def _plain(name: str) -> str:
    """A member's name as it is, whatever Markdown it holds."""
    return discord.utils.escape_markdown(name)


def _lobby_status(game: Game, engine: Any, host: str) -> str:
    if game.status is GameStatus.ACTIVE:
        where = f" in <#{game.thread_id}>" if game.thread_id else ""
        return f"**Started**{where}. Good luck!"
    if game.status is GameStatus.CANCELLED:
        return "**Cancelled.**"
    if game.status is GameStatus.FINISHED:
        return "**Finished.**"
    seated = len(game.seats)
    if seated < engine.min_players:
        need = engine.min_players - seated
        return f"Press **Join** to play. {need} more needed before {host} can start."
    if seated >= engine.max_players:
        return f"**The table is full.** {host} can press **Start** now."
    return f"Press **Join** to play. {host} can press **Start** now."


def lines_text(lines: Sequence[str], names: Sequence[str], limit: int = 1900) -> str:
    """Log lines with seats named, cut to fit one message (the newest kept)."""
    rendered = [render(line, names) for line in lines]
    text = "\n".join(rendered)
    while len(text) > limit and len(rendered) > 1:
        rendered.pop(0)
        text = "…\n" + "\n".join(rendered)
    return text[-limit:]
