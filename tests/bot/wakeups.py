"""The bot's own wake-ups on SimCord's clock alone.

The outbox worker and the timer dispatcher each sleep until their next instant: a delivery's
retry, a lease running out, a turn's deadline. SimCord fires a sleep on the wall clock when it
ends within the settle timeout, and then moves its own clock to the sleep's end: a retry five
seconds ahead would run in the middle of answering a command if the settle timeout were above
five seconds, and the clock would jump. Tests used to keep the settle timeout below the first
retry for that reason, which left the bot two seconds of wall clock to answer a command: not
enough on a busy machine.

Inside :func:`wakeups_on_simcord_clock`, those sleeps are declared to SimCord as external waits
(``Env.external_wait``), whose wake-up timers are virtual from birth: only ``advance_time``
reaches them, whatever the wall clock does, so the settle timeout is a hang detector again
and can be generous. A wake-up within :data:`AT_ONCE` is a worker looking again at once
(its floor: half a second for the outbox, a twentieth for the timers, when something fell
due while it was busy); SimCord runs it while it settles, as part of the work that asked for
it, as before.

A floor wake-up straight after a floor wake-up, with no kick from outside in between, is the
worker polling: something is due that it cannot take yet (a post waiting behind an earlier
one of its thread, which Discord keeps refusing). On the wall clock that poll would run until
the settle timeout, half a second of SimCord's clock at a time, making every action of such a
test wait out the whole timeout. It is an instant of SimCord's clock instead, as later
wake-ups are: ``advance_time`` still runs every poll, at its instant.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from typing import Any

import simcord

from bot.wiring.loops import Loop

#: A wake-up this close (seconds) is the worker looking again at once, not a later instant:
#: the outbox's floor. Anything later (an update held back a few seconds, due in a moment) is
#: an instant of SimCord's clock, or each would cost a test its wait on the wall clock.
AT_ONCE = 0.5
#: What sleeps until a background loop's next instant (``_wake_after(seconds)``): the loop
#: under the outbox worker, the timer dispatcher and the other background work.
WORKERS: tuple[type[Any], ...] = (Loop,)

WakeAfter = Callable[[Any, float], Coroutine[Any, Any, None]]

#: The environments inside :func:`wakeups_on_simcord_clock`, innermost last.
_envs: list[simcord.Env] = []
#: The workers' own ``_wake_after`` and ``kick``, while they are replaced.
_originals: dict[type[Any], WakeAfter] = {}
_kicks: dict[type[Any], Callable[[Any], None]] = {}
#: The workers (by id) whose last pass was run by a floor wake-up, not by a kick from outside.
_polling: set[int] = set()


@contextmanager
def wakeups_on_simcord_clock(env: simcord.Env) -> Iterator[None]:
    """While the block runs, the bot's outbox retries and timers wake up only when
    ``env.advance_time`` reaches them, never on the wall clock."""
    if not _envs:
        for worker in WORKERS:
            _originals[worker] = original = worker._wake_after
            _kicks[worker] = kick = worker.kick
            worker._wake_after = _virtual(original)
            worker.kick = _kicked_from_outside(kick)
    _envs.append(env)
    try:
        yield
    finally:
        _envs.remove(env)
        if not _envs:
            for worker, original in _originals.items():
                worker._wake_after = original
                worker.kick = _kicks[worker]
            _originals.clear()
            _kicks.clear()
            _polling.clear()


def _kicked_from_outside(kick: Callable[[Any], None]) -> Callable[[Any], None]:
    def kicked(worker: Any) -> None:
        _polling.discard(id(worker))  # new work: its first look runs at once again
        kick(worker)

    return kicked


def _virtual(original: WakeAfter) -> WakeAfter:
    async def wake_after(worker: Any, seconds: float) -> None:
        at_once = seconds <= AT_ONCE
        if not _envs or (at_once and id(worker) not in _polling):
            await original(worker, seconds)
            if at_once:
                # The kick that woke it, made by ``original``, cleared the mark: set it again,
                # before the pass it started arms the next wake-up.
                _polling.add(id(worker))
            return
        env = _envs[-1]
        reason = f"{type(worker).__name__} waking up in {seconds:g} s of SimCord's clock"
        try:
            await env.external_wait(original(worker, seconds), reason=reason)
        except simcord.SetupError:
            # Not the bot's own work (a test woke the worker from outside the bot): SimCord
            # does not wait for it either way.
            await original(worker, seconds)
        if at_once:
            _polling.add(id(worker))  # still polling: the next look waits for the clock too

    return wake_after
