"""Profiles, head-to-head records and server statistics: what ``/profile`` and ``/stats``
show, read from the store per request (``storage.contract.profiles`` says what each figure
counts). Only finished games are read, so nothing of a running game, its hidden
information or anyone's private move reaches a profile.
"""

from __future__ import annotations

from dataclasses import dataclass

from storage import Rating, Store
from storage.contract.profiles import HeadToHead, PlayerStats, ServerStats


@dataclass(frozen=True, slots=True)
class Profile:
    """A player on one server: their record, timing and reliability, and their ratings."""

    stats: PlayerStats
    ratings: tuple[Rating, ...]
    """Their ratings here (at the one game asked for, when one was)."""


class Profiles:
    """Reads profiles and statistics."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def profile(self, guild_id: int, user_id: int, game_key: str | None = None) -> Profile:
        """A player's profile on a server, at one game or all of them."""
        stats = await self._store.profiles.player(guild_id, user_id, game_key)
        ratings = await self._store.ratings.of_user(guild_id, user_id)
        if game_key is not None:
            ratings = [r for r in ratings if r.game_key == game_key]
        return Profile(stats, tuple(ratings))

    async def versus(
        self, guild_id: int, user_id: int, other_id: int, game_key: str | None = None
    ) -> HeadToHead:
        """Two players' finished games together on a server."""
        return await self._store.profiles.versus(guild_id, user_id, other_id, game_key)

    async def server(self, guild_id: int, game_key: str | None = None) -> ServerStats:
        """A server's activity, at one game or all of them."""
        return await self._store.profiles.server(guild_id, game_key)
