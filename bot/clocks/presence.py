"""A player's presence at the tables: vacations, notification choices, and nudging a slow
player."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

import games
from bot.clocks.deadline_plan import replanned_reminders
from bot.clocks.quiet_hours import check_zone, next_digest, own_reminders, parse_quiet
from bot.clocks.turn_clock import (
    MAX_AWAY,
    NUDGE_COOLDOWN,
    digest_timer,
    duration_text,
    parse_duration,
)
from bot.common.announce import notice_deliveries
from bot.common.locks import GameLocks
from bot.common.refusals import Refusal, TableBusy
from bot.common.text import moment, user, users
from bot.words.languages import LANGUAGES
from games.core.words import msg, msg_list
from storage import Game, GameStatus, Player, Store
from storage.records import PLAYER_CHOICES, merged, player_choices

log = logging.getLogger("grimoire.presence")

#: The choices that move a player's reminders.
MOVES_REMINDERS = frozenset({"time_zone", "quiet", "reminders_before"})


class Presence:
    """``/away``, ``/notify`` and ``/game nudge``."""

    def __init__(self, store: Store, locks: GameLocks, *, clock: Callable[[], datetime]) -> None:
        self._store = store
        self._locks = locks
        self._clock = clock

    async def away(self, user_id: int, duration: str) -> Player:
        """Start a vacation of ``duration`` (``3d``, ``12h``; at most 14 days), or end it
        with ``off``. Each running game's table is told."""
        now = self._clock()
        if duration.strip().lower() in ("off", "back", "0", "none"):
            before = await self._store.prefs.player(user_id)
            if not before.away(now):
                raise Refusal(msg("You are not away."))
            player = await self._store.prefs.set_away(user_id, None)
            await self._tell_tables(user_id, msg("{who} is back.", who=user(user_id)))
            return player
        length = parse_duration(duration, longest=MAX_AWAY)
        until = now + length
        player = await self._store.prefs.set_away(user_id, until)
        await self._tell_tables(
            user_id,
            msg(
                "🏖️ {who} is away until {until} ({length}): their move clock is paused until then.",
                who=user(user_id),
                until=moment(until, "f"),
                length=duration_text(length),
            ),
        )
        return player

    async def _tell_tables(self, user_id: int, text: str) -> None:
        playing = await self._store.games.of_user(user_id, (GameStatus.ACTIVE,))
        deliveries = [d for game in playing for d in notice_deliveries(game, text)]
        if deliveries:
            await self._store.outbox.enqueue(deliveries)

    async def notify(
        self,
        user_id: int,
        *,
        reminders: bool | None,
        digest: bool | None,
        turns: bool | None = None,
    ) -> Player:
        """Turn reminders, the daily digest or your-turn DMs on or off; with none of them,
        what is chosen now."""
        if reminders is None and digest is None and turns is None:
            return await self._store.prefs.player(user_id)
        return await self._store.prefs.set_notifications(
            user_id, reminders=reminders, digest=digest, turns=turns
        )

    async def set_time(
        self,
        user_id: int,
        *,
        time_zone: str | None = None,
        quiet: str | None = None,
        digest_hour: int | None = None,
        before: str | None = None,
        heads_up: bool | None = None,
    ) -> Player:
        """Change a player's time choices (``None`` leaves each as it is): their time zone
        (an IANA name), quiet hours (``23-08`` or ``off``), the local hour of their digest
        (``-1``: a day after their first game started), their own reminder points
        (``12h 1h``, or ``table`` for the table's) and the heads-up when they are next. A
        digest they are waiting for moves with them, in the same transaction, and the
        reminders of their running games are planned again for the new choices."""
        changes: dict[str, Any] = {}
        if time_zone is not None:
            changes["time_zone"] = check_zone(time_zone)
        if quiet is not None:
            hours = parse_quiet(quiet)
            changes["quiet"] = None if hours is None else list(hours)
        if digest_hour is not None:
            changes["digest_hour"] = None if digest_hour < 0 else digest_hour
        if before is not None:
            changes["reminders_before"] = own_reminders(before)
        if heads_up is not None:
            changes["heads_up"] = heads_up
        current = await self._store.prefs.player(user_id)
        if not changes:
            return current
        now = self._clock()
        stored = {name: getattr(current, name) for name in PLAYER_CHOICES}
        after = Player(
            user_id,
            reminders=current.reminders,
            digest=current.digest,
            turns=current.turns,
            away_until=current.away_until,
            **player_choices(merged(stored, changes)),
        )
        timers = []
        moves_digest = {"time_zone", "quiet", "digest_hour"} & set(changes)
        playing = moves_digest and after.digest_hour is not None
        if playing and await self._store.games.of_user(user_id, (GameStatus.ACTIVE,)):
            timers.append(digest_timer(user_id, next_digest(after, now, now=now)))
        saved = await self._store.prefs.set_choices(user_id, changes, timers=timers)
        if MOVES_REMINDERS & set(changes):
            await self._replan_reminders(current, saved)
        return saved

    async def set_language(self, user_id: int, language: str | None) -> Player:
        """Choose the language a member reads (``fr``), or forget the choice (``None``: their
        Discord client's again). A language Grimoire does not speak is refused."""
        if language is not None and language not in LANGUAGES:
            raise Refusal(
                msg(
                    "Grimoire speaks {languages}.",
                    languages=msg_list([f"{name} (`{code}`)" for code, name in LANGUAGES.items()]),
                )
            )
        return await self._store.prefs.set_choices(user_id, {"language": language})

    async def _replan_reminders(self, before: Player, after: Player) -> None:
        """Plan the player's pending reminders again, game by game under each game's lock so
        that no move replans them meanwhile. A game whose lock is kept too long is left as
        it is: its reminders still respect the new choices when they fall due
        (``bot.clocks.when_due``), only less well."""
        playing = await self._store.games.of_user(after.user_id, (GameStatus.ACTIVE,))
        for listed in playing:
            try:
                async with self._locks(listed.id):
                    game = await self._store.games.get(listed.id)
                    if game.status is not GameStatus.ACTIVE:
                        continue
                    now = self._clock()
                    fresh, dropped = await replanned_reminders(
                        self._store, game, before, after, now
                    )
                    if fresh:
                        await self._store.timers.schedule(fresh)
                    for timer_id in dropped:
                        await self._store.timers.mark_fired(timer_id)
            except TableBusy:
                log.warning("Reminders of game %s not replanned: its table is busy.", listed.id)

    async def nudge(self, game: Game, user_id: int) -> list[int]:
        """Ping the players ``game`` waits for, on behalf of another player at the table; at
        most once per ``NUDGE_COOLDOWN`` per game. Returns who was pinged."""
        if game.status is not GameStatus.ACTIVE:
            raise Refusal(msg("Game #{game} is not being played.", game=game.id))
        if game.seat_of(user_id) is None:
            raise Refusal(msg("Only the players of this game can nudge."))
        slow = [
            u
            for s in sorted(game.to_act - game.resigned_seats())
            if (u := game.user_at(s)) is not None and u != user_id
        ]
        if not slow:
            raise Refusal(msg("Nobody else is keeping this game waiting."))
        now = self._clock()
        away = [u for u in slow if (await self._store.prefs.player(u)).away(now)]
        if away and len(away) == len(slow):
            raise Refusal(msg("They are away: their clock is paused until they are back."))
        title = games.get(game.game_key).title
        pings = [u for u in slow if u not in away]
        text = msg(
            "👋 {who} nudges {slow}: the table is waiting for your move in {game}.",
            who=user(user_id),
            slow=users(pings),
            game=title,
        )
        last = await self._store.games.nudge(
            game.id, cooldown=NUDGE_COOLDOWN, deliveries=notice_deliveries(game, text, pings)
        )
        if last is not None:
            again = last + NUDGE_COOLDOWN
            raise Refusal(
                msg(
                    "This table was nudged {last}; you can nudge again {again}.",
                    last=moment(last, "R"),
                    again=moment(again, "R"),
                )
            )
        return pings
