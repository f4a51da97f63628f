"""The timers part of the store contract: durable reminders, deadlines and digests."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from datetime import datetime

from storage.records import Delivery, NewTimer, Timer, TimerKind


class Timers(ABC):
    """Durable timers: reminders, deadlines, digests."""

    @abstractmethod
    async def schedule(self, timers: Sequence[NewTimer], *, replace: bool = True) -> list[int]:
        """Add timers; one with a ``key`` replaces the pending timer with that key, or, when
        not ``replace``, leaves that pending timer as it is (and is not added)."""

    @abstractmethod
    async def fire(
        self,
        timer_id: int,
        *,
        deliveries: Sequence[Delivery] = (),
        timers: Sequence[NewTimer] = (),
    ) -> bool:
        """Mark a timer handled and queue what it caused (deliveries, later timers) in one
        transaction; ``False``, writing nothing, when it had already fired or was
        cancelled."""

    @abstractmethod
    async def cancel(self, game_id: int, kinds: Sequence[TimerKind] | None = None) -> int:
        """Drop a game's pending timers (of the given kinds); returns how many."""

    @abstractmethod
    async def due(self, limit: int = 50) -> list[Timer]:
        """Pending timers whose time has come, earliest first."""

    @abstractmethod
    async def mark_fired(self, timer_id: int) -> bool:
        """Mark a timer handled; ``False`` when it had already fired or was cancelled."""

    @abstractmethod
    async def pending(self, game_id: int | None = None) -> list[Timer]:
        """Pending timers (of one game), earliest first."""

    @abstractmethod
    async def next_due_at(self) -> datetime | None:
        """When the earliest pending timer is due."""
