"""Tournaments: sign-ups, rounds whose games start themselves, results feeding standings.

Everything that moves a tournament on is idempotent and reads only the store: a round is
recorded once (``RoundConflict`` otherwise), a table's game is created once, a lobby is dealt
once. So after a crash or a restart, :meth:`Tournaments.resume` simply looks at every running
tournament again and carries on from what the store says.

This module holds what organisers and players do (sign-ups, the organiser's commands, reading);
what an organiser chose is checked by :mod:`~bot.tournaments.formats` and kept as
:class:`~bot.tournaments.tournament_settings.TournamentSettings`, the rounds a tournament
plays are :mod:`~bot.tournaments.schedule`'s, moving it on (after a game, after a restart) is
:mod:`~bot.tournaments.rounds`, and what it shows in its channel :mod:`~bot.tournaments.channel`.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Callable
from datetime import UTC, datetime

from bot.ai.stand_ins import StandIns
from bot.common.locks import GameLocks
from bot.common.posts import Post
from bot.common.refusals import Refusal
from bot.common.text import user
from bot.lobby.lobby import Lobbies
from bot.lobby.options import parse_options
from bot.lobby.requirements import Requirements
from bot.lobby.requirements import check as check_requirements
from bot.tables.withdrawals import Withdrawals
from bot.tournaments import boards, channel
from bot.tournaments.boards import refusal_of
from bot.tournaments.channel import channel_post, tournament_lane
from bot.tournaments.formats import (
    MAX_ENTRANTS,
    check_rounds,
    game_and_format,
    move_deadline,
    signup_time,
    table_range,
    tournament_name,
)
from bot.tournaments.points import Standing
from bot.tournaments.results import standings_of, table_games
from bot.tournaments.rounds import OpenThread, Rounds, no_thread
from bot.tournaments.schedule import planned_rounds, seeding
from bot.tournaments.tournament_settings import TournamentSettings
from games.core import Board
from games.core.words import joined, msg, msg_list
from storage import (
    AlreadyEntered,
    Delivery,
    GameStatus,
    NewTimer,
    NotEntered,
    NotRunning,
    NotSigningUp,
    Store,
    Timer,
    TimerKind,
    Tournament,
    TournamentNotFound,
    TournamentStatus,
)

#: Open tournaments one server may have at once, so a channel is not flooded.
MAX_OPEN_PER_SERVER = 10


def start_timer(tournament_id: int, due: datetime) -> NewTimer:
    """The moment a tournament's sign-ups close and it starts by itself."""
    return NewTimer(
        TimerKind.TOURNAMENT_START,
        due,
        payload={"tournament": tournament_id},
        key=f"tournament-start:{tournament_id}",
    )


class Tournaments:
    """Everything organisers and players do with tournaments."""

    def __init__(
        self,
        store: Store,
        lobbies: Lobbies,
        *,
        stand_ins: StandIns,
        withdrawals: Withdrawals,
        open_thread: OpenThread = no_thread,
        seeds: Callable[[], int] = lambda: secrets.randbits(62),
        delivered: Callable[[], None] = lambda: None,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self._store = store
        self._stand_ins = stand_ins
        self._withdrawals = withdrawals
        self._seeds = seeds
        self._delivered = delivered
        self._clock = clock
        self._locks = GameLocks()  # one tournament moved on at a time
        self._rounds = Rounds(
            store, lobbies, self._locks, open_thread=open_thread, delivered=delivered
        )

    # ------------------------------------------------------------------ sign-ups
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        game_key: str,
        tournament_format: str,
        rounds: int | None = None,
        tables: str | None = None,
        deadline: str | None = None,
        name: str | None = None,
        options: str | None = None,
        starts_in: str | None = None,
        substitutes: bool = False,
        requirements: Requirements | None = None,
    ) -> Tournament:
        """A new tournament taking sign-ups; its organiser is signed up too. ``options`` are
        the game's variant options, the same at every table; ``starts_in`` (``7d``) starts it
        by itself when that time is up (otherwise the organiser starts it); ``substitutes``
        lets a seat a player leaves be taken by someone new; ``requirements``
        (``bot.lobby.requirements``) are what a member must meet to sign up."""
        engine, chosen = game_and_format(game_key, tournament_format)
        variant = parse_options(engine, options).model_dump(mode="json")
        sizes = table_range(engine, tables, chosen, variant)
        wait = signup_time(starts_in)
        starts_at = None if wait is None else self._clock() + wait
        settings = TournamentSettings(
            name=tournament_name(name, engine),
            tables=sizes,
            deadline=move_deadline(deadline),
            options=variant,
            substitutes=substitutes,
            requirements=requirements or Requirements(),
            starts_at=starts_at,
        )
        open_ones = await self._store.tournaments.in_guild(
            guild_id, (TournamentStatus.SIGNUP, TournamentStatus.RUNNING)
        )
        if len(open_ones) >= MAX_OPEN_PER_SERVER:
            raise Refusal(
                msg(
                    "This server already has {count} open tournaments; finish or cancel one first.",
                    count=len(open_ones),
                )
            )
        tournament = await self._store.tournaments.create(
            guild_id=guild_id,
            channel_id=channel_id,
            organiser_id=organiser_id,
            game_key=engine.key,
            format=chosen,
            rounds=check_rounds(chosen, rounds),
            settings=settings.stored(),
        )
        if starts_at is not None:
            await self._store.timers.schedule([start_timer(tournament.id, starts_at)])
        return await self._store.tournaments.enter(tournament.id, user_id=organiser_id)

    async def fire(self, timer: Timer) -> None:
        """The sign-ups of a tournament set to start by itself are over: start it, or, when
        too few signed up, say so and leave it to the organiser. The timer is spent either
        way."""
        tournament = await self.get(int(timer.payload["tournament"]))
        told: list[Delivery] = []
        if tournament.status is TournamentStatus.SIGNUP:
            try:
                await self.start(tournament.id, tournament.organiser_id, is_admin=True)
            except Refusal as refusal:
                told.append(
                    channel_post(
                        tournament,
                        Post(
                            content=msg(
                                "{b}{name}{/b} could not start by itself: {reason} Sign-ups "
                                "stay open; the organiser can start it with `/organise start`.",
                                name=boards.name_of(tournament),
                                reason=refusal.message,
                            ),
                            pings=(tournament.organiser_id,),
                        ),
                    )
                )
        await self._store.timers.fire(timer.id, deliveries=told)
        self._delivered()

    async def enter(self, tournament_id: int, user_id: int) -> Tournament:
        """Sign ``user_id`` up, if they meet what the organiser requires."""
        tournament = await self.get(tournament_id)
        wanted = TournamentSettings.of(tournament).requirements
        await check_requirements(self._store, tournament.guild_id, wanted, user_id)
        if len(tournament.entrants) >= MAX_ENTRANTS:
            raise Refusal(
                msg("This tournament is full: it takes {most} players.", most=MAX_ENTRANTS)
            )
        try:
            return await self._store.tournaments.enter(tournament_id, user_id=user_id)
        except AlreadyEntered:
            raise Refusal(msg("You have already signed up.")) from None
        except NotSigningUp as error:
            raise Refusal(refusal_of(error, tournament_id)) from None

    async def withdraw(self, tournament_id: int, user_id: int) -> Tournament:
        """Take back ``user_id``'s sign-up before the start."""
        tournament = await self.get(tournament_id)
        if tournament.organiser_id == user_id and tournament.status is TournamentStatus.SIGNUP:
            raise Refusal(msg("You organise this tournament: cancel it instead of leaving."))
        try:
            return await self._store.tournaments.withdraw(tournament_id, user_id=user_id)
        except NotEntered:
            raise Refusal(msg("You have not signed up for this tournament.")) from None
        except NotSigningUp as error:
            if error.status == TournamentStatus.RUNNING:
                raise Refusal(msg("It has started: use `/tournament drop` to leave it.")) from None
            raise Refusal(refusal_of(error, tournament_id)) from None

    # ------------------------------------------------------------------ organiser
    async def start(self, tournament_id: int, user_id: int, *, is_admin: bool) -> Tournament:
        """Close the sign-ups and start round 1."""
        async with self._locks(tournament_id):
            tournament = await self.get(tournament_id)
            self._check_organiser(tournament, user_id, is_admin)
            if tournament.status is not TournamentStatus.SIGNUP:
                raise Refusal(
                    refusal_of(NotSigningUp(tournament.id, tournament.status), tournament.id)
                )
            settings = TournamentSettings.of(tournament)
            sizes = settings.tables
            players = tournament.active()
            if len(players) < max(2, sizes.smallest):
                raise Refusal(
                    msg(
                        "At least {least} players must sign up first; {count} did.",
                        least=max(2, sizes.smallest),
                        count=len(players),
                    )
                )
            rounds = planned_rounds(tournament.format, len(players), sizes, tournament.rounds)
            ratings = await self._store.ratings.of_players(
                tournament.guild_id, tournament.game_key, players
            )
            order = seeding(players, {u: r.ordinal for u, r in ratings.items()})
            seeded = dataclasses.replace(settings, seeding=tuple(order))
            try:
                await self._store.tournaments.start(
                    tournament_id, seed=self._seeds(), rounds=rounds, settings=seeded.stored()
                )
            except NotSigningUp as error:
                raise Refusal(refusal_of(error, tournament_id)) from None
        return await self._rounds.advance(tournament_id)

    async def next_round(self, tournament_id: int, user_id: int, *, is_admin: bool) -> Tournament:
        """Settle the current round's unfinished games at once and go on: the organiser's
        way past stragglers. Each unfinished game is played to its end by the same automatic
        moves a missed deadline makes."""
        tournament = await self.get(tournament_id)
        self._check_organiser(tournament, user_id, is_admin)
        if tournament.status is not TournamentStatus.RUNNING:
            raise Refusal(refusal_of(NotRunning(tournament.id, tournament.status), tournament.id))
        notice = msg(
            "The organiser of {b}{name}{/b} closed round {round}: this game is finished by "
            "automatic moves.",
            name=boards.name_of(tournament),
            round=tournament.round,
        )
        for table in tournament.tables_of(tournament.round):
            if table.game_id is not None:
                await self._stand_ins.settle(table.game_id, notice)
        return await self._rounds.advance(tournament_id)

    async def drop(
        self, tournament_id: int, user_id: int, *, by: int, is_admin: bool
    ) -> Tournament:
        """``user_id`` leaves the tournament (themselves, or by the organiser's hand): they
        resign from their game of the current round and sit out the rounds to come."""
        tournament = await self.get(tournament_id)
        if by != user_id:
            self._check_organiser(tournament, by, is_admin)
        if tournament.status is TournamentStatus.SIGNUP:
            return await self.withdraw(tournament_id, user_id)
        if user_id not in tournament.active():
            if by == user_id:
                raise Refusal(msg("You are not playing in this tournament."))
            raise Refusal(msg("{player} is not playing in this tournament.", player=user(user_id)))
        notice = channel_post(
            tournament,
            msg(
                "{player} drops out of {b}{name}{/b}.",
                player=user(user_id),
                name=boards.name_of(tournament),
            ),
        )
        try:
            tournament = await self._store.tournaments.drop(
                tournament_id, user_id=user_id, deliveries=[notice]
            )
        except (NotRunning, NotEntered) as error:
            raise Refusal(refusal_of(error, tournament_id)) from None
        self._delivered()
        for table in tournament.tables_of(tournament.round):
            if user_id in table.players and table.game_id is not None:
                game = await self._store.games.get(table.game_id)
                seat = game.seat_of(user_id)
                if game.status is GameStatus.ACTIVE and seat not in game.resigned_seats():
                    await self._withdrawals.resign(table.game_id, user_id)
        return await self._rounds.advance(tournament_id)

    async def cancel(self, tournament_id: int, user_id: int, *, is_admin: bool) -> Tournament:
        """Call the tournament off. Games already running go on as ordinary games."""
        async with self._locks(tournament_id):
            tournament = await self.get(tournament_id)
            self._check_organiser(tournament, user_id, is_admin)
            notice = channel_post(
                tournament,
                msg(
                    "{b}{name}{/b} was called off by {organiser}. "
                    "Games already being played go on as ordinary games.",
                    name=boards.name_of(tournament),
                    organiser=user(user_id),
                ),
            )
            try:
                tournament = await self._store.tournaments.cancel(
                    tournament_id, deliveries=[notice]
                )
            except NotRunning as error:
                raise Refusal(refusal_of(error, tournament_id)) from None
            await channel.show(self._store, tournament)
        self._delivered()
        return tournament

    # ------------------------------------------------------------------ reading
    async def get(self, tournament_id: int) -> Tournament:
        """The tournament with that id, or a refusal naming it."""
        try:
            return await self._store.tournaments.get(tournament_id)
        except TournamentNotFound:
            raise Refusal(msg("There is no tournament #{number}.", number=tournament_id)) from None

    async def find(self, guild_id: int, tournament_id: int | None) -> Tournament:
        """The tournament a command means: the one named, else the server's only open one."""
        if tournament_id is not None:
            tournament = await self.get(tournament_id)
            if tournament.guild_id != guild_id:
                raise Refusal(
                    msg("There is no tournament #{number} on this server.", number=tournament_id)
                )
            return tournament
        open_ones = await self._store.tournaments.in_guild(
            guild_id, (TournamentStatus.SIGNUP, TournamentStatus.RUNNING)
        )
        if not open_ones:
            raise Refusal(msg("There is no open tournament on this server."))
        if len(open_ones) > 1:
            listed = msg_list(
                (joined((f"#{t.id}", boards.name_of(t)), " ") for t in open_ones[:5]), style="unit"
            )
            raise Refusal(
                msg("Several tournaments are open ({listed}): choose one.", listed=listed)
            )
        return open_ones[0]

    async def listing(self, guild_id: int) -> list[Tournament]:
        """A server's tournaments, newest first."""
        return await self._store.tournaments.in_guild(guild_id)

    async def standings(self, tournament_id: int) -> tuple[Tournament, list[Standing]]:
        """The tournament and its standings, best first."""
        tournament = await self.get(tournament_id)
        return tournament, standings_of(tournament, await table_games(self._store, tournament))

    async def standings_board(self, tournament: Tournament) -> Board:
        """The standings board of a tournament as it is now."""
        return await channel.standings_board(self._store, tournament)

    # ------------------------------------------------------------------ moving on
    async def game_finished(self, game_id: int) -> None:
        """A game ended: if it was a tournament table, count it and go on when its round is
        complete. Safe to call for any game, and more than once."""
        await self._rounds.game_finished(game_id)

    async def resume(self) -> None:
        """Pick every running tournament up after a restart (see :meth:`Rounds.resume`)."""
        await self._rounds.resume()

    # ------------------------------------------------------------------ inside
    @staticmethod
    def _check_organiser(tournament: Tournament, user_id: int, is_admin: bool) -> None:
        if tournament.organiser_id != user_id and not is_admin:
            raise Refusal(msg("Only the organiser or a server manager can do that."))


__all__ = ["OpenThread", "Tournaments", "tournament_lane"]
