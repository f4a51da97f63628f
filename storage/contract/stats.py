"""The statistics part of the store contract: what a host's monitoring asks of the database.

Both questions are cheap reads, answered from the indexes the outbox, the timers and the games
already have, so a monitoring system may ask them every few seconds.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from datetime import datetime, timedelta

#: A timer counts as late once it has been due this long without being fired: the timer
#: worker fires a due timer within a second or two, so one due for a minute is stuck.
LATE_AFTER = timedelta(minutes=1)


@dataclass(frozen=True, slots=True)
class StoreStats:
    """The database's side of the bot's health, at one moment."""

    #: Deliveries waiting to be sent (neither done nor given up).
    outbox_backlog: int
    #: When the oldest waiting delivery was queued; ``None`` when none waits.
    oldest_pending_at: datetime | None
    #: Timers whose time has come and that have not been fired yet.
    timers_due: int
    #: Of those, the ones due for longer than :data:`LATE_AFTER`.
    timers_late: int
    #: Running games by game key (``"mandragora"``…); keys with none are left out.
    running_games: dict[str, int] = field(default_factory=dict)


class Stats(ABC):
    """Reads for monitoring: nothing here writes."""

    @abstractmethod
    async def ping(self) -> None:
        """One round trip to the database; raises whatever the database raises when it
        cannot answer."""

    @abstractmethod
    async def snapshot(self) -> StoreStats:
        """The outbox backlog, due and late timers, and running games, as of now (the
        store's clock)."""
