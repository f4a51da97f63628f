"""Background loops that cannot die.

The timer loop, the outbox worker, the AI seats and the work a finished game leaves behind
(its rating, its tournament's next round) run in passes under a :class:`Supervisor`. An
exception in a pass never ends the loop: the first failure of a run of them, and each new
kind of failure in that run, is logged with its traceback and an error id (so it is alerted
as any unexpected error is, through the log); the others are logged quietly; the first pass
that works again says so, naming the same error id. The next attempt waits a backoff that
doubles from 5 s up to 30 s when the failure may pass by itself (the database restarting or
locked by another process, Discord unreachable), so that an idle bot fires its due timers
within a minute of its database coming back, and up to 5 minutes for anything else (a bug
will not go away by itself, and must not busy the bot). Every wait goes through
``asyncio.sleep``, which SimCord's clock moves in the tests.

A supervisor also tells ``/healthz`` (through :class:`Loops`) when its loop has owed a pass
(it was due to wake, or woke and has not finished) for longer than a pass may take.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from datetime import timedelta
from typing import TypeVar

import aiohttp
import discord

from bot.common.refusals import TableBusy
from bot.delivery.faults import Fault, fault_of
from storage.errors import is_transient
from storage.retry import backoff

T = TypeVar("T")

#: The first wait after a failed pass.
FIRST_BACKOFF = timedelta(seconds=5)
#: The longest wait after a failure that may pass by itself.
LONGEST_TRANSIENT_BACKOFF = timedelta(seconds=30)
#: The longest wait after any other failure.
LONGEST_UNEXPECTED_BACKOFF = timedelta(minutes=5)
#: How long, in seconds, a pass may be owed before ``/healthz`` reports its loop stalled.
ALLOWED = 300.0
#: Attempts at a piece of one-off work failing in an unexpected way before it is given up
#: (failures that may pass by themselves are retried for as long as they last).
UNEXPECTED_ATTEMPTS = 3


def transient(error: BaseException) -> bool:
    """Whether ``error`` may pass by itself, so that the same work is worth doing again
    later: the database busy, restarting or out of reach (:func:`storage.errors.is_transient`),
    a table another process holds (:class:`~bot.common.refusals.TableBusy`), Discord failing
    or out of reach for a while."""
    if isinstance(error, TableBusy) or is_transient(error):
        return True
    # Only Discord's own errors: fault_of counts every OSError transient, a missing file too.
    return (
        isinstance(error, discord.HTTPException | aiohttp.ClientError)
        and fault_of(error) is Fault.TRANSIENT
    )


def _monotonic() -> float:
    # Looked up on every call: SimCord replaces time.monotonic while it runs the bot.
    return time.monotonic()


@dataclass(slots=True)
class _Failing:
    """A run of failed passes of one loop (or of one piece of its work)."""

    error_id: str
    kind: type[BaseException]
    failures: int = 0


class Supervisor:
    """Runs one loop's passes: logs a run of failures once, with an error id; says how long
    to wait before the next attempt; and tells the health check how long a pass has been
    owed. ``name`` names the loop in the log and in ``/healthz`` ("the timers loop").

    A loop may run several pieces of work side by side (the AI seats of each game): a
    ``key`` keeps their passes and failures apart.
    """

    def __init__(
        self,
        name: str,
        logger: logging.Logger,
        *,
        allowed: float = ALLOWED,
        clock: Callable[[], float] = _monotonic,
        first: timedelta = FIRST_BACKOFF,
        longest_transient: timedelta = LONGEST_TRANSIENT_BACKOFF,
        longest_unexpected: timedelta = LONGEST_UNEXPECTED_BACKOFF,
    ) -> None:
        self.name = name
        self.allowed = allowed
        self._log = logger
        self._clock = clock
        self._first = first
        self._longest = {True: longest_transient, False: longest_unexpected}
        #: Since when (the clock's seconds) a pass has been owed, by key.
        self._owed: dict[Hashable, float] = {}
        self._failing: dict[Hashable, _Failing] = {}

    @property
    def first_backoff(self) -> float:
        """Seconds waited after the first failure of a run."""
        return self._first.total_seconds()

    # ------------------------------------------------------------------ health
    def now(self) -> float:
        """The supervisor's clock, in seconds (SimCord's in the tests)."""
        return self._clock()

    def owe(self, key: Hashable = None, *, since: float | None = None) -> None:
        """A pass is owed from ``since`` (now): the loop woke, or is to wake then. An
        earlier debt stands: the loop is late from when it first owed a pass."""
        at = self._clock() if since is None else since
        earlier = self._owed.get(key)
        if earlier is None or at < earlier:
            self._owed[key] = at

    def forget(self, key: Hashable = None) -> None:
        """The work under ``key`` stopped (or was given up): it owes nothing any more."""
        self._owed.pop(key, None)
        self._failing.pop(key, None)

    def stalled_for(self) -> float | None:
        """Seconds since the oldest pass owed, when that is longer than a pass may take;
        ``None`` while the loop keeps up."""
        if not self._owed:
            return None
        late = self._clock() - min(self._owed.values())
        return late if late > self.allowed else None

    def problem(self) -> str | None:
        """What ``/healthz`` says of a stalled loop; ``None`` when it keeps up."""
        late = self.stalled_for()
        if late is None:
            return None
        return f"the {self.name} loop has not completed a pass for {late:.0f} s"

    # ------------------------------------------------------------------ passes
    def succeeded(self, key: Hashable = None) -> None:
        """A pass completed: nothing is owed, and a run of failures is over."""
        self._owed.pop(key, None)
        failing = self._failing.pop(key, None)
        if failing is not None:
            self._log.warning(
                "The %s loop works again after %d failed attempt%s (error %s).",
                self.name,
                failing.failures,
                "s" * (failing.failures > 1),
                failing.error_id,
            )

    def failed(self, error: Exception, key: Hashable = None, *, final: bool = False) -> float:
        """A pass failed with ``error``: log it and return the seconds to wait before the
        next attempt (``final``: there will be none). The first failure of a run, and each
        new kind of failure in it, is logged with its traceback under a new error id; the
        others quietly."""
        failing = self._failing.get(key)
        loud = failing is None or failing.kind is not type(error)
        if loud:
            failures = 0 if failing is None else failing.failures  # the backoff goes on
            failing = _Failing(secrets.token_hex(4), type(error), failures)
            self._failing[key] = failing
        assert failing is not None
        failing.failures += 1
        longest = self._longest[transient(error)]
        delay = backoff(failing.failures, first=self._first, longest=longest).total_seconds()
        then = "it gives up" if final else f"it tries again in {delay:g} s"
        what = f"{type(error).__name__}: {error}".rstrip(": ")
        if loud:
            self._log.error(
                "The %s loop failed (%s); %s.",
                self.name,
                what,
                then,
                exc_info=error,
                extra={"error_id": failing.error_id},
            )
        else:
            self._log.log(
                logging.WARNING if final else logging.DEBUG,
                "The %s loop failed again (%s, attempt %d, error %s); %s.",
                self.name,
                what,
                failing.failures,
                failing.error_id,
                then,
            )
        return delay

    async def run(
        self,
        work: Callable[[], Awaitable[T]],
        *,
        key: Hashable = None,
        attempts: int | None = None,
    ) -> T:
        """Do ``work`` until an attempt completes, and return what it returned; after a
        failure, wait (``asyncio.sleep``) and try again. ``attempts``: the most attempts
        failing in an unexpected way (not :func:`transient`), after which the last error
        is raised, logged already; ``None``: no limit."""
        unexpected = 0
        try:
            while True:
                self.owe(key)
                try:
                    result = await work()
                except Exception as error:
                    unexpected += not transient(error)
                    final = attempts is not None and unexpected >= attempts
                    delay = self.failed(error, key, final=final)
                    if final:
                        raise
                    await asyncio.sleep(delay)
                    continue
                self.succeeded(key)
                return result
        finally:
            self.forget(key)  # done, given up or cancelled: nothing owed any more


class Loop:
    """A background loop under a :class:`Supervisor`: a pass runs when :meth:`kick`ed, or
    when the previous pass asked for one.

    ``run_pass`` returns the seconds until the next pass is wanted (at most ``longest``; 0:
    at once), or ``None`` for none until kicked. A pass that raises is retried after the
    supervisor's backoff. The next wake-up is armed in a ``finally``, however the pass
    ended; only :meth:`stop` ends the loop.
    """

    def __init__(
        self,
        supervisor: Supervisor,
        run_pass: Callable[[], Awaitable[float | None]],
        *,
        longest: float,
        task_name: str,
    ) -> None:
        self.supervisor = supervisor
        self._pass = run_pass
        self._longest = longest
        self._task_name = task_name
        self._task: asyncio.Task[None] | None = None
        self._sleeper: asyncio.Task[None] | None = None
        self._again = False
        self._stopped = False

    def kick(self) -> None:
        """Run a pass soon (one in progress runs once more); safe to call often."""
        if self._stopped:
            return
        if self._task is not None and not self._task.done():
            self._again = True
            return
        self._task = asyncio.create_task(self._run(), name=self._task_name)

    async def idle(self) -> None:
        """Wait until no pass is running (for an orderly shutdown, and the tests)."""
        while self._task is not None and not self._task.done():
            await asyncio.wait({self._task})

    def stop(self) -> None:
        """Stop for good: no pass runs or wakes again, and nothing is owed any more."""
        self._stopped = True
        for task in (self._sleeper, self._task):
            if task is not None:
                task.cancel()
        self.supervisor.forget()

    async def _run(self) -> None:
        # Should a pass be cut short (cancelled, other than by stop), it is tried again as
        # after a failure.
        wake: float | None = self.supervisor.first_backoff
        try:
            while True:
                self._again = False
                wake = self.supervisor.first_backoff
                self.supervisor.owe()
                try:
                    wake = await self._pass()
                except Exception as error:  # the loop goes on, whatever went wrong
                    wake = self.supervisor.failed(error)
                    return
                self.supervisor.succeeded()
                if not self._again and (wake is None or wake > 0):
                    return
        finally:
            self._arm(wake)

    def _arm(self, wake: float | None) -> None:
        """Set the next wake-up, in place of any earlier one."""
        if self._sleeper is not None and self._sleeper is not asyncio.current_task():
            self._sleeper.cancel()
        self._sleeper = None
        if self._stopped or wake is None:
            return
        seconds = min(max(wake, 0.0), self._longest)
        self.supervisor.owe(since=self.supervisor.now() + seconds)
        self._sleeper = asyncio.create_task(
            self._wake_after(seconds), name=f"{self._task_name}-wake"
        )

    async def _wake_after(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        self.kick()


class Loops:
    """The bot's background loops, by name, for ``/healthz`` to say which one stalled."""

    def __init__(self) -> None:
        self._supervisors: dict[str, Supervisor] = {}

    def watch(self, *supervisors: Supervisor) -> None:
        """Report on these loops too."""
        for supervisor in supervisors:
            self._supervisors[supervisor.name] = supervisor

    def supervisor(
        self, name: str, logger: logging.Logger, *, allowed: float = ALLOWED
    ) -> Supervisor:
        """The supervisor watched under ``name``, made (and watched) the first time."""
        found = self._supervisors.get(name)
        if found is None:
            found = self._supervisors[name] = Supervisor(name, logger, allowed=allowed)
        return found

    def problem(self) -> str | None:
        """The first stalled loop's problem; ``None`` when every loop keeps up."""
        return next((p for s in self._supervisors.values() if (p := s.problem()) is not None), None)


_jobs = itertools.count(1)


async def in_background(
    supervisor: Supervisor,
    work: Callable[[], Awaitable[object]],
    *,
    attempts: int | None = UNEXPECTED_ATTEMPTS,
) -> None:
    """Do one piece of work under ``supervisor`` until it is done (see
    :meth:`Supervisor.run`); a piece that fails in an unexpected way ``attempts`` times is
    given up, its failure logged already."""
    try:
        await supervisor.run(work, key=("job", next(_jobs)), attempts=attempts)
    except Exception:  # logged by the supervisor with its error id; nothing else to do
        return
