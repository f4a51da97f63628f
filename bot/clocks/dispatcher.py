"""The timer dispatcher: one loop that sleeps until the next timer is due and fires it.

Timers live in the database, so nothing is lost when the bot stops: at start-up everything
that fell due meanwhile fires at once. Each timer is marked fired in the same transaction as
its effects, so a timer never acts twice.

The loop cannot die (:mod:`bot.wiring.loops`): a pass that fails, the database out of reach, is
tried again after a short backoff. A timer whose work failed in a way that may pass by
itself (the database busy or restarting, the game held by another process) stays pending
and is fired again; only one refused for good, or broken by a bug, is dropped.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from bot.ops.logs import log_context
from bot.ops.metrics import timer_fired
from bot.wiring.loops import Loop, Supervisor, transient
from storage import Store, Timer

log = logging.getLogger("grimoire.timers")

#: Longest the dispatcher sleeps before looking at the timers again, in seconds.
MAX_SLEEP = 300.0
#: Shortest sleep until a timer falls due, so that a clock's rounding cannot spin the loop.
MIN_SLEEP = 0.05


class TimerWorker:
    """Fires due timers through ``fire``, then sleeps until the next one."""

    def __init__(
        self,
        store: Store,
        fire: Callable[[Timer], Awaitable[None]],
        *,
        fired: Callable[[], None] = lambda: None,
        supervisor: Supervisor | None = None,
    ) -> None:
        """``fired()`` is called after a pass fired timers (what they queued goes out);
        ``supervisor`` keeps the loop going (one with the usual backoffs by default)."""
        self._store = store
        self._fire = fire
        self._fired = fired
        #: Watches the loop for ``/healthz``.
        self.supervisor = supervisor or Supervisor("timers", log)
        self._loop = Loop(
            self.supervisor, self._pass, longest=MAX_SLEEP, task_name="grimoire-timers"
        )

    def kick(self) -> None:
        """Look at the timers soon (new ones were scheduled); safe to call often."""
        self._loop.kick()

    async def idle(self) -> None:
        """Wait until no timer is being fired (for an orderly shutdown)."""
        await self._loop.idle()

    def stop(self) -> None:
        """Stop waking up; pending timers wait in the database for the next start."""
        self._loop.stop()

    async def _pass(self) -> float:
        """Fire what is due; the seconds until the loop should look again."""
        due = await self._store.timers.due()
        postponed: list[Exception] = []
        fired = 0
        try:
            for timer in due:
                try:
                    await self._fire_one(timer)
                except Exception as error:
                    if not transient(error):
                        raise
                    # The timer stays pending; the timers after it still fire.
                    log.debug("Timer %s (%s) postponed: %s", timer.id, timer.kind, error)
                    postponed.append(error)
                else:
                    fired += 1
        finally:
            if fired:  # send what they queued
                self._fired()
        if postponed:
            raise postponed[0]  # the loop logs it once and tries again after its backoff
        if due:
            return 0.0  # more may be due: look again at once
        when = await self._store.timers.next_due_at()
        # With nothing pending it still looks again now and then: a timer scheduled by a
        # path that forgot to kick it is late, never lost.
        if when is None:
            return MAX_SLEEP
        return max((when - discord.utils.utcnow()).total_seconds(), MIN_SLEEP)

    async def _fire_one(self, timer: Timer) -> None:
        """Fire ``timer``. A failure that may pass by itself is raised, the timer left
        pending; any other marks it fired, so one broken timer does not stop every later
        one."""
        with log_context(game_id=timer.game_id):
            try:
                await self._fire(timer)
            except Exception as error:
                if transient(error):
                    raise
                log.exception("Timer %s (%s) failed; it is dropped.", timer.id, timer.kind)
                await self._store.timers.mark_fired(timer.id)
        timer_fired(timer.due_at)  # once it is done: a retried timer counts as late once
