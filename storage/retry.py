"""How long a failed attempt waits before the next one, and when to give up.

A transient failure (Discord down or rate limiting, a connection reset, a timeout, the
database busy or restarting) is retried for as long as it lasts: an outage delays a message
or a deadline, it never loses it. Only an unexpected failure of a delivery (one that
retrying may not fix) is given up, after ``MAX_ATTEMPTS``.

>>> [int(retry_delay(n).total_seconds()) for n in range(1, 6)]
[5, 10, 20, 40, 80]
>>> retry_delay(30)
datetime.timedelta(seconds=300)
>>> [int(backoff(n, longest=timedelta(seconds=30)).total_seconds()) for n in range(1, 6)]
[5, 10, 20, 30, 30]
"""

from __future__ import annotations

from datetime import timedelta

#: After this many attempts an item that keeps failing in an unexpected way is given up
#: (and kept, with its error). Transient failures never count against it.
MAX_ATTEMPTS = 10
FIRST_DELAY = timedelta(seconds=5)
#: The longest wait between two attempts: once Discord is back, a stalled game's posts
#: go out within five minutes, however long the outage was.
LONGEST_DELAY = timedelta(minutes=5)


def backoff(
    attempts: int, *, first: timedelta = FIRST_DELAY, longest: timedelta = LONGEST_DELAY
) -> timedelta:
    """The wait after the ``attempts``-th failure in a row: doubling from ``first``, at most
    ``longest``. Shared by the outbox's items and the bot's background loops."""
    doublings = min(max(attempts - 1, 0), 20)  # 2**20 already outgrows any cap
    delay: timedelta = first * (2**doublings)
    return min(delay, longest)


def retry_delay(attempts: int) -> timedelta:
    """The wait after a delivery's ``attempts``-th failure: doubling from 5 s, at most 5
    minutes."""
    return backoff(attempts)
