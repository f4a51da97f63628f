"""Ratings on a real SQLite file: which games are rated, how, and only once."""

from __future__ import annotations

import random

import pytest

from bot.ai.stand_ins import StandIns
from bot.lobby.lobby import Lobbies, Seating
from bot.lobby.table_settings import TableSettings
from bot.profiles.ratings import Ratings, is_rated
from bot.profiles.skill import Skill, rate
from bot.tables.play import Tables
from bot.tables.withdrawals import Withdrawals
from games.core import Outcome
from storage import Game, GameStatus, SqliteStore
from tests.bot.helpers import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD, PLAYERS, deal


async def _play_out(tables: Tables, game: Game, seed: int = 1) -> Game:
    """Random legal clicks by whoever is to act, to the end."""
    rng = random.Random(seed)
    while game.status is GameStatus.ACTIVE:
        seat = sorted(game.to_act)[0]
        user = game.user_at(seat)
        assert user is not None
        choices = await tables.legal_actions(game.id, user)
        index = rng.randrange(len(choices.notations))
        game = (await tables.choose(game.id, user, version=game.version, index=index)).game
    return game


async def test_a_finished_game_moves_its_players_ratings_once(
    store: SqliteStore, lobbies: Lobbies, tables: Tables
) -> None:
    ratings = Ratings(store)
    game = await _play_out(tables, await deal(lobbies, "marginalia", 2))
    outcome = Outcome.model_validate_json(game.outcome or "")
    assert await ratings.rate(game.id)
    assert not await ratings.rate(game.id)  # a second look changes nothing
    stored = await store.ratings.of_players(GUILD, "marginalia", [ALICE, BOB])
    expected = rate([[Skill()], [Skill()]], [outcome.ranks[0], outcome.ranks[1]])
    for seat, user in enumerate((ALICE, BOB)):
        assert stored[user].mu == expected[seat][0].mu
        assert stored[user].sigma == expected[seat][0].sigma
        assert stored[user].games == 1
        assert stored[user].wins == int(seat in outcome.winners)
    board = await ratings.leaderboard(GUILD, "marginalia")
    assert [r.user_id for r in board] == sorted((ALICE, BOB), key=lambda u: -stored[u].ordinal)


@pytest.mark.slow
async def test_a_second_game_starts_from_the_first_games_ratings(
    store: SqliteStore, lobbies: Lobbies, tables: Tables
) -> None:
    ratings = Ratings(store)
    first = await _play_out(tables, await deal(lobbies, "marginalia", 2, thread_id=1), seed=1)
    second = await _play_out(tables, await deal(lobbies, "marginalia", 2, thread_id=2), seed=2)
    assert await ratings.catch_up() == 2
    assert await ratings.catch_up() == 0
    after_first = [
        rate([[Skill()], [Skill()]], list(Outcome.model_validate_json(first.outcome or "").ranks))
    ]
    ranks = list(Outcome.model_validate_json(second.outcome or "").ranks)
    expected = rate([[after_first[0][0][0]], [after_first[0][1][0]]], ranks)
    stored = await store.ratings.of_players(GUILD, "marginalia", [ALICE, BOB])
    assert stored[ALICE].mu == expected[0][0].mu
    assert stored[BOB].mu == expected[1][0].mu
    assert stored[ALICE].games == stored[BOB].games == 2
    # How the second game moved each shown rating (mu - 3 sigma), from the first's.
    changes = await ratings.changes(second.id)
    assert changes is not None
    moved = {c.user_id: (c.before, c.after) for c in changes}
    assert moved == {
        ALICE: (after_first[0][0][0].ordinal, stored[ALICE].ordinal),
        BOB: (after_first[0][1][0].ordinal, stored[BOB].ordinal),
    }


async def test_changes_rate_a_finished_game_first_and_say_nothing_of_a_practice_game(
    store: SqliteStore, lobbies: Lobbies, tables: Tables
) -> None:
    ratings = Ratings(store)
    game = await _play_out(tables, await deal(lobbies, "marginalia", 2, thread_id=1))
    changes = await ratings.changes(game.id)  # not rated yet: rated now, once
    assert changes is not None
    assert {c.user_id for c in changes} == {ALICE, BOB}
    assert all(c.before == Skill().ordinal for c in changes)  # newcomers
    assert not await ratings.rate(game.id)
    assert await ratings.changes(game.id) == changes
    practice = await _marginalia(lobbies, ai=True)
    practice = await Withdrawals(tables.moves).resign(practice.id, ALICE)
    assert practice.status is GameStatus.FINISHED
    assert await ratings.changes(practice.id) == []
    running = await deal(lobbies, "marginalia", 2, thread_id=3)
    assert await ratings.changes(running.id) is None


@pytest.mark.slow
async def test_teams_are_rated_as_teams(
    store: SqliteStore, lobbies: Lobbies, tables: Tables
) -> None:
    ratings = Ratings(store)
    game = await _play_out(tables, await deal(lobbies, "mandragora", 4, options="teams=true"))
    outcome = Outcome.model_validate_json(game.outcome or "")
    assert outcome.teams is not None
    assert await ratings.rate(game.id)
    stored = await store.ratings.of_players(GUILD, "mandragora", list(PLAYERS[:4]))
    for team in outcome.teams:
        users = [game.user_at(seat) for seat in team]
        skills = {(stored[u].mu, stored[u].sigma) for u in users if u is not None}
        assert len(skills) == 1, "partners starting equal move together"
    winners = {game.user_at(s) for s in outcome.winners}
    losers = {u for u in (ALICE, BOB, CAROL, DAVE) if u not in winners}
    if not outcome.nobody_won and len({outcome.ranks[t[0]] for t in outcome.teams}) == 2:
        assert min(stored[u].mu for u in winners if u) > max(stored[u].mu for u in losers)


async def _marginalia(lobbies: Lobbies, *, rated: bool = True, ai: bool = False) -> Game:
    """Alice against Bob, or against an easy AI player, started."""
    lobby = await lobbies.open(
        game_key="marginalia",
        options=None,
        seating=Seating.JOIN_ORDER,
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=ALICE,
        rated=rated,
    )
    if ai:
        await lobbies.add_ai(lobby.id, ALICE, "easy")
    else:
        await lobbies.join(lobby.id, BOB)
    return await lobbies.start(lobby.id, ALICE, thread_id=None)


async def test_games_with_an_ai_seat_or_marked_unrated_are_not_rated(
    store: SqliteStore, lobbies: Lobbies, tables: Tables
) -> None:
    ratings = Ratings(store)
    stand_ins = StandIns(tables.moves)
    practice = await stand_ins.settle((await _marginalia(lobbies, rated=False)).id, "Practice.")
    with_ai = await stand_ins.settle((await _marginalia(lobbies, ai=True)).id, "Against the AI.")
    assert practice.status is with_ai.status is GameStatus.FINISHED
    assert TableSettings.of(practice).rated is False
    assert not is_rated(practice)
    assert not is_rated(with_ai)
    assert await store.ratings.unrated() == [practice.id, with_ai.id]
    assert not await ratings.rate(practice.id)
    assert not await ratings.rate(with_ai.id)
    assert await store.ratings.unrated() == []  # each was looked at, once
    assert await store.ratings.leaderboard(GUILD, "marginalia") == []


@pytest.mark.slow
async def test_a_profile_counts_finished_games_wins_and_the_favourite(
    store: SqliteStore, lobbies: Lobbies, tables: Tables
) -> None:
    ratings = Ratings(store)
    games = []
    for number, key in enumerate(("marginalia", "marginalia", "magnum-opus"), start=1):
        dealt = await deal(lobbies, key, 2, thread_id=number)
        games.append(await _play_out(tables, dealt, seed=number))
    await ratings.catch_up()
    profile = await ratings.profile(GUILD, ALICE)
    assert profile.games == 3
    assert profile.favourite == "marginalia"
    wins = sum(
        g.seat_of(ALICE) in Outcome.model_validate_json(g.outcome or "").winners for g in games
    )
    assert profile.wins == wins
    assert {r.game_key for r in profile.ratings} == {"marginalia", "magnum-opus"}
    assert (await ratings.profile(GUILD + 1, ALICE)).games == 0
