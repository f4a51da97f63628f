"""The timers a game needs once it waits for some seats: read what is pending and who is
away, then plan (``bot.clocks.turn_clock``), each player's reminders at their own points and
outside their quiet hours (``bot.clocks.quiet_hours``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from bot.clocks.quiet_hours import personal_timers
from bot.clocks.turn_clock import deadline_line, deadlines_by_seat, plan_timers, seat_timers
from bot.lobby.table_settings import TableSettings
from games.core import Engine, LogEntry
from storage import Game, NewTimer, Player, Store, TimerKind


def move_finished(
    engine: Engine[Any, Any], before: Any, after: Any, seat: int, log: Sequence[LogEntry]
) -> bool:
    """Whether ``seat``'s step in ``before`` → ``after`` finished a move, so its next one
    gets a fresh clock: the game ended or moved to other seats, the table was told
    something, or the engine says the seat is not partway through a move. A step that
    changed nothing anyone else can see (choosing a spell's ingredients) did not."""
    if engine.outcome(after) is not None:
        return True
    waiting = engine.waiting_for(after)
    return (
        seat not in waiting
        or waiting != engine.waiting_for(before)
        or any(entry.audience is None for entry in log)
        or not engine.deciding(after, seat)
    )


async def clock_timers(
    store: Store,
    game: Game,
    waiting: frozenset[int],
    now: datetime,
    *,
    mover: int | None = None,
    continuing: bool = False,
) -> list[NewTimer] | None:
    """The game's timers after a start or a move, or ``None`` for a game without a clock.

    A seat the game still waits for keeps its deadline, except the player who just
    finished a move (``mover``, unless ``continuing`` partway through it): their next
    move gets a fresh clock. A player on vacation gets theirs from the day they are back.
    """
    clock = TableSettings.of(game).clock
    if clock.deadline is None:
        return None
    pending = deadlines_by_seat(await store.timers.pending(game.id))
    kept = {s: at for s, at in pending.items() if s in waiting and (s != mover or continuing)}
    resigned = game.resigned_seats()
    starts: dict[int, datetime] = {}
    players: dict[int, Player] = {}
    open_seats = {s.seat for s in game.seats if s.is_open}
    for seat in waiting:
        user = game.user_at(seat)
        if seat in resigned:
            continue
        if user is None:
            if seat in open_seats:  # its clock runs, so the AI plays it if nobody comes
                starts[seat] = now
            continue
        player = players[seat] = await store.prefs.player(user)
        starts[seat] = player.away_until if player.away(now) and player.away_until else now
    planned = plan_timers(game.id, clock, waiting=waiting, starts=starts, kept=kept, now=now)
    return personal_timers(planned, players, clock, now)


async def replanned_reminders(
    store: Store, game: Game, before: Player, after: Player, now: datetime
) -> tuple[list[NewTimer], list[int]]:
    """A player's pending reminders in ``game`` planned again for the choices they just made
    (``before`` → ``after``: quiet hours, time zone, own reminder points), against the
    deadlines they already have: the reminders to schedule (each replaces the pending one
    with its key) and the ids of pending reminders the new plan no longer has.

    A reminder the old choices had sent already (moved before quiet hours, say) is not
    planned again, so changing a choice never repeats one."""
    clock = TableSettings.of(game).clock
    if clock.deadline is None:
        return [], []
    pending = await store.timers.pending(game.id)
    fresh: list[NewTimer] = []
    dropped: list[int] = []
    for seat, due in deadlines_by_seat(pending).items():
        if game.user_at(seat) != before.user_id:
            continue
        waiting = [
            t for t in pending if t.kind is TimerKind.REMINDER and int(t.payload["seat"]) == seat
        ]
        waiting_keys = {t.key for t in waiting}
        # The old choices' plan as made when the move began: what it put before now and
        # is not waiting any more was sent.
        began = min(now, due - clock.deadline)
        first = seat_timers(game.id, seat, clock, due, began)
        was = {t.key: t.due_at for t in personal_timers(first, {seat: before}, clock, began)}
        sent = {key for key, at in was.items() if at <= now and key not in waiting_keys}
        planned = seat_timers(game.id, seat, clock, due, now)
        chosen = [
            t
            for t in personal_timers(planned, {seat: after}, clock, now)
            if t.kind is TimerKind.REMINDER and t.key not in sent
        ]
        fresh += chosen
        kept = {t.key for t in chosen}
        dropped += [t.id for t in waiting if t.key not in kept]
    return fresh, dropped


def clock_footer(timers: Iterable[NewTimer] | None) -> str:
    """The deadline line under a board, from the timers just planned."""
    if timers is None:
        return ""
    return deadline_line(t.due_at for t in timers if t.kind is TimerKind.DEADLINE)
