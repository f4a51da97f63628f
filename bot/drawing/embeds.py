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
from bot.words.i18n import localize, localized_board
from games.core import Board
from games.core.words import joined, msg, nmsg, pmsg
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
    shown = localized_board(board.rendered(names))
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
    say = localize
    embed = discord.Embed(
        title=say(msg("{game} · table #{id}", game=engine.title, id=game.id)),
        colour=LOBBY_COLOUR,
    )
    players = "\n".join(
        say(_player_line(i, s.user_id is None, _plain(names.seated[i]), s.user_id == game.host_id))
        for i, s in enumerate(game.seats)
    )
    embed.add_field(
        name=say(msg("Players ({seated}/{most})", seated=len(game.seats), most=engine.max_players)),
        value=players or say(msg("nobody yet")),
        inline=False,
    )
    embed.add_field(name=say(msg("Seats")), value=say(engine.seat_count_label()), inline=True)
    embed.add_field(
        name=say(msg("Options")),
        value=say(describe_options(engine.options(game.options, stored=True))),
        inline=True,
    )
    settings = TableSettings.of(game)
    seating = msg("shuffled") if settings.seating is Seating.SHUFFLED else msg("join order")
    embed.add_field(name=say(msg("Seat order")), value=say(seating), inline=True)
    rated = practice_reason(game) or pmsg("lobby", "Rated")
    embed.add_field(name=say(pmsg("lobby", "Ratings")), value=say(rated), inline=True)
    if (required := settings.requirements.describe()) is not None:
        embed.add_field(name=say(msg("To join")), value=say(required), inline=False)
    embed.add_field(
        name=say(msg("Turn clock")), value=say(clock_line(settings.clock)), inline=False
    )
    embed.description = say(_lobby_status(game, engine, _plain(names.host)))
    return embed


def _player_line(index: int, ai: bool, name: str, host: bool) -> str:
    """One seat of a lobby: its number, an AI's robot, the name, and who hosts."""
    shown = f"🤖 {name}" if ai else name
    if host:
        return msg("{number}. {name} (host)", number=index + 1, name=shown)
    return f"{index + 1}. {shown}"


def _plain(name: str) -> str:
    """A member's name as it is, whatever Markdown it holds."""
    return discord.utils.escape_markdown(name)


#: What happens at a missed deadline, in a lobby's few words.
MISSED_WORDS = {
    Policy.ACT: msg("a pass or the AI's move"),
    Policy.WAIT: msg("the table is told and waits"),
}


def clock_line(clock: TurnClock) -> str:
    """A turn clock in one line, for a lobby: "24 h a move · reminders 12 h and 1 h before ·
    a missed deadline: the table is told and waits · removed after 3 missed deadlines ·
    weekends off"."""
    if clock.deadline is None:
        return msg("No deadline: take the time you need")
    parts = [msg("{time} a move", time=_hours(clock.deadline))]
    before = [_hours(r) for r in clock.reminders if r < clock.deadline]
    if before:
        parts.append(msg("reminders {times} before", times=_and(before)))
    parts.append(msg("a missed deadline: {what}", what=MISSED_WORDS[clock.policy]))
    if clock.strikes:
        if clock.on_strikes is StrikesPolicy.OPEN:
            out = nmsg(
                "removed after {n} missed deadline, the seat offered to a substitute",
                "removed after {n} missed deadlines, the seat offered to a substitute",
                clock.strikes,
            )
        else:
            out = nmsg(
                "removed after {n} missed deadline",
                "removed after {n} missed deadlines",
                clock.strikes,
            )
        parts.append(out)
    if not clock.weekends:
        if clock.time_zone:
            parts.append(msg("weekends off ({zone})", zone=clock.time_zone))
        else:
            parts.append(msg("weekends off"))
    return joined(parts, " · ")


def _hours(duration: timedelta) -> str:
    """A duration in a lobby's words: "48 h", "15 min", "3 d", "1 d 6 h"."""
    minutes = int(duration.total_seconds()) // 60
    if minutes % 60 == 0 and 0 < minutes <= 72 * 60:
        return msg("{n} h", n=minutes // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = [
        unit
        for n, unit in (
            (days, msg("{n} d", n=days)),
            (hours, msg("{n} h", n=hours)),
            (minutes, msg("{n} min", n=minutes)),
        )
        if n
    ]
    return joined(parts, " ") if parts else msg("{n} min", n=0)


def _and(items: Sequence[str]) -> str:
    """ "12 h", "12 h and 1 h", "12 h, 1 h and 15 min"."""
    if len(items) == 1:
        return items[0]
    return msg("{first} and {last}", first=joined(items[:-1], ", "), last=items[-1])


def _lobby_status(game: Game, engine: Any, host: str) -> str:
    if game.status is GameStatus.ACTIVE:
        if game.thread_id:
            thread = "<#" + str(game.thread_id) + ">"
            return msg("**Started** in {place}. Good luck!", place=thread)
        return msg("**Started**. Good luck!")
    if game.status is GameStatus.CANCELLED:
        return msg("**Cancelled.**")
    if game.status is GameStatus.FINISHED:
        return msg("**Finished.**")
    seated = len(game.seats)
    if seated < engine.min_players:
        need = engine.min_players - seated
        return nmsg(
            "Press **Join** to play. {n} more needed before {host} can start.",
            "Press **Join** to play. {n} more needed before {host} can start.",
            need,
            host=host,
        )
    if seated >= engine.max_players:
        return msg("**The table is full.** {host} can press **Start** now.", host=host)
    return msg("Press **Join** to play. {host} can press **Start** now.", host=host)


def lines_text(lines: Sequence[str], names: Sequence[str], limit: int = 1900) -> str:
    """Log lines with seats named, cut to fit one message (the newest kept)."""
    rendered = [render(localize(line), names) for line in lines]
    text = "\n".join(rendered)
    while len(text) > limit and len(rendered) > 1:
        rendered.pop(0)
        text = "…\n" + "\n".join(rendered)
    return text[-limit:]
