"""The ratings part of the store contract: players' skills per game per server."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from storage.records import Rating, RatingChange


class Ratings(ABC):
    """Players' skills per game per server, and which finished games were rated."""

    @abstractmethod
    async def of_players(
        self, guild_id: int, game_key: str, user_ids: Sequence[int]
    ) -> dict[int, Rating]:
        """The stored ratings of those players (a player never rated is left out)."""

    @abstractmethod
    async def record(
        self, game_id: int, ratings: Sequence[Rating], changes: Sequence[RatingChange] = ()
    ) -> bool:
        """Store the ratings a finished game produced (and how it moved each player's,
        ``changes``) and mark it rated, in one transaction; ``False``, writing nothing, when
        the game was already looked at."""

    @abstractmethod
    async def changes(self, game_id: int) -> list[RatingChange] | None:
        """How a game moved its players' ratings: ``None`` while it was not looked at, empty
        when it was not rated."""

    @abstractmethod
    async def skip(self, game_id: int) -> bool:
        """Mark a finished game as looked at and not rated; ``False`` if it already was."""

    @abstractmethod
    async def unrated(self, limit: int = 100) -> list[int]:
        """Finished games not yet looked at, oldest finish first."""

    @abstractmethod
    async def leaderboard(
        self, guild_id: int, game_key: str, *, limit: int = 10, min_games: int = 1
    ) -> list[Rating]:
        """The best of a server at a game, by ``mu - 3 sigma``, highest first."""

    @abstractmethod
    async def newcomers(
        self, guild_id: int, game_key: str, *, below_games: int, limit: int = 10
    ) -> list[Rating]:
        """Players of a server at a game with fewer than ``below_games`` rated games, most
        games first (then by ``mu - 3 sigma``)."""

    @abstractmethod
    async def of_user(self, guild_id: int, user_id: int) -> list[Rating]:
        """A player's rating at every game they were rated in, in one server."""
