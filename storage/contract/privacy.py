"""The privacy part of the store contract: what the store holds about one member, erasing
it, and forgetting a server the bot was removed from.

Erasing a member removes what is theirs alone (their choices, vacations, ratings, rating
changes, private messages' records, pending reminders and deliveries) and puts a
placeholder in their place where others' records need a seat filled (finished and
cancelled games, results, tournaments): a negative id no Discord user has, the same in every
table, so a game's seats, results and tournament tables still agree with each other. The
moves stay, filed under the seat, so every replay and every other player's record works.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from storage.errors import StorageError

#: The kinds of what a member may be asked about, in the order shown.
MEMBER_KINDS = (
    "preferences",
    "vacations",
    "games",
    "games_hosted",
    "moves",
    "results",
    "ratings",
    "rating_changes",
    "tournaments",
    "tournaments_organised",
    "private_messages",
    "pending_notices",
)


@dataclass(frozen=True, slots=True)
class MemberData:
    """What the store holds about one member: the rows of each kind (plain values, ready
    for JSON), by kind."""

    user_id: int
    rows: Mapping[str, Sequence[Mapping[str, Any]]] = field(default_factory=dict)

    @property
    def counts(self) -> dict[str, int]:
        """How many rows of each kind, every kind named (0 when none)."""
        return {kind: len(self.rows.get(kind, ())) for kind in MEMBER_KINDS}

    @property
    def total(self) -> int:
        """Rows of every kind together."""
        return sum(self.counts.values())


class MemberStillPlaying(StorageError):
    """The member sits in a lobby or a running game, or has entered an open tournament:
    nothing was erased."""

    def __init__(self, games: Sequence[int], tournaments: Sequence[int]) -> None:
        self.games = tuple(games)
        self.tournaments = tuple(tournaments)
        super().__init__(
            f"The member still plays: games {list(self.games)}, "
            f"tournaments {list(self.tournaments)}."
        )


class Privacy(ABC):
    """A member's data, shown and erased; servers the bot left, remembered and purged."""

    @abstractmethod
    async def member_data(self, user_id: int) -> MemberData:
        """Everything the store holds that names ``user_id``, by kind."""

    @abstractmethod
    async def erase_member(self, user_id: int, *, placeholder: int) -> MemberData:
        """Erase ``user_id`` in one transaction (see the module's docstring), ``placeholder``
        (a negative number) standing for them where a seat must stay filled. Returns what
        was held before. Raises :class:`MemberStillPlaying`, changing nothing, while they sit
        in a lobby or a running game or have entered a tournament that has not ended."""

    @abstractmethod
    async def guild_left(self, guild_id: int) -> None:
        """Note that the bot was removed from ``guild_id`` now (an earlier note is kept)."""

    @abstractmethod
    async def guild_back(self, guild_id: int) -> bool:
        """The bot is in ``guild_id`` again: forget that it left. Whether it had."""

    @abstractmethod
    async def guilds_left_before(self, moment: datetime) -> list[int]:
        """The servers the bot left before ``moment`` and has not come back to."""

    @abstractmethod
    async def purge_guild(self, guild_id: int) -> dict[str, int]:
        """Delete everything of ``guild_id``: its games and all that hangs on them, its
        tournaments, ratings, results and settings, and the note that the bot left it, in
        one transaction. The rows removed, by table (tables with none left out)."""
