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


async def test_a_server_left_is_purged_after_its_grace_unless_the_bot_is_back(
    store: SqliteStore, clock: FakeClock
) -> None:
    gone, back = 845_678_901_234_567_890, 856_789_012_345_678_901
    for guild in (gone, back):
        await store.games.create_lobby(
            game_key="mandragora", guild_id=guild, channel_id=9, host_id=7, options={}
        )
        await store.privacy.guild_left(guild)
    asked: list[int] = []

    async def still_in(guild_id: int) -> bool:
        asked.append(guild_id)
        return guild_id == back  # added back while the bot was not running

    housekeeping = Housekeeping(store, clock=clock, grace=timedelta(days=30), still_in=still_in)
    await housekeeping.schedule()
    clock.advance(timedelta(days=29))
    (first,) = await store.timers.pending()
    await housekeeping.fire(first)
    assert asked == []  # within the grace period nothing is looked at
    assert len(await store.games.in_guild(gone)) == 1

    clock.advance(timedelta(days=2))
    (second,) = await store.timers.pending()
    await housekeeping.fire(second)
    assert sorted(asked) == sorted([gone, back])
    assert await store.games.in_guild(gone) == []
    assert len(await store.games.in_guild(back)) == 1
    assert await store.privacy.guilds_left_before(clock() + timedelta(days=1)) == []
