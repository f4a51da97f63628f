"""How long a failed delivery waits before its next attempt, and when to give up.

A transient failure (Discord down or rate limiting, a connection reset, a timeout) is
retried for as long as it lasts: an outage delays a message, it never loses it. Only an
unexpected failure (one that retrying may not fix) is given up, after ``MAX_ATTEMPTS``.

>>> [int(retry_delay(n).total_seconds()) for n in range(1, 6)]
[5, 10, 20, 40, 80]
>>> retry_delay(30)
datetime.timedelta(seconds=300)
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


def retry_delay(attempts: int) -> timedelta:
    """The wait after the ``attempts``-th failure: doubling from 5 s, at most 5 minutes."""
    doublings = min(max(attempts - 1, 0), 20)
    delay: timedelta = FIRST_DELAY * (2**doublings)
    return min(delay, LONGEST_DELAY)
