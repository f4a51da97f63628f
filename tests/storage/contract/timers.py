"""Contract: durable timers."""

from __future__ import annotations

from datetime import timedelta

from storage import NewTimer, Store, TimerKind
from tests.storage.contract import FakeClock
from tests.storage.tables import started_game


class TimersContract:
    """What every ``Timers`` does."""

    async def test_timers_fall_due_in_time_order(self, store: Store, clock: FakeClock) -> None:
        now = clock()
        late, early = await store.timers.schedule(
            [
                NewTimer(TimerKind.DIGEST, now + timedelta(hours=2), payload={"user": 1}),
                NewTimer(TimerKind.REMINDER, now + timedelta(hours=1)),
            ]
        )
        assert await store.timers.next_due_at() == now + timedelta(hours=1)
        assert await store.timers.due() == []
        clock.advance(timedelta(hours=3))
        due = await store.timers.due()
        assert [(t.id, t.kind) for t in due] == [
            (early, TimerKind.REMINDER),
            (late, TimerKind.DIGEST),
        ]
        assert due[1].payload == {"user": 1}

    async def test_a_fired_timer_is_handled_once(self, store: Store, clock: FakeClock) -> None:
        (timer_id,) = await store.timers.schedule([NewTimer(TimerKind.DEADLINE, clock())])
        assert await store.timers.mark_fired(timer_id)
        assert not await store.timers.mark_fired(timer_id)
        assert await store.timers.due() == []
        assert await store.timers.next_due_at() is None

    async def test_a_keyed_timer_replaces_its_namesake(
        self, store: Store, clock: FakeClock
    ) -> None:
        now = clock()
        await store.timers.schedule([NewTimer(TimerKind.DIGEST, now, key="digest:7")])
        await store.timers.schedule(
            [NewTimer(TimerKind.DIGEST, now + timedelta(days=1), key="digest:7")]
        )
        (pending,) = await store.timers.pending()
        assert (pending.key, pending.due_at) == ("digest:7", now + timedelta(days=1))

    async def test_a_games_timers_can_be_cancelled_by_kind(
        self, store: Store, clock: FakeClock
    ) -> None:
        game = await started_game(store)
        other = await started_game(store, (21, 22))
        now = clock()
        await store.timers.schedule(
            [
                NewTimer(TimerKind.REMINDER, now, game_id=game.id),
                NewTimer(TimerKind.DEADLINE, now, game_id=game.id),
                NewTimer(TimerKind.DEADLINE, now, game_id=other.id),
            ]
        )
        assert await store.timers.cancel(game.id, [TimerKind.REMINDER]) == 1
        assert [t.kind for t in await store.timers.pending(game.id)] == [TimerKind.DEADLINE]
        assert await store.timers.cancel(game.id) == 1
        assert await store.timers.pending(game.id) == []
        assert len(await store.timers.pending(other.id)) == 1
