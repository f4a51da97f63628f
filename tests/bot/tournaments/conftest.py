"""Tournaments through the service layer on a real SQLite file, games played by automatic
moves through the same calls a player's clicks make."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.ai.stand_ins import StandIns
from bot.common.locks import GameLocks
from bot.lobby.lobby import Lobbies
from bot.profiles.ratings import Ratings
from bot.tables.moves import Moves
from bot.tables.play import Tables
from bot.tables.withdrawals import Withdrawals
from bot.tournaments.service import Tournaments
from storage import Game, GameStatus, SqliteStore, Tournament
from tests.storage.contract import FakeClock

GUILD, CHANNEL = 400, 500
ORGANISER = 1000


class Finished:
    """Games that ended, as the bot's hook hears of them."""

    def __init__(self) -> None:
        self.ids: list[int] = []

    def __call__(self, game: Game) -> None:
        self.ids.append(game.id)

    def take(self) -> Iterator[int]:
        """The games that ended since the last look, each once."""
        while self.ids:
            yield self.ids.pop(0)


@pytest.fixture
def finished() -> Finished:
    return Finished()


@pytest.fixture
def moves(store: SqliteStore, locks: GameLocks, clock: FakeClock, finished: Finished) -> Moves:
    return Moves(store, locks, clock=clock, finished=finished)


@pytest.fixture
def tournaments(store: SqliteStore, lobbies: Lobbies, moves: Moves) -> Tournaments:
    return running(store, lobbies, moves, seeds=lambda: 42)


def running(store: SqliteStore, lobbies: Lobbies, moves: Moves, **options: Any) -> Tournaments:
    """Tournaments whose rounds settle and resign through ``moves``."""
    return Tournaments(
        store, lobbies, stand_ins=StandIns(moves), withdrawals=Withdrawals(moves), **options
    )


@pytest.fixture
def ratings(store: SqliteStore) -> Ratings:
    return Ratings(store)


async def sign_up(tournaments: Tournaments, tournament: Tournament, users: range) -> Tournament:
    """Everyone in ``users`` signs up."""
    for user in users:
        tournament = await tournaments.enter(tournament.id, user)
    return tournament


async def play_round(
    store: SqliteStore,
    tables: Tables,
    tournaments: Tournaments,
    ratings: Ratings,
    finished: Finished,
    tournament: Tournament,
    rng: random.Random,
) -> Tournament:
    """Play every game of the current round to its end by random legal clicks of whoever
    is to act, telling the tournament and the ratings of each game that ends."""
    round_number = tournament.round
    for table in tournament.tables_of(round_number):
        if table.game_id is None:
            continue
        game = await store.games.get(table.game_id)
        while game.status is GameStatus.ACTIVE:
            seat = sorted(game.to_act)[0]
            user = game.user_at(seat)
            assert user is not None
            choices = await tables.legal_actions(game.id, user)
            result = await tables.choose(
                game.id, user, version=game.version, index=rng.randrange(len(choices.notations))
            )
            game = result.game
        for game_id in finished.take():
            await ratings.rate(game_id)
            await tournaments.game_finished(game_id)
    return await store.tournaments.get(tournament.id)
