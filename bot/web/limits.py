"""How much one client may ask: a token bucket per remote address.

Each address starts with a full bucket of :data:`BURST` requests, refilled at
:data:`PER_SECOND`; a request finding it empty is answered 429 with the seconds until the
next token in ``Retry-After``. A page open in a browser polls its game every second
and fetches a picture when the game moves, well within; a scraper hammering the server is
slowed to the refill rate. Only the clients seen last are remembered (:data:`CLIENTS`):
one forgotten starts again with a full bucket.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable

#: Requests a client may make at once, and how many more each second.
BURST = 40.0
PER_SECOND = 5.0
#: Clients remembered at most (the least recently seen are forgotten first).
CLIENTS = 10_000


class RateLimits:
    """One token bucket per client."""

    def __init__(
        self,
        *,
        burst: float = BURST,
        per_second: float = PER_SECOND,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._burst = burst
        self._rate = per_second
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, client: str) -> float:
        """Take a token for ``client``: 0 when it may go ahead, otherwise the seconds to
        wait until it may ask again."""
        now = self._clock()
        tokens, then = self._buckets.pop(client, (self._burst, now))
        tokens = min(self._burst, tokens + (now - then) * self._rate)
        if tokens >= 1:
            self._buckets[client] = (tokens - 1, now)
            wait = 0.0
        else:
            self._buckets[client] = (tokens, now)
            wait = (1 - tokens) / self._rate
        while len(self._buckets) > CLIENTS:
            self._buckets.popitem(last=False)
        return wait


def retry_after(wait: float) -> str:
    """``Retry-After``'s whole seconds, never 0."""
    return str(max(1, math.ceil(wait)))
