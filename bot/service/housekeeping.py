"""Housekeeping: the outbox forgets what it sent long ago, once a day.

Every move queues its posts and DMs in the outbox, and a sent one is only kept so that a
crash cannot send it twice; a week later it is of no use to anyone, and a busy server would
otherwise grow its database by every board ever posted. The daily run is a durable timer
like the game clocks, so it survives restarts and never runs twice at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from storage import NewTimer, Store, Timer, TimerKind

log = logging.getLogger("grimoire.housekeeping")

#: How long a sent delivery is kept.
KEEP_SENT = timedelta(days=7)
#: How long one given up is kept (it says, e.g., that a player's DMs were closed).
KEEP_GIVEN_UP = timedelta(days=30)
#: Between two runs.
EVERY = timedelta(days=1)
#: The first run after a start, so a restart does not begin with a long delete.
FIRST_AFTER = timedelta(minutes=10)
HOUSEKEEPING_KEY = "housekeeping"


def housekeeping_timer(due: datetime) -> NewTimer:
    """The next housekeeping run."""
    return NewTimer(TimerKind.HOUSEKEEPING, due, key=HOUSEKEEPING_KEY)


class Housekeeping:
    """Prunes the outbox once a day."""

    def __init__(self, store: Store, *, clock: Callable[[], datetime]) -> None:
        self._store = store
        self._clock = clock

    async def schedule(self) -> None:
        """Make sure a run is coming (an earlier start may already have set one)."""
        first = housekeeping_timer(self._clock() + FIRST_AFTER)
        await self._store.timers.schedule([first], replace=False)

    async def fire(self, timer: Timer) -> None:
        """Prune, then set the next run, in the timer's own transaction."""
        now = self._clock()
        removed = await self._store.outbox.prune(
            done_before=now - KEEP_SENT, given_up_before=now - KEEP_GIVEN_UP
        )
        log.info("Housekeeping: %d old deliveries forgotten.", removed)
        await self._store.timers.fire(timer.id, timers=[housekeeping_timer(now + EVERY)])
