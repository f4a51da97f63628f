"""AI searches in worker processes, so a search never holds the bot's GIL.

A search in a thread of the bot's process makes every other game's move wait its turn on the
interpreter: a move's median went from 2–3 ms to 38 ms while one AI seat thought. The pool
runs :func:`bot.ai.thinking.search` in processes of their own, started with ``spawn`` (never
``fork``: the bot's process runs an event loop and threads that a forked child would inherit
half-held), each importing and warming the games once, when it starts, and running below the
bot's priority, so that a busy machine serves moves before searches. As ``spawn`` imports the
program's main module in each worker, whatever starts the bot guards its start with
``if __name__ == "__main__"`` (``python -m bot`` does).

A worker that dies breaks its pool (``BrokenProcessPool``): the next search gets a new one.
A worker still busy past its search's limit, which cannot be cancelled, is left to finish in a
retired pool while a new pool serves the searches that follow; the retired pool's workers are
ended once every honest search in it is over.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.process import BaseProcess

from bot.ai.thinking import Search, search, warm_up

log = logging.getLogger("grimoire.ai")

#: How much lower the workers' scheduling priority is than the bot's (``nice``): on a busy
#: machine the bot's process, which answers every move, gets the processor first.
NICENESS = 10
#: Seconds a retired pool's workers are given to finish the searches they hold before they are
#: ended: as long as a search may take, its time limit and the grace on top, with room.
RETIREMENT = 10.0


def spare_cores() -> int:
    """One worker per core the bot's own process leaves free, and at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


def pool_size(setting: int | None) -> int:
    """The worker processes for the ``AI_PROCESSES`` setting: unset, one per spare core;
    ``0``, none (searches run in a thread of the bot's process)."""
    return spare_cores() if setting is None else setting


def _start_worker() -> None:
    """A worker's start: below the bot's priority, ending with the bot, with the games
    imported and warm."""
    if hasattr(os, "nice"):  # not on Windows
        os.nice(NICENESS)
    parent = multiprocessing.parent_process()
    if parent is not None:
        watch = threading.Thread(
            target=_end_with, args=(parent,), name="grimoire-ai-parent", daemon=True
        )
        watch.start()
    warm_up()


def _end_with(parent: BaseProcess) -> None:
    """End this worker when ``parent`` (the bot) ends. A bot killed outright never shuts its
    pool down, and a worker waiting for work would wait for ever: the queue it reads from
    stays open in the worker itself."""
    parent.join()
    os._exit(0)  # nothing to clean up: the worker holds no state of its own


def _ready() -> None:
    """Nothing: asked of each worker once, so that all of them start (and warm up) early."""


class SearchPool:
    """A pool of ``processes`` worker processes that run AI searches.

    At most ``processes`` searches are handed over at a time, the others waiting their turn
    in the event loop: a search handed over starts at once, so its time limit measures the
    search alone, not a queue (nor a worker starting). ``work`` is what a worker runs for a
    :class:`Search`; it crosses a process boundary, so it must be a module's top-level
    function. Used from the event loop's thread alone.
    """

    def __init__(
        self,
        processes: int,
        *,
        work: Callable[[Search], str] = search,
        retirement: float = RETIREMENT,
    ) -> None:
        if processes < 1:
            raise ValueError("a search pool needs at least one process")
        self.processes = processes
        self._work = work
        self._retirement = retirement
        self._slots = asyncio.Semaphore(processes)
        self._executor: ProcessPoolExecutor | None = None
        #: One call per worker, done once the workers have started and warmed up.
        self._starting: list[Future[None]] = []
        self._stopped = False
        #: The workers of retired pools, ended at the latest when this pool stops.
        self._retired: list[BaseProcess] = []
        #: Pools replaced because they broke or held a stuck search; for tests and metrics.
        self.replaced = 0

    @property
    def running(self) -> bool:
        """Whether workers have been started (and not stopped)."""
        return self._executor is not None

    def worker_ids(self) -> list[int]:
        """The process ids of the current workers (those started so far)."""
        if self._executor is None:
            return []
        return [worker.pid for worker in (self._executor._processes or {}).values() if worker.pid]

    def warm(self) -> None:
        """Start the workers now, if they are not running, so that the first search finds
        them ready rather than waiting for processes to start and import the games."""
        if not self._stopped:
            self._current()

    async def think(self, asked: Search, *, timeout: float) -> str:
        """The move's notation for ``asked``, thought out by a worker within ``timeout``
        seconds of its taking the search up (``TimeoutError`` otherwise). Waits for a free
        worker first. A pool broken by a worker that died is replaced; ``BrokenProcessPool``
        when the search itself broke it. ``RuntimeError`` once stopped."""
        async with self._slots:
            try:
                future = await self._hand_over(asked)
            except BrokenProcessPool:
                log.warning("An AI worker process died; starting new ones.")
                self._replace(terminate_after=0.0)
                future = await self._hand_over(asked)
            try:
                return await asyncio.wait_for(asyncio.wrap_future(future), timeout=timeout)
            except TimeoutError:
                self._abandon(future)
                raise

    def stop(self) -> None:
        """End the workers now, whatever they are thinking: nobody waits for their answers."""
        self._stopped = True
        if self._executor is not None:
            _retire(self._executor, terminate_after=0.0)
            self._executor = None
        # A stuck worker of a retired pool would otherwise hold up the bot's exit.
        _terminate(self._retired)
        self._retired.clear()

    async def _hand_over(self, asked: Search) -> Future[str]:
        """Once every worker of the current pool has started, ``asked`` handed to them
        (``BrokenProcessPool`` if a worker could not start, or died since)."""
        while not self._stopped:
            executor, starting = self._current(), self._starting
            if all(call.done() and call.exception() is None for call in starting):
                return executor.submit(self._work, asked)
            # Shielded: a decision given up while waiting must not cancel what others wait
            # on. Exceptions returned: a pool replaced meanwhile cancels its calls.
            started = await asyncio.shield(
                asyncio.gather(*map(asyncio.wrap_future, starting), return_exceptions=True)
            )
            if executor is self._executor:
                for failed in started:
                    if isinstance(failed, BaseException):
                        raise failed
        raise RuntimeError("the AI search pool is stopped")

    def _abandon(self, future: Future[str]) -> None:
        """Give up on ``future``, whose time ran out: its worker is stuck past every limit,
        so later searches go to a new pool while the stuck one is retired."""
        if future.cancel() or future.done() or self._stopped:
            return
        log.warning("An AI search ran past its limit; later searches go to new workers.")
        self._replace(terminate_after=self._retirement)

    def _current(self) -> ProcessPoolExecutor:
        """The pool searches go to, started if there is none."""
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
            )
            # Each call starts one worker (the spawn method starts them as work arrives).
            self._starting = [self._executor.submit(_ready) for _ in range(self.processes)]
        return self._executor

    def _replace(self, *, terminate_after: float) -> None:
        """Retire the current pool and start a new one at once."""
        self._retired = [worker for worker in self._retired if worker.is_alive()]
        if self._executor is not None:
            self._retired += _retire(self._executor, terminate_after=terminate_after)
        self._executor = None
        self.replaced += 1
        self._current()


def _retire(executor: ProcessPoolExecutor, *, terminate_after: float) -> list[BaseProcess]:
    """Take no more work in ``executor``, and end its workers after ``terminate_after``
    seconds: by then the searches they held are over, or stuck for good. Its workers."""
    # shutdown() forgets the workers: take them first.
    workers: list[BaseProcess] = list((executor._processes or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    if terminate_after <= 0:
        _terminate(workers)
    else:
        timer = threading.Timer(terminate_after, _terminate, args=(workers,))
        timer.daemon = True  # a bot shutting down does not wait for it: stop() ends them
        timer.start()
    return workers


def _terminate(workers: list[BaseProcess]) -> None:
    """End ``workers`` that are still running."""
    for worker in workers:
        if worker.is_alive():
            worker.terminate()
