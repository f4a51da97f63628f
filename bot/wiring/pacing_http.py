"""The pacer's hook into discord.py, and where its tokens come from.

Every REST call discord.py makes goes through one method, ``HTTPClient.request`` (SimCord's
offline Discord replaces the client with one of its own, and the same method is still the one
door). :func:`pace_requests` wraps that method on the bot's client: a rate-limited call waits
for its token (:mod:`bot.wiring.pacing`); interaction responses and follow-ups (paths under
``/interactions/`` and ``/webhooks/``), which Discord does not count, go straight through.

**Sharing the budget across processes.** Discord's 50 requests a second are one budget for
every process of the bot. On PostgreSQL the budget is one row of the database
(``request_budget``): a token bucket that a process refills and draws from in one atomic
upsert, reading the time from the database's clock (so processes whose clocks disagree share
it fairly). Each process leases a few tokens at a time, as many as it has calls waiting (at
most :data:`bot.wiring.pacing.BATCH`), so the database is asked about ten times a second
under load, never once a call, and not at all when idle. Leased tokens not used within
:data:`bot.wiring.pacing.HOLD` seconds are thrown away, so the processes together never send
more in a second than the bucket's burst plus its rate for that second and a little (see
:data:`bot.wiring.pacing.BURST`). On SQLite, one process, the bucket is kept in memory.

When the database is out of reach, the bot goes on with a bucket of its own at its share of
the rate (the rate divided by the processes its shard layout implies), says so once in the
log, and tries the database again every :data:`RETRY_SHARED` seconds.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import aiohttp
from discord.http import HTTPClient, Route

from bot.ops.metrics import DISCORD_RATE_LIMITED
from bot.wiring.pacing import BURST, EditKey, LocalBucket, Pacer, TokenSource
from bot.wiring.settings import Settings
from storage import BudgetGrant, RequestBudget
from storage.url import is_postgres

log = logging.getLogger("grimoire.pacing")

#: Paths Discord does not count toward the global limit: interaction responses and follow-ups.
EXEMPT_PREFIXES = ("/interactions/", "/webhooks/")
#: The one route whose waiting calls a newer call may replace: a message's edit.
MESSAGE_EDIT = ("PATCH", "/channels/{channel_id}/messages/{message_id}")
#: Seconds after a failed lease before the shared bucket is tried again.
RETRY_SHARED = 10.0
#: Seconds a lease may take before the bot goes on with its own share.
LEASE_TIMEOUT = 2.0


def exempt(route: Route) -> bool:
    """Whether Discord leaves ``route`` out of its global limit."""
    return route.path.startswith(EXEMPT_PREFIXES)


def edit_key(route: Route, request: dict[str, Any]) -> EditKey | None:
    """What a message edit sets (``None`` for any other call): the fields of its JSON body,
    or of the ``payload_json`` part of a multipart one (an edit with files)."""
    if (route.method, route.path) != MESSAGE_EDIT:
        return None
    return EditKey(route.url, _fields(request))


def _fields(request: dict[str, Any]) -> frozenset[str] | None:
    body = request.get("json")
    if isinstance(body, dict):
        return frozenset(body)
    for part in request.get("form") or ():
        if isinstance(part, dict) and part.get("name") == "payload_json":
            try:
                payload = json.loads(part.get("value") or "")
            except (TypeError, ValueError):
                return None
            return frozenset(payload) if isinstance(payload, dict) else None
    return None


def pace_requests(http: HTTPClient, pacer: Pacer) -> None:
    """Make every rate-limited call of ``http`` wait for ``pacer``'s token."""
    send = http.request

    async def request(route: Route, **kwargs: Any) -> Any:
        if exempt(route):
            return await send(route, **kwargs)
        return await pacer.call(lambda: send(route, **kwargs), edit=edit_key(route, kwargs))

    http.request = request  # type: ignore[method-assign]  # the one door of every call


class SharedBucket:
    """The database's bucket (:class:`storage.RequestBudget`), or, while the database is out
    of reach, a local bucket at this process's share of the rate."""

    def __init__(
        self,
        budget: RequestBudget,
        *,
        rate: float,
        burst: int = BURST,
        processes: int = 1,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._budget = budget
        self._rate, self._burst = rate, burst
        self._clock = clock
        self.fallback = LocalBucket(
            rate / max(1, processes), burst=max(1, burst // max(1, processes)), clock=clock
        )
        self._local_until: float | None = None  # set while the database is out of reach

    async def take(self, wanted: int) -> BudgetGrant:
        """Tokens from the database's bucket; from this process's share when it fails."""
        if self._local_until is not None and self._clock() < self._local_until:
            return await self.fallback.take(wanted)
        try:
            async with asyncio.timeout(LEASE_TIMEOUT):
                grant = await self._budget.lease(wanted, rate=self._rate, burst=self._burst)
        except Exception as error:
            if self._local_until is None:
                log.warning(
                    "The shared budget of Discord requests is out of reach (%s): pacing at "
                    "this process's share, %.1f a second, until it is back.",
                    error,
                    self.fallback.rate,
                )
            self._local_until = self._clock() + RETRY_SHARED
            return await self.fallback.take(wanted)
        if self._local_until is not None:
            log.info("The shared budget of Discord requests is back.")
            self._local_until = None
        return grant


def processes_of(settings: Settings) -> int:
    """How many processes share the bot's token, as far as the shard layout tells: each
    process connects ``len(SHARD_IDS)`` of the ``SHARD_COUNT`` shards."""
    if settings.shard_count is None or settings.shard_ids is None:
        return 1
    return math.ceil(settings.shard_count / len(settings.shard_ids))


def pacer_for(settings: Settings, budget: RequestBudget) -> Pacer:
    """This process's pacer: tokens from the database's shared bucket on PostgreSQL, from a
    bucket in memory on SQLite (one process)."""
    rate = settings.discord_requests_per_second
    source: TokenSource = (
        SharedBucket(budget, rate=rate, processes=processes_of(settings), clock=PACING_CLOCK)
        if is_postgres(settings.database_url)
        else LocalBucket(rate, clock=PACING_CLOCK)
    )
    return Pacer(source, rate=rate, clock=PACING_CLOCK)


class Stopwatch:
    """Seconds gone by, on whichever of two clocks moved further between two readings:
    ``time.monotonic`` and ``time.perf_counter``, the same clock in production. In the tests
    SimCord's clock replaces the first, and moves only with the bot's own sleeps; a call made
    from outside the bot (a test's) waits on the second."""

    def __init__(self) -> None:
        self._now = 0.0
        self._marks = (time.monotonic(), time.perf_counter())

    def __call__(self) -> float:
        marks = (time.monotonic(), time.perf_counter())
        moved = (now - then for now, then in zip(marks, self._marks, strict=True))
        self._now += max(0.0, *moved)  # a clock put back (SimCord's, after a test) adds nothing
        self._marks = marks
        return self._now


#: The pacers' clock.
PACING_CLOCK = Stopwatch()


def rate_limit_trace() -> aiohttp.TraceConfig:
    """An aiohttp trace counting Discord's 429 answers (discord.py retries them quietly)."""
    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(count_rate_limited)
    return trace


async def count_rate_limited(
    session: aiohttp.ClientSession, context: SimpleNamespace, params: aiohttp.TraceRequestEndParams
) -> None:
    """Count one answer if it was a 429."""
    if params.response.status == 429:
        DISCORD_RATE_LIMITED.inc()
