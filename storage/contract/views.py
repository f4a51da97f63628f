"""Which Discord message shows each player's private view of a game."""

from __future__ import annotations

from abc import ABC, abstractmethod

from storage.records import PrivateView


class PrivateViews(ABC):
    """The one private message per player per game, kept current by editing."""

    @abstractmethod
    async def get(self, game_id: int, user_id: int) -> PrivateView | None:
        """The message showing ``user_id`` their view of game ``game_id``, if one was sent."""

    @abstractmethod
    async def put(self, view: PrivateView) -> None:
        """Remember ``view`` as the player's current private message for its game (replacing
        the one before)."""
