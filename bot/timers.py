"""The timer dispatcher: one task that sleeps until the next timer is due and fires it.

Timers live in the database, so nothing is lost when the bot stops: at start-up everything
that fell due meanwhile fires at once. Each timer is marked fired in the same transaction as
its effects, so a timer never acts twice.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.ops.logs import log_context
from bot.ops.metrics import timer_fired
from storage import Store, Timer

log = logging.getLogger("grimoire.timers")

#: Longest the dispatcher sleeps before looking at the timers again, in seconds.
MAX_SLEEP = 300.0


class TimerWorker:
    """Fires due timers through ``fire``, then sleeps until the next one."""

    def __init__(
        self,
        store: Store,
        fire: Callable[[Timer], Awaitable[None]],
        *,
        fired: Callable[[], None] = lambda: None,
    ) -> None:
        self._store = store
        self._fire = fire
        self._fired = fired
        self._task: asyncio.Task[None] | None = None
        self._sleeper: asyncio.Task[None] | None = None
        self._again = False

    def kick(self) -> None:
        """Look at the timers soon (new ones were scheduled); safe to call often."""
        if self._task is not None and not self._task.done():
            self._again = True
            return
        self._task = asyncio.create_task(self._run(), name="grimoire-timers")

    async def idle(self) -> None:
        """Wait until no timer is being fired (for an orderly shutdown)."""
        while self._task is not None and not self._task.done():
            await asyncio.wait({self._task})

    def stop(self) -> None:
        """Stop waking up; pending timers wait in the database for the next start."""
        for task in (self._sleeper, self._task):
            if task is not None:
                task.cancel()

    async def _run(self) -> None:
        while True:
            self._again = False
            due = await self._store.timers.due()
            for timer in due:
                await self._fire_one(timer)
            if due:
                self._fired()
            if not due and not self._again:
                break
        await self._sleep_until_next()

    async def _fire_one(self, timer: Timer) -> None:
        timer_fired(timer.due_at)
        with log_context(game_id=timer.game_id):
            try:
                await self._fire(timer)
            except Exception:  # one broken timer must not stop every later one
                log.exception("Timer %s (%s) failed; it is dropped.", timer.id, timer.kind)
                await self._store.timers.mark_fired(timer.id)

    async def _sleep_until_next(self) -> None:
        when = await self._store.timers.next_due_at()
        if self._sleeper is not None and not self._sleeper.done():
            self._sleeper.cancel()
        # With nothing pending it still looks again now and then: a timer scheduled by a
        # path that forgot to kick it is late, never lost.
        delay = MAX_SLEEP if when is None else (when - discord.utils.utcnow()).total_seconds()
        self._sleeper = asyncio.create_task(self._wake_after(max(delay, 0.05)))

    async def _wake_after(self, seconds: float) -> None:
        await asyncio.sleep(min(seconds, MAX_SLEEP))
        self.kick()
