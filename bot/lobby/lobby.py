"""Lobbies: open a table, take and give up seats, start the game (dealt by
:mod:`~bot.lobby.dealing`), ask for a rematch, call a game off."""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

import games
from bot.clocks.turn_clock import DEADLINE_CHOICES, Policy, server_clock
from bot.common.announce import close_delivery, notice_deliveries
from bot.common.locks import GameLocks
from bot.common.refusals import Refusal
from bot.common.text import user
from bot.delivery.queued import table_deliveries
from bot.lobby.dealing import check_can_start, deal, not_a_lobby
from bot.lobby.options import parse_options
from bot.lobby.requirements import Requirements
from bot.lobby.requirements import check as check_requirements
from bot.lobby.table_settings import REMATCH_OF as REMATCH_OF
from bot.lobby.table_settings import Seating as Seating
from bot.lobby.table_settings import TableSettings
from games.ai import level_of
from games.core import Engine
from games.core.words import msg, nmsg
from storage import (
    AlreadySeated,
    Game,
    GameNotFound,
    GameStatus,
    LobbyFull,
    NotInLobby,
    NotSeated,
    Store,
)

#: How many open lobbies one member may host at once, so nobody floods a channel.
MAX_OPEN_LOBBIES = 3

#: Opens a game's thread on Discord: its id, or ``None`` where the game is played in the
#: channel.
OpenThread = Callable[[Game], Awaitable[int | None]]


class Lobbies:
    """Everything that happens before the first move, and calling a game off."""

    def __init__(
        self,
        store: Store,
        locks: GameLocks,
        *,
        seeds: Callable[[], int] = lambda: secrets.randbits(62),
        max_open_lobbies: int = MAX_OPEN_LOBBIES,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self._store = store
        self._locks = locks
        self._seeds = seeds
        self._clock = clock
        self._max_open = max_open_lobbies
        self._hosts = GameLocks()  # one lobby opened at a time per host, so the limit holds

    async def open(
        self,
        *,
        game_key: str,
        options: str | None,
        seating: Seating,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        deadline: str | None = None,
        policy: str | None = None,
        rated: bool = True,
        requirements: Requirements | None = None,
    ) -> Game:
        """A new lobby hosted by ``host_id``, who takes the first seat. Its turn clock is the
        server's default unless ``deadline`` (a key of ``DEADLINE_CHOICES``) or ``policy``
        say otherwise. An unrated game leaves the players' ratings alone. ``requirements``
        (``bot.lobby.requirements``) are what a member must meet to join."""
        try:
            engine = games.get(game_key)
        except games.UnknownGame as error:
            raise Refusal(error.args[0]) from None
        chosen = parse_options(engine, options)
        clock = server_clock(await self._store.prefs.server(guild_id) if guild_id else {})
        if deadline is not None:
            if deadline not in DEADLINE_CHOICES:
                raise Refusal(
                    msg("Choose a deadline among {choices}.", choices=", ".join(DEADLINE_CHOICES))
                )
            clock = dataclasses.replace(clock, deadline=DEADLINE_CHOICES[deadline])
        if policy is not None:
            clock = dataclasses.replace(clock, policy=Policy(policy))
        async with self._hosts(host_id):
            await self._check_hosting(host_id)
            game = await self._store.games.create_lobby(
                game_key=engine.key,
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                options=chosen.model_dump(mode="json"),
                settings=TableSettings(
                    seating=seating,
                    clock=clock,
                    rated=rated,
                    requirements=requirements or Requirements(),
                ).stored(),
            )
            return await self._store.games.join(
                game.id, user_id=host_id, max_seats=engine.max_players
            )

    async def _check_hosting(self, host_id: int) -> None:
        """Refuse a member who already hosts as many open lobbies as one may."""
        hosted = [
            g
            for g in await self._store.games.of_user(host_id, (GameStatus.LOBBY,))
            if g.host_id == host_id
        ]
        if len(hosted) >= self._max_open:
            raise Refusal(
                nmsg(
                    "You already host {n} open lobby; start or cancel one first.",
                    "You already host {n} open lobbies; start or cancel one first.",
                    len(hosted),
                )
            )

    async def rematch(self, game_id: int, user_id: int) -> tuple[Game, bool]:
        """A new lobby for a game that is over, hosted by ``user_id`` (one of its players):
        the same people and AI players seated in the same order, the same options and table
        settings. One rematch per game: when one was made already, it is handed back instead
        (``False``: not made now)."""
        async with self._locks(game_id):
            game = await self._get(game_id)
            if game.status not in (GameStatus.FINISHED, GameStatus.CANCELLED):
                raise Refusal(msg("Game #{number} is not over yet.", number=game.id))
            if not game.seated(user_id):
                raise Refusal(
                    msg(
                        "Only the players of game #{number} can ask for its rematch.",
                        number=game.id,
                    )
                )
            made = await self.rematch_of(game)
            if made is not None:
                return made, False
            engine = games.get(game.game_key)
            settings = TableSettings.of(game).rematch(game.id)
            async with self._hosts(user_id):
                await self._check_hosting(user_id)
                lobby = await self._store.games.create_lobby(
                    game_key=game.game_key,
                    guild_id=game.guild_id,
                    channel_id=game.channel_id,
                    host_id=user_id,
                    options=dict(game.options),
                    settings=settings.stored(),
                )
                for seat in game.in_seat_order():
                    if seat.is_open:
                        continue  # nobody took it: the rematch seats who played
                    lobby = await self._store.games.join(
                        lobby.id,
                        user_id=seat.user_id,
                        team=seat.team,
                        ai_level=seat.ai_level,
                        max_seats=engine.max_players,
                    )
            return lobby, True

    async def rematch_of(self, game: Game) -> Game | None:
        """The lobby (or game, by now) made as the rematch of ``game``, if any."""
        statuses = tuple(GameStatus)
        for other in await self._store.games.in_channel(game.channel_id, statuses):
            if TableSettings.of(other).rematch_of == game.id:
                return other
        return None

    async def join(self, game_id: int, user_id: int) -> Game:
        """Seat ``user_id`` at the lobby, if they meet what its host requires."""
        game = await self._get(game_id)
        wanted = TableSettings.of(game).requirements
        await check_requirements(self._store, game.guild_id, wanted, user_id)
        engine = games.get(game.game_key)
        try:
            return await self._store.games.join(
                game_id, user_id=user_id, max_seats=engine.max_players
            )
        except AlreadySeated:
            raise Refusal(msg("You are already at this table.")) from None
        except LobbyFull:
            raise Refusal(
                msg(
                    "This table is full: {game} seats {most}.",
                    game=engine.title,
                    most=engine.max_players,
                )
            ) from None
        except NotInLobby:
            raise Refusal(not_a_lobby(game)) from None

    async def add_ai(self, game_id: int, user_id: int, level: str) -> Game:
        """The host seats an AI player of ``level`` at the lobby."""
        game = await self._get(game_id)
        engine = games.get(game.game_key)
        try:
            chosen = level_of(level)
        except ValueError as error:
            raise Refusal(error.args[0]) from None
        if game.status is not GameStatus.LOBBY:
            raise Refusal(not_a_lobby(game))
        if game.host_id != user_id:
            raise Refusal(msg("Only the host can seat AI players."))
        try:
            return await self._store.games.join(
                game_id, user_id=None, ai_level=chosen.value, max_seats=engine.max_players
            )
        except LobbyFull:
            raise Refusal(
                msg(
                    "This table is full: {game} seats {most}.",
                    game=engine.title,
                    most=engine.max_players,
                )
            ) from None
        except NotInLobby:
            raise Refusal(not_a_lobby(game)) from None

    async def remove_ai(self, game_id: int, user_id: int) -> Game:
        """The host takes away the AI player seated last."""
        game = await self._get(game_id)
        if game.status is not GameStatus.LOBBY:
            raise Refusal(not_a_lobby(game))
        if game.host_id != user_id:
            raise Refusal(msg("Only the host can remove AI players."))
        seated = [s.position for s in game.seats if s.is_ai]
        if not seated:
            raise Refusal(msg("There is no AI player at this table."))
        try:
            return await self._store.games.remove_seat(game_id, position=max(seated))
        except (NotInLobby, NotSeated):
            raise Refusal(not_a_lobby(game)) from None

    async def leave(self, game_id: int, user_id: int) -> Game:
        """Give up ``user_id``'s seat at the lobby."""
        game = await self._get(game_id)
        if game.host_id == user_id and game.status is GameStatus.LOBBY:
            raise Refusal(msg("You host this table: cancel it instead of leaving."))
        try:
            return await self._store.games.leave(game_id, user_id=user_id)
        except NotSeated:
            raise Refusal(msg("You are not at this table.")) from None
        except NotInLobby:
            raise Refusal(not_a_lobby(game)) from None

    async def start(
        self,
        game_id: int,
        user_id: int,
        *,
        thread_id: int | None = None,
        open_thread: OpenThread | None = None,
    ) -> Game:
        """Deal the game: seats in order, the first board and hands queued for delivery.

        ``open_thread`` opens the game's thread (``None`` where it cannot have one). It runs
        under the game's lock, after the checks: of many simultaneous clicks on Start, one
        opens a thread and deals, and the others wait, then are told the game has started,
        having created nothing.
        """
        async with self._locks(game_id):
            game = await self._get(game_id)
            check_can_start(game, user_id)
            if thread_id is None and game.thread_id is None and open_thread is not None:
                thread_id = await open_thread(game)
            return await deal(self._store, game, thread_id, seed=self._seeds(), clock=self._clock)

    async def deal(
        self,
        game_id: int,
        *,
        thread_id: int | None = None,
        open_thread: OpenThread | None = None,
        announce: str = "",
        pings: tuple[int, ...] = (),
    ) -> Game:
        """Start a lobby that was seated for its players (a tournament table): no host
        starts it. ``announce`` (pinging ``pings``) is posted before the first board. A game
        already started is handed back as it is, so a retry deals nothing twice; as with
        :meth:`start`, ``open_thread`` runs under the game's lock, so one thread per game."""
        async with self._locks(game_id):
            game = await self._get(game_id)
            if game.status is not GameStatus.LOBBY:
                return game
            check_can_start(game, game.host_id, hosted=False)
            if thread_id is None and game.thread_id is None and open_thread is not None:
                thread_id = await open_thread(game)
            return await deal(
                self._store,
                game,
                thread_id,
                seed=self._seeds(),
                clock=self._clock,
                announce=announce,
                pings=pings,
            )

    def check_can_cancel(self, game: Game, user_id: int, *, is_admin: bool) -> None:
        """Refuse unless the game is a lobby or running, and ``user_id`` hosts it or manages
        the server."""
        if game.status not in (GameStatus.LOBBY, GameStatus.ACTIVE):
            if game.status is GameStatus.FINISHED:
                raise Refusal(msg("Game #{number} is already finished.", number=game.id))
            raise Refusal(msg("Game #{number} is already cancelled.", number=game.id))
        if game.host_id != user_id and not is_admin:
            raise Refusal(msg("Only the host or a server manager can call this game off."))

    async def cancel(self, game_id: int, user_id: int, *, is_admin: bool) -> Game:
        """Call off a lobby or a running game: its host, or a member who manages the server."""
        async with self._locks(game_id):
            game = await self._get(game_id)
            self.check_can_cancel(game, user_id, is_admin=is_admin)
            notice = []
            if game.status is GameStatus.ACTIVE:
                # The notice, then the final board saying the game was called off (and each
                # player told so), then the thread closes.
                notice = notice_deliveries(
                    game,
                    msg(
                        "Game #{number} was abandoned by {who}. Its log is kept.",
                        number=game.id,
                        who=user(user_id),
                    ),
                )
                notice += table_deliveries(game, game.version, post=True, lines=False)
                notice.append(close_delivery(game))
            return await self._store.games.cancel(game_id, deliveries=notice)

    async def _get(self, game_id: int) -> Game:
        try:
            return await self._store.games.get(game_id)
        except GameNotFound:
            raise Refusal(msg("There is no game #{number}.", number=game_id)) from None


def engine_of(game: Game) -> Engine[Any, Any]:
    """The rules engine a stored game is played with."""
    return games.get(game.game_key)
