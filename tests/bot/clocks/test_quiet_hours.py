"""Quiet hours on their own: windows across midnight in a player's time zone, where a DM
meant for a quiet moment goes instead, and parsing what players type."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.clocks.quiet_hours import (
    BEFORE_QUIET,
    dm_time,
    next_digest,
    own_reminders,
    parse_quiet,
    quiet_window,
)
from bot.common.refusals import Refusal
from storage import Player

PARIS_NIGHT = Player(1, time_zone="Europe/Paris", quiet=(23, 8))
# 2026-01-15: Paris is UTC+1, so its quiet hours run 22:00–07:00 UTC.
NOON = datetime(2026, 1, 15, 12, tzinfo=UTC)


def utc(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 1, day, hour, minute, tzinfo=UTC)


def test_a_window_across_midnight_is_found_from_either_side() -> None:
    assert quiet_window(PARIS_NIGHT, utc(15, 21, 59)) is None
    assert quiet_window(PARIS_NIGHT, utc(15, 22)) == (utc(15, 22), utc(16, 7))
    assert quiet_window(PARIS_NIGHT, utc(16, 3)) == (utc(15, 22), utc(16, 7))
    assert quiet_window(PARIS_NIGHT, utc(16, 7)) is None
    assert quiet_window(Player(1), utc(16, 3)) is None


def test_a_day_window_in_summer_time_follows_the_clock_change() -> None:
    lunch = Player(1, time_zone="Europe/Paris", quiet=(12, 14))
    july = datetime(2026, 7, 1, 10, 30, tzinfo=UTC)  # 12:30 in Paris (UTC+2)
    assert quiet_window(lunch, july) == (july.replace(minute=0), july.replace(hour=12, minute=0))


def test_a_quiet_dm_waits_for_the_end_or_comes_before_a_deadline_inside() -> None:
    assert dm_time(PARIS_NIGHT, utc(15, 20), now=NOON) == utc(15, 20)
    assert dm_time(PARIS_NIGHT, utc(16, 1), now=NOON) == utc(16, 7)
    # The window's end still leaves at least half the warning: it comes as they end.
    later_deadline = utc(16, 13)
    assert dm_time(PARIS_NIGHT, utc(16, 1), now=NOON, deadline=later_deadline) == utc(16, 7)
    # Right after the window, its end would leave too little warning: it comes before.
    soon_after = utc(16, 9)
    assert dm_time(PARIS_NIGHT, utc(16, 1), now=NOON, deadline=soon_after) == (
        utc(15, 22) - BEFORE_QUIET
    )
    # …unless that moment is past: late is better than never, when it is still in time.
    assert dm_time(PARIS_NIGHT, utc(16, 1), now=utc(15, 23), deadline=soon_after) == utc(16, 7)
    inside = utc(16, 5)
    assert dm_time(PARIS_NIGHT, utc(16, 1), now=NOON, deadline=inside) == (
        utc(15, 22) - BEFORE_QUIET
    )
    # Already asleep when it was planned: nothing useful can be sent.
    assert dm_time(PARIS_NIGHT, utc(16, 1), now=utc(15, 23), deadline=inside) is None


def test_an_hour_before_a_deadline_at_one_in_quiet_hours_from_23_to_8_comes_before_23() -> None:
    night = Player(1, quiet=(23, 8))  # in UTC
    deadline = utc(16, 1)
    hour_before = dm_time(night, deadline - timedelta(hours=1), now=utc(15, 1), deadline=deadline)
    assert hour_before == utc(15, 23) - BEFORE_QUIET
    twelve_before = deadline - timedelta(hours=12)
    assert dm_time(night, twelve_before, now=utc(15, 1), deadline=deadline) == twelve_before


def test_the_digest_comes_at_the_local_hour_and_never_in_quiet_hours() -> None:
    seven = Player(1, time_zone="Asia/Tokyo", digest_hour=7)  # 22:00 UTC the day before
    assert next_digest(seven, NOON, now=NOON) == utc(15, 22)
    assert next_digest(seven, utc(15, 22), now=utc(15, 22)) == utc(16, 22)
    sleepy = Player(1, time_zone="Asia/Tokyo", digest_hour=7, quiet=(6, 9))
    assert next_digest(sleepy, NOON, now=NOON) == utc(16, 0)
    daily = Player(1)
    assert next_digest(daily, NOON, now=NOON) == NOON + timedelta(days=1)


def test_what_players_type_is_read_or_refused() -> None:
    assert parse_quiet("23-08") == (23, 8)
    assert parse_quiet("22:00 - 6:00") == (22, 6)
    assert parse_quiet("off") is None
    for wrong in ("23", "8-8", "25-3", "late"):
        with pytest.raises(Refusal):
            parse_quiet(wrong)
    assert own_reminders("12h 1h") == [12 * 3600, 3600]
    assert own_reminders("table") is None
    assert own_reminders("none") == []
    with pytest.raises(Refusal):
        own_reminders("1h 2h 3h 4h 5h")
