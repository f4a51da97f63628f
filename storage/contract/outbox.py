"""The outbox part of the store contract: pending Discord deliveries, leased to a worker
and handed out in order per lane."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from datetime import datetime, timedelta

from storage.records import Delivery, DeliveryKind, OutboxItem


class Outbox(ABC):
    """Pending Discord deliveries. A claimed item that is not marked done before its lease
    ends (the worker crashed) is claimed again; an item marked done is never handed out
    again. Items in one lane go out in order."""

    @abstractmethod
    async def enqueue(self, deliveries: Sequence[Delivery]) -> list[int]:
        """Queue deliveries that belong to no move (lobby messages, digests)."""

    @abstractmethod
    async def claim(
        self, *, worker: str, limit: int = 20, lease: timedelta = timedelta(seconds=60)
    ) -> list[OutboxItem]:
        """Up to ``limit`` deliveries due now, each the oldest waiting in its lane, leased
        to ``worker``."""

    @abstractmethod
    async def mark_done(self, item_id: int) -> None:
        """The delivery reached Discord; it is never handed out again."""

    @abstractmethod
    async def mark_failed(
        self, item_id: int, *, error: str, permanent: bool = False, transient: bool = False
    ) -> OutboxItem:
        """The attempt failed: retry after a growing delay, or give up when ``permanent``
        or out of attempts (the item is then kept, with its error, and its lane moves on).
        A ``transient`` failure (an outage, a reset, a timeout) is retried for as long as it
        lasts: it never uses up the item's attempts."""

    @abstractmethod
    async def get(self, item_id: int) -> OutboxItem:
        """One item (``DeliveryNotFound``)."""

    @abstractmethod
    async def pending(self) -> list[OutboxItem]:
        """Every item neither done nor given up, oldest first."""

    @abstractmethod
    async def given_up(
        self, *, game_id: int, kind: DeliveryKind, target_id: int
    ) -> list[OutboxItem]:
        """One game's deliveries of ``kind`` to ``target_id`` that were given up, oldest first
        (e.g. to say only once that a player's DMs are closed, across restarts)."""

    @abstractmethod
    async def newer_waiting(self, item: OutboxItem) -> bool:
        """Whether a later item of the same kind, game and target as ``item`` is waiting:
        then ``item`` is out of date (an update of a board or a private view that a newer
        one will bring up to date)."""

    @abstractmethod
    async def waiting_behind(self, item: OutboxItem) -> list[OutboxItem]:
        """The later items of the same kind, game and target as ``item`` still waiting, oldest
        first, due or not: what will bring the same message up to date after it."""

    @abstractmethod
    async def settle_older(self, item: OutboxItem, *, lane: str) -> int:
        """Mark done the earlier items of the same kind, game and target as ``item`` still
        waiting in ``lane`` and not being sent (updates held back a moment, which ``item``
        overtakes). How many."""

    @abstractmethod
    async def next_available_at(self) -> datetime | None:
        """When the earliest waiting item becomes due, for a worker to sleep until then."""

    @abstractmethod
    async def prune(self, *, done_before: datetime, given_up_before: datetime) -> int:
        """Forget deliveries sent before ``done_before`` and those given up before
        ``given_up_before``; items still waiting are never touched. Returns how many went."""
