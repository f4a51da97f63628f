"""Contract: the reads a host's monitoring makes."""

from __future__ import annotations

from datetime import timedelta

from storage import Delivery, DeliveryKind, NewTimer, Store, TimerKind
from storage.contract.stats import LATE_AFTER
from tests.storage.contract import FakeClock
from tests.storage.tables import new_lobby, started_game


class StatsContract:
    """What every ``Stats`` does."""

    async def test_a_store_that_answers_pings(self, store: Store) -> None:
        await store.stats.ping()

    async def test_an_empty_store_has_nothing_waiting(self, store: Store) -> None:
        stats = await store.stats.snapshot()
        assert (stats.outbox_backlog, stats.oldest_pending_at) == (0, None)
        assert (stats.timers_due, stats.timers_late, stats.running_games) == (0, 0, {})

    async def test_the_backlog_counts_waiting_deliveries_from_the_oldest(
        self, store: Store, clock: FakeClock
    ) -> None:
        queued_at = clock()
        (first,) = await store.outbox.enqueue([Delivery(DeliveryKind.DM, 1, {"text": "a"})])
        clock.advance(timedelta(minutes=5))
        sent, _ = await store.outbox.enqueue(
            [Delivery(DeliveryKind.DM, 2, {"text": "b"}), Delivery(DeliveryKind.DM, 3, {})]
        )
        await store.outbox.mark_done(sent)
        stats = await store.stats.snapshot()
        assert (stats.outbox_backlog, stats.oldest_pending_at) == (2, queued_at)
        await store.outbox.mark_failed(first, error="gone", permanent=True)
        stats = await store.stats.snapshot()
        assert (stats.outbox_backlog, stats.oldest_pending_at) == (
            1,
            queued_at + timedelta(minutes=5),
        )

    async def test_due_timers_turn_late_after_a_while(self, store: Store, clock: FakeClock) -> None:
        now = clock()
        await store.timers.schedule(
            [
                NewTimer(TimerKind.REMINDER, now),
                NewTimer(TimerKind.REMINDER, now + timedelta(seconds=30)),
                NewTimer(TimerKind.DIGEST, now + timedelta(hours=1)),
            ]
        )
        assert (
            (await store.stats.snapshot()).timers_due,
            (await store.stats.snapshot()).timers_late,
        ) == (1, 0)
        clock.advance(LATE_AFTER + timedelta(seconds=10))
        stats = await store.stats.snapshot()
        assert (stats.timers_due, stats.timers_late) == (2, 1)
        (due, _) = await store.timers.due()
        await store.timers.mark_fired(due.id)
        stats = await store.stats.snapshot()
        assert (stats.timers_due, stats.timers_late) == (1, 0)

    async def test_running_games_are_counted_by_game(self, store: Store) -> None:
        await started_game(store)
        await started_game(store, (21, 22))
        await new_lobby(store)  # not running yet
        ended = await started_game(store, (31, 32))
        await store.games.cancel(ended.id)
        assert (await store.stats.snapshot()).running_games == {"mandragora": 2}
