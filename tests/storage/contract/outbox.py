"""Contract: the outbox hands each delivery out until it is done, in order per lane."""

from __future__ import annotations

from datetime import timedelta

import pytest

from storage import Delivery, DeliveryKind, DeliveryNotFound, Store
from storage.retry import LONGEST_DELAY, MAX_ATTEMPTS, retry_delay
from tests.storage.contract import FakeClock
from tests.storage.tables import new_lobby

LEASE = timedelta(seconds=30)


def dm(user: int, text: str = "hello") -> Delivery:
    return Delivery(DeliveryKind.DM, user, {"text": text})


class OutboxContract:
    """What every ``Outbox`` does."""

    async def test_queued_deliveries_are_claimed_oldest_first(
        self, store: Store, clock: FakeClock
    ) -> None:
        ids = await store.outbox.enqueue([dm(1), dm(2), dm(3)])
        claimed = await store.outbox.claim(worker="w1", limit=2, lease=LEASE)
        assert [item.id for item in claimed] == ids[:2]
        assert [(i.attempts, i.claimed_by, i.payload) for i in claimed] == [
            (1, "w1", {"text": "hello"})
        ] * 2
        assert [item.id for item in await store.outbox.claim(worker="w2", lease=LEASE)] == [ids[2]]
        assert await store.outbox.claim(worker="w3", lease=LEASE) == []

    async def test_a_lease_that_runs_out_hands_the_item_out_again(
        self, store: Store, clock: FakeClock
    ) -> None:
        (item_id,) = await store.outbox.enqueue([dm(1)])
        await store.outbox.claim(worker="crashed", lease=LEASE)
        clock.advance(LEASE - timedelta(seconds=1))
        assert await store.outbox.claim(worker="w2", lease=LEASE) == []
        clock.advance(timedelta(seconds=1))
        (again,) = await store.outbox.claim(worker="w2", lease=LEASE)
        assert (again.id, again.attempts, again.claimed_by) == (item_id, 2, "w2")

    async def test_a_delivery_marked_done_is_never_handed_out_again(
        self, store: Store, clock: FakeClock
    ) -> None:
        (item_id,) = await store.outbox.enqueue([dm(1)])
        await store.outbox.claim(worker="w1", lease=LEASE)
        await store.outbox.mark_done(item_id)
        await store.outbox.mark_done(item_id)
        clock.advance(timedelta(days=1))
        assert await store.outbox.claim(worker="w2", lease=LEASE) == []
        assert await store.outbox.pending() == []
        done = await store.outbox.get(item_id)
        assert done.done_at == clock() - timedelta(days=1)

    async def test_done_wins_even_after_the_lease_passed_to_another_worker(
        self, store: Store, clock: FakeClock
    ) -> None:
        (item_id,) = await store.outbox.enqueue([dm(1)])
        await store.outbox.claim(worker="slow", lease=LEASE)
        clock.advance(LEASE)
        await store.outbox.claim(worker="fast", lease=LEASE)
        await store.outbox.mark_done(item_id)
        clock.advance(LEASE * 10)
        assert await store.outbox.claim(worker="any", lease=LEASE) == []

    async def test_one_lane_goes_out_strictly_in_order(
        self, store: Store, clock: FakeClock
    ) -> None:
        first, second, other = await store.outbox.enqueue([dm(1, "a"), dm(1, "b"), dm(2)])
        claimed = await store.outbox.claim(worker="w", lease=LEASE)
        assert [item.id for item in claimed] == [first, other]
        await store.outbox.mark_done(first)
        assert [item.id for item in await store.outbox.claim(worker="w", lease=LEASE)] == [second]

    async def test_explicit_lanes_order_deliveries_to_different_targets(self, store: Store) -> None:
        post = Delivery(DeliveryKind.THREAD_POST, 50, lane="game-1")
        edit = Delivery(DeliveryKind.BOARD_EDIT, 51, lane="game-1")
        first, _ = await store.outbox.enqueue([post, edit])
        assert [item.id for item in await store.outbox.claim(worker="w", lease=LEASE)] == [first]

    async def test_a_failed_attempt_is_retried_after_a_growing_delay(
        self, store: Store, clock: FakeClock
    ) -> None:
        (item_id,) = await store.outbox.enqueue([dm(1)])
        for attempt in (1, 2, 3):
            (item,) = await store.outbox.claim(worker="w", lease=LEASE)
            assert item.attempts == attempt
            failed = await store.outbox.mark_failed(item_id, error="HTTP 500")
            assert failed.last_error == "HTTP 500"
            assert failed.available_at == clock() + retry_delay(attempt)
            assert await store.outbox.next_available_at() == failed.available_at
            clock.advance(retry_delay(attempt) - timedelta(seconds=1))
            assert await store.outbox.claim(worker="w", lease=LEASE) == []
            clock.advance(timedelta(seconds=1))

    async def test_a_permanent_failure_gives_up_and_frees_the_lane(
        self, store: Store, clock: FakeClock
    ) -> None:
        refused, after = await store.outbox.enqueue([dm(1, "a"), dm(1, "b")])
        await store.outbox.claim(worker="w", lease=LEASE)
        given_up = await store.outbox.mark_failed(refused, error="403 50007", permanent=True)
        assert given_up.failed_at == clock()
        assert [item.id for item in await store.outbox.claim(worker="w", lease=LEASE)] == [after]
        assert [item.id for item in await store.outbox.pending()] == [after]

    async def test_given_up_deliveries_are_found_by_game_kind_and_target(
        self, store: Store
    ) -> None:
        game = await new_lobby(store)
        other = await new_lobby(store)

        def to(user: int, game_id: int) -> Delivery:
            return Delivery(DeliveryKind.DM, user, {"text": "hand"}, game_id=game_id)

        refused, later, elsewhere, someone_else = await store.outbox.enqueue(
            [to(1, game.id), to(1, game.id), to(1, other.id), to(2, game.id)]
        )
        assert await store.outbox.given_up(game_id=game.id, kind=DeliveryKind.DM, target_id=1) == []
        for item in (refused, elsewhere, someone_else):
            await store.outbox.mark_failed(item, error="403 50007", permanent=True)
        found = await store.outbox.given_up(game_id=game.id, kind=DeliveryKind.DM, target_id=1)
        assert [item.id for item in found] == [refused]
        assert found[0].last_error == "403 50007"
        assert later in [item.id for item in await store.outbox.pending()]
        kind = DeliveryKind.THREAD_POST
        assert await store.outbox.given_up(game_id=game.id, kind=kind, target_id=1) == []

    async def test_a_delivery_is_given_up_after_the_last_attempt(
        self, store: Store, clock: FakeClock
    ) -> None:
        (item_id,) = await store.outbox.enqueue([dm(1)])
        for _ in range(MAX_ATTEMPTS):
            (item,) = await store.outbox.claim(worker="w", lease=LEASE)
            item = await store.outbox.mark_failed(item_id, error="HTTP 503")
            clock.advance(timedelta(hours=2))
        assert item.failed_at is not None
        assert item.attempts == MAX_ATTEMPTS
        assert await store.outbox.claim(worker="w", lease=LEASE) == []

    async def test_a_transient_failure_is_retried_for_as_long_as_it_lasts(
        self, store: Store, clock: FakeClock
    ) -> None:
        (item_id,) = await store.outbox.enqueue([dm(1)])
        for _ in range(MAX_ATTEMPTS * 5):  # a day-long outage, attempt after attempt
            (item,) = await store.outbox.claim(worker="w", lease=LEASE)
            item = await store.outbox.mark_failed(
                item_id, error="ConnectionResetError", transient=True
            )
            assert item.failed_at is None
            assert item.available_at - clock() <= LONGEST_DELAY
            clock.advance(LONGEST_DELAY)
        (item,) = await store.outbox.claim(worker="w", lease=LEASE)
        await store.outbox.mark_done(item.id)
        assert (await store.outbox.get(item_id)).done_at is not None

    async def test_the_worker_knows_when_to_wake(self, store: Store, clock: FakeClock) -> None:
        assert await store.outbox.next_available_at() is None
        await store.outbox.enqueue([dm(1)])
        assert await store.outbox.next_available_at() == clock()
        await store.outbox.claim(worker="w", lease=LEASE)
        assert await store.outbox.next_available_at() == clock() + LEASE

    async def test_unknown_items_are_reported(self, store: Store) -> None:
        with pytest.raises(DeliveryNotFound):
            await store.outbox.mark_done(12345)
        with pytest.raises(DeliveryNotFound):
            await store.outbox.mark_failed(12345, error="x")
        with pytest.raises(DeliveryNotFound):
            await store.outbox.get(12345)

    async def test_pruning_forgets_old_sent_and_given_up_items_and_nothing_waiting(
        self, store: Store, clock: FakeClock
    ) -> None:
        sent_long_ago, given_up_long_ago, waiting_long = await store.outbox.enqueue(
            [dm(1), dm(2), dm(3)]
        )
        await store.outbox.claim(worker="w", limit=2, lease=LEASE)
        await store.outbox.mark_done(sent_long_ago)
        await store.outbox.mark_failed(given_up_long_ago, error="403", permanent=True)
        clock.advance(timedelta(days=10))
        sent_lately, given_up_lately = await store.outbox.enqueue([dm(4), dm(5)])
        await store.outbox.claim(worker="w", limit=5, lease=LEASE)
        await store.outbox.mark_done(sent_lately)
        await store.outbox.mark_failed(given_up_lately, error="403", permanent=True)
        removed = await store.outbox.prune(
            done_before=clock() - timedelta(days=7), given_up_before=clock() - timedelta(days=7)
        )
        assert removed == 2
        for gone in (sent_long_ago, given_up_long_ago):
            with pytest.raises(DeliveryNotFound):
                await store.outbox.get(gone)
        for kept in (waiting_long, sent_lately, given_up_lately):
            assert (await store.outbox.get(kept)).id == kept
        clock.advance(timedelta(seconds=1))
        assert await store.outbox.prune(done_before=clock(), given_up_before=clock()) == 2
        assert [i.id for i in await store.outbox.pending()] == [waiting_long]

    async def test_pruning_a_large_outbox_goes_in_batches(
        self, store: Store, clock: FakeClock
    ) -> None:
        ids = await store.outbox.enqueue([dm(n) for n in range(2100)])  # batches of 2,000
        for item_id in ids:
            await store.outbox.mark_done(item_id)
        clock.advance(timedelta(days=8))
        assert await store.outbox.prune(done_before=clock(), given_up_before=clock()) == 2100
