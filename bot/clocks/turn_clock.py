"""Turn clocks: a table's deadline settings, the timers a waiting seat gets, durations typed by
people. Plain data and arithmetic on times handed in; nothing here reads a clock."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from bot.clocks.weekdays import server_zone, weekday_deadline
from bot.common.refusals import Refusal
from bot.common.text import moment
from games.core.words import Msg, msg, nmsg
from storage import NewTimer, Timer, TimerKind

DEFAULT_DEADLINE = timedelta(hours=24)
#: The deadlines offered when a game is created or a server chooses its default.
DEADLINE_CHOICES: dict[str, timedelta | None] = {
    "1h": timedelta(hours=1),
    "12h": timedelta(hours=12),
    "24h": timedelta(hours=24),
    "72h": timedelta(hours=72),
    "none": None,
}
#: Reminders go out this long before a deadline; points not inside the deadline are skipped.
DEFAULT_REMINDERS = (timedelta(hours=12), timedelta(hours=1), timedelta(minutes=15))
#: Missed deadlines after which a player is removed (0: never).
DEFAULT_STRIKES = 3
MAX_STRIKES = 10
MAX_REMINDERS = 4
#: The earliest a reminder may come before its deadline.
LONGEST_REMINDER = timedelta(hours=72)
#: The longest vacation; longer absences are better handled by resigning.
MAX_AWAY = timedelta(days=14)
#: How often a table may nudge a slow player.
NUDGE_COOLDOWN = timedelta(hours=4)
#: Between two digests.
DIGEST_EVERY = timedelta(days=1)
#: The keys of stored settings (a game's or a server's) that hold a turn clock.
CLOCK_KEYS = frozenset(
    {"deadline", "policy", "strikes", "reminders", "weekends", "on_strikes", "time_zone"}
)


class Policy(StrEnum):
    """What happens when a player lets a deadline pass."""

    ACT = "act"
    """Pass where the rules allow it, otherwise the move the AI stands in with."""
    WAIT = "wait"
    """Only tell the table; the game waits for the player."""


class StrikesPolicy(StrEnum):
    """What happens to the seat of a player removed after too many missed deadlines."""

    AI = "ai"
    """The AI plays it to the end."""
    OPEN = "open"
    """It is offered to anyone who wants to take it over (the AI stands in meanwhile)."""


STRIKES_LABELS: dict[StrikesPolicy, Msg] = {
    StrikesPolicy.AI: msg("the AI plays their seat on"),
    StrikesPolicy.OPEN: msg("their seat is offered to a substitute"),
}


POLICY_LABELS: dict[Policy, Msg] = {
    Policy.ACT: msg("pass, or the AI moves for them"),
    Policy.WAIT: msg("only tell the table, and wait"),
}


@dataclass(frozen=True, slots=True)
class TurnClock:
    """A table's turn clock: how long each move may take and what a missed one costs."""

    deadline: timedelta | None = None
    policy: Policy = Policy.ACT
    strikes: int = DEFAULT_STRIKES
    reminders: tuple[timedelta, ...] = DEFAULT_REMINDERS
    weekends: bool = True
    """Whether Saturdays and Sundays count toward a deadline."""
    on_strikes: StrikesPolicy = StrikesPolicy.AI
    """What becomes of a removed player's seat."""
    time_zone: str | None = None
    """The server's time zone, where weekends begin and end (``None``: UTC)."""

    def due_after(self, start: datetime) -> datetime:
        """The deadline of a move whose clock starts at ``start``."""
        assert self.deadline is not None
        if self.weekends:
            return start + self.deadline
        return weekday_deadline(start, self.deadline, server_zone(self.time_zone))

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> TurnClock:
        """The clock stored in a game's (or a server's) settings; a game from before clocks
        existed has none."""
        seconds = settings.get("deadline")
        reminders = settings.get("reminders")
        return cls(
            deadline=timedelta(seconds=seconds) if seconds else None,
            policy=Policy(settings.get("policy", Policy.ACT)),
            strikes=int(settings.get("strikes", DEFAULT_STRIKES)),
            reminders=(
                DEFAULT_REMINDERS
                if reminders is None
                else tuple(timedelta(seconds=s) for s in reminders)
            ),
            weekends=bool(settings.get("weekends", True)),
            on_strikes=StrikesPolicy(settings.get("on_strikes", StrikesPolicy.AI)),
            time_zone=settings.get("time_zone"),
        )

    def to_settings(self) -> dict[str, Any]:
        """The clock as JSON-ready settings."""
        settings: dict[str, Any] = {
            "deadline": 0 if self.deadline is None else int(self.deadline.total_seconds()),
            "policy": self.policy.value,
            "strikes": self.strikes,
            "reminders": [int(r.total_seconds()) for r in self.reminders],
        }
        if not self.weekends:
            settings["weekends"] = False
        if self.on_strikes is not StrikesPolicy.AI:
            settings["on_strikes"] = self.on_strikes.value
        if self.time_zone is not None:
            settings["time_zone"] = self.time_zone
        return settings

    def describe(self) -> Msg:
        """One line for lobbies and ``/settings``."""
        if self.deadline is None:
            return msg("no deadline")
        removal = (
            nmsg("removed after {n} missed", "removed after {n} missed", self.strikes)
            if self.strikes
            else msg("never removed")
        )
        if self.strikes and self.on_strikes is StrikesPolicy.OPEN:
            removal = msg(
                "{removal} ({seat})", removal=removal, seat=STRIKES_LABELS[self.on_strikes]
            )
        before = ", ".join(duration_text(r) for r in self.reminders if r < self.deadline)
        reminders = (
            msg("reminders {points} before", points=before)
            if before
            else msg("reminders none before")
        )
        said = {
            "deadline": duration_text(self.deadline),
            "policy": POLICY_LABELS[self.policy],
            "removal": removal,
            "reminders": reminders,
        }
        if self.weekends:
            return msg(
                "{deadline} per move; at the deadline: {policy}; {removal}; {reminders}", **said
            )
        return msg(
            "{deadline} per move; at the deadline: {policy}; {removal}; {reminders}; "
            "weekends ({zone}) do not count",
            zone=self.time_zone or "UTC",
            **said,
        )


def server_clock(server: Mapping[str, Any]) -> TurnClock:
    """A server's default clock: 24 hours a move unless its admins chose otherwise."""
    chosen = dict(server)
    chosen.setdefault("deadline", int(DEFAULT_DEADLINE.total_seconds()))
    return TurnClock.from_settings(chosen)


def deadline_key(game_id: int, seat: int) -> str:
    """The one pending deadline of a seat in a game."""
    return f"deadline:{game_id}:{seat}"


def digest_key(user_id: int) -> str:
    """The one pending digest of a player."""
    return f"digest:{user_id}"


def digest_timer(user_id: int, due: datetime) -> NewTimer:
    """A player's next daily digest."""
    return NewTimer(TimerKind.DIGEST, due, payload={"user": user_id}, key=digest_key(user_id))


def seat_timers(
    game_id: int, seat: int, clock: TurnClock, due: datetime, now: datetime
) -> list[NewTimer]:
    """A seat's deadline at ``due`` and its reminders that are still ahead of ``now``."""
    timers = [
        NewTimer(
            TimerKind.DEADLINE,
            due,
            game_id=game_id,
            payload={"seat": seat},
            key=deadline_key(game_id, seat),
        )
    ]
    assert clock.deadline is not None
    for before in clock.reminders:
        if before < clock.deadline and due - before > now:
            timers.append(reminder_timer(game_id, seat, before, due))
    return timers


def reminder_timer(game_id: int, seat: int, before: timedelta, due: datetime) -> NewTimer:
    """A seat's reminder ``before`` its deadline at ``due``."""
    return NewTimer(
        TimerKind.REMINDER,
        due - before,
        game_id=game_id,
        payload={"seat": seat, "deadline": due.timestamp()},
        key=f"reminder:{game_id}:{seat}:{int(before.total_seconds())}",
    )


def plan_timers(
    game_id: int,
    clock: TurnClock,
    *,
    waiting: Iterable[int],
    starts: Mapping[int, datetime],
    kept: Mapping[int, datetime],
    now: datetime,
) -> list[NewTimer]:
    """The game's timers once it waits for ``waiting``: a seat whose clock runs on keeps its
    deadline (``kept``), any other starts a fresh one at ``starts[seat]`` (now, or the end
    of the player's vacation). Seats missing from ``starts`` (AI players, resigned) get none."""
    if clock.deadline is None:
        return []
    timers: list[NewTimer] = []
    for seat in sorted(waiting):
        if seat not in starts:
            continue
        due = kept[seat] if seat in kept else clock.due_after(starts[seat])
        timers += seat_timers(game_id, seat, clock, due, now)
    return timers


def deadlines_by_seat(pending: Iterable[Timer]) -> dict[int, datetime]:
    """The pending deadline of each seat."""
    return {int(t.payload["seat"]): t.due_at for t in pending if t.kind is TimerKind.DEADLINE}


def deadline_line(deadlines: Iterable[datetime]) -> str:
    """ "Deadline: …" for a board post, a moment each reader sees in their own time zone;
    empty when nobody is on the clock."""
    earliest = min(deadlines, default=None)
    if earliest is None:
        return ""
    return msg(
        "⏰ Deadline: {when} ({left})", when=moment(earliest, "f"), left=moment(earliest, "R")
    )


_DURATION = re.compile(r"(\d+)\s*(d|h|m)")
_UNITS = {"d": timedelta(days=1), "h": timedelta(hours=1), "m": timedelta(minutes=1)}


def parse_duration(text: str, *, longest: timedelta) -> timedelta:
    """``3d``, ``12h``, ``1d 12h``, ``90m`` as a duration up to ``longest``; refused with a
    reason otherwise."""
    cleaned = text.strip().lower().replace(" ", "")
    if not cleaned or _DURATION.sub("", cleaned):
        raise Refusal(
            msg("Write a duration like 3d, 12h or 1d12h; not “{typed}”.", typed=text[:20])
        )
    total = sum(
        (int(amount) * _UNITS[unit] for amount, unit in _DURATION.findall(cleaned)),
        timedelta(),
    )
    if total <= timedelta():
        raise Refusal(msg("A duration must be longer than nothing."))
    if total > longest:
        raise Refusal(msg("That is too long: at most {longest}.", longest=duration_text(longest)))
    return total


def duration_text(duration: timedelta) -> str:
    """A duration as people write it: ``72h``, ``12h``, ``15m``, ``14d``, ``4d 6h``."""
    minutes = int(duration.total_seconds()) // 60
    if minutes % 60 == 0 and 0 < minutes <= 72 * 60:
        return f"{minutes // 60}h"  # as the deadlines on offer are named
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = [f"{n}{unit}" for n, unit in ((days, "d"), (hours, "h"), (minutes, "m")) if n]
    return " ".join(parts) or "0m"
