"""Timers firing: each acts once, even when fired twice at the same moment, and a timer whose
game moved on does nothing."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.clocks.when_due import Clockwork
from bot.common.posts import Post
from bot.lobby.lobby import Lobbies
from bot.tables.play import Tables
from storage import DeliveryKind, SqliteStore, Timer, TimerKind
from tests.bot.helpers import ALICE, BOB, deal, new_items, pending
from tests.storage.contract import FakeClock


async def due(store: SqliteStore, kind: TimerKind) -> list[Timer]:
    return [t for t in await store.timers.due() if t.kind is kind]


async def test_a_deadline_fired_twice_at_once_plays_one_move(
    lobbies: Lobbies, store: SqliteStore, clockwork: Clockwork, clock: FakeClock
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    clock.advance(timedelta(hours=25))
    (deadline,) = await due(store, TimerKind.DEADLINE)
    await asyncio.gather(clockwork.fire(deadline), clockwork.fire(deadline))
    after = await store.games.get(game.id)
    actions = await store.games.actions(game.id)
    assert {a.seat for a in actions} == {0}
    assert [s.missed for s in after.in_seat_order()] == [1, 0]
    assert after.to_act == frozenset({1})
    assert await due(store, TimerKind.DEADLINE) == []
    (fresh,) = [t for t in await store.timers.pending(game.id) if t.kind is TimerKind.DEADLINE]
    assert (fresh.payload["seat"], fresh.due_at) == (1, clock() + timedelta(hours=24))


async def test_a_reminder_fired_twice_sends_one_dm(
    lobbies: Lobbies, store: SqliteStore, clockwork: Clockwork, clock: FakeClock
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    seen = await pending(store)
    clock.advance(timedelta(hours=12, minutes=1))
    (reminder,) = await due(store, TimerKind.REMINDER)
    await asyncio.gather(clockwork.fire(reminder), clockwork.fire(reminder))
    added = await new_items(store, seen)
    assert [(i.kind, i.target_id, i.game_id) for i in added] == [(DeliveryKind.DM, ALICE, game.id)]
    assert "is due" in Post.from_payload(added[0].payload).content


async def test_a_timer_whose_seat_already_moved_does_nothing(
    lobbies: Lobbies, tables: Tables, store: SqliteStore, clockwork: Clockwork, clock: FakeClock
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    (old,) = [t for t in await store.timers.pending(game.id) if t.kind is TimerKind.DEADLINE]
    await tables.play(game.id, ALICE, "move 1")
    clock.advance(timedelta(days=3))
    await clockwork.fire(old)  # read before the move replaced it
    assert [a.seat for a in await store.games.actions(game.id)] == [0]
    assert not await store.timers.mark_fired(old.id)


async def test_a_player_who_turned_reminders_off_gets_none(
    lobbies: Lobbies, store: SqliteStore, clockwork: Clockwork, clock: FakeClock
) -> None:
    await deal(lobbies, "mandragora", 2)
    await store.prefs.set_notifications(ALICE, reminders=False)
    seen = await pending(store)
    clock.advance(timedelta(hours=23, minutes=50))
    for reminder in await due(store, TimerKind.REMINDER):
        await clockwork.fire(reminder)
    assert await new_items(store, seen) == []
    assert await due(store, TimerKind.REMINDER) == []


async def test_the_digest_comes_back_daily_while_the_player_plays(
    lobbies: Lobbies, store: SqliteStore, clockwork: Clockwork, clock: FakeClock
) -> None:
    await deal(lobbies, "mandragora", 2)
    seen = await pending(store)
    clock.advance(timedelta(hours=24))
    digests = await due(store, TimerKind.DIGEST)
    assert sorted(t.payload["user"] for t in digests) == [ALICE, BOB]
    for digest in digests:
        await clockwork.fire(digest)
    added = await new_items(store, seen)
    assert [(i.kind, i.target_id) for i in added] == [(DeliveryKind.DM, ALICE)]
    assert Post.from_payload(added[0].payload).content.startswith("Your turn in 1 game:")
    following = [t for t in await store.timers.pending() if t.kind is TimerKind.DIGEST]
    assert {t.due_at for t in following} == {clock() + timedelta(days=1)}
