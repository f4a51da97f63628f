"""Tournament points by place, shared ties, byes and the standings they add up to."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.tournaments.points import (
    BYE_POINTS,
    FIRST_PLACE_POINTS,
    RoundRecord,
    Standing,
    TableResult,
    place_points,
    ranked_users,
    standings,
)


@pytest.mark.parametrize(
    ("ranks", "expected"),
    [
        ((1, 2), (12.0, 0.0)),
        ((1, 2, 3), (12.0, 6.0, 0.0)),
        ((1, 2, 3, 4), (12.0, 8.0, 4.0, 0.0)),
        ((1, 2, 3, 4, 5), (12.0, 9.0, 6.0, 3.0, 0.0)),
        ((3, 1, 2), (0.0, 12.0, 6.0)),
    ],
)
def test_points_by_place_at_every_table_size(
    ranks: tuple[int, ...], expected: tuple[float, ...]
) -> None:
    assert place_points(ranks) == expected


@pytest.mark.parametrize(
    ("ranks", "expected"),
    [
        ((1, 1), (6.0, 6.0)),
        ((1, 1, 3, 4), (10.0, 10.0, 4.0, 0.0)),  # (12 + 8) / 2
        ((1, 2, 2, 4), (12.0, 6.0, 6.0, 0.0)),  # (8 + 4) / 2
        ((1, 2, 3, 3), (12.0, 8.0, 2.0, 2.0)),  # (4 + 0) / 2
        ((1, 1, 1), (6.0, 6.0, 6.0)),  # (12 + 6 + 0) / 3
        ((4, 1, 1, 1, 5), (3.0, 9.0, 9.0, 9.0, 0.0)),  # (12 + 9 + 6) / 3
        ((1, 1, 3, 3, 5), (10.5, 10.5, 4.5, 4.5, 0.0)),
    ],
)
def test_tied_players_share_the_points_of_the_places_they_cover(
    ranks: tuple[int, ...], expected: tuple[float, ...]
) -> None:
    assert place_points(ranks) == expected


def test_first_place_and_a_bye_are_worth_a_win() -> None:
    assert FIRST_PLACE_POINTS == 12.0
    assert BYE_POINTS == FIRST_PLACE_POINTS
    assert all(place_points(tuple(range(1, n + 1)))[0] == 12.0 for n in range(2, 9))


@pytest.mark.parametrize(
    ("ranks", "message"),
    [
        ((1,), "at least two players"),
        ((), "at least two players"),
        ((0, 1), "from 1 to 2, not 0"),
        ((1, 3), "from 1 to 2, not 3"),
        ((1, 2, 2, 3), "place 3 needs exactly 2 players ahead of it, not 3"),
        ((1, 1, 2), "place 2 needs exactly 1 players ahead of it, not 2"),
        ((2, 2), "place 2 needs exactly 1 players ahead of it, not 0"),
    ],
)
def test_places_that_do_not_add_up_are_refused(ranks: tuple[int, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        place_points(ranks)


def test_a_table_result_needs_aligned_distinct_players_and_sound_places() -> None:
    with pytest.raises(ValueError, match="3 players, 2 places, 3 scores"):
        TableResult(players=(1, 2, 3), ranks=(1, 2), scores=(0, 0, 0))
    with pytest.raises(ValueError, match="more than once"):
        TableResult(players=(1, 1), ranks=(1, 2), scores=(0, 0))
    with pytest.raises(ValueError, match="do not add up"):
        TableResult(players=(1, 2), ranks=(2, 2), scores=(0, 0))


def test_a_player_cannot_be_in_one_round_twice() -> None:
    table = TableResult(players=(1, 2), ranks=(1, 2), scores=(5, 3))
    with pytest.raises(ValueError, match="Player 2 appears twice"):
        RoundRecord(results=(table,), byes=(2,))
    with pytest.raises(ValueError, match="Player 1 appears twice"):
        RoundRecord(results=(table, table), byes=())


def _t(players: tuple[int, ...], ranks: tuple[int, ...], scores: tuple[int, ...]) -> TableResult:
    return TableResult(players=players, ranks=ranks, scores=scores)


# Six players, A..F signed up in that order. Rounds 1 and 2: two tables of three. F drops after
# round 2, so round 3 has two tables of two and a bye (C's, chosen by the pairing, not here).
A, B, C, D, E, F = 101, 102, 103, 104, 105, 106
ENTRANTS = (A, B, C, D, E, F)
ROUNDS = (
    RoundRecord(
        results=(
            _t((A, B, C), (1, 2, 3), (30, 20, 10)),  # A 12, B 6, C 0
            _t((D, E, F), (1, 1, 3), (25, 25, 5)),  # D, E (12 + 6) / 2 = 9, F 0
        ),
        byes=(),
    ),
    RoundRecord(
        results=(
            _t((A, D, E), (1, 2, 2), (20, 15, 15)),  # A 12, D, E (6 + 0) / 2 = 3
            _t((B, C, F), (2, 1, 3), (18, 22, 9)),  # B 6, C 12, F 0
        ),
        byes=(),
    ),
    RoundRecord(
        results=(
            _t((D, E), (1, 1), (10, 10)),  # D, E (12 + 0) / 2 = 6
            _t((A, B), (2, 1), (8, 14)),  # A 0, B 12
        ),
        byes=(C,),  # C 12
    ),
)
# Points:   A 12+12+0 = 24, B 6+6+12 = 24, C 0+12+12 = 24, D 9+3+6 = 18, E 9+3+6 = 18, F 0.
# Opponents' points (final totals, per table):
#   A: (B 24 + C 24) + (D 18 + E 18) + B 24 = 108
#   B: (A 24 + C 24) + (C 24 + F 0) + A 24 = 96
#   C: (A 24 + B 24) + (B 24 + F 0) + bye 0 = 72
#   D: (E 18 + F 0) + (A 24 + E 18) + E 18 = 78, and E the same by symmetry
#   F: (D 18 + E 18) + (B 24 + C 24) = 84
# Game score: A 30+20+8 = 58, B 20+18+14 = 52, C 10+22 = 32, D 25+15+10 = 50, E 50, F 5+9 = 14.
# A, B, C are level on points and split by opponents' points; D and E are equal on all three
# and share 4th; F is 6th, dropped, and still listed.
EXPECTED = [
    Standing(A, 1, 24.0, 108.0, 58, played=3, wins=2, byes=0, dropped=False),
    Standing(B, 2, 24.0, 96.0, 52, played=3, wins=1, byes=0, dropped=False),
    Standing(C, 3, 24.0, 72.0, 32, played=2, wins=1, byes=1, dropped=False),
    Standing(D, 4, 18.0, 78.0, 50, played=3, wins=2, byes=0, dropped=False),
    Standing(E, 4, 18.0, 78.0, 50, played=3, wins=2, byes=0, dropped=False),
    Standing(F, 6, 0.0, 84.0, 14, played=2, wins=0, byes=0, dropped=True),
]


def test_a_three_round_tournament_worked_by_hand() -> None:
    assert standings(ENTRANTS, ROUNDS, dropped={F}) == EXPECTED


def test_ranked_users_leave_dropped_players_out() -> None:
    assert ranked_users(standings(ENTRANTS, ROUNDS, dropped={F})) == [A, B, C, D, E]
    assert ranked_users(standings(ENTRANTS, ROUNDS)) == [A, B, C, D, E, F]


def test_sign_up_order_only_decides_who_is_listed_first_in_a_shared_place() -> None:
    table = standings((A, B, C, E, D, F), ROUNDS, dropped={F})
    assert [(s.user, s.place) for s in table] == [(A, 1), (B, 2), (C, 3), (E, 4), (D, 4), (F, 6)]


def test_the_standings_after_each_round_use_that_round_s_totals() -> None:
    table = standings(ENTRANTS, ROUNDS[:1])
    # A 12 (opponents B 6 + C 0), D and E 9 (each other 9 + F 0), B 6, C and F 0.
    assert [(s.user, s.place, s.points, s.opponents_points, s.game_score) for s in table] == [
        (A, 1, 12.0, 6.0, 30),
        (D, 2, 9.0, 9.0, 25),
        (E, 2, 9.0, 9.0, 25),
        (B, 4, 6.0, 12.0, 20),
        (C, 5, 0.0, 18.0, 10),
        (F, 6, 0.0, 18.0, 5),
    ]


def test_game_score_decides_when_points_and_opponents_points_are_level() -> None:
    # A shared first at a table of two (the game's own tie-breaks could not split them).
    rounds = [RoundRecord(results=(_t((1, 2), (1, 1), (7, 9)),), byes=())]
    table = standings((1, 2), rounds)
    assert [(s.user, s.place, s.points, s.opponents_points) for s in table] == [
        (2, 1, 6.0, 6.0),
        (1, 2, 6.0, 6.0),
    ]


def test_before_any_round_everyone_shares_first_in_sign_up_order() -> None:
    table = standings((3, 1, 2), ())
    assert [(s.user, s.place, s.points, s.played) for s in table] == [
        (3, 1, 0.0, 0),
        (1, 1, 0.0, 0),
        (2, 1, 0.0, 0),
    ]


def test_points_that_are_not_whole_are_summed_exactly() -> None:
    # At tables of six, places earn 12, 9.6, 7.2, 4.8, 2.4, 0. Player 1 places 3rd, 1st, 1st
    # (7.2 + 12 + 12) and player 2 1st, 2nd, 2nd (12 + 9.6 + 9.6): 31.2 each, though added as
    # floats in that order the second comes to 31.200000000000003.
    six = (1, 2, 3, 4, 5, 6)
    rounds = [
        RoundRecord(results=(_t(six, (3, 1, 2, 4, 5, 6), (0,) * 6),), byes=()),
        RoundRecord(results=(_t(six, (1, 2, 3, 4, 5, 6), (0,) * 6),), byes=()),
        RoundRecord(results=(_t(six, (1, 2, 3, 4, 5, 6), (0,) * 6),), byes=()),
    ]
    table = {s.user: s for s in standings(six, rounds)}
    assert table[1].points == table[2].points == 31.2
    assert table[1].opponents_points == table[2].opponents_points
    assert table[1].place == table[2].place == 1


def test_results_for_someone_who_did_not_enter_are_refused() -> None:
    rounds = [RoundRecord(results=(_t((1, 9), (1, 2), (0, 0)),), byes=())]
    with pytest.raises(ValueError, match="Player 9 is in the results but did not enter"):
        standings((1, 2), rounds)
    with pytest.raises(ValueError, match="Player 8 is in the results but did not enter"):
        standings((1, 2), (), dropped={8})
    with pytest.raises(ValueError, match="Player 1 is entered twice"):
        standings((1, 2, 1), ())


@st.composite
def competition_ranks(draw: st.DrawFn, min_size: int = 2, max_size: int = 8) -> tuple[int, ...]:
    """Places with ties shared (1, 1, 3), from drawn results where higher is better."""
    results = draw(st.lists(st.integers(0, 3), min_size=min_size, max_size=max_size))
    return tuple(1 + sum(1 for other in results if other > mine) for mine in results)


@given(competition_ranks())
def test_a_table_hands_out_six_points_per_player_ties_or_not(ranks: tuple[int, ...]) -> None:
    n = len(ranks)
    assert sum(place_points(ranks)) == pytest.approx(
        sum(12 * (n - p) / (n - 1) for p in range(1, n + 1))
    )
    assert sum(place_points(ranks)) == pytest.approx(6 * n)


@given(competition_ranks())
def test_a_better_place_never_earns_fewer_points(ranks: tuple[int, ...]) -> None:
    points = place_points(ranks)
    for i, mine in enumerate(ranks):
        for j, theirs in enumerate(ranks):
            if mine < theirs:
                assert points[i] > points[j]
            elif mine == theirs:
                assert points[i] == points[j]


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[list[int], list[RoundRecord], set[int]]:
    """Random entrants, rounds of tables of two to five with byes for those left over."""
    entrants = list(range(1, draw(st.integers(2, 10)) + 1))
    rounds: list[RoundRecord] = []
    for _ in range(draw(st.integers(0, 4))):
        seated = draw(st.permutations(entrants))
        tables: list[TableResult] = []
        while len(seated) >= 2:
            size = draw(st.integers(2, min(5, len(seated))))
            players, seated = tuple(seated[:size]), seated[size:]
            ranks = draw(competition_ranks(size, size))
            scores = tuple(draw(st.lists(st.integers(0, 40), min_size=size, max_size=size)))
            tables.append(TableResult(players=players, ranks=ranks, scores=scores))
        rounds.append(RoundRecord(results=tuple(tables), byes=tuple(seated)))
    dropped = set(draw(st.lists(st.sampled_from(entrants), max_size=3)))
    return entrants, rounds, dropped


@given(tournaments())
def test_standings_are_sorted_by_points_then_opponents_points_then_game_score(
    tournament: tuple[list[int], list[RoundRecord], set[int]],
) -> None:
    entrants, rounds, dropped = tournament
    table = standings(entrants, rounds, dropped)

    assert sorted(s.user for s in table) == sorted(entrants)
    keys = [(s.points, s.opponents_points, s.game_score) for s in table]
    assert keys == sorted(keys, reverse=True)
    for index, standing in enumerate(table):
        assert standing.place == 1 + sum(1 for key in keys if key > keys[index])
        equal = [s.user for s in table if s.place == standing.place]
        assert equal == sorted(equal, key=entrants.index)
    assert {s.user for s in table if s.dropped} == dropped
    assert ranked_users(table) == [s.user for s in table if s.user not in dropped]

    tables = [result for record in rounds for result in record.results]
    byes = sum(len(record.byes) for record in rounds)
    handed_out = sum(6 * len(result.players) for result in tables) + BYE_POINTS * byes
    assert sum(s.points for s in table) == pytest.approx(handed_out)
    assert sum(s.played for s in table) == sum(len(result.players) for result in tables)
    assert sum(s.byes for s in table) == byes
