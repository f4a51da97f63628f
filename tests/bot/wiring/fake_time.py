"""Time for the pacer's tests: a clock that moves only when every task is asleep, to the
earliest wake-up, so that a test of rates reads the same on any machine."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Awaitable, Iterable
from typing import Any


class FakeTime:
    """``clock()`` and ``sleep(seconds)`` for the code under test; :meth:`run` drives it."""

    def __init__(self) -> None:
        self.now = 0.0
        self._wakeups: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def clock(self) -> float:
        """The time now, in seconds."""
        return self.now

    async def sleep(self, seconds: float) -> None:
        """Wake up when the clock reaches ``seconds`` from now."""
        wakeup: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._wakeups, (self.now + max(seconds, 0.0), next(self._order), wakeup))
        await wakeup

    async def run(self, work: Iterable[Awaitable[Any]]) -> list[Any]:
        """Run ``work`` together to the end, moving the clock whenever all of it sleeps; the
        results in order (an exception is returned, not raised)."""
        tasks = [asyncio.ensure_future(each) for each in work]
        while not all(task.done() for task in tasks):
            for _ in range(50):  # let every task run until it sleeps or ends
                await asyncio.sleep(0)
            while self._wakeups and self._wakeups[0][2].cancelled():
                heapq.heappop(self._wakeups)
            if not self._wakeups:
                continue
            when, _, wakeup = heapq.heappop(self._wakeups)
            self.now = max(self.now, when)
            wakeup.set_result(None)
        return list(await asyncio.gather(*tasks, return_exceptions=True))
