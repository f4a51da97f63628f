"""What an organiser chooses when creating a tournament, checked: its name, the table sizes
(within the game's seat counts), the move clock of its games, the rounds, when it starts by
itself. The tournament keeps them as its settings
(:class:`~bot.tournaments.tournament_settings.TournamentSettings`). Nothing here touches the
store or Discord.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import games
from bot.clocks.turn_clock import DEADLINE_CHOICES, parse_duration
from bot.common.refusals import Refusal
from games.core import Engine, InvalidSetup
from games.core.words import Msg, msg, nmsg
from storage import TournamentFormat

MAX_ROUNDS = 20
#: The longest a tournament may take sign-ups before it starts by itself.
LONGEST_SIGNUP = timedelta(days=30)
MAX_NAME = 60
#: The most players one tournament takes; a round's standings stay readable in one embed.
MAX_ENTRANTS = 128
DEFAULT_DEADLINE = "24h"
FORMAT_LABELS: dict[TournamentFormat, Msg] = {
    TournamentFormat.SWISS: msg("Swiss"),
    TournamentFormat.ROUND_ROBIN: msg("round-robin"),
    TournamentFormat.KNOCKOUT: msg("knockout"),
}
_RANGE = re.compile(r"\s*(\d+)\s*(?:[-–]\s*(\d+)\s*)?")


@dataclass(frozen=True, slots=True)
class TableRange:
    """How many players sit at one table."""

    smallest: int
    largest: int

    def label(self) -> Msg:
        """``"3–4 players"`` or ``"2 players"``."""
        if self.smallest == self.largest:
            return nmsg("{n} player", "{n} players", self.smallest)
        return msg("{smallest}–{largest} players", smallest=self.smallest, largest=self.largest)


def table_range(
    engine: Engine[Any, Any],
    text: str | None,
    tournament_format: TournamentFormat,
    options: Mapping[str, Any] | None = None,
) -> TableRange:
    """The table sizes an organiser typed (``"3-4"``, ``"2"``), within the seat counts the
    game has with the tournament's ``options``; by default all of them, except two-player
    tables for a knockout or a round-robin of a game that allows them (the classic bracket
    and circle)."""
    playable = playable_sizes(engine, options or {})
    if not playable:
        raise Refusal(msg("{game} cannot be played with these options.", game=engine.title))
    if engine.teams(engine.new_game(playable[0], 0, options or {})):
        # Places in a team game are shared by partners, which tournament points do not read.
        raise Refusal(
            msg("Team variants cannot be played in a tournament: leave the teams option out.")
        )
    low, high = playable[0], playable[-1]
    if text is None or not text.strip():
        if tournament_format is not TournamentFormat.SWISS and low <= 2:
            return TableRange(2, 2)
        return TableRange(low, high)
    match = _RANGE.fullmatch(text)
    if match is None:
        raise Refusal(
            msg(
                "Write table sizes as a number or a range, such as `{low}-{high}`.",
                low=low,
                high=high,
            )
        )
    smallest = int(match[1])
    largest = int(match[2]) if match[2] else smallest
    if smallest > largest:
        raise Refusal(msg("Write the smaller table size first, such as `3-4`."))
    if smallest < engine.min_players or largest > engine.max_players:
        raise Refusal(
            msg(
                "{game} seats {seats} at a table.",
                game=engine.title,
                seats=engine.seat_count_label(),
            )
        )
    for size in range(smallest, largest + 1):
        if size not in playable:
            try:
                engine.new_game(size, 0, options or {})
            except InvalidSetup as error:
                raise Refusal(
                    msg("Tables of {size} cannot play: {reason}", size=size, reason=error.message)
                ) from None
    return TableRange(smallest, largest)


def playable_sizes(engine: Engine[Any, Any], options: Mapping[str, Any]) -> list[int]:
    """The table sizes the game can be set up for with ``options`` (the engine decides:
    e.g. two Magic Spell students need its Low Enrollment variant)."""
    sizes = []
    for size in range(engine.min_players, engine.max_players + 1):
        try:
            engine.new_game(size, 0, options)
        except InvalidSetup:
            continue
        sizes.append(size)
    return sizes


def move_deadline(choice: str | None) -> timedelta | None:
    """The time per move in a tournament's games (``None``: no deadline)."""
    key = choice or DEFAULT_DEADLINE
    if key not in DEADLINE_CHOICES:
        raise Refusal(
            msg("Choose a deadline among {choices}.", choices=", ".join(DEADLINE_CHOICES))
        )
    return DEADLINE_CHOICES[key]


def check_rounds(tournament_format: TournamentFormat, rounds: int | None) -> int | None:
    """The rounds asked for, checked; a knockout decides its own."""
    if rounds is None:
        return None
    if tournament_format is TournamentFormat.KNOCKOUT:
        raise Refusal(msg("A knockout plays until one champion is left: leave `rounds` out."))
    if not 1 <= rounds <= MAX_ROUNDS:
        raise Refusal(msg("Choose between 1 and {most} rounds.", most=MAX_ROUNDS))
    return rounds


def tournament_name(text: str | None, engine: Engine[Any, Any]) -> str:
    """The name shown on the sign-up and standings (the game's title by default)."""
    name = " ".join((text or "").split())
    if len(name) > MAX_NAME:
        raise Refusal(msg("A tournament's name is at most {most} characters.", most=MAX_NAME))
    # Stored as its English words; the boards say it in their reader's language (name_of).
    return name or msg("{game} tournament", game=engine.title)


def swiss_rounds(players: int) -> int:
    """Rounds a Swiss tournament plays when the organiser did not say: enough for one
    undefeated player among two-player tables (``ceil(log2 n)``), at least 3."""
    return max(3, math.ceil(math.log2(max(players, 2))))


def signup_time(text: str | None) -> timedelta | None:
    """How long sign-ups stay open before the tournament starts by itself (``7d``, ``36h``);
    ``None``: until the organiser starts it."""
    if text is None or not text.strip():
        return None
    return parse_duration(text, longest=LONGEST_SIGNUP)


def game_and_format(
    game_key: str, tournament_format: str
) -> tuple[Engine[Any, Any], TournamentFormat]:
    """The game and the format a new tournament names; a refusal naming what exists when
    either is unknown."""
    try:
        engine = games.get(game_key)
    except games.UnknownGame:
        raise Refusal(
            msg(
                "There is no game called “{game}”. Games: {games}.",
                game=game_key,
                games=", ".join(sorted(games.ENGINES)),
            )
        ) from None
    try:
        return engine, TournamentFormat(tournament_format)
    except ValueError:
        formats = ", ".join(f.value for f in TournamentFormat)
        raise Refusal(msg("Choose a format among {formats}.", formats=formats)) from None
