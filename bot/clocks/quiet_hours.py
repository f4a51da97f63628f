"""A player's own time: their time zone, their quiet hours, and when a DM may reach them.

No reminder, digest or heads-up DM is sent inside a player's quiet hours. One that would be
is moved to the end of the window. A reminder moves earlier instead, to just before the
window starts, when its deadline is inside the window or so soon after it that the window's
end would leave less than half the warning the reminder was for (an hour's reminder woken up
to ten minutes before the deadline is no warning); it is dropped when neither moment is of
use. Thread pings are never held back: they are not DMs. Plain arithmetic on times handed
in; nothing here reads a clock.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime, time, timedelta, tzinfo
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.clocks.turn_clock import (
    LONGEST_REMINDER,
    MAX_REMINDERS,
    TurnClock,
    parse_duration,
    reminder_timer,
)
from bot.common.refusals import Refusal
from games.core.words import msg, nmsg, pmsg
from storage import NewTimer, Player, TimerKind

#: How long before quiet hours a reminder moved earlier arrives.
BEFORE_QUIET = timedelta(minutes=5)
_QUIET = re.compile(r"(\d{1,2})(?::00)?\s*-\s*(\d{1,2})(?::00)?")


def zone_of(player: Player) -> tzinfo:
    """The player's time zone (UTC when they chose none, or a name this machine lost)."""
    if player.time_zone is None:
        return UTC
    try:
        return ZoneInfo(player.time_zone)
    except (ZoneInfoNotFoundError, ValueError):
        return UTC


@cache
def zone_names() -> tuple[str, ...]:
    """Every IANA time zone name, sorted."""
    return tuple(sorted(available_timezones()))


def check_zone(name: str) -> str:
    """``name`` as a known IANA time zone (any capitalisation), or a refusal."""
    wanted = name.strip().replace(" ", "_").lower()
    for known in zone_names():
        if known.lower() == wanted:
            return known
    raise Refusal(
        msg(
            "“{typed}” is not a time zone I know: pick one from the list, e.g. Europe/Paris.",
            typed=name[:40],
        )
    )


def matching_zones(typed: str, limit: int = 25) -> list[str]:
    """Time zone names for autocomplete: those starting with what was typed first, then
    those containing it."""
    wanted = typed.strip().replace(" ", "_").lower()
    names = zone_names()
    first = [n for n in names if n.lower().startswith(wanted)]
    rest = [n for n in names if wanted in n.lower() and n not in first]
    return (first + rest)[:limit]


def parse_quiet(text: str) -> tuple[int, int] | None:
    """Quiet hours as typed, ``23-08`` (from 23:00 to 08:00 local), or ``off``."""
    cleaned = text.strip().lower()
    if cleaned in ("off", "none", "no"):
        return None
    match = _QUIET.fullmatch(cleaned)
    if match is None:
        raise Refusal(
            msg(
                "Write quiet hours like 23-08 (from 23:00 to 08:00), or off; not “{typed}”.",
                typed=text[:20],
            )
        )
    start, end = int(match[1]), int(match[2])
    if start > 23 or end > 23:
        raise Refusal(msg("Hours run from 0 to 23."))
    if start == end:
        raise Refusal(msg("Quiet hours must start and end at different hours."))
    return start, end


def own_reminders(text: str) -> list[int] | None:
    """A player's own reminder points typed as durations (``12h 1h``), ``none`` for no
    reminders, or ``table`` to follow each table's: seconds before the deadline."""
    cleaned = text.strip().lower()
    if cleaned == "table":
        return None
    if cleaned == "none":
        return []
    points = [parse_duration(part, longest=LONGEST_REMINDER) for part in cleaned.split()]
    if len(points) > MAX_REMINDERS:
        raise Refusal(nmsg("At most {n} reminder.", "At most {n} reminders.", MAX_REMINDERS))
    return sorted({int(p.total_seconds()) for p in points}, reverse=True)


def quiet_text(quiet: tuple[int, int] | None) -> str:
    """Quiet hours as people write them: ``23:00–08:00``, or ``none``."""
    if quiet is None:
        return pmsg("quiet hours", "none")
    return f"{quiet[0]:02d}:00–{quiet[1]:02d}:00"


def quiet_window(player: Player, at: datetime) -> tuple[datetime, datetime] | None:
    """The quiet window ``at`` falls in (its start and end, in UTC), or ``None`` when the
    player may be written to at ``at``."""
    if player.quiet is None:
        return None
    first, last = player.quiet
    zone = zone_of(player)
    local = at.astimezone(zone)
    day = local.date()
    if first < last:
        if not first <= local.hour < last:
            return None
        start_day, end_day = day, day
    elif local.hour >= first:
        start_day, end_day = day, day + timedelta(days=1)
    elif local.hour < last:
        start_day, end_day = day - timedelta(days=1), day
    else:
        return None
    start = datetime.combine(start_day, time(first), zone).astimezone(UTC)
    end = datetime.combine(end_day, time(last), zone).astimezone(UTC)
    return start, end


def dm_time(
    player: Player, at: datetime, *, now: datetime, deadline: datetime | None = None
) -> datetime | None:
    """When a DM meant for ``at`` may go out: ``at`` itself outside quiet hours, else the
    window's end. A reminder (with its ``deadline``) comes just before the window starts
    instead when the window's end is not before the deadline, or leaves less than half of
    the warning it was meant to give (``deadline - at``). ``None`` when no moment is of use:
    the window began already and ends after the deadline."""
    window = quiet_window(player, at)
    if window is None:
        return at
    start, end = window
    if deadline is None:
        return end
    earlier = start - BEFORE_QUIET
    can_come_earlier = earlier > now
    after_window_in_time = end < deadline
    enough_warning_after = deadline - end >= (deadline - at) / 2
    if after_window_in_time and (enough_warning_after or not can_come_earlier):
        return end
    return earlier if can_come_earlier else None


def next_digest(player: Player, after: datetime, *, now: datetime) -> datetime:
    """The player's next daily digest after the one due at ``after``: at their chosen local
    hour, else a day later; never before ``now``, never inside their quiet hours."""
    if player.digest_hour is not None:
        zone = zone_of(player)
        local = max(after, now).astimezone(zone)
        due = datetime.combine(local.date(), time(player.digest_hour), zone)
        if due <= local:
            due = datetime.combine(local.date() + timedelta(days=1), time(player.digest_hour), zone)
        at = due.astimezone(UTC)
    else:
        at = after + timedelta(days=1)
        if at <= now:
            at = now + timedelta(days=1)
    moved = dm_time(player, at, now=now)
    assert moved is not None  # without a deadline a DM always has a later time
    return moved


def personal_timers(
    timers: Sequence[NewTimer],
    players: Mapping[int, Player],
    clock: TurnClock,
    now: datetime,
) -> list[NewTimer]:
    """A game's planned timers made each player's: their own reminder points in place of
    the table's, and every reminder moved out of their quiet hours (two that land on the
    same moment become one)."""
    deadlines = {int(t.payload["seat"]): t for t in timers if t.kind is TimerKind.DEADLINE}
    result = [t for t in timers if t.kind is not TimerKind.REMINDER]
    for seat, deadline in deadlines.items():
        table_reminders = [
            t for t in timers if t.kind is TimerKind.REMINDER and int(t.payload["seat"]) == seat
        ]
        player = players.get(seat)
        if player is None:
            result += table_reminders
            continue
        reminders = (
            table_reminders
            if player.reminders_before is None
            else _own_reminders(deadline, player.reminders_before, clock, now)
        )
        result += _out_of_quiet(reminders, player, deadline.due_at, now)
    return result


def _own_reminders(
    deadline: NewTimer, points: Iterable[int], clock: TurnClock, now: datetime
) -> list[NewTimer]:
    assert deadline.game_id is not None
    assert clock.deadline is not None
    seat = int(deadline.payload["seat"])
    chosen = []
    for seconds in points:
        before = timedelta(seconds=seconds)
        if before < clock.deadline and deadline.due_at - before > now:
            chosen.append(reminder_timer(deadline.game_id, seat, before, deadline.due_at))
    return chosen


def _out_of_quiet(
    reminders: Iterable[NewTimer], player: Player, deadline: datetime, now: datetime
) -> list[NewTimer]:
    kept: list[NewTimer] = []
    seen: set[datetime] = set()
    for reminder in sorted(reminders, key=lambda t: t.due_at):
        at = dm_time(player, reminder.due_at, now=now, deadline=deadline)
        if at is None or at in seen:
            continue
        seen.add(at)
        kept.append(replace(reminder, due_at=at))
    return kept
