"""Tournaments through the service layer: sign-ups, rounds dealing themselves, results feeding
the standings, drops, settling a round, cancelling, and picking up after a restart."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest

from bot.common.posts import Post
from bot.common.refusals import Refusal
from bot.common.render import render
from bot.lobby.lobby import Lobbies
from bot.lobby.table_settings import TableSettings
from bot.profiles.ratings import Ratings
from bot.tables.play import Tables
from bot.tournaments.formats import TableRange
from bot.tournaments.service import Tournaments
from bot.tournaments.tournament_settings import TournamentSettings
from games.core import Outcome
from storage import (
    DeliveryKind,
    GameStatus,
    SqliteStore,
    TimerKind,
    Tournament,
    TournamentStatus,
)
from tests.bot.tournaments.conftest import (
    CHANNEL,
    GUILD,
    ORGANISER,
    Finished,
    play_round,
    running,
    sign_up,
)
from tests.storage.contract import FakeClock


async def _new(
    tournaments: Tournaments, game_key: str, tournament_format: str, **chosen: Any
) -> Tournament:
    """A tournament organised by ``ORGANISER`` in the test server's channel."""
    return await tournaments.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=ORGANISER,
        game_key=game_key,
        tournament_format=tournament_format,
        **chosen,
    )


async def test_a_tournament_takes_sign_ups_and_refuses_what_does_not_fit(
    tournaments: Tournaments,
) -> None:
    tournament = await _new(
        tournaments, "magnum-opus", "swiss", rounds=3, tables="3-4", name="Winter Cup"
    )
    assert tournament.active() == [ORGANISER]
    assert TournamentSettings.of(tournament).name == "Winter Cup"
    assert TournamentSettings.of(tournament).tables == TableRange(3, 4)
    tournament = await tournaments.enter(tournament.id, 2)
    with pytest.raises(Refusal, match="already signed up"):
        await tournaments.enter(tournament.id, 2)
    with pytest.raises(Refusal, match="organise this tournament"):
        await tournaments.withdraw(tournament.id, ORGANISER)
    with pytest.raises(Refusal, match="Only the organiser"):
        await tournaments.start(tournament.id, 2, is_admin=False)
    with pytest.raises(Refusal, match="At least 3 players"):
        await tournaments.start(tournament.id, ORGANISER, is_admin=False)
    assert (await tournaments.get(tournament.id)).status is TournamentStatus.SIGNUP


@pytest.mark.parametrize(
    ("chosen", "message"),
    [
        ({"game_key": "chess"}, "chess"),
        ({"tournament_format": "ladder"}, "Choose a format"),
        ({"tables": "1-4"}, "seats 2–4"),
        ({"tables": "4-3"}, "smaller table size first"),
        ({"tables": "three"}, "number or a range"),
        ({"tournament_format": "knockout", "rounds": 3}, "leave `rounds` out"),
        ({"rounds": 0}, "between 1 and 20"),
        ({"deadline": "5m"}, "Choose a deadline"),
        ({"name": "x" * 61}, "at most 60"),
        ({"options": "teams=true"}, "Team variants cannot be played in a tournament"),
    ],
)
async def test_bad_options_are_refused_with_a_reason(
    tournaments: Tournaments, store: SqliteStore, chosen: dict[str, object], message: str
) -> None:
    asked: dict[str, object] = {"game_key": "mandragora", "tournament_format": "swiss", **chosen}
    with pytest.raises(Refusal, match=message):
        await tournaments.create(
            guild_id=GUILD,
            channel_id=CHANNEL,
            organiser_id=ORGANISER,
            **asked,  # type: ignore[arg-type]
        )
    assert await store.tournaments.in_guild(GUILD) == []


async def test_table_sizes_are_those_the_game_can_be_set_up_for(
    tournaments: Tournaments,
) -> None:
    spell = await _new(tournaments, "magic-spell", "swiss")
    # Two students need Magic Spell's Low Enrollment variant, so tables seat 3 or 4.
    assert TournamentSettings.of(spell).tables == TableRange(3, 4)
    with pytest.raises(Refusal, match="Tables of 2 cannot play: Two students"):
        await _new(tournaments, "magic-spell", "swiss", tables="2-3")
    duel = await _new(tournaments, "magic-spell", "knockout", options="low_enrollment=true")
    assert TournamentSettings.of(duel).tables == TableRange(2, 2)
    assert TournamentSettings.of(duel).options["low_enrollment"] is True


async def test_a_round_deals_every_table_with_a_ping_and_a_shuffled_seat_order(
    tournaments: Tournaments, store: SqliteStore
) -> None:
    tournament = await _new(
        tournaments, "mandragora", "swiss", rounds=2, tables="3-4", deadline="12h"
    )
    tournament = await sign_up(tournaments, tournament, range(1, 10))
    assert len(tournament.active()) == 10
    started = await tournaments.start(tournament.id, ORGANISER, is_admin=False)
    assert (started.status, started.round) == (TournamentStatus.RUNNING, 1)
    sizes = sorted(len(t.players) for t in started.tables_of(1))
    assert sizes == [3, 3, 4]
    seated = sorted(u for t in started.tables_of(1) for u in t.players)
    assert seated == sorted(started.active())
    for table in started.tables_of(1):
        assert table.game_id is not None
        game = await store.games.get(table.game_id)
        assert game.status is GameStatus.ACTIVE
        assert sorted(s.user_id for s in game.seats if s.user_id) == sorted(table.players)
        assert TableSettings.of(game).clock.deadline == timedelta(hours=12)
        assert TableSettings.of(game).tournament == tournament.id
        posts = [
            Post.from_payload(i.payload)
            for i in await store.outbox.pending()
            if i.game_id == game.id and i.kind is DeliveryKind.THREAD_POST
        ]
        assert f"table {table.number}" in posts[0].content
        assert sorted(posts[0].pings) == sorted(table.players)
    announced = [
        Post.from_payload(i.payload).content
        for i in await store.outbox.pending()
        if i.target_id == CHANNEL and i.game_id is None and i.kind is DeliveryKind.THREAD_POST
    ]
    assert any("round 1 begins" in text for text in announced)


# The places below come from seeded clicks, one per decision, as they were recorded.
@pytest.mark.usefixtures("every_step_asked")
@pytest.mark.slow
async def test_twelve_players_play_three_swiss_rounds_of_magnum_opus(
    store: SqliteStore,
    tables: Tables,
    tournaments: Tournaments,
    ratings: Ratings,
    finished: Finished,
) -> None:
    tournament = await _new(tournaments, "magnum-opus", "swiss", rounds=3, tables="3-4")
    tournament = await sign_up(tournaments, tournament, range(1, 12))
    tournament = await tournaments.start(tournament.id, ORGANISER, is_admin=False)
    rng = random.Random(5)
    for number in (1, 2, 3):
        assert tournament.round == number
        assert sorted(len(t.players) for t in tournament.tables_of(number)) == [4, 4, 4]
        tournament = await play_round(
            store, tables, tournaments, ratings, finished, tournament, rng
        )
    assert tournament.status is TournamentStatus.FINISHED
    # The places the games ended with (user: place), table by table; the moves are seeded,
    # so these are always the same. Two players tied for first at round 3, table 1.
    results = []
    for table in tournament.tables:
        assert table.game_id is not None
        game = await store.games.get(table.game_id)
        assert game.outcome is not None
        ranks = Outcome.model_validate_json(game.outcome).ranks
        users = [s.user_id for s in game.in_seat_order()]
        results.append(dict(sorted(zip(users, ranks, strict=True), key=lambda p: p[1])))
    assert results == [
        {5: 1, 8: 2, 2: 3, 7: 4},
        {9: 1, 3: 2, 11: 3, 6: 4},
        {1000: 1, 10: 2, 4: 3, 1: 4},
        {8: 1, 1000: 2, 9: 3, 5: 4},
        {3: 1, 2: 2, 10: 3, 4: 4},
        {6: 1, 7: 2, 1: 3, 11: 4},
        {1: 1, 5: 1, 3: 3, 8: 4},
        {2: 1, 11: 2, 6: 3, 1000: 4},
        {9: 1, 7: 2, 10: 3, 4: 4},
    ]
    # By hand, at tables of four 12 / 8 / 4 / 0 by place, tied firsts share (12 + 8) / 2:
    # player 9: 12 + 4 + 12 = 28; player 5: 12 + 0 + 10 = 22; player 1: 0 + 4 + 10 = 14; ...
    # Players 3 and 2 both have 24; opponents' points break the tie: player 3 met 9, 11, 6 |
    # 2, 10, 4 | 1, 5, 8, so (28 + 12 + 16) + (24 + 16 + 4) + (14 + 22 + 20) = 156; player 2
    # met 5, 8, 7 | 3, 10, 4 | 11, 6, 1000: (22 + 20 + 16) + (24 + 16 + 4) + (12 + 16 + 20)
    # = 150.
    _, ranking = await tournaments.standings(tournament.id)
    assert [(s.user, s.place, s.points, s.opponents_points, s.game_score) for s in ranking] == [
        (9, 1, 28, 150, 9),
        (3, 2, 24, 156, 10),
        (2, 3, 24, 150, 10),
        (5, 4, 22, 186, 14),
        (8, 5, 20, 192, 9),
        (1000, 6, 20, 156, 7),
        (6, 7, 16, 162, 6),
        (7, 8, 16, 156, 5),
        (10, 9, 16, 138, 7),
        (1, 10, 14, 150, 7),
        (11, 11, 12, 174, 6),
        (4, 12, 4, 174, 6),
    ]
    assert tournament.champion_id == 9
    assert [s.played for s in ranking] == [3] * 12
    # Every game was rated, once.
    assert await store.ratings.unrated() == []
    rated = await store.ratings.leaderboard(GUILD, "magnum-opus", limit=20)
    assert sorted(r.games for r in rated) == [3] * 12


async def test_a_dropped_player_resigns_their_game_and_sits_out(
    store: SqliteStore,
    tables: Tables,
    tournaments: Tournaments,
    ratings: Ratings,
    finished: Finished,
) -> None:
    tournament = await _new(tournaments, "marginalia", "swiss", rounds=2)
    tournament = await sign_up(tournaments, tournament, range(1, 3))
    tournament = await tournaments.start(tournament.id, ORGANISER, is_admin=False)
    assert len(tournament.tables_of(1)) == 2  # one game and one bye
    game_table = next(t for t in tournament.tables_of(1) if not t.bye)
    leaver = next(u for u in game_table.players if u != ORGANISER)
    other = next(u for u in (1, 2) if u != leaver)
    with pytest.raises(Refusal, match="Only the organiser"):
        await tournaments.drop(tournament.id, leaver, by=other, is_admin=False)
    tournament = await tournaments.drop(tournament.id, leaver, by=leaver, is_admin=False)
    assert game_table.game_id is not None
    game = await store.games.get(game_table.game_id)
    assert game.status is GameStatus.FINISHED  # a two-player game ends when one resigns
    for game_id in finished.take():
        await tournaments.game_finished(game_id)
    tournament = await store.tournaments.get(tournament.id)
    assert tournament.round == 2
    assert all(leaver not in t.players for t in tournament.tables_of(2))
    assert leaver in tournament.dropped()
    with pytest.raises(Refusal, match="not playing"):
        await tournaments.drop(tournament.id, leaver, by=leaver, is_admin=False)


@pytest.mark.slow
async def test_the_organiser_settles_a_round_held_up_by_stragglers(
    store: SqliteStore, tournaments: Tournaments, finished: Finished
) -> None:
    tournament = await _new(tournaments, "magic-spell", "swiss", rounds=2, tables="3-4")
    tournament = await sign_up(tournaments, tournament, range(1, 6))
    tournament = await tournaments.start(tournament.id, ORGANISER, is_admin=False)
    with pytest.raises(Refusal, match="Only the organiser"):
        await tournaments.next_round(tournament.id, 1, is_admin=False)
    moved = await tournaments.next_round(tournament.id, 2, is_admin=True)
    assert moved.round == 2
    for table in moved.tables_of(1):
        assert table.game_id is not None
        game = await store.games.get(table.game_id)
        assert game.status is GameStatus.FINISHED
    _, ranking = await tournaments.standings(moved.id)
    assert sum(s.played for s in ranking) == 6
    # Only the settling notice and the final board were posted in each settled game.
    for t in moved.tables_of(1):
        posts = [
            Post.from_payload(i.payload)
            for i in await store.outbox.pending()
            if i.game_id == t.game_id and i.kind is DeliveryKind.THREAD_POST
        ]
        closing = [p for p in posts if "closed round 1" in p.content]
        assert len(closing) == 1


async def test_a_cancelled_tournament_leaves_its_games_running(
    store: SqliteStore, tournaments: Tournaments
) -> None:
    tournament = await _new(tournaments, "marginalia", "knockout")
    tournament = await sign_up(tournaments, tournament, range(1, 4))
    tournament = await tournaments.start(tournament.id, ORGANISER, is_admin=False)
    with pytest.raises(Refusal, match="Only the organiser"):
        await tournaments.cancel(tournament.id, 1, is_admin=False)
    cancelled = await tournaments.cancel(tournament.id, ORGANISER, is_admin=False)
    assert cancelled.status is TournamentStatus.CANCELLED
    running = [t for t in cancelled.tables_of(1) if not t.bye]
    assert running
    for table in running:
        assert table.game_id is not None
        assert (await store.games.get(table.game_id)).status is GameStatus.ACTIVE
        await tournaments.game_finished(table.game_id)  # nothing happens any more
    with pytest.raises(Refusal, match="was cancelled"):
        await tournaments.cancel(tournament.id, ORGANISER, is_admin=False)


async def test_a_round_recorded_before_a_crash_is_dealt_at_the_next_start(
    store: SqliteStore, lobbies: Lobbies, tables: Tables
) -> None:
    opened: list[str] = []

    async def open_thread(game: object, title: str) -> int:
        opened.append(title)
        return 7000 + len(opened)

    tournaments = running(store, lobbies, tables.moves, open_thread=open_thread, seeds=lambda: 3)
    tournament = await _new(tournaments, "magnum-opus", "swiss", rounds=2, tables="3-3")
    tournament = await sign_up(tournaments, tournament, range(1, 6))
    # As if the process died right after the round was recorded: no game exists yet.
    await store.tournaments.start(tournament.id, seed=3, rounds=2, settings=tournament.settings)
    await store.tournaments.begin_round(
        tournament.id, round_number=1, tables=[(ORGANISER, 1, 2), (3, 4, 5)]
    )
    await tournaments.resume()
    await tournaments.resume()  # twice: nothing is dealt twice
    resumed = await store.tournaments.get(tournament.id)
    games = [await store.games.get(t.game_id) for t in resumed.tables_of(1) if t.game_id]
    assert [g.status for g in games] == [GameStatus.ACTIVE, GameStatus.ACTIVE]
    assert [g.thread_id for g in games] == [7001, 7002]
    assert len(opened) == 2
    assert "R1 T1" in opened[0]


async def test_the_standings_message_is_edited_after_a_result(
    store: SqliteStore,
    tables: Tables,
    tournaments: Tournaments,
    ratings: Ratings,
    finished: Finished,
) -> None:
    tournament = await _new(tournaments, "marginalia", "round-robin")
    tournament = await sign_up(tournaments, tournament, range(1, 3))
    await store.tournaments.set_message(tournament.id, message_id=8888)
    tournament = await tournaments.start(tournament.id, ORGANISER, is_admin=False)
    assert tournament.rounds == 3  # three players: three rounds, one bye each
    await play_round(store, tables, tournaments, ratings, finished, tournament, random.Random(1))
    edits = [i for i in await store.outbox.pending() if i.kind is DeliveryKind.BOARD_EDIT]
    assert edits
    last = Post.from_payload(edits[-1].payload)
    assert last.edits_message_id == 8888
    assert edits[-1].target_id == CHANNEL
    board = last.boards[0]
    assert "Round 2" in board.title
    assert "pts" in board.fields[0].value


@pytest.mark.slow
async def test_a_marginalia_knockout_is_played_to_a_champion(
    store: SqliteStore,
    tables: Tables,
    tournaments: Tournaments,
    ratings: Ratings,
    finished: Finished,
) -> None:
    tournament = await _new(tournaments, "marginalia", "knockout", name="Marginalia Open")
    tournament = await sign_up(tournaments, tournament, range(1, 5))  # five players
    tournament = await tournaments.start(tournament.id, ORGANISER, is_admin=False)
    seeded = TournamentSettings.of(tournament).seeding
    assert seeded == (ORGANISER, 1, 2, 3, 4)  # nobody is rated yet: sign-up order
    # A bracket of eight: the three best seeds have byes, seeds 4 and 5 play.
    assert sorted(t.players[0] for t in tournament.tables_of(1) if t.bye) == [1, 2, ORGANISER]
    assert [sorted(t.players) for t in tournament.tables_of(1) if not t.bye] == [[3, 4]]
    rng = random.Random(11)
    rounds = 0
    while tournament.status is TournamentStatus.RUNNING:
        rounds += 1
        assert rounds <= 3
        tournament = await play_round(
            store, tables, tournaments, ratings, finished, tournament, rng
        )
    assert tournament.status is TournamentStatus.FINISHED
    assert rounds == 3
    final = tournament.tables_of(3)
    assert len(final) == 1
    assert final[0].game_id is not None
    game = await store.games.get(final[0].game_id)
    assert game.outcome is not None
    winner_seat = min(Outcome.model_validate_json(game.outcome).winners)
    assert tournament.champion_id == game.user_at(winner_seat)
    # Everyone still in the bracket advanced from the round before.
    for number in (2, 3):
        before = {u for t in tournament.tables_of(number - 1) for u in t.players}
        assert {u for t in tournament.tables_of(number) for u in t.players} <= before
    announced = [
        Post.from_payload(i.payload)
        for i in await store.outbox.pending()
        if i.target_id == CHANNEL and i.kind is DeliveryKind.THREAD_POST and i.game_id is None
    ]
    assert f"<@{tournament.champion_id}>" in render(announced[-1].content)
    assert "Final standings" in announced[-1].boards[0].title


async def test_a_knockout_seeds_by_the_servers_ratings(
    store: SqliteStore, tournaments: Tournaments
) -> None:
    from storage import Rating

    game = await store.games.create_lobby(
        game_key="marginalia", guild_id=GUILD, channel_id=CHANNEL, host_id=1, options={}
    )
    await store.ratings.record(
        game.id,
        [
            Rating(GUILD, "marginalia", 3, mu=35.0, sigma=3.0, games=9, wins=8),
            Rating(GUILD, "marginalia", 2, mu=28.0, sigma=3.0, games=9, wins=5),
        ],
    )
    tournament = await _new(tournaments, "marginalia", "knockout")
    tournament = await sign_up(tournaments, tournament, range(1, 4))
    tournament = await tournaments.start(tournament.id, ORGANISER, is_admin=False)
    assert TournamentSettings.of(tournament).seeding == (3, 2, ORGANISER, 1)
    # Seeds 1 and 2 are in different halves of the bracket.
    assert [sorted(t.players) for t in tournament.tables_of(1)] == [[1, 3], [2, ORGANISER]]


async def test_a_knockout_left_too_short_by_drops_plays_a_smaller_final(
    store: SqliteStore, tournaments: Tournaments, finished: Finished
) -> None:
    tournament = await _new(tournaments, "mandragora", "knockout", tables="3-3")
    tournament = await sign_up(tournaments, tournament, range(1, 6))
    tournament = await tournaments.start(tournament.id, ORGANISER, is_admin=False)
    assert sorted(len(t.players) for t in tournament.tables_of(1)) == [3, 3]
    stayers = []
    for table in tournament.tables_of(1):
        staying, *leaving = table.players
        stayers.append(staying)
        for user in leaving:
            await tournaments.drop(tournament.id, user, by=ORGANISER, is_admin=False)
    for game_id in finished.take():
        await tournaments.game_finished(game_id)
    tournament = await store.tournaments.get(tournament.id)
    # Two players are left, too few for a table of three: they play a two-player final.
    assert tournament.round == 2
    (final,) = tournament.tables_of(2)
    assert sorted(final.players) == sorted(stayers)
    assert final.game_id is not None
    assert len((await store.games.get(final.game_id)).seats) == 2


async def test_sign_ups_can_close_by_themselves(
    store: SqliteStore, lobbies: Lobbies, tables: Tables, clock: FakeClock
) -> None:
    tournaments = running(store, lobbies, tables.moves, seeds=lambda: 3, clock=clock)
    full = await _new(tournaments, "marginalia", "swiss", rounds=1, starts_in="7d")
    short = await _new(tournaments, "marginalia", "swiss", rounds=1, starts_in="2d")
    # Kept to the second.
    starts_at = TournamentSettings.of(full).starts_at
    assert starts_at == (clock() + timedelta(days=7)).replace(microsecond=0)
    with pytest.raises(Refusal, match="too long"):
        await _new(tournaments, "marginalia", "swiss", starts_in="31d")
    await tournaments.enter(full.id, 1)
    timers = {t.payload["tournament"]: t for t in await store.timers.pending()}
    assert timers[full.id].due_at == clock() + timedelta(days=7)

    # Two days on: one player is not enough; the organiser is told and sign-ups stay open.
    await tournaments.fire(timers[short.id])
    assert (await store.tournaments.get(short.id)).status is TournamentStatus.SIGNUP
    told = [Post.from_payload(i.payload) for i in await store.outbox.pending()]
    assert any("could not start by itself" in p.content for p in told)
    assert ORGANISER in told[-1].pings
    # A week on: two players, so it starts and round 1 is dealt.
    await tournaments.fire(timers[full.id])
    started = await store.tournaments.get(full.id)
    assert (started.status, started.round) == (TournamentStatus.RUNNING, 1)
    assert [
        t.id for t in await store.timers.pending() if t.kind is TimerKind.TOURNAMENT_START
    ] == []
