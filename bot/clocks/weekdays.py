"""Deadlines that count only weekdays: with a table's weekends off, the hours of Saturday and
Sunday (in the server's time zone) do not count toward a move's time. Plain arithmetic on
times handed in; nothing here reads a clock."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

SATURDAY = 5
#: More weeks than any deadline needs: the loop below always ends well before.
_MOST_WEEKS = 60


def server_zone(name: str | None) -> tzinfo:
    """A server's time zone by its IANA name (UTC when it chose none)."""
    if name is None:
        return UTC
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return UTC


def weekday_deadline(start: datetime, length: timedelta, zone: tzinfo) -> datetime:
    """The moment ``length`` of weekday time has passed after ``start``, Saturdays and
    Sundays in ``zone`` not counting: a clock started on a weekend starts on Monday."""
    at, left = start, length
    for _ in range(_MOST_WEEKS * 2):
        local = at.astimezone(zone)
        monday = local.date() - timedelta(days=local.weekday())
        weekend = datetime.combine(monday + timedelta(days=SATURDAY), time(0), zone)
        if local >= weekend:
            at = datetime.combine(monday + timedelta(days=7), time(0), zone).astimezone(UTC)
            continue
        counted = weekend.astimezone(UTC) - at
        if left <= counted:
            return at + left
        left -= counted
        at = weekend.astimezone(UTC)
    raise ValueError(f"a deadline of {length} is longer than this calendar reckons with")
