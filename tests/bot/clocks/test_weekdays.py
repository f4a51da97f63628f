"""Deadlines over weekends that do not count, in a server's time zone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from bot.clocks.turn_clock import TurnClock
from bot.clocks.weekdays import weekday_deadline

HOUR = timedelta(hours=1)
# 2026-03-06 is a Friday.
FRIDAY_NOON = datetime(2026, 3, 6, 12, tzinfo=UTC)


def test_a_deadline_across_a_weekend_skips_saturday_and_sunday() -> None:
    assert weekday_deadline(FRIDAY_NOON, 24 * HOUR, UTC) == datetime(2026, 3, 9, 12, tzinfo=UTC)
    assert weekday_deadline(FRIDAY_NOON, 6 * HOUR, UTC) == FRIDAY_NOON + 6 * HOUR
    # Twelve hours to midnight on Friday, then a whole weekday week of 120 hours, then 12.
    week = weekday_deadline(FRIDAY_NOON, 144 * HOUR, UTC)
    assert week == datetime(2026, 3, 16, 12, tzinfo=UTC)


def test_a_clock_started_on_a_weekend_starts_on_monday() -> None:
    sunday = datetime(2026, 3, 8, 15, tzinfo=UTC)
    assert weekday_deadline(sunday, 12 * HOUR, UTC) == datetime(2026, 3, 9, 12, tzinfo=UTC)


def test_the_weekend_is_the_servers_own() -> None:
    tokyo = ZoneInfo("Asia/Tokyo")  # Friday 12:00 UTC is already 21:00 in Tokyo
    due = weekday_deadline(FRIDAY_NOON, 24 * HOUR, tokyo)
    # Three hours of Friday count there, then Monday from 00:00 Tokyo (Sunday 15:00 UTC).
    assert due == datetime(2026, 3, 8, 15, tzinfo=UTC) + 21 * HOUR


def test_a_table_clock_counts_weekends_unless_told_not_to() -> None:
    counted = TurnClock(24 * HOUR)
    assert counted.due_after(FRIDAY_NOON) == FRIDAY_NOON + 24 * HOUR
    skipped = TurnClock.from_settings({"deadline": 86400, "weekends": False})
    assert skipped.due_after(FRIDAY_NOON) == datetime(2026, 3, 9, 12, tzinfo=UTC)
    assert TurnClock.from_settings(skipped.to_settings()) == skipped
    assert skipped.describe().endswith("; weekends (UTC) do not count")
