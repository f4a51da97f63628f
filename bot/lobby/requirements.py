"""What an organiser may require of the players who join a lobby or sign up for a
tournament: a share of moves made before the deadline (reliability) and a number of finished
games on the server. A member below either is refused privately, told which and by how much.

A member with no timed moves yet has no reliability to fall short of; ``min_games`` is how an
organiser keeps newcomers out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.common.refusals import Refusal
from storage import Store

MIN_RELIABILITY = "min_reliability"
MIN_GAMES = "min_games"


def requirements(min_reliability: int | None, min_games: int | None) -> dict[str, int]:
    """The settings that record what a table or tournament requires (none when neither)."""
    chosen = {MIN_RELIABILITY: min_reliability, MIN_GAMES: min_games}
    return {name: value for name, value in chosen.items() if value}


def describe(settings: Mapping[str, Any]) -> str | None:
    """What ``settings`` require of a member to join, in words (``None`` when nothing)."""
    parts = []
    if reliability := settings.get(MIN_RELIABILITY):
        parts.append(f"{reliability}% of moves made before the deadline")
    if games := settings.get(MIN_GAMES):
        parts.append(f"{games} finished game{'s' if games != 1 else ''} here")
    return " and ".join(parts) if parts else None


async def check(
    store: Store, guild_id: int | None, settings: Mapping[str, Any], user_id: int
) -> None:
    """Refuse ``user_id`` when they fall short of what ``settings`` require."""
    wanted_reliability = settings.get(MIN_RELIABILITY)
    wanted_games = settings.get(MIN_GAMES)
    if guild_id is None or not (wanted_reliability or wanted_games):
        return
    standing = await store.profiles.standing(guild_id, user_id)
    shortfalls = []
    if wanted_games and standing.finished < wanted_games:
        shortfalls.append(
            f"{wanted_games} finished game{'s' if wanted_games != 1 else ''} on this server, "
            f"and you have {standing.finished}: {wanted_games - standing.finished} to go"
        )
    reliability = standing.timing.reliability
    if wanted_reliability and reliability is not None:
        shown = int(reliability * 100)  # rounded down: 89.9% does not pass for 90%
        if shown < wanted_reliability:
            timing = standing.timing
            shortfalls.append(
                f"{wanted_reliability}% of moves made before the deadline, and yours is "
                f"{shown}% ({timing.missed} missed of your latest {timing.moves}): "
                f"{wanted_reliability - shown} points short"
            )
    if shortfalls:
        raise Refusal("The organiser asks for " + "; and ".join(shortfalls) + ".")
