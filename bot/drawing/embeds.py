"""Drawing platform-neutral boards and lobbies as Discord embeds."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import discord

import games
from bot.clocks.turn_clock import Policy, StrikesPolicy, TurnClock
from bot.common.names import LobbyNames, NameBook, lobby_names
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


async def lobby_card(game: Game, names: NameBook) -> discord.Embed:
    """The lobby of ``game``, its people named by their display names (a mention reads as a
    bare number where it does not render) and each AI player by its seat's name."""
    return lobby_embed(game, await lobby_names(names, game))


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
        name="Options",
        value=describe_options(engine.options(game.options, stored=True)),
        inline=True,
    )
    settings = TableSettings.of(game)
    seating = "shuffled" if settings.seating is Seating.SHUFFLED else "join order"
    embed.add_field(name="Seat order", value=seating, inline=True)
    embed.add_field(name="Ratings", value=practice_reason(game) or "Rated", inline=True)
    if (required := settings.requirements.describe()) is not None:
        embed.add_field(name="To join", value=required, inline=False)
    embed.add_field(name="Turn clock", value=clock_line(settings.clock), inline=False)
    embed.description = _lobby_status(game, engine, _plain(names.host))
    return embed


def _plain(name: str) -> str:
    """A member's name as it is, whatever Markdown it holds."""
    return discord.utils.escape_markdown(name)


#: What happens at a missed deadline, in a lobby's few words.
MISSED_WORDS = {Policy.ACT: "a pass or the AI's move", Policy.WAIT: "the table is told and waits"}


def clock_line(clock: TurnClock) -> str:
    """A turn clock in one line, for a lobby: "24 h a move · reminders 12 h and 1 h before ·
    a missed deadline: the table is told and waits · removed after 3 missed deadlines ·
    weekends off"."""
    if clock.deadline is None:
        return "No deadline: take the time you need"
    parts = [f"{_hours(clock.deadline)} a move"]
    before = [_hours(r) for r in clock.reminders if r < clock.deadline]
    if before:
        parts.append(f"reminders {_and(before)} before")
    parts.append(f"a missed deadline: {MISSED_WORDS[clock.policy]}")
    if clock.strikes:
        missed = "deadline" if clock.strikes == 1 else "deadlines"
        out = f"removed after {clock.strikes} missed {missed}"
        if clock.on_strikes is StrikesPolicy.OPEN:
            out += ", the seat offered to a substitute"
        parts.append(out)
    if not clock.weekends:
        zone = f" ({clock.time_zone})" if clock.time_zone else ""
        parts.append(f"weekends off{zone}")
    return " · ".join(parts)


def _hours(duration: timedelta) -> str:
    """A duration in a lobby's words: "48 h", "15 min", "3 d", "1 d 6 h"."""
    minutes = int(duration.total_seconds()) // 60
    if minutes % 60 == 0 and 0 < minutes <= 72 * 60:
        return f"{minutes // 60} h"
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = [f"{n} {unit}" for n, unit in ((days, "d"), (hours, "h"), (minutes, "min")) if n]
    return " ".join(parts) or "0 min"


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


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
