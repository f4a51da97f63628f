"""The interaction a member's decision arrived in, lent to the thread's post it causes.

Discord does not count an interaction's follow-ups against the bot's 50 requests a second,
and lets them post in the interaction's channel for 15 minutes. So when a member's own
decision, made in the game's thread, calls for the turn's post, the post goes out as a
follow-up of their interaction (and its board is later taken away through the same token
while it lasts): the turn then spends none of the budget on the thread but the edit of an
older post (see :mod:`bot.delivery.followups`).

The post must not go out before the member's own answer: a ``/play`` answered after a
moment of thinking would have its "thinking…" message replaced by the post. So the edge
says when an interaction begins (:func:`begin`, as it is admitted) and when its answer is
complete (:func:`finish`), and the post waits for that (:func:`answered`), briefly; an
interaction this process does not know (handled by another process, or before a restart)
is not used.

Nothing here imports Discord: what is kept is plain values, stored with the outbox row.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

#: Seconds an interaction's token is used for: Discord honours it for 15 minutes.
TOKEN_LIFE = 14 * 60.0
#: Longest a post waits for its mover's own answer to be complete.
ANSWER_WAIT = 10.0
#: Interactions remembered as answered (and as begun), in this process.
REMEMBERED = 4096


@dataclass(frozen=True, slots=True)
class Answering:
    """An interaction that may carry follow-ups: the application and its token, the channel
    it happened in, and when Discord created it (POSIX seconds)."""

    application_id: int
    token: str
    channel_id: int
    at: float

    def fresh(self, now: float) -> bool:
        """Whether Discord still honours the token at ``now`` (POSIX seconds)."""
        return 0 <= now - self.at < TOKEN_LIFE

    def to_payload(self) -> dict[str, Any]:
        """As JSON-ready data."""
        return {
            "application": self.application_id,
            "token": self.token,
            "channel": self.channel_id,
            "at": self.at,
        }

    @classmethod
    def read(cls, data: Mapping[str, Any] | None) -> Answering | None:
        """Read back what :meth:`to_payload` wrote; ``None`` for nothing usable."""
        if not isinstance(data, Mapping):
            return None
        try:
            return cls(
                int(data["application"]), str(data["token"]), int(data["channel"]), data["at"]
            )
        except (KeyError, TypeError, ValueError):
            return None


_current: ContextVar[Answering | None] = ContextVar("grimoire_answering", default=None)
#: Interactions begun and not yet answered, with when they began (``time.monotonic``).
_open: OrderedDict[str, tuple[asyncio.Event, float]] = OrderedDict()
#: Interactions whose answer is complete.
_closed: OrderedDict[str, None] = OrderedDict()


def begin(answering: Answering) -> None:
    """An interaction admitted: the rest of its handling happens in it."""
    _current.set(answering)
    _open[answering.token] = (asyncio.Event(), time.monotonic())
    while len(_open) > REMEMBERED:  # one whose end was never said: long since over
        _open.popitem(last=False)


def current() -> Answering | None:
    """The interaction being handled, if the current task handles one."""
    return _current.get()


def finish(token: str) -> None:
    """The interaction's answer is complete: follow-ups may go out."""
    opened = _open.pop(token, None)
    if opened is not None:
        opened[0].set()
    _closed[token] = None
    while len(_closed) > REMEMBERED:
        _closed.popitem(last=False)


async def answered(token: str, wait: float = ANSWER_WAIT) -> bool:
    """Whether the interaction's own answer is complete, waiting up to ``wait`` seconds for
    it; ``False`` for one this process does not know."""
    if token in _closed:
        return True
    opened = _open.get(token)
    if opened is None:
        return False
    try:
        await asyncio.wait_for(opened[0].wait(), wait)
    except TimeoutError:
        return False
    return True
