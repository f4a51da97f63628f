"""The preferences part of the store contract: what servers and players choose for
themselves."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from storage.records import NewTimer, Player


class Preferences(ABC):
    """What servers and players choose for themselves: game defaults, notifications,
    vacations."""

    @abstractmethod
    async def server(self, guild_id: int) -> Mapping[str, Any]:
        """A server's defaults for new games (``{}`` when it never chose any)."""

    @abstractmethod
    async def set_server(self, guild_id: int, changes: Mapping[str, Any]) -> Mapping[str, Any]:
        """Merge ``changes`` into a server's defaults; a ``None`` value removes that setting.
        Returns the defaults as they now are."""

    @abstractmethod
    async def server_setting_once(self, guild_id: int, name: str, value: Any) -> Any:
        """A server's setting ``name``, stored as ``value`` first when it has none: processes
        racing to set it all get the one value kept."""

    @abstractmethod
    async def player(self, user_id: int) -> Player:
        """A player's choices (the defaults when they never chose any)."""

    @abstractmethod
    async def set_notifications(
        self,
        user_id: int,
        *,
        reminders: bool | None = None,
        digest: bool | None = None,
        turns: bool | None = None,
    ) -> Player:
        """Turn a player's reminders, digest or your-turn DMs on or off (``None`` leaves
        each as it is)."""

    @abstractmethod
    async def set_away(self, user_id: int, until: datetime | None) -> Player:
        """Start (``until`` in the future) or end (``None``) a player's vacation."""

    @abstractmethod
    async def set_choices(
        self, user_id: int, changes: Mapping[str, Any], *, timers: Sequence[NewTimer] = ()
    ) -> Player:
        """Merge ``changes`` into a player's time choices (the names in
        :data:`~storage.records.PLAYER_CHOICES`; a ``None`` value forgets one) and schedule
        ``timers`` the change moves (replacing pending ones by key), in one transaction."""

    @abstractmethod
    async def bot_value(self, name: str) -> str | None:
        """A value the bot keeps for itself under ``name`` (``None`` when never set)."""

    @abstractmethod
    async def set_bot_value(self, name: str, value: str) -> None:
        """Keep ``value`` under ``name``, replacing what was there."""

    @abstractmethod
    async def bot_value_once(self, name: str, value: str) -> str:
        """The value kept under ``name``, ``value`` kept first when there is none: processes
        racing to keep one all get the one kept."""
