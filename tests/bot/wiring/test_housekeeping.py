"""Housekeeping on a real SQLite file: old sent deliveries go, the next run is set."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.wiring.housekeeping import EVERY, FIRST_AFTER, KEEP_SENT, Housekeeping
from storage import Delivery, DeliveryKind, DeliveryNotFound, SqliteStore, TimerKind
from tests.storage.contract import FakeClock


async def test_a_run_forgets_week_old_deliveries_and_sets_the_next(
    store: SqliteStore, clock: FakeClock
) -> None:
    housekeeping = Housekeeping(store, clock=clock)
    await housekeeping.schedule()
    await housekeeping.schedule()  # a second start sets no second run
    (first,) = await store.timers.pending()
    assert (first.kind, first.due_at) == (TimerKind.HOUSEKEEPING, clock() + FIRST_AFTER)

    old, waiting = await store.outbox.enqueue(
        [Delivery(DeliveryKind.DM, 1, {}), Delivery(DeliveryKind.DM, 2, {})]
    )
    await store.outbox.mark_done(old)
    clock.advance(KEEP_SENT + timedelta(hours=1))
    recent = (await store.outbox.enqueue([Delivery(DeliveryKind.DM, 3, {})]))[0]
    await store.outbox.mark_done(recent)

    await housekeeping.fire(first)
    with pytest.raises(DeliveryNotFound):
        await store.outbox.get(old)
    assert (await store.outbox.get(waiting)).done_at is None
    assert (await store.outbox.get(recent)).done_at is not None
    (following,) = await store.timers.pending()
    assert following.due_at == clock() + EVERY
    assert not await store.timers.fire(first.id)  # the first run is spent
