"""What a timer does when its time comes: a reminder, a deadline, a daily digest.

Every timer is marked fired in the same transaction as what it causes (the store's
``Timers.fire``, or the move that replaces the game's timers), so none acts twice, even
when the bot stops half-way and fires what is left at its next start.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

import games
from bot.ai.stand_ins import StandIns
from bot.clocks.quiet_hours import dm_time, next_digest, personal_timers
from bot.clocks.substitutes import Substitutes, open_seats
from bot.clocks.turn_clock import Policy, StrikesPolicy, TurnClock, digest_timer, seat_timers
from bot.common.announce import jump_link, notice_deliveries, where
from bot.common.posts import Post
from bot.common.text import moment, user
from bot.lobby.table_settings import TableSettings
from bot.tables.withdrawals import Withdrawals
from games.core.words import joined, msg, nmsg
from storage import (
    Delivery,
    DeliveryKind,
    Game,
    GameNotFound,
    GameStatus,
    NewTimer,
    Store,
    Timer,
    TimerKind,
)

log = logging.getLogger("grimoire.clockwork")


class Clockwork:
    """Fires due timers: reminders by DM, the table's policy at a deadline, digests."""

    def __init__(
        self,
        store: Store,
        *,
        stand_ins: StandIns,
        withdrawals: Withdrawals,
        substitutes: Substitutes,
        clock: Callable[[], datetime],
    ) -> None:
        self._store = store
        self._stand_ins = stand_ins
        self._withdrawals = withdrawals
        self._substitutes = substitutes
        self._clock = clock

    async def fire(self, timer: Timer) -> None:
        """Do what ``timer`` is for, once."""
        if timer.kind is TimerKind.DIGEST:
            await self._digest(timer)
            return
        game = await self._game_awaiting(timer)
        if game is None:
            return
        if timer.kind is TimerKind.REMINDER:
            await self._reminder(timer, game)
        else:
            await self._deadline(timer, game)

    async def _game_awaiting(self, timer: Timer) -> Game | None:
        """The timer's game while it still waits for the timer's seat; otherwise the timer
        is spent, and ``None``."""
        seat = int(timer.payload.get("seat", -1))
        game: Game | None = None
        if timer.game_id is not None:
            try:
                game = await self._store.games.get(timer.game_id)
            except GameNotFound:
                game = None
        if (
            game is None
            or game.status is not GameStatus.ACTIVE
            or seat not in game.to_act
            or seat in game.resigned_seats()
            or (game.user_at(seat) is None and seat not in open_seats(game))
        ):
            await self._store.timers.fire(timer.id)
            return None
        return game

    async def _reminder(self, timer: Timer, game: Game) -> None:
        seat = int(timer.payload["seat"])
        player_id = game.user_at(seat)
        if player_id is None:  # an open seat: nobody to remind yet
            await self._store.timers.fire(timer.id)
            return
        player = await self._store.prefs.player(player_id)
        now = self._clock()
        if player.away(now) or not player.reminders:
            await self._store.timers.fire(timer.id)
            return
        due = datetime.fromtimestamp(float(timer.payload["deadline"]), now.tzinfo)
        # Quiet hours chosen after the reminder was planned still hold it back.
        at = dm_time(player, now, now=now, deadline=due)
        if at != now:
            later = [] if at is None else [_moved(timer, at)]
            await self._store.timers.fire(timer.id, timers=later)
            return
        title = games.get(game.game_key).title
        left, when = moment(due, "R"), moment(due, "f")
        text = msg(
            "⏰ Your move in {b}{game}{/b} #{number} is due {left} ({when}). {link}",
            game=title,
            number=game.id,
            left=left,
            when=when,
            link=jump_link(game),
        )
        post = Post(
            content=text,
            game_id=game.id,
            notice_channel_id=where(game),
            ping_instead=msg("⏰ Your move is due {left} ({when}).", left=left, when=when),
        )
        dm = Delivery(DeliveryKind.DM, player_id, post.to_payload(), game_id=game.id)
        await self._store.timers.fire(timer.id, deliveries=[dm])

    async def _deadline(self, timer: Timer, game: Game) -> None:
        if timer.id not in {t.id for t in await self._store.timers.pending(game.id)}:
            return  # replaced by a move since it was read
        seat = int(timer.payload["seat"])
        player_id = game.user_at(seat)
        clock = TableSettings.of(game).clock
        now = self._clock()
        if player_id is None:
            await self._open_seat_deadline(timer, game, seat, clock)
            return
        player = await self._store.prefs.player(player_id)
        if clock.deadline is None:
            await self._store.timers.fire(timer.id)
        elif player.away(now) and player.away_until is not None:
            # A vacation pauses the clock: a whole move's time from the day they are back.
            due = clock.due_after(player.away_until)
            planned = seat_timers(game.id, seat, clock, due, now)
            fresh = personal_timers(planned, {seat: player}, clock, now)
            await self._store.timers.fire(timer.id, timers=fresh)
        elif clock.policy is Policy.WAIT:
            notice = msg(
                "⏰ {who} let the deadline pass; the game waits for them. "
                "Anyone at the table may `/game nudge`.",
                who=user(player_id),
            )
            await self._store.timers.fire(timer.id, deliveries=notice_deliveries(game, notice))
        else:
            await self._act(timer, game, seat, player_id, clock)

    async def _act(
        self, timer: Timer, game: Game, seat: int, player_id: int, clock: TurnClock
    ) -> None:
        notice = msg("⏰ {who} let the deadline pass.", who=user(player_id))
        played = await self._stand_ins.play_for(game.id, seat, version=game.version, notice=notice)
        # The move replaced the game's timers; when the game moved on first, so did that move.
        await self._store.timers.mark_fired(timer.id)
        missed = next((s.missed for s in played.seats if s.seat == seat), 0)
        if played.version != game.version and clock.strikes and missed >= clock.strikes:
            who = user(player_id)
            gone = nmsg(
                "{who} is removed from the game after {n} missed deadline.",
                "{who} is removed from the game after {n} missed deadlines.",
                missed,
                who=who,
            )
            if (
                clock.on_strikes is StrikesPolicy.OPEN
                and TableSettings.of(played).allow_substitutes
            ):
                opened = nmsg(
                    "{who} is removed from the game after {n} missed deadline. Their seat is open.",
                    "{who} is removed from the game after {n} missed deadlines. "
                    "Their seat is open.",
                    missed,
                    who=who,
                )
                await self._substitutes.open_seat(game.id, seat, opened)
            else:
                await self._withdrawals.remove(game.id, seat, gone)

    async def _open_seat_deadline(
        self, timer: Timer, game: Game, seat: int, clock: TurnClock
    ) -> None:
        """Nobody took the open seat in time: the AI makes its move, unless the table waits."""
        if clock.deadline is None or clock.policy is Policy.WAIT:
            await self._store.timers.fire(timer.id)
            return
        notice = msg(
            "⏰ Nobody has taken seat {seat} yet, so the AI plays it for now.", seat=seat + 1
        )
        await self._stand_ins.play_for(game.id, seat, version=game.version, notice=notice)
        await self._store.timers.mark_fired(timer.id)

    async def _digest(self, timer: Timer) -> None:
        player_id = int(timer.payload["user"])
        now = self._clock()
        playing = await self._store.games.of_user(player_id, (GameStatus.ACTIVE,))
        if not playing:
            await self._store.timers.fire(timer.id)  # the next game started brings it back
            return
        player = await self._store.prefs.player(player_id)
        at = dm_time(player, now, now=now)
        if at != now:
            # Quiet hours chosen after the digest was planned: it waits for their end.
            assert at is not None
            await self._store.timers.fire(timer.id, timers=[digest_timer(player_id, at)])
            return
        deliveries = []
        awaiting = await self._store.games.awaiting(player_id)
        if player.digest and awaiting and not player.away(now):
            deliveries.append(_digest_dm(player_id, awaiting))
        await self._store.timers.fire(
            timer.id,
            deliveries=deliveries,
            timers=[digest_timer(player_id, next_digest(player, timer.due_at, now=now))],
        )


def _moved(timer: Timer, at: datetime) -> NewTimer:
    """``timer`` again, due at ``at``."""
    return NewTimer(timer.kind, at, game_id=timer.game_id, payload=timer.payload, key=timer.key)


def _digest_dm(player_id: int, awaiting: list[Game]) -> Delivery:
    count = len(awaiting)
    # A line holds no words of its own: the game's title is said as the game says it.
    lines = [
        joined(["• {b}", games.get(g.game_key).title, f"{{/b}} #{g.id} — {jump_link(g)}"], "")
        for g in awaiting[:20]
    ]
    more = [nmsg("…and {n} more.", "…and {n} more.", count - 20)] if count > 20 else []
    header = nmsg("Your turn in {n} game:", "Your turn in {n} games:", count)
    footer = msg("Turn this daily message off with `/notify digest:off`.")
    content = joined([header, *lines, *more, "", footer], "\n")
    return Delivery(DeliveryKind.DM, player_id, Post(content=content).to_payload())
