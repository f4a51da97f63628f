"""Contract: profiles and server statistics, checked against figures worked out by hand on
a small server whose every move time is set by the test's clock.

The server (guild 1), starting Saturday 2026-11-21 12:00 UTC:

- A, Mandragora, Alice (seat 0) and Bob (1). Alice is asked at 0 and moves at +10 min;
  Bob at +40 (30 min); Alice at +45 (5 min), then a second decision of the same move at
  +46; Bob at +106 (60 min), which ends it: Bob first.
- B, Magnum Opus, Alice, Bob and Carol, everyone asked at once at the start (so nobody took
  the first turn alone). Bob moves at +20, Alice at +60, and Carol's move is made for her at
  the deadline, +90, which ends it: Alice first, Carol second, Bob third.
- Three days later, C, Mandragora, Alice (seat 0) and Carol (1), Carol to start: she moves
  at +10; Alice, asked then, goes away 30 min later, comes back 60 min after that, moves
  30 min later (60 min of her own time), then resigns: Carol wins.
- D, Mandragora, Alice and Dave, started and called off.
- E, on another server, which must count nowhere here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import pytest

from storage import Game, Rating, RatingChange, Store
from storage.contract.profiles import Opponent, Span, Tally, percentile
from tests.storage.contract import FakeClock

GUILD = 1
ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4
MINUTE = 60.0


def _outcome(ranks: Sequence[int]) -> str:
    return json.dumps(
        {
            "scores": [0] * len(ranks),
            "tiebreaks": [0] * len(ranks),
            "ranks": list(ranks),
            "winners": [seat for seat, rank in enumerate(ranks) if rank == 1],
        }
    )


class _Tables:
    def __init__(self, store: Store, clock: FakeClock) -> None:
        self.store = store
        self.clock = clock

    def wait(self, minutes: float) -> None:
        self.clock.advance(timedelta(minutes=minutes))

    async def start(
        self, key: str, users: Sequence[int], to_act: set[int], guild: int = GUILD
    ) -> Game:
        lobby = await self.store.games.create_lobby(
            game_key=key, guild_id=guild, channel_id=9, host_id=users[0], options={}
        )
        for user in users:
            await self.store.games.join(lobby.id, user_id=user, max_seats=5)
        return await self.store.games.start(
            lobby.id,
            seed=1,
            seat_order=list(range(len(users))),
            state="{}",
            to_act=frozenset(to_act),
        )

    async def move(
        self,
        game: Game,
        seat: int,
        to_act: set[int],
        ranks: Sequence[int] | None = None,
        missed: bool = False,
    ) -> Game:
        return await self.store.games.record_move(
            game.id,
            expected_version=game.version,
            seat=seat,
            notation=f"m{game.version}",
            state="{}",
            to_act=frozenset(to_act),
            outcome=None if ranks is None else _outcome(ranks),
            missed=missed,
        )


class ProfilesContract:
    """Any store reads profiles and server statistics from its stored games."""

    @pytest.fixture
    async def server(self, store: Store, clock: FakeClock) -> dict[str, Game]:
        t = _Tables(store, clock)
        a = await t.start("mandragora", [ALICE, BOB], {0})
        t.wait(10)
        a = await t.move(a, 0, {1})
        t.wait(30)
        a = await t.move(a, 1, {0})
        t.wait(5)
        a = await t.move(a, 0, {0})
        t.wait(1)
        a = await t.move(a, 0, {1})
        t.wait(60)
        a = await t.move(a, 1, set(), ranks=[2, 1])

        b = await t.start("magnum-opus", [ALICE, BOB, CAROL], {0, 1, 2})
        t.wait(20)
        b = await t.move(b, 1, {0, 2})
        t.wait(40)
        b = await t.move(b, 0, {2})
        t.wait(30)
        b = await t.move(b, 2, set(), ranks=[1, 3, 2], missed=True)

        t.wait(3 * 24 * 60)
        c = await t.start("mandragora", [ALICE, CAROL], {1})
        t.wait(10)
        c = await t.move(c, 1, {0})
        t.wait(30)
        await store.prefs.set_away(ALICE, clock() + timedelta(hours=2))
        t.wait(60)
        await store.prefs.set_away(ALICE, None)
        t.wait(30)
        c = await t.move(c, 0, {1})
        c = await store.games.resign(
            c.id, seat=0, expected_version=c.version, to_act=frozenset(), outcome=_outcome([2, 1])
        )

        d = await t.start("mandragora", [ALICE, DAVE], {0})
        t.wait(5)
        d = await store.games.cancel(d.id)

        e = await t.start("mandragora", [ALICE, BOB], {0}, guild=2)
        t.wait(1)
        e = await t.move(e, 0, set(), ranks=[1, 2])

        for game, after in ((a, 2.0), (c, 1.0)):
            await store.ratings.record(
                game.id,
                [Rating(GUILD, "mandragora", ALICE, 25.0, 8.0)],
                [RatingChange(ALICE, 0.0, after)],
            )
        await store.ratings.record(
            b.id, [Rating(GUILD, "magnum-opus", ALICE, 25.0, 8.0)], [RatingChange(ALICE, 0.0, 5.0)]
        )
        return {"a": a, "b": b, "c": c, "d": d, "e": e}

    async def test_a_players_record_counts_finished_games_on_the_server(
        self, store: Store, server: dict[str, Game]
    ) -> None:
        alice = await store.profiles.player(GUILD, ALICE)
        assert (alice.played, alice.won, alice.resigned, alice.abandoned) == (3, 1, 1, 1)
        assert alice.by_game == (Tally("mandragora", 2, 0), Tally("magnum-opus", 1, 1))
        assert alice.by_seats == (Tally("2", 2, 0), Tally("3", 1, 1))
        assert alice.opponents == (Opponent(BOB, 2), Opponent(CAROL, 2))

    async def test_a_profile_at_one_game_counts_that_game_only(
        self, store: Store, server: dict[str, Game]
    ) -> None:
        alice = await store.profiles.player(GUILD, ALICE, "magnum-opus")
        assert (alice.played, alice.won, alice.resigned) == (1, 1, 0)
        assert alice.timing.moves == 1
        assert alice.timing.median_s == 60 * MINUTE
        assert alice.trend == (5.0,)
        assert alice.trend_game == "magnum-opus"

    async def test_moves_are_timed_from_being_asked_without_time_away(
        self, store: Store, server: dict[str, Game]
    ) -> None:
        timing = (await store.profiles.player(GUILD, ALICE)).timing
        # A: 10 and 5 minutes (the second decision is the same move); B: 60 minutes from
        # the start, though Bob moved in between; C: 120 minutes less 60 away.
        assert timing.moves == 4
        assert timing.median_s == (10 + 60) / 2 * MINUTE
        assert timing.p90_s == 60 * MINUTE
        assert (timing.missed, timing.left, timing.reliability) == (0, 1, 1.0)
        bob = (await store.profiles.player(GUILD, BOB)).timing
        assert (bob.moves, bob.median_s) == (3, 30 * MINUTE)

    async def test_reliability_is_the_share_of_moves_made_before_the_deadline(
        self, store: Store, server: dict[str, Game]
    ) -> None:
        carol = await store.profiles.standing(GUILD, CAROL)
        assert carol.finished == 2
        assert (carol.timing.moves, carol.timing.missed) == (2, 1)
        assert carol.timing.reliability == 0.5
        nobody = await store.profiles.standing(GUILD, 99)
        assert (nobody.finished, nobody.timing.moves, nobody.timing.reliability) == (0, 0, None)

    async def test_the_rating_trend_is_of_the_most_played_game_oldest_first(
        self, store: Store, server: dict[str, Game]
    ) -> None:
        alice = await store.profiles.player(GUILD, ALICE)
        assert (alice.trend_game, alice.trend) == ("mandragora", (2.0, 1.0))

    async def test_head_to_head_counts_who_finished_ahead(
        self, store: Store, server: dict[str, Game]
    ) -> None:
        bob = await store.profiles.versus(GUILD, ALICE, BOB)
        assert (bob.games, bob.ahead, bob.behind, bob.level) == (2, 1, 1, 0)
        carol = await store.profiles.versus(GUILD, ALICE, CAROL, "mandragora")
        assert (carol.games, carol.ahead, carol.behind) == (1, 0, 1)
        nobody = await store.profiles.versus(GUILD, ALICE, DAVE)
        assert (nobody.games, nobody.ahead, nobody.behind, nobody.level) == (0, 0, 0, 0)

    async def test_a_servers_activity_by_week_and_its_games(
        self, store: Store, server: dict[str, Game]
    ) -> None:
        stats = await store.profiles.server(GUILD, weeks=2)
        assert [(w.starts, w.started, w.finished) for w in stats.weeks] == [
            (datetime(2026, 11, 16, tzinfo=UTC), 2, 2),
            (datetime(2026, 11, 23, tzinfo=UTC), 2, 1),
        ]
        assert (stats.started, stats.finished, stats.active_players) == (4, 3, 3)
        assert stats.most_played == (Tally("mandragora", 2, 0), Tally("magnum-opus", 1, 0))
        a, b = server["a"], server["b"]
        assert stats.longest == (
            Span(a.id, "mandragora", 106 * MINUTE, 5),
            Span(b.id, "magnum-opus", 90 * MINUTE, 3),
        )
        assert stats.fastest == tuple(reversed(stats.longest))
        # The first turn is the one seat asked at the start: Alice's in A (Bob won), Carol's
        # in C (she won, from seat 1). B opened with everyone choosing at once: no first turn.
        (mandragora,) = stats.seat_advantage
        assert (mandragora.game_key, mandragora.games, mandragora.first_won) == ("mandragora", 2, 1)
        assert mandragora.expected_rate == pytest.approx(0.5)
        assert mandragora.win_rate == 0.5

    async def test_the_first_player_is_whoever_took_the_first_turn(
        self, store: Store, clock: FakeClock
    ) -> None:
        """Seat 1 takes the first turn of two games and wins both; seat 0 wins a third it
        began. The first player won all three, though seat 0 won one of them."""
        t = _Tables(store, clock)
        for first, ranks in ((1, [2, 1]), (1, [2, 1]), (0, [1, 2])):
            game = await t.start("marginalia", [ALICE, BOB], {first})
            t.wait(1)
            game = await t.move(game, first, {1 - first})
            t.wait(1)
            await t.move(game, 1 - first, set(), ranks=ranks)
        (marginalia,) = (await store.profiles.server(GUILD)).seat_advantage
        assert (marginalia.game_key, marginalia.games, marginalia.first_won) == (
            "marginalia",
            3,
            3,
        )
        assert marginalia.win_rate == 1.0

    async def test_server_statistics_at_one_game(
        self, store: Store, server: dict[str, Game]
    ) -> None:
        stats = await store.profiles.server(GUILD, "mandragora", weeks=1)
        assert [(w.started, w.finished) for w in stats.weeks] == [(2, 1)]
        assert (stats.started, stats.finished) == (3, 2)
        assert [s.game_key for s in stats.seat_advantage] == ["mandragora"]

    async def test_a_server_without_games(self, store: Store) -> None:
        stats = await store.profiles.server(GUILD)
        assert len(stats.weeks) == 8
        assert all(w.started == w.finished == 0 for w in stats.weeks)
        assert (stats.started, stats.finished, stats.active_players) == (0, 0, 0)
        assert (stats.most_played, stats.longest, stats.seat_advantage) == ((), (), ())
        nobody = await store.profiles.player(GUILD, ALICE)
        assert (nobody.played, nobody.timing.median_s, nobody.trend) == (0, None, ())

    async def test_newcomers_are_the_players_below_a_number_of_rated_games(
        self, store: Store
    ) -> None:
        game = await store.games.create_lobby(
            game_key="marginalia", guild_id=GUILD, channel_id=9, host_id=1, options={}
        )
        await store.ratings.record(
            game.id,
            [
                Rating(GUILD, "marginalia", ALICE, mu=30.0, sigma=5.0, games=6),
                Rating(GUILD, "marginalia", BOB, mu=20.0, sigma=8.0, games=1),
                Rating(GUILD, "marginalia", CAROL, mu=20.0, sigma=8.0, games=4),
                Rating(GUILD, "marginalia", DAVE, mu=28.0, sigma=8.0, games=1),
            ],
        )
        newcomers = await store.ratings.newcomers(GUILD, "marginalia", below_games=5)
        assert [r.user_id for r in newcomers] == [CAROL, DAVE, BOB]
        assert await store.ratings.newcomers(GUILD, "marginalia", below_games=5, limit=1) == [
            newcomers[0]
        ]
        ranked = await store.ratings.leaderboard(GUILD, "marginalia", min_games=5)
        assert [r.user_id for r in ranked] == [ALICE]

    def test_percentiles_interpolate_between_neighbours(self) -> None:
        assert percentile([], 0.5) is None
        assert percentile([4.0], 0.9) == 4.0
        assert percentile([1.0, 3.0], 0.5) == 2.0
        assert percentile([10.0, 1.0, 2.0, 3.0, 4.0], 0.5) == 3.0
        assert percentile([float(n) for n in range(11)], 0.9) == 9.0
