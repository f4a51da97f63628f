"""Slowing down a member who sends commands faster than anyone plays."""

from __future__ import annotations

import time
from collections import deque

from games.core.words import msg


class Throttle:
    """At most ``limit`` interactions per member in any ``window`` seconds."""

    def __init__(self, limit: int = 15, window: float = 10.0) -> None:
        self._limit = limit
        self._window = window
        self._seen: dict[int, deque[float]] = {}

    def wait_for(self, user_id: int) -> float:
        """Seconds ``user_id`` must wait before the next interaction; 0 lets it through and
        counts it."""
        now = time.monotonic()
        recent = self._seen.setdefault(user_id, deque())
        while recent and now - recent[0] >= self._window:
            recent.popleft()
        if len(recent) >= self._limit:
            return self._window - (now - recent[0])
        recent.append(now)
        if len(self._seen) > 10_000:  # forget members who went quiet
            self._seen = {u: q for u, q in self._seen.items() if q and now - q[-1] < self._window}
        return 0.0

    @staticmethod
    def message(seconds: float) -> str:
        """The polite note a throttled member sees."""
        return msg(
            "You're going a little fast: try again in {seconds} s.", seconds=max(1, round(seconds))
        )
