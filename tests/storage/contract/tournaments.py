"""Contract: tournaments (sign-ups, rounds, tables tied to games) and ratings."""

from __future__ import annotations

import asyncio
import dataclasses
import random

import pytest

from storage import (
    AlreadyEntered,
    Delivery,
    DeliveryKind,
    Game,
    GameStatus,
    NotEntered,
    NotRunning,
    NotSigningUp,
    Rating,
    RatingChange,
    RoundConflict,
    Store,
    Tournament,
    TournamentFormat,
    TournamentNotFound,
    TournamentStatus,
)
from tests.storage.tables import next_move, record, started_game

GUILD, CHANNEL, ORGANISER = 10, 20, 1


async def _tournament(store: Store, players: int = 0) -> Tournament:
    tournament = await store.tournaments.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=ORGANISER,
        game_key="magnum-opus",
        format=TournamentFormat.SWISS,
        rounds=3,
        settings={"smallest": 3, "largest": 4},
    )
    for user in range(100, 100 + players):
        tournament = await store.tournaments.enter(tournament.id, user_id=user)
    return tournament


class TournamentContract:
    """What every store does for tournaments and ratings."""

    async def test_sign_ups_keep_their_order_and_refuse_twice(self, store: Store) -> None:
        tournament = await _tournament(store, players=3)
        assert tournament.active() == [100, 101, 102]
        assert tournament.status is TournamentStatus.SIGNUP
        with pytest.raises(AlreadyEntered):
            await store.tournaments.enter(tournament.id, user_id=101)
        tournament = await store.tournaments.withdraw(tournament.id, user_id=101)
        tournament = await store.tournaments.enter(tournament.id, user_id=101)
        assert tournament.active() == [100, 102, 101]
        with pytest.raises(NotEntered):
            await store.tournaments.withdraw(tournament.id, user_id=999)

    async def test_sign_ups_close_at_the_start(self, store: Store) -> None:
        tournament = await _tournament(store, players=2)
        started = await store.tournaments.start(
            tournament.id, seed=5, rounds=4, settings={"seeding": [101, 100]}
        )
        assert (started.status, started.seed, started.round) == (TournamentStatus.RUNNING, 5, 0)
        assert (started.rounds, started.settings) == (4, {"seeding": [101, 100]})
        assert started.started_at is not None
        with pytest.raises(NotSigningUp, match="already started"):
            await store.tournaments.enter(tournament.id, user_id=200)
        with pytest.raises(NotSigningUp):
            await _start(store, tournament)

    async def test_a_round_is_recorded_once_with_its_announcement(self, store: Store) -> None:
        tournament = await _tournament(store, players=7)
        await _start(store, tournament)
        notice = Delivery(DeliveryKind.THREAD_POST, CHANNEL, {"content": "Round 1"})
        tables = [(100, 101, 102, 103), (104, 105, 106)]
        tournament = await store.tournaments.begin_round(
            tournament.id, round_number=1, tables=tables, deliveries=[notice]
        )
        assert tournament.round == 1
        assert [t.players for t in tournament.tables_of(1)] == tables
        assert [t.number for t in tournament.tables_of(1)] == [1, 2]
        assert [i.payload["content"] for i in await store.outbox.pending()] == ["Round 1"]
        with pytest.raises(RoundConflict):
            await store.tournaments.begin_round(tournament.id, round_number=1, tables=tables)
        assert len((await store.tournaments.get(tournament.id)).tables) == 2

    async def test_two_requests_for_the_same_round_make_it_once(self, store: Store) -> None:
        tournament = await _tournament(store, players=4)
        await _start(store, tournament)
        results = await asyncio.gather(
            *(
                store.tournaments.begin_round(
                    tournament.id, round_number=1, tables=[(100, 101), (102, 103)]
                )
                for _ in range(2)
            ),
            return_exceptions=True,
        )
        assert sum(isinstance(r, RoundConflict) for r in results) == 1
        assert len((await store.tournaments.get(tournament.id)).tables) == 2

    async def test_a_table_opens_one_seated_lobby_whatever_the_retries(self, store: Store) -> None:
        tournament = await _tournament(store, players=5)
        await _start(store, tournament)
        await store.tournaments.begin_round(
            tournament.id, round_number=1, tables=[(103, 100, 101, 102), (104,)]
        )
        games = [
            await store.tournaments.open_table(
                tournament.id,
                round_number=1,
                number=1,
                options={},
                settings={"seating": "shuffle"},
            )
            for _ in range(2)
        ]
        assert games[0].id == games[1].id
        game = games[0]
        assert game.status is GameStatus.LOBBY
        assert [s.user_id for s in game.seats] == [103, 100, 101, 102]
        assert (game.game_key, game.guild_id, game.channel_id) == ("magnum-opus", GUILD, CHANNEL)
        assert game.settings == {"seating": "shuffle"}
        found = await store.tournaments.of_game(game.id)
        assert found is not None
        assert found.id == tournament.id
        assert found.tables_of(1)[0].game_id == game.id
        assert found.tables_of(1)[1].bye
        with pytest.raises(ValueError, match="no table 2"):
            await store.tournaments.open_table(
                tournament.id, round_number=1, number=2, options={}, settings={}
            )

    async def test_a_dropped_player_keeps_their_place_in_the_list(self, store: Store) -> None:
        tournament = await _tournament(store, players=3)
        with pytest.raises(NotRunning, match="not started yet"):
            await store.tournaments.drop(tournament.id, user_id=101)
        await _start(store, tournament)
        tournament = await store.tournaments.drop(tournament.id, user_id=101)
        assert tournament.active() == [100, 102]
        assert tournament.dropped() == {101}
        assert [e.user_id for e in tournament.entrants] == [100, 101, 102]
        with pytest.raises(NotEntered):
            await store.tournaments.drop(tournament.id, user_id=101)

    async def test_finish_and_cancel(self, store: Store) -> None:
        one = await _tournament(store, players=2)
        await _start(store, one)
        one = await store.tournaments.finish(one.id, champion_id=100)
        assert (one.status, one.champion_id) == (TournamentStatus.FINISHED, 100)
        with pytest.raises(NotRunning, match="is over"):
            await store.tournaments.cancel(one.id)
        two = await _tournament(store)
        two = await store.tournaments.cancel(two.id)
        assert two.status is TournamentStatus.CANCELLED
        with pytest.raises(NotSigningUp, match="cancelled"):
            await store.tournaments.enter(two.id, user_id=5)

    async def test_lists_by_server_and_status(self, store: Store) -> None:
        first = await _tournament(store)
        second = await _tournament(store)
        await _start(store, second)
        listed = await store.tournaments.in_guild(GUILD)
        assert [t.id for t in listed] == [second.id, first.id]
        signing = await store.tournaments.in_guild(GUILD, (TournamentStatus.SIGNUP,))
        assert [t.id for t in signing] == [first.id]
        assert [t.id for t in await store.tournaments.running()] == [second.id]
        assert await store.tournaments.in_guild(GUILD + 1) == []
        with pytest.raises(TournamentNotFound):
            await store.tournaments.get(999)

    async def test_ratings_are_recorded_once_per_game(self, store: Store) -> None:
        game = await store.games.create_lobby(
            game_key="marginalia", guild_id=GUILD, channel_id=CHANNEL, host_id=1, options={}
        )
        ratings = [
            Rating(GUILD, "marginalia", 1, mu=27.0, sigma=8.0, games=1, wins=1),
            Rating(GUILD, "marginalia", 2, mu=23.0, sigma=8.0, games=1, wins=0),
        ]
        assert await store.ratings.record(game.id, ratings)
        again = [dataclasses.replace(r, mu=0.0) for r in ratings]
        assert not await store.ratings.record(game.id, again)
        found = await store.ratings.of_players(GUILD, "marginalia", [1, 2, 3])
        assert found == {1: ratings[0], 2: ratings[1]}
        assert not await store.ratings.skip(game.id)
        board = await store.ratings.leaderboard(GUILD, "marginalia")
        assert [r.user_id for r in board] == [1, 2]
        assert await store.ratings.leaderboard(GUILD, "marginalia", min_games=2) == []
        assert await store.ratings.of_user(GUILD, 1) == [ratings[0]]
        assert await store.ratings.of_user(GUILD + 1, 1) == []

    async def test_a_rated_game_keeps_how_it_moved_each_rating(self, store: Store) -> None:
        rated = await _finished_game(store)
        skipped = await _finished_game(store)
        assert await store.ratings.changes(rated.id) is None  # not looked at yet
        ratings = [Rating(GUILD, "marginalia", 1, mu=27.0, sigma=8.0, games=1, wins=1)]
        moved = [RatingChange(1, before=0.0, after=3.0), RatingChange(2, before=4.5, after=2.5)]
        assert await store.ratings.record(rated.id, ratings, moved)
        assert not await store.ratings.record(rated.id, ratings, [RatingChange(1, 9.0, 9.0)])
        assert await store.ratings.changes(rated.id) == moved
        assert await store.ratings.skip(skipped.id)
        assert await store.ratings.changes(skipped.id) == []

    async def test_unrated_lists_finished_games_not_yet_looked_at(self, store: Store) -> None:
        first = await _finished_game(store)
        second = await _finished_game(store)
        assert await store.ratings.unrated() == [first.id, second.id]
        assert await store.ratings.skip(first.id)
        assert await store.ratings.unrated() == [second.id]


async def _finished_game(store: Store) -> Game:
    """A started game finished by its first move (the outcome's content does not matter)."""
    game = await started_game(store)
    move = dataclasses.replace(next_move(game, random.Random(3)), outcome="{}")
    finished = await record(store, game, move)
    assert finished.status is GameStatus.FINISHED
    return finished


async def _start(store: Store, tournament: Tournament) -> Tournament:
    return await store.tournaments.start(
        tournament.id, seed=5, rounds=tournament.rounds, settings=tournament.settings
    )
