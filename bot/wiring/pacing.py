"""Pacing Discord's global budget: every rate-limited request waits for a token.

Discord allows a bot's token 50 rate-limited requests a second, over every process and shard
(interaction responses and follow-ups are exempt), and discord.py only slows down after a
global 429, each process on its own. A :class:`Pacer` stands in front of every rate-limited
call (the hook is :mod:`bot.wiring.pacing_http`) and lets it through when it holds a token.

- **Tokens** come from a :class:`TokenSource`: a :class:`LocalBucket` in this process (one
  process on SQLite), or the database's shared bucket, from which each process leases a few
  tokens at a time (:class:`bot.wiring.pacing_http.SharedBucket`). Tokens leased and not used
  within :data:`HOLD` seconds are thrown away, so no process saves up a burst of its own
  (:data:`BURST` says what that guarantees).
- **Priorities**: waiting calls go out by :class:`Priority`, then in order of arrival. A
  caller says how urgent its calls are with ``with paced(Priority.COSMETIC): ...`` (a
  context variable: it follows the calls made inside the block, tasks started there too);
  calls outside any block are :attr:`Priority.NORMAL`.
- **Stale edits**: an edit of a message still waiting when a newer edit of the same message
  arrives that sets every field it set (so nothing of it would show once both are sent) is
  dropped, never sent: the newer edit takes the earlier place of the two, though never ahead
  of an edit of the message it does not overwrite. The dropped edit's caller waits for the
  newer edit and gets what the newer edit got (discord.py's ``message.edit`` returns the
  message as the newer edit left it; an error of the newer edit is raised to both, and
  :class:`StaleEditLost` if the newer edit's caller gave up before it was sent).

This module is pure asyncio, its clock and sleep given, so that tests run it on a fake clock.
"""

from __future__ import annotations

import asyncio
import heapq
import logging
import math
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Literal, Protocol, TypeVar, cast

from bot.ops.metrics import DISCORD_EDITS_DROPPED, DISCORD_PACING_WAIT, DISCORD_REQUESTS_PACED
from storage.contract.budget import BudgetGrant
from storage.records import DeliveryKind

log = logging.getLogger("grimoire.pacing")

T = TypeVar("T")

#: Tokens a bucket may hold at most: a small burst. A bucket gives at most ``BURST + rate * L``
#: tokens in any ``L`` seconds, and a token is used within :data:`HOLD` seconds or thrown away,
#: so no second sees more than ``BURST + rate * (1 + HOLD)`` calls over every process: 50 at
#: 40 a second, Discord's limit, hence the setting's ceiling of 40.
BURST = 5
#: Most tokens taken from the source at once: a tenth of a second at 40 a second, so a busy
#: process asks the shared bucket some ten times a second, not once a call.
BATCH = 4
#: Seconds a token taken from the source stays good: unused ones are thrown away, not saved up.
HOLD = 0.125
#: Shortest sleep when the source had nothing to give (it may say 0 when a token is due).
NAP = 0.005


class Priority(IntEnum):
    """How urgent a call is: lower values go first."""

    NORMAL = 0
    """What a member waits for: a turn's post, a ping, a DM, a lobby, a thread."""
    COSMETIC = 1
    """What only keeps the table tidy: a board edited, an older post's board stripped."""


_PRIORITY: ContextVar[Priority] = ContextVar("grimoire_pacing_priority", default=Priority.NORMAL)


@contextmanager
def paced(priority: Priority) -> Iterator[None]:
    """Send the rate-limited calls made inside the block at ``priority``."""
    token = _PRIORITY.set(priority)
    try:
        yield
    finally:
        _PRIORITY.reset(token)


#: Deliveries that only keep the table tidy: they go out after posts, pings and DMs.
COSMETIC_DELIVERIES = frozenset({DeliveryKind.BOARD_EDIT})


def delivery_priority(kind: DeliveryKind) -> Priority:
    """The priority an outbox delivery of ``kind`` is sent at."""
    return Priority.COSMETIC if kind in COSMETIC_DELIVERIES else Priority.NORMAL


def current_priority() -> Priority:
    """The priority the calls made here are sent at."""
    return _PRIORITY.get()


class TokenSource(Protocol):
    """Where a pacer's tokens come from."""

    async def take(self, wanted: int) -> BudgetGrant:
        """Up to ``wanted`` tokens, and how long until the rest would be there."""
        ...


class LocalBucket:
    """A token bucket in this process: ``burst`` tokens at most, ``rate`` more a second."""

    def __init__(self, rate: float, *, burst: int = BURST, clock: Callable[[], float]) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("a bucket needs a positive rate and room for a token")
        self.rate, self.burst = rate, burst
        self._clock = clock
        self._level = float(burst)
        self._refilled = clock()

    async def take(self, wanted: int) -> BudgetGrant:
        """Up to ``wanted`` tokens now, and the seconds until the rest would be there."""
        now = self._clock()
        elapsed = max(0.0, now - self._refilled)
        self._level = min(float(self.burst), self._level + self.rate * elapsed)
        self._refilled = max(self._refilled, now)
        granted = min(wanted, math.floor(self._level))
        self._level -= granted
        return BudgetGrant(granted, max(0.0, (wanted - granted - self._level) / self.rate))


class StaleEditLost(RuntimeError):
    """A dropped edit's newer edit never went out (its caller gave up waiting)."""


@dataclass(frozen=True, slots=True)
class EditKey:
    """Which message a call edits, and the fields it sets (``None``: not known, so never
    dropped nor dropping)."""

    message: str
    fields: frozenset[str] | None

    def covers(self, older: EditKey) -> bool:
        """Whether this edit sets every field ``older`` set, so that ``older`` may go."""
        return self.fields is not None and older.fields is not None and older.fields <= self.fields


#: Where a call is: waiting in line, then sent, dropped (a newer edit went instead) or abandoned
#: (its caller gave up).
_State = Literal["waiting", "sent", "dropped", "abandoned"]


@dataclass(eq=False)
class _Waiter:
    """A call waiting for its token; a dropped edit's ``successor`` is the edit sent in its
    place, whose ``result`` (or ``error``) its caller gets."""

    # Priority, then order of arrival; an edit may take an older edit's place, and the third
    # part, its own arrival, then orders it after that older edit.
    place: tuple[Priority, int, int]
    edit: EditKey | None
    since: float
    state: _State = "waiting"
    successor: _Waiter | None = None
    done: bool = False
    result: Any = None
    error: BaseException | None = None

    def __lt__(self, other: _Waiter) -> bool:
        return self.place < other.place

    def last(self) -> _Waiter:
        """The edit that went, or will go, in this one's place (itself if not dropped)."""
        waiter = self
        while waiter.successor is not None:
            waiter = waiter.successor
        return waiter


class Pacer:
    """Lets calls through as tokens come from ``source``, the most urgent first.

    Each waiting call sleeps in its own task until its turn should have come, then looks
    again (a plain ``asyncio.sleep``: no task waits on another's future, which keeps SimCord,
    whose clock moves only through sleeps it can see, able to run the bot). A call goes when
    fewer calls are ahead of it than tokens are held, none of them more urgent nor an older edit
    of its message; the first in line takes more tokens from the source when none are held.
    """

    def __init__(
        self,
        source: TokenSource,
        *,
        rate: float,
        clock: Callable[[], float],
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        batch: int = BATCH,
        hold: float = HOLD,
    ) -> None:
        """``rate``: the tokens a second the source is expected to give, to guess how long
        a waiting call sleeps before it looks again."""
        self._source = source
        self._rate = rate
        self._clock = clock
        self._sleep = sleep
        # No more at once than the waiting calls use before the tokens go stale: each of them
        # wakes up at its turn, one per 1 / rate seconds.
        self._batch, self._hold = max(1, min(batch, math.floor(rate * hold))), hold
        self._queue: list[_Waiter] = []
        self._waiting = 0  # live waiters in the queue (dropped and abandoned ones linger)
        self._edits: dict[str, list[_Waiter]] = {}  # each message's waiting edits, in order
        self._held, self._held_until = 0, 0.0
        self._ready_at = 0.0  # when the source said more tokens would be there
        self._refilling = False
        self._arrivals = 0

    @property
    def waiting(self) -> int:
        """Calls waiting for a token."""
        return self._waiting

    async def call(
        self,
        send: Callable[[], Awaitable[T]],
        *,
        edit: EditKey | None = None,
        priority: Priority | None = None,
    ) -> T:
        """``send()`` once a token is had (at ``priority``, by default the caller's, see
        :func:`paced`); for a stale ``edit``, the newer edit's result instead."""
        priority = current_priority() if priority is None else priority
        DISCORD_REQUESTS_PACED.labels(priority.name.lower()).inc()
        if not self._waiting and self._tokens():
            self._held -= 1  # nobody waits and a token is at hand
            DISCORD_PACING_WAIT.observe(0.0)
            return await send()
        waiter = self._enqueue(priority, edit)
        try:
            await self._turn(waiter)
        except BaseException:
            self._abandon(waiter)
            raise
        DISCORD_PACING_WAIT.observe(max(0.0, self._clock() - waiter.since))
        if waiter.state == "dropped":
            DISCORD_EDITS_DROPPED.inc()
            return cast("T", await self._outcome_of(waiter.last()))
        try:
            result = await send()
        except BaseException as error:
            # The callers of the edits this one replaced share its fate, not its cancellation.
            lost = isinstance(error, asyncio.CancelledError)
            waiter.done, waiter.error = True, StaleEditLost("cancelled") if lost else error
            raise
        waiter.done, waiter.result = True, result
        return result

    def _tokens(self) -> int:
        """Tokens held and still good."""
        if self._held and self._clock() >= self._held_until:
            self._held = 0  # not used in time: thrown away, not saved up
        return self._held

    def _enqueue(self, priority: Priority, edit: EditKey | None) -> _Waiter:
        self._arrivals += 1
        waiter = _Waiter((priority, self._arrivals, self._arrivals), edit, self._clock())
        if edit is not None:
            self._replace_edits(waiter, edit)
        heapq.heappush(self._queue, waiter)
        self._waiting += 1
        return waiter

    def _replace_edits(self, newer: _Waiter, edit: EditKey) -> None:
        """Drop the waiting edits of the message that ``edit`` overwrites whole (what they
        set, it sets again after them): ``newer`` takes the earliest one's place. Edits of
        the message still waiting keep going before it, so the message ends as the last
        edit left it."""
        waiting = self._edits.get(edit.message, [])
        stale = [older for older in waiting if older.edit and edit.covers(older.edit)]
        kept = [older for older in waiting if older not in stale]
        if stale:
            newer.place = min(newer.place, *(older.place for older in stale))
        if kept:
            newer.place = max(newer.place, *(older.place for older in kept))
        newer.place = (*newer.place[:2], self._arrivals)
        for older in stale:
            self._leave(older, "dropped")
            older.successor = newer
        self._edits.setdefault(edit.message, []).append(newer)

    async def _turn(self, waiter: _Waiter) -> None:
        """Sleep until ``waiter`` may go (then it holds its token) or was dropped."""
        while waiter.state == "waiting":
            ahead, must_follow = self._ahead_of(waiter)
            if ahead < self._tokens() and not must_follow:
                self._held -= 1
                self._leave(waiter, "sent")
                return
            if ahead == 0 and not self._refilling:
                await self._refill()
                continue
            later = max(0.0, self._ready_at - self._clock()) + (ahead - self._held) / self._rate
            await self._sleep(max(later, NAP))

    def _ahead_of(self, waiter: _Waiter) -> tuple[int, bool]:
        """Live calls that go before ``waiter``, and whether one of them must be sent first.

        With tokens enough for all of them, ``waiter`` may go before calls of its own
        priority that have not woken yet (a busy machine wakes sleepers late and out of
        order), but never before a more urgent call, nor before an older edit of its message.
        """
        while self._queue and self._queue[0].state != "waiting":
            heapq.heappop(self._queue)  # dropped, abandoned or sent: no longer in line
        ahead = [other for other in self._queue if other.state == "waiting" and other < waiter]
        message = waiter.edit.message if waiter.edit is not None else None
        must_follow = any(
            other.place[0] < waiter.place[0]
            or (other.edit is not None and other.edit.message == message)
            for other in ahead
        )
        return len(ahead), must_follow

    async def _refill(self) -> None:
        """Take tokens for the calls waiting, or learn when to look again."""
        self._refilling = True
        try:
            grant = await self._source.take(min(self._waiting, self._batch))
        except Exception:  # a failing source must not stop the bot; it is tried again
            log.exception("No tokens for Discord's requests; trying again shortly.")
            grant = BudgetGrant(0, 1.0)
        finally:
            self._refilling = False
        now = self._clock()
        if grant.granted:
            self._held, self._held_until = self._tokens() + grant.granted, now + self._hold
        else:
            self._ready_at = now + max(grant.wait, NAP)
            await self._sleep(max(grant.wait, NAP))

    def _leave(self, waiter: _Waiter, state: _State) -> None:
        """Take ``waiter`` out of line (it stays in the heap until it reaches the top)."""
        waiter.state = state
        self._waiting -= 1
        waiting = self._edits.get(waiter.edit.message, []) if waiter.edit is not None else []
        if waiter in waiting:
            waiting.remove(waiter)
            if not waiting and waiter.edit is not None:
                del self._edits[waiter.edit.message]

    def _abandon(self, waiter: _Waiter) -> None:
        """The caller gave up (cancelled): its place goes, and the callers of the edits it
        replaced learn that it never went."""
        if waiter.state == "waiting":
            self._leave(waiter, "abandoned")
        if not waiter.done:
            waiter.done = True
            waiter.error = StaleEditLost("the newer edit of the message was not sent")

    async def _outcome_of(self, sent: _Waiter) -> Any:
        """What the edit sent in a dropped one's place came to, once it is known."""
        while not sent.done:
            await self._sleep(max(NAP, 1 / self._rate))
            sent = sent.last()  # it may have been replaced in turn
        if sent.error is not None:
            raise sent.error
        return sent.result
