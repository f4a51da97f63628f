"""How long a failed delivery waits before its next attempt, and when to give up.

>>> [int(retry_delay(n).total_seconds()) for n in range(1, 6)]
[5, 10, 20, 40, 80]
>>> retry_delay(30)
datetime.timedelta(seconds=3600)
"""

from __future__ import annotations

from datetime import timedelta

#: After this many failed attempts a delivery is given up (and kept, with its error).
MAX_ATTEMPTS = 10
FIRST_DELAY = timedelta(seconds=5)
LONGEST_DELAY = timedelta(hours=1)


def retry_delay(attempts: int) -> timedelta:
    """The wait after the ``attempts``-th failure: doubling from 5 s, at most an hour."""
    doublings = min(max(attempts - 1, 0), 20)
    delay: timedelta = FIRST_DELAY * (2**doublings)
    return min(delay, LONGEST_DELAY)
