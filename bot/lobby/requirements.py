"""What an organiser may require of the players who join a lobby or sign up for a
tournament: a share of moves made before the deadline (reliability) and a number of finished
games on the server. A member below either is refused privately, told which and by how much.

A member with no timed moves yet has no reliability to fall short of; ``min_games`` is how an
organiser keeps newcomers out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.common.refusals import Refusal
from games.core.words import Msg, msg, msg_list, nmsg
from storage import Store

#: The keys of the stored settings (a table's or a tournament's) that hold requirements.
MIN_RELIABILITY = "min_reliability"
MIN_GAMES = "min_games"
STORED_KEYS = frozenset({MIN_RELIABILITY, MIN_GAMES})


@dataclass(frozen=True, slots=True)
class Requirements:
    """What a member must meet to join; ``None`` where nothing is asked."""

    min_reliability: int | None = None
    """The share of timed moves made before the deadline, in percent."""
    min_games: int | None = None
    """Finished games on the server."""

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any]) -> Requirements:
        """The requirements kept in a table's or a tournament's stored settings (a value of
        0, or none, asks nothing)."""
        return cls(_asked(stored.get(MIN_RELIABILITY)), _asked(stored.get(MIN_GAMES)))

    def stored(self) -> dict[str, int]:
        """The requirements as stored settings: only what is asked."""
        chosen = {MIN_RELIABILITY: self.min_reliability, MIN_GAMES: self.min_games}
        return {name: value for name, value in chosen.items() if value}

    def describe(self) -> Msg | None:
        """What a member must meet to join, in words (``None`` when nothing)."""
        parts: list[Msg] = []
        if reliability := self.min_reliability:
            parts.append(msg("{share}% of moves made before the deadline", share=reliability))
        if games := self.min_games:
            parts.append(nmsg("{n} finished game here", "{n} finished games here", games))
        return msg_list(parts) if parts else None


def requirements(min_reliability: int | None, min_games: int | None) -> Requirements:
    """What a table or tournament requires, as its organiser chose (0 or none: nothing)."""
    return Requirements(min_reliability or None, min_games or None)


async def check(
    store: Store,
    guild_id: int | None,
    wanted: Requirements | Mapping[str, Any],
    user_id: int,
) -> None:
    """Refuse ``user_id`` when they fall short of what is ``wanted``. (Stored settings are
    still read here for callers not yet given the typed settings.)"""
    if not isinstance(wanted, Requirements):
        wanted = Requirements.from_stored(wanted)
    wanted_reliability = wanted.min_reliability
    wanted_games = wanted.min_games
    if guild_id is None or not (wanted_reliability or wanted_games):
        return
    standing = await store.profiles.standing(guild_id, user_id)
    shortfalls: list[Msg] = []
    if wanted_games and standing.finished < wanted_games:
        shortfalls.append(
            nmsg(
                "{n} finished game on this server, and you have {have}: {left} to go",
                "{n} finished games on this server, and you have {have}: {left} to go",
                wanted_games,
                have=standing.finished,
                left=wanted_games - standing.finished,
            )
        )
    reliability = standing.timing.reliability
    if wanted_reliability and reliability is not None:
        shown = int(reliability * 100)  # rounded down: 89.9% does not pass for 90%
        if shown < wanted_reliability:
            timing = standing.timing
            shortfalls.append(
                nmsg(
                    "{share}% of moves made before the deadline, and yours is "
                    "{yours}% ({missed} missed of your latest {moves}): {n} point short",
                    "{share}% of moves made before the deadline, and yours is "
                    "{yours}% ({missed} missed of your latest {moves}): {n} points short",
                    wanted_reliability - shown,
                    share=wanted_reliability,
                    yours=shown,
                    missed=timing.missed,
                    moves=timing.moves,
                )
            )
    if len(shortfalls) == 1:
        raise Refusal(msg("The organiser asks for {first}.", first=shortfalls[0]))
    if shortfalls:
        raise Refusal(
            msg(
                "The organiser asks for {first}; and {second}.",
                first=shortfalls[0],
                second=shortfalls[1],
            )
        )


def _asked(value: Any) -> int | None:
    """A stored requirement as a number, ``None`` when nothing is asked."""
    return int(value) if value else None
