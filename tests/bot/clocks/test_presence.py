"""Quiet hours and a player's own reminder points planned ahead, on the fake clock: a
reminder that would fall in quiet hours is planned to come before them, and changing one's
choices plans the reminders already waiting again."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.clocks.presence import Presence
from bot.clocks.quiet_hours import BEFORE_QUIET
from bot.clocks.when_due import Clockwork
from bot.common.locks import GameLocks
from bot.common.refusals import Refusal
from bot.lobby.lobby import Lobbies
from bot.words.readers import Readers
from storage import DeliveryKind, Game, Player, SqliteStore, TimerKind
from tests.bot.helpers import ALICE, deal
from tests.storage.contract import FakeClock

#: A 24-hour move started at this moment is due at 01:00 the next night.
ONE_AT_NIGHT_TOMORROW = datetime(2026, 11, 21, 1, 0, tzinfo=UTC)
DEADLINE = ONE_AT_NIGHT_TOMORROW + timedelta(hours=24)
QUIET_STARTS = datetime(2026, 11, 21, 23, 0, tzinfo=UTC)


@pytest.fixture
def presence(store: SqliteStore, locks: GameLocks, clock: FakeClock) -> Presence:
    return Presence(store, locks, clock=clock)


async def alices_reminders(store: SqliteStore, game: Game) -> list[datetime]:
    pending = await store.timers.pending(game.id)
    return [t.due_at for t in pending if t.kind is TimerKind.REMINDER and t.payload["seat"] == 0]


async def reminders_sent_until(
    at: datetime, store: SqliteStore, clockwork: Clockwork, clock: FakeClock
) -> list[datetime]:
    """Fire every timer due until ``at`` in order, as the dispatcher would; the moments
    Alice was sent a reminder."""
    sent: list[datetime] = []
    while (upcoming := await store.timers.next_due_at()) is not None and upcoming <= at:
        clock.moment = max(clock.moment, upcoming)
        for timer in await store.timers.due():
            before = {i.id for i in await store.outbox.pending()}
            await clockwork.fire(timer)
            fresh = [i for i in await store.outbox.pending() if i.id not in before]
            if any(i.kind is DeliveryKind.DM and i.target_id == ALICE for i in fresh):
                sent.append(clock.moment)
    clock.moment = max(clock.moment, at)
    return sent


async def dealt_at_one_at_night(lobbies: Lobbies, store: SqliteStore, clock: FakeClock) -> Game:
    clock.moment = ONE_AT_NIGHT_TOMORROW
    game = await deal(lobbies, "mandragora", 2)
    assert 0 in game.to_act
    assert game.user_at(0) == ALICE
    pending = await store.timers.pending(game.id)
    assert DEADLINE in [t.due_at for t in pending if t.kind is TimerKind.DEADLINE]
    return game


async def test_a_deadline_at_one_in_quiet_hours_from_23_to_8_gets_both_reminders(
    lobbies: Lobbies,
    store: SqliteStore,
    presence: Presence,
    clockwork: Clockwork,
    clock: FakeClock,
) -> None:
    clock.moment = ONE_AT_NIGHT_TOMORROW
    await presence.set_time(ALICE, quiet="23-08")
    game = await dealt_at_one_at_night(lobbies, store, clock)
    # The 12-hour reminder is outside quiet hours; those an hour and 15 minutes before
    # become one, before 23:00.
    before_quiet = QUIET_STARTS - BEFORE_QUIET
    assert await alices_reminders(store, game) == [DEADLINE - timedelta(hours=12), before_quiet]

    sent = await reminders_sent_until(DEADLINE - timedelta(seconds=1), store, clockwork, clock)
    assert sent == [DEADLINE - timedelta(hours=12), before_quiet]
    assert sent[-1] < QUIET_STARTS


async def test_quiet_hours_chosen_later_plan_a_waiting_reminder_again(
    lobbies: Lobbies,
    store: SqliteStore,
    presence: Presence,
    clockwork: Clockwork,
    clock: FakeClock,
) -> None:
    game = await dealt_at_one_at_night(lobbies, store, clock)
    twelve_before = DEADLINE - timedelta(hours=12)
    assert await alices_reminders(store, game) == [
        twelve_before,
        DEADLINE - timedelta(hours=1),
        DEADLINE - timedelta(minutes=15),
    ]
    clock.advance(timedelta(hours=2))
    await presence.set_time(ALICE, quiet="23-08")
    before_quiet = QUIET_STARTS - BEFORE_QUIET
    assert await alices_reminders(store, game) == [twelve_before, before_quiet]

    sent = await reminders_sent_until(QUIET_STARTS, store, clockwork, clock)
    assert sent == [twelve_before, before_quiet]
    # Quiet hours ended at 23:30: the hour's reminder was sent and is not sent again; the
    # quarter-hour's, held back by them, comes after all.
    clock.moment = QUIET_STARTS + timedelta(minutes=30)
    await presence.set_time(ALICE, quiet="off")
    assert await alices_reminders(store, game) == [DEADLINE - timedelta(minutes=15)]
    sent = await reminders_sent_until(DEADLINE - timedelta(seconds=1), store, clockwork, clock)
    assert sent == [DEADLINE - timedelta(minutes=15)]


async def test_own_reminder_points_chosen_later_replace_the_waiting_ones(
    lobbies: Lobbies, store: SqliteStore, presence: Presence, clock: FakeClock
) -> None:
    game = await dealt_at_one_at_night(lobbies, store, clock)
    await presence.set_time(ALICE, before="3h")
    assert await alices_reminders(store, game) == [DEADLINE - timedelta(hours=3)]
    await presence.set_time(ALICE, before="table")
    assert len(await alices_reminders(store, game)) == 3


async def test_a_players_language_and_client_locale_are_kept_with_their_time(
    presence: Presence, store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    await presence.set_time(ALICE, time_zone="Europe/Paris", quiet="23-08")
    chosen = await presence.set_language(ALICE, "de")
    assert (chosen.language, chosen.time_zone, chosen.quiet) == ("de", "Europe/Paris", (23, 8))
    readers = Readers(store, lambda guild_id: None)
    await readers.remember_client_locale(ALICE, "fr")
    seen = await store.prefs.player(ALICE)
    assert (seen.language, seen.client_locale) == ("de", "fr")
    # Seen again unchanged, nothing is written.
    writes: list[object] = []
    set_choices = store.prefs.set_choices

    async def counted(*args: Any, **kwargs: Any) -> Player:
        writes.append(args)
        return await set_choices(*args, **kwargs)

    monkeypatch.setattr(store.prefs, "set_choices", counted)
    await Readers(store, lambda guild_id: None).remember_client_locale(ALICE, "fr")
    assert writes == []  # read once, found unchanged
    await readers.remember_client_locale(ALICE, "fr")
    assert writes == []  # remembered by this process: not even read
    await readers.remember_client_locale(ALICE, "de-DE")
    assert (await store.prefs.player(ALICE)).client_locale == "de-DE"
    assert len(writes) == 1
    # Time choices changed later keep the language.
    later = await presence.set_time(ALICE, quiet="off")
    assert (later.language, later.client_locale, later.quiet) == ("de", "de-DE", None)
    assert (await presence.set_language(ALICE, None)).language is None
    with pytest.raises(Refusal):
        await presence.set_language(ALICE, "it")
