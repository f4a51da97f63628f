"""Contract: the shared budget of Discord requests is one token bucket for every store on the
database (as for every process): it starts full, refills at its rate, and all stores together
never take more than the burst plus the rate times the time gone by."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

import pytest

from storage import Store
from tests.storage.contract import FakeClock, StoreFactory

#: A bucket that refills so slowly (a token every 100 s) that no test sees it refill.
SLOW = 0.01


class RequestBudgetContract:
    """What every store's request budget does."""

    async def test_a_new_bucket_grants_its_burst_at_once(self, store: Store) -> None:
        grant = await store.budget.lease(3, rate=SLOW, burst=5)
        assert (grant.granted, grant.wait) == (3, 0.0)
        rest = await store.budget.lease(10, rate=SLOW, burst=5)
        assert rest.granted == 2
        assert rest.wait == pytest.approx(8 / SLOW, rel=0.01)  # the 8 missing tokens

    async def test_a_drained_bucket_grants_nothing_and_says_how_long_to_wait(
        self, store: Store, open_store: StoreFactory
    ) -> None:
        other = await open_store()
        assert (await store.budget.lease(5, rate=SLOW, burst=5)).granted == 5
        grant = await other.budget.lease(1, rate=SLOW, burst=5)
        assert grant.granted == 0
        assert 0 < grant.wait <= 1 / SLOW  # drained for every store on the database

    async def test_the_bucket_refills_at_its_rate(self, store: Store, clock: FakeClock) -> None:
        await store.budget.lease(5, rate=100.0, burst=5)
        clock.advance(timedelta(seconds=1))  # SQLite's time; PostgreSQL's runs on meanwhile
        await asyncio.sleep(0.05)
        grant = await store.budget.lease(5, rate=100.0, burst=5)
        assert grant.granted == 5  # refilled, but never above the burst

    async def test_two_stores_never_get_more_than_rate_times_time_plus_burst(
        self, store: Store, open_store: StoreFactory, clock: FakeClock
    ) -> None:
        other = await open_store()
        rate, burst = 200.0, 5
        granted: list[int] = []
        started = time.monotonic()

        async def draw(from_store: Store) -> None:
            for _ in range(30):
                granted.append((await from_store.budget.lease(3, rate=rate, burst=burst)).granted)
                clock.advance(timedelta(milliseconds=5))
                await asyncio.sleep(0.005)

        await asyncio.gather(draw(store), draw(other), draw(store), draw(other))
        # SQLite reads the test's clock, PostgreSQL its own: the two together bound either.
        elapsed = (time.monotonic() - started) + 4 * 30 * 0.005
        assert sum(granted) <= rate * elapsed + burst
        assert sum(granted) > burst  # and it did refill
