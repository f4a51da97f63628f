"""Tournaments: sign-ups, rounds whose games start themselves, results feeding standings.

Everything that moves a tournament on is idempotent and reads only the store: a round is
recorded once (``RoundConflict`` otherwise), a table's game is created once, a lobby is dealt
once. So after a crash or a restart, :meth:`Tournaments.resume` simply looks at every running
tournament again and carries on from what the store says.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

import games
from bot.service.clocks import Policy, server_clock
from bot.service.errors import Refusal
from bot.service.lobby import Lobbies, Seating
from bot.service.locks import GameLocks
from bot.service.options import parse_options
from bot.service.play import Tables
from bot.service.posts import Post
from bot.service.tournaments import boards
from bot.service.tournaments.formats import (
    MAX_ENTRANTS,
    TableRange,
    check_rounds,
    deadline_seconds,
    signup_time,
    swiss_rounds,
    table_range,
    tournament_name,
)
from bot.service.tournaments.pairing import RoundPlan
from bot.service.tournaments.points import Standing, standings
from bot.service.tournaments.results import round_complete, round_records, table_games
from bot.service.tournaments.schedule import (
    Over,
    next_round,
    round_robin_length,
    seeding,
    single_table,
)
from games.core import Board
from storage import (
    AlreadyEntered,
    Delivery,
    DeliveryKind,
    Game,
    GameStatus,
    NewTimer,
    NotEntered,
    NotRunning,
    NotSigningUp,
    RoundConflict,
    Store,
    Timer,
    TimerKind,
    Tournament,
    TournamentFormat,
    TournamentNotFound,
    TournamentStatus,
)

log = logging.getLogger("grimoire.tournaments")

OpenThread = Callable[[Game, str], Awaitable[int | None]]
"""Opens a thread for a table's game, named with the given title; ``None`` where there can be
none (the game is then played in the tournament's channel)."""

#: Marks a post whose boards are a tournament's (drawn in the tournament's colour).
TOURNAMENT_STYLE = {"style": "tournament"}
#: Open tournaments one server may have at once, so a channel is not flooded.
MAX_OPEN_PER_SERVER = 10


async def _no_thread(game: Game, title: str) -> int | None:
    return None


def start_timer(tournament_id: int, due: datetime) -> NewTimer:
    """The moment a tournament's sign-ups close and it starts by itself."""
    return NewTimer(
        TimerKind.TOURNAMENT_START,
        due,
        payload={"tournament": tournament_id},
        key=f"tournament-start:{tournament_id}",
    )


def tournament_lane(tournament_id: int) -> str:
    """The ordering lane of everything a tournament posts in its channel."""
    return f"tournament:{tournament_id}"


class Tournaments:
    """Everything organisers and players do with tournaments."""

    def __init__(
        self,
        store: Store,
        lobbies: Lobbies,
        tables: Tables,
        *,
        open_thread: OpenThread = _no_thread,
        seeds: Callable[[], int] = lambda: secrets.randbits(62),
        delivered: Callable[[], None] = lambda: None,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self._store = store
        self._lobbies = lobbies
        self._tables = tables
        self._open_thread = open_thread
        self._seeds = seeds
        self._delivered = delivered
        self._clock = clock
        self._locks = GameLocks()  # one tournament moved on at a time

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
    ) -> Tournament:
        """A new tournament taking sign-ups; its organiser is signed up too. ``options`` are
        the game's variant options, the same at every table; ``starts_in`` (``7d``) starts it
        by itself when that time is up (otherwise the organiser starts it)."""
        try:
            engine = games.get(game_key)
        except games.UnknownGame as error:
            raise Refusal(str(error)) from None
        try:
            chosen = TournamentFormat(tournament_format)
        except ValueError:
            formats = ", ".join(f.value for f in TournamentFormat)
            raise Refusal(f"Choose a format among {formats}.") from None
        variant = parse_options(engine, options).model_dump(mode="json")
        sizes = table_range(engine, tables, chosen, variant)
        wait = signup_time(starts_in)
        starts_at = None if wait is None else self._clock() + wait
        settings = {
            **({} if starts_at is None else {"starts_at": int(starts_at.timestamp())}),
            "name": tournament_name(name, engine),
            "options": variant,
            "smallest": sizes.smallest,
            "largest": sizes.largest,
            "deadline": deadline_seconds(deadline),
        }
        open_ones = await self._store.tournaments.in_guild(
            guild_id, (TournamentStatus.SIGNUP, TournamentStatus.RUNNING)
        )
        if len(open_ones) >= MAX_OPEN_PER_SERVER:
            raise Refusal(
                f"This server already has {len(open_ones)} open tournaments; "
                "finish or cancel one first."
            )
        tournament = await self._store.tournaments.create(
            guild_id=guild_id,
            channel_id=channel_id,
            organiser_id=organiser_id,
            game_key=engine.key,
            format=chosen,
            rounds=check_rounds(chosen, rounds),
            settings=settings,
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
                    self._channel_post(
                        tournament,
                        Post(
                            content=(
                                f"**{boards.name_of(tournament)}** could not start by itself: "
                                f"{refusal.message} Sign-ups stay open; the organiser can "
                                "start it with `/tournament start`."
                            ),
                            pings=(tournament.organiser_id,),
                        ),
                    )
                )
        await self._store.timers.fire(timer.id, deliveries=told)
        self._delivered()

    async def enter(self, tournament_id: int, user_id: int) -> Tournament:
        """Sign ``user_id`` up."""
        tournament = await self.get(tournament_id)
        if len(tournament.entrants) >= MAX_ENTRANTS:
            raise Refusal(f"This tournament is full: it takes {MAX_ENTRANTS} players.")
        try:
            return await self._store.tournaments.enter(tournament_id, user_id=user_id)
        except AlreadyEntered:
            raise Refusal("You have already signed up.") from None
        except NotSigningUp as error:
            raise Refusal(str(error)) from None

    async def withdraw(self, tournament_id: int, user_id: int) -> Tournament:
        """Take back ``user_id``'s sign-up before the start."""
        tournament = await self.get(tournament_id)
        if tournament.organiser_id == user_id and tournament.status is TournamentStatus.SIGNUP:
            raise Refusal("You organise this tournament: cancel it instead of leaving.")
        try:
            return await self._store.tournaments.withdraw(tournament_id, user_id=user_id)
        except NotEntered:
            raise Refusal("You have not signed up for this tournament.") from None
        except NotSigningUp as error:
            if error.status == TournamentStatus.RUNNING:
                raise Refusal("It has started: use `/tournament drop` to leave it.") from None
            raise Refusal(str(error)) from None

    # ------------------------------------------------------------------ organiser
    async def start(self, tournament_id: int, user_id: int, *, is_admin: bool) -> Tournament:
        """Close the sign-ups and start round 1."""
        async with self._locks(tournament_id):
            tournament = await self.get(tournament_id)
            self._check_organiser(tournament, user_id, is_admin)
            if tournament.status is not TournamentStatus.SIGNUP:
                raise Refusal(str(NotSigningUp(tournament.id, tournament.status)))
            sizes = TableRange.of(tournament.settings)
            players = tournament.active()
            if len(players) < max(2, sizes.smallest):
                raise Refusal(
                    f"At least {max(2, sizes.smallest)} players must sign up first; "
                    f"{len(players)} did."
                )
            rounds = self._planned_rounds(tournament, len(players), sizes)
            ratings = await self._store.ratings.of_players(
                tournament.guild_id, tournament.game_key, players
            )
            order = seeding(players, {u: r.ordinal for u, r in ratings.items()})
            settings = {**tournament.settings, "seeding": order}
            try:
                await self._store.tournaments.start(
                    tournament_id, seed=self._seeds(), rounds=rounds, settings=settings
                )
            except NotSigningUp as error:
                raise Refusal(str(error)) from None
        return await self._advance(tournament_id)

    @staticmethod
    def _planned_rounds(tournament: Tournament, players: int, sizes: TableRange) -> int | None:
        if tournament.format is TournamentFormat.KNOCKOUT:
            return None
        if tournament.format is TournamentFormat.ROUND_ROBIN:
            if not single_table(players, sizes) and sizes.smallest > 2:
                raise Refusal(
                    f"A round-robin of {players} players needs two-player tables or one table "
                    f"for everyone (this one seats {sizes.label()}): use Swiss instead."
                )
            return round_robin_length(players, sizes, tournament.rounds)
        return tournament.rounds or swiss_rounds(players)

    async def next_round(self, tournament_id: int, user_id: int, *, is_admin: bool) -> Tournament:
        """Settle the current round's unfinished games at once and go on: the organiser's
        way past stragglers. Each unfinished game is played to its end by the same automatic
        moves a missed deadline makes."""
        tournament = await self.get(tournament_id)
        self._check_organiser(tournament, user_id, is_admin)
        if tournament.status is not TournamentStatus.RUNNING:
            raise Refusal(str(NotRunning(tournament.id, tournament.status)))
        notice = (
            f"The organiser of **{boards.name_of(tournament)}** closed round "
            f"{tournament.round}: this game is finished by automatic moves."
        )
        for table in tournament.tables_of(tournament.round):
            if table.game_id is not None:
                await self._tables.settle(table.game_id, notice)
        return await self._advance(tournament_id)

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
        who = "You are" if by == user_id else f"<@{user_id}> is"
        if user_id not in tournament.active():
            raise Refusal(f"{who} not playing in this tournament.")
        notice = self._channel_post(
            tournament, f"<@{user_id}> drops out of **{boards.name_of(tournament)}**."
        )
        try:
            tournament = await self._store.tournaments.drop(
                tournament_id, user_id=user_id, deliveries=[notice]
            )
        except (NotRunning, NotEntered) as error:
            raise Refusal(str(error)) from None
        self._delivered()
        for table in tournament.tables_of(tournament.round):
            if user_id in table.players and table.game_id is not None:
                game = await self._store.games.get(table.game_id)
                seat = game.seat_of(user_id)
                if game.status is GameStatus.ACTIVE and seat not in game.resigned_seats():
                    await self._tables.resign(table.game_id, user_id)
        return await self._advance(tournament_id)

    async def cancel(self, tournament_id: int, user_id: int, *, is_admin: bool) -> Tournament:
        """Call the tournament off. Games already running go on as ordinary games."""
        async with self._locks(tournament_id):
            tournament = await self.get(tournament_id)
            self._check_organiser(tournament, user_id, is_admin)
            notice = self._channel_post(
                tournament,
                f"**{boards.name_of(tournament)}** was called off by <@{user_id}>. "
                "Games already being played go on as ordinary games.",
            )
            try:
                tournament = await self._store.tournaments.cancel(
                    tournament_id, deliveries=[notice]
                )
            except NotRunning as error:
                raise Refusal(str(error)) from None
            await self._show(tournament)
        self._delivered()
        return tournament

    # ------------------------------------------------------------------ reading
    async def get(self, tournament_id: int) -> Tournament:
        """The tournament with that id, or a refusal naming it."""
        try:
            return await self._store.tournaments.get(tournament_id)
        except TournamentNotFound:
            raise Refusal(f"There is no tournament #{tournament_id}.") from None

    async def find(self, guild_id: int, tournament_id: int | None) -> Tournament:
        """The tournament a command means: the one named, else the server's only open one."""
        if tournament_id is not None:
            tournament = await self.get(tournament_id)
            if tournament.guild_id != guild_id:
                raise Refusal(f"There is no tournament #{tournament_id} on this server.")
            return tournament
        open_ones = await self._store.tournaments.in_guild(
            guild_id, (TournamentStatus.SIGNUP, TournamentStatus.RUNNING)
        )
        if not open_ones:
            raise Refusal("There is no open tournament on this server.")
        if len(open_ones) > 1:
            listed = ", ".join(f"#{t.id} {boards.name_of(t)}" for t in open_ones[:5])
            raise Refusal(f"Several tournaments are open ({listed}): choose one.")
        return open_ones[0]

    async def listing(self, guild_id: int) -> list[Tournament]:
        """A server's tournaments, newest first."""
        return await self._store.tournaments.in_guild(guild_id)

    async def standings(self, tournament_id: int) -> tuple[Tournament, list[Standing]]:
        """The tournament and its standings, best first."""
        tournament = await self.get(tournament_id)
        return tournament, await self._standings(tournament)

    async def standings_board(self, tournament: Tournament) -> Board:
        """The standings board of a tournament as it is now."""
        found = await table_games(self._store, tournament)
        return boards.standings_board(tournament, _standings_of(tournament, found), found)

    # ------------------------------------------------------------------ moving on
    async def game_finished(self, game_id: int) -> None:
        """A game ended: if it was a tournament table, count it and go on when its round is
        complete. Safe to call for any game, and more than once."""
        tournament = await self._store.tournaments.of_game(game_id)
        if tournament is None or tournament.status is not TournamentStatus.RUNNING:
            return
        await self._advance(tournament.id)

    async def resume(self) -> None:
        """Pick every running tournament up after a restart: tables not yet dealt are dealt,
        complete rounds are followed by the next, and the standings are shown again."""
        for tournament in await self._store.tournaments.running():
            try:
                await self._advance(tournament.id)
            except Exception:  # one broken tournament must not stop the others
                log.exception("Tournament %s could not be resumed.", tournament.id)

    async def _advance(self, tournament_id: int) -> Tournament:
        async with self._locks(tournament_id):
            tournament = await self._store.tournaments.get(tournament_id)
            found = await table_games(self._store, tournament)
            while tournament.status is TournamentStatus.RUNNING:
                if _undealt(tournament, found):
                    tournament = await self._launch(tournament)
                    found = await table_games(self._store, tournament)
                if tournament.round and not round_complete(tournament, found):
                    break
                following = next_round(tournament, round_records(tournament, found), found)
                if isinstance(following, Over):
                    tournament = await self._finish(tournament, following, found)
                    break
                tournament = await self._begin(tournament, following)
            await self._show(tournament, found)
        self._delivered()
        return tournament

    async def _begin(self, tournament: Tournament, plan: RoundPlan) -> Tournament:
        number = tournament.round + 1
        text = boards.round_announcement(boards.name_of(tournament), number, plan.entries)
        try:
            return await self._store.tournaments.begin_round(
                tournament.id,
                round_number=number,
                tables=plan.entries,
                deliveries=[self._channel_post(tournament, text)],
            )
        except RoundConflict:  # another process began it: carry on from the store
            return await self._store.tournaments.get(tournament.id)

    async def _launch(self, tournament: Tournament) -> Tournament:
        """Create and deal every game of the current round not yet dealt; the tournament
        as it then is."""
        engine = games.get(tournament.game_key)
        clock = server_clock(await self._store.prefs.server(tournament.guild_id))
        seconds = int(tournament.settings.get("deadline", 0))
        table_settings = {
            "seating": Seating.SHUFFLED.value,
            **clock.to_settings(),
            "deadline": seconds,
            "policy": Policy.ACT.value,
            "tournament": tournament.id,
        }
        for table in tournament.tables_of(tournament.round):
            if table.bye:
                continue
            game = await self._store.tournaments.open_table(
                tournament.id,
                round_number=table.round,
                number=table.number,
                options=dict(tournament.settings.get("options", {})),
                settings={**table_settings, "round": table.round, "table": table.number},
            )
            if game.status is not GameStatus.LOBBY:
                continue
            title = f"{boards.name_of(tournament)} · R{table.round} T{table.number}"
            # The players are pinged by name on the line below this one.
            announce = (
                f"**{boards.name_of(tournament)}**, round {table.round}, table "
                f"{table.number} of {engine.title}: your game starts now. Good luck!"
            )
            await self._lobbies.deal(
                game.id,
                open_thread=self._thread_titled(title),
                announce=announce,
                pings=table.players,
            )
        return await self._store.tournaments.get(tournament.id)

    def _thread_titled(self, title: str) -> Callable[[Game], Awaitable[int | None]]:
        """Opens a table's thread under the name ``title``."""

        async def open_thread(game: Game) -> int | None:
            return await self._open_thread(game, title)

        return open_thread

    async def _finish(
        self, tournament: Tournament, over: Over, found: dict[int, Game]
    ) -> Tournament:
        name = boards.name_of(tournament)
        if over.champion is None:
            text = f"**{name}** is over."
        else:
            text = f"**{name}** is over. Congratulations to the champion, <@{over.champion}>! 🏆"
        ended = dataclasses.replace(
            tournament, status=TournamentStatus.FINISHED, champion_id=over.champion
        )
        board = boards.standings_board(ended, _standings_of(ended, found), found)
        post = Post(
            content=text, boards=(board,), pings=tuple(ended.active()), extra=TOURNAMENT_STYLE
        )
        return await self._store.tournaments.finish(
            tournament.id, champion_id=over.champion, deliveries=[self._channel_post(ended, post)]
        )

    async def _show(self, tournament: Tournament, found: dict[int, Game] | None = None) -> None:
        """Bring the standings message up to date (the sign-up sheet before the start);
        ``found``: the games of its tables, when already read."""
        if tournament.message_id is None:
            return
        if tournament.status is TournamentStatus.SIGNUP:
            board = boards.signup_board(tournament)
        elif found is None:
            board = await self.standings_board(tournament)
        else:
            board = boards.standings_board(tournament, _standings_of(tournament, found), found)
        post = Post(
            boards=(board,), extra={"message_id": tournament.message_id, **TOURNAMENT_STYLE}
        )
        await self._store.outbox.enqueue(
            [
                Delivery(
                    DeliveryKind.BOARD_EDIT,
                    tournament.channel_id,
                    post.to_payload(),
                    lane=tournament_lane(tournament.id),
                )
            ]
        )

    async def _standings(self, tournament: Tournament) -> list[Standing]:
        return _standings_of(tournament, await table_games(self._store, tournament))

    # ------------------------------------------------------------------ inside
    @staticmethod
    def _check_organiser(tournament: Tournament, user_id: int, is_admin: bool) -> None:
        if tournament.organiser_id != user_id and not is_admin:
            raise Refusal("Only the organiser or a server manager can do that.")

    @staticmethod
    def _channel_post(tournament: Tournament, post: Post | str) -> Delivery:
        if isinstance(post, str):
            post = Post(content=post)
        return Delivery(
            DeliveryKind.THREAD_POST,
            tournament.channel_id,
            post.to_payload(),
            lane=tournament_lane(tournament.id),
        )


def _undealt(tournament: Tournament, found: dict[int, Game]) -> bool:
    """Whether a table of the current round has no game yet, or one not yet dealt."""
    return any(
        table.game_id is None or found[table.game_id].status is GameStatus.LOBBY
        for table in tournament.tables_of(tournament.round)
        if not table.bye
    )


def _standings_of(tournament: Tournament, found: dict[int, Game]) -> list[Standing]:
    entrants = [e.user_id for e in tournament.entrants]
    return standings(entrants, round_records(tournament, found), tournament.dropped())


__all__ = ["OpenThread", "Tournaments", "tournament_lane"]
