"""Games as they stood at some versions, kept so that a game is not replayed from its first
move each time it is worked out anew (after a restart, or once the bot's memory of it has
been given to busier games)."""

from __future__ import annotations

from abc import ABC, abstractmethod


class GameSnapshots(ABC):
    """A game's state at chosen versions, as opaque text its keeper writes and reads."""

    @abstractmethod
    async def keep(self, game_id: int, version: int, data: str) -> None:
        """Keep ``data`` as game ``game_id`` at ``version`` (replacing what was kept there)."""

    @abstractmethod
    async def latest(self, game_id: int, *, at_most: int) -> tuple[int, str] | None:
        """The snapshot of the game at the highest version up to ``at_most``, with that
        version; ``None`` when none is kept."""

    @abstractmethod
    async def forget_after(self, game_id: int, version: int) -> None:
        """Forget the game's snapshots past ``version`` (moves taken back)."""
