"""Dealing a game: the checks before the start, the seats put in order (shuffled when the
table says so), the engine's first state, the first timers, heads-ups and daily digests, and
the first board and private views queued, all recorded in one transaction.

Who may start a lobby and when, and the game's lock, are :class:`~bot.lobby.lobby.Lobbies`'.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from datetime import datetime

import games
from bot.clocks.deadline_plan import clock_timers
from bot.clocks.heads_up import heads_up_deliveries
from bot.clocks.quiet_hours import next_digest
from bot.clocks.turn_clock import digest_timer
from bot.common.announce import notice_deliveries
from bot.common.refusals import Refusal
from bot.delivery.queued import table_deliveries
from bot.lobby.table_settings import Seating, TableSettings
from games.core import InvalidSetup
from games.core.words import Msg, msg, nmsg
from storage import Game, GameStatus, NewTimer, Store


def check_can_start(game: Game, user_id: int, *, hosted: bool = True) -> None:
    """Refuse unless ``user_id`` hosts this lobby (when ``hosted``) and the seat count is
    legal."""
    engine = games.get(game.game_key)
    if game.status is not GameStatus.LOBBY:
        raise Refusal(not_a_lobby(game))
    if hosted and game.host_id != user_id:
        raise Refusal(msg("Only the host can start this game."))
    if not engine.min_players <= len(game.seats) <= engine.max_players:
        raise Refusal(
            nmsg(
                "{game} needs {players}; {n} is seated.",
                "{game} needs {players}; {n} are seated.",
                len(game.seats),
                game=engine.title,
                players=engine.seat_count_label(),
            )
        )
    try:  # the engine's own setup rules (e.g. teams need four), before anything is made
        engine.new_game(len(game.seats), 0, game.options)
    except InvalidSetup as error:
        raise Refusal(error.message) from None


async def deal(
    store: Store,
    game: Game,
    thread_id: int | None,
    *,
    seed: int,
    clock: Callable[[], datetime],
    announce: str = "",
    pings: tuple[int, ...] = (),
) -> Game:
    """Start the lobby ``game`` (checked, and under its lock) with ``seed``, played in
    ``thread_id`` when it has no thread yet. ``announce`` (pinging ``pings``) is posted
    before the first board."""
    engine = games.get(game.game_key)
    if thread_id is not None and game.thread_id is None:
        game = await store.games.set_messages(game.id, thread_id=thread_id)
    positions = [s.position for s in game.seats]
    if TableSettings.of(game).seating is Seating.SHUFFLED:
        random.Random(seed).shuffle(positions)
    try:
        state = engine.new_game(len(positions), seed, game.options)
    except InvalidSetup as error:
        raise Refusal(error.message) from None
    waiting = engine.waiting_for(state)
    seated = _with_engine_seats(game, positions)
    timers = await clock_timers(store, seated, waiting, clock())
    told = notice_deliveries(seated, announce, pings) if announce else []
    told += await heads_up_deliveries(
        store, seated, len(positions), before=frozenset(), after=waiting, now=clock()
    )
    started = await store.games.start(
        game.id,
        seed=seed,
        seat_order=positions,
        state=engine.dump(state),
        to_act=waiting,
        deliveries=told + table_deliveries(seated, 0),
        timers=timers or (),
    )
    # Each player's daily digest, unless one is already coming for another game.
    await store.timers.schedule(await first_digests(store, started, clock()), replace=False)
    return started


async def first_digests(store: Store, game: Game, now: datetime) -> list[NewTimer]:
    """Each player's first daily digest once ``game`` starts: a day from now, or at the
    local hour they chose, outside their quiet hours."""
    people = [s.user_id for s in game.seats if s.user_id is not None]
    return [
        digest_timer(user, next_digest(await store.prefs.player(user), now, now=now))
        for user in people
    ]


def not_a_lobby(game: Game) -> Msg:
    """Why ``game`` takes no more seats nor a start: it started, or it is over."""
    if game.status is GameStatus.ACTIVE:
        return msg("Game #{number} has already started.", number=game.id)
    if game.status is GameStatus.FINISHED:
        return msg("Game #{number} is finished.", number=game.id)
    if game.status is GameStatus.CANCELLED:
        return msg("Game #{number} is cancelled.", number=game.id)
    return msg("Game #{number} is a lobby.", number=game.id)


def _with_engine_seats(game: Game, positions: list[int]) -> Game:
    """The game as it will be once started: each seat given its engine number."""
    engine_seat = {position: i for i, position in enumerate(positions)}
    seats = tuple(dataclasses.replace(s, seat=engine_seat[s.position]) for s in game.seats)
    return dataclasses.replace(game, seats=seats)
