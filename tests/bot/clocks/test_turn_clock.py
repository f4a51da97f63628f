"""Turn clock arithmetic: settings, planned timers, durations people type."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.clocks.turn_clock import (
    CLOCK_KEYS,
    DEFAULT_DEADLINE,
    DEFAULT_REMINDERS,
    MAX_AWAY,
    Policy,
    StrikesPolicy,
    TurnClock,
    deadline_line,
    duration_text,
    parse_duration,
    plan_timers,
    server_clock,
)
from bot.common.refusals import Refusal
from bot.common.render import render
from storage import TimerKind

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)


def test_a_clock_round_trips_through_settings() -> None:
    clock = TurnClock(12 * HOUR, Policy.WAIT, 2, (HOUR,))
    assert TurnClock.from_settings(clock.to_settings()) == clock
    assert TurnClock.from_settings({}).deadline is None  # games from before clocks
    assert TurnClock.from_settings({"deadline": 0}).deadline is None


def test_every_key_a_clock_stores_is_named_a_clock_key() -> None:
    """Table settings tell the clock's keys from their own by ``CLOCK_KEYS``."""
    clock = TurnClock(HOUR, Policy.WAIT, 0, (), False, StrikesPolicy.OPEN, "Europe/Paris")
    assert set(clock.to_settings()) == CLOCK_KEYS


def test_a_server_without_choices_gives_a_day_per_move() -> None:
    assert server_clock({}) == TurnClock(DEFAULT_DEADLINE)
    assert server_clock({"deadline": 0}).deadline is None
    assert server_clock({"deadline": 3600, "strikes": 0}).describe() == (
        "1h per move; at the deadline: pass, or the AI moves for them; never removed; "
        "reminders 15m before"
    )


def test_each_waiting_seat_gets_a_deadline_and_the_reminders_inside_it() -> None:
    clock = TurnClock(12 * HOUR)
    timers = plan_timers(7, clock, waiting={0, 1}, starts={0: NOW}, kept={}, now=NOW)
    assert [(t.kind, t.due_at - NOW, t.payload["seat"]) for t in timers] == [
        (TimerKind.DEADLINE, 12 * HOUR, 0),
        (TimerKind.REMINDER, 11 * HOUR, 0),
        (TimerKind.REMINDER, 12 * HOUR - timedelta(minutes=15), 0),
    ]
    assert all(t.game_id == 7 for t in timers)
    assert len({t.key for t in timers}) == 3
    assert DEFAULT_REMINDERS[0] == 12 * HOUR  # not inside a 12 hour deadline: skipped


def test_a_kept_deadline_keeps_only_its_reminders_still_ahead() -> None:
    clock = TurnClock(24 * HOUR)
    due = NOW + 2 * HOUR
    timers = plan_timers(1, clock, waiting={2}, starts={2: NOW}, kept={2: due}, now=NOW)
    assert [(t.kind, t.due_at) for t in timers] == [
        (TimerKind.DEADLINE, due),
        (TimerKind.REMINDER, due - HOUR),
        (TimerKind.REMINDER, due - timedelta(minutes=15)),
    ]


def test_a_player_back_from_vacation_starts_a_whole_clock_then() -> None:
    back = NOW + timedelta(days=3)
    (deadline, *_) = plan_timers(
        1, TurnClock(HOUR), waiting={0}, starts={0: back}, kept={}, now=NOW
    )
    assert deadline.due_at == back + HOUR


def test_no_deadline_means_no_timers() -> None:
    assert plan_timers(1, TurnClock(None), waiting={0}, starts={0: NOW}, kept={}, now=NOW) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3d", timedelta(days=3)),
        ("12h", 12 * HOUR),
        ("1d 12h", timedelta(hours=36)),
        ("90m", timedelta(minutes=90)),
        ("14D", MAX_AWAY),
    ],
)
def test_durations_are_read_as_people_write_them(text: str, expected: timedelta) -> None:
    assert parse_duration(text, longest=MAX_AWAY) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("soon", "Write a duration"),
        ("3 weeks", "Write a duration"),
        ("0h", "longer than"),
        ("15d", "too long: at most 14d"),
        ("", "Write a duration"),
    ],
)
def test_bad_durations_are_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(Refusal, match=reason):
        parse_duration(text, longest=MAX_AWAY)


def test_durations_and_deadlines_are_shown_as_people_read_them() -> None:
    assert duration_text(timedelta(days=1, hours=6)) == "30h"
    assert duration_text(timedelta(days=4, hours=6)) == "4d 6h"
    assert duration_text(timedelta(days=14)) == "14d"
    assert duration_text(timedelta(minutes=15)) == "15m"
    stamp = int((NOW + HOUR).timestamp())
    assert render(deadline_line([NOW + 2 * HOUR, NOW + HOUR])) == (
        f"⏰ Deadline: <t:{stamp}:f> (<t:{stamp}:R>)"
    )
    assert deadline_line([]) == ""
