"""Moving a tournament on: each round begun once, its tables' games created and dealt once,
the tournament finished when its schedule is over, and its standings shown after each step;
after a game ends, and after a restart for every running tournament.

Every step reads only the store, so repeating one after a crash or a restart carries on from
what the store says (see :mod:`bot.tournaments.service`).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable, Mapping

import games
from bot.clocks.turn_clock import Policy, server_clock
from bot.common.locks import GameLocks
from bot.common.posts import Post
from bot.common.text import user
from bot.lobby.lobby import Lobbies
from bot.lobby.table_settings import Seating, TableSettings
from bot.tournaments import boards
from bot.tournaments.channel import TOURNAMENT_STYLE, channel_post, show
from bot.tournaments.pairing import RoundPlan
from bot.tournaments.results import round_complete, round_records, standings_of, table_games
from bot.tournaments.schedule import Over, next_round
from bot.tournaments.tournament_settings import TournamentSettings
from bot.wiring.loops import transient
from games.core.words import msg
from storage import Game, GameStatus, RoundConflict, Store, Tournament, TournamentStatus

log = logging.getLogger("grimoire.tournaments")

OpenThread = Callable[[Game, str], Awaitable[int | None]]
"""Opens a thread for a table's game, named with the given title; ``None`` where there can be
none (the game is then played in the tournament's channel)."""


async def no_thread(game: Game, title: str) -> int | None:
    """Opens no thread: every table's game is played in the tournament's channel."""
    return None


class Rounds:
    """Moves tournaments on from what the store says, one tournament at a time."""

    def __init__(
        self,
        store: Store,
        lobbies: Lobbies,
        locks: GameLocks,
        *,
        open_thread: OpenThread = no_thread,
        delivered: Callable[[], None] = lambda: None,
    ) -> None:
        self._store = store
        self._lobbies = lobbies
        self._locks = locks  # one tournament moved on at a time
        self._open_thread = open_thread
        self._delivered = delivered

    async def advance(self, tournament_id: int) -> Tournament:
        """Carry a tournament on as far as its games allow: deal the current round's tables
        not yet dealt, begin the next round once the current one is complete, finish the
        tournament when its schedule is over; then show the standings. The tournament as it
        then is."""
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
            await show(self._store, tournament, found)
        self._delivered()
        return tournament

    async def game_finished(self, game_id: int) -> None:
        """A game ended: if it was a tournament table, count it and go on when its round is
        complete. Safe to call for any game, and more than once."""
        tournament = await self._store.tournaments.of_game(game_id)
        if tournament is None or tournament.status is not TournamentStatus.RUNNING:
            return
        await self.advance(tournament.id)

    async def resume(self) -> None:
        """Pick every running tournament up after a restart: tables not yet dealt are dealt,
        complete rounds are followed by the next, and the standings are shown again. A
        failure that may pass by itself (the database busy) is raised once the others are
        resumed, so that the caller tries again."""
        postponed: Exception | None = None
        for tournament in await self._store.tournaments.running():
            try:
                await self.advance(tournament.id)
            except Exception as error:  # one broken tournament must not stop the others
                if transient(error):
                    postponed = postponed or error
                    continue
                log.exception("Tournament %s could not be resumed.", tournament.id)
        if postponed is not None:
            # Raised to the background loop, which resumes them again after a backoff.
            raise postponed

    async def _begin(self, tournament: Tournament, plan: RoundPlan) -> Tournament:
        number = tournament.round + 1
        text = boards.round_announcement(boards.name_of(tournament), number, plan.entries)
        try:
            return await self._store.tournaments.begin_round(
                tournament.id,
                round_number=number,
                tables=plan.entries,
                deliveries=[channel_post(tournament, text)],
            )
        except RoundConflict:  # another process began it: carry on from the store
            return await self._store.tournaments.get(tournament.id)

    async def _launch(self, tournament: Tournament) -> Tournament:
        """Create and deal every game of the current round not yet dealt; the tournament
        as it then is."""
        engine = games.get(tournament.game_key)
        chosen = TournamentSettings.of(tournament)
        server = server_clock(await self._store.prefs.server(tournament.guild_id))
        # The organiser's time per move; at a deadline, a move is made for the player.
        clock = dataclasses.replace(server, deadline=chosen.deadline, policy=Policy.ACT)
        for table in tournament.tables_of(tournament.round):
            if table.bye:
                continue
            game = await self._store.tournaments.open_table(
                tournament.id,
                round_number=table.round,
                number=table.number,
                options=dict(chosen.options),
                settings=TableSettings(
                    seating=Seating.SHUFFLED,
                    clock=clock,
                    # Only an organiser who allowed substitutes lets someone new take a seat.
                    allow_substitutes=chosen.substitutes,
                    tournament=tournament.id,
                    round=table.round,
                    table=table.number,
                ).stored(),
            )
            if game.status is not GameStatus.LOBBY:
                continue
            title = msg(
                "{name} · R{round} T{table}",
                name=boards.name_of(tournament),
                round=table.round,
                table=table.number,
            )
            # The players are pinged by name on the line below this one.
            announce = msg(
                "{b}{name}{/b}, round {round}, table {table} of {game}: your game starts now. "
                "Good luck!",
                name=boards.name_of(tournament),
                round=table.round,
                table=table.number,
                game=engine.title,
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
        self, tournament: Tournament, over: Over, found: Mapping[int, Game]
    ) -> Tournament:
        name = boards.name_of(tournament)
        if over.champion is None:
            text = msg("{b}{name}{/b} is over.", name=name)
        else:
            text = msg(
                "{b}{name}{/b} is over. Congratulations to the champion, {champion}! 🏆",
                name=name,
                champion=user(over.champion),
            )
        ended = dataclasses.replace(
            tournament, status=TournamentStatus.FINISHED, champion_id=over.champion
        )
        board = boards.standings_board(ended, standings_of(ended, found), found)
        post = Post(
            content=text, boards=(board,), pings=tuple(ended.active()), style=TOURNAMENT_STYLE
        )
        return await self._store.tournaments.finish(
            tournament.id, champion_id=over.champion, deliveries=[channel_post(ended, post)]
        )


def _undealt(tournament: Tournament, found: Mapping[int, Game]) -> bool:
    """Whether a table of the current round has no game yet, or one not yet dealt."""
    return any(
        table.game_id is None or found[table.game_id].status is GameStatus.LOBBY
        for table in tournament.tables_of(tournament.round)
        if not table.bye
    )
