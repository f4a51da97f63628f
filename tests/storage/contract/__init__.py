"""The store contract: tests any implementation of ``storage.store.Store`` must pass.

To run them against an implementation, subclass each ``*Contract`` class in a test module
and provide three fixtures (see ``tests/storage/conftest.py`` for SQLite):

- ``clock``: a :class:`FakeClock` the store reads its time from;
- ``store``: an open, empty store using that clock;
- ``open_store``: a coroutine function opening another store on the same database, as a
  second process would.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

from storage import Store

StoreFactory = Callable[[], Awaitable[Store]]


class FakeClock:
    """A clock that moves only when told to."""

    def __init__(self) -> None:
        self.moment = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, delta: timedelta) -> None:
        """Move the clock on."""
        self.moment += delta
