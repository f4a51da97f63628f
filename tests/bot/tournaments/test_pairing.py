"""Tournament rounds: legal tables, round robins where every pair meets once, and brackets
that end (Swiss rounds are ``test_swiss.py``'s)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bot.tournaments.pairing import (
    RoundPlan,
    knockout_first,
    knockout_next,
    round_robin,
    round_robin_rounds,
    table_sizes,
)


@st.composite
def limits(draw: st.DrawFn, top: int = 6) -> tuple[int, int]:
    """A (smallest, largest) seat range."""
    smallest = draw(st.integers(2, top))
    return smallest, draw(st.integers(smallest, top))


def fewest_byes_and_tables(count: int, smallest: int, largest: int) -> tuple[int, int]:
    """By exhaustive reckoning: the fewest byes, and the fewest tables seating the rest."""
    # tables_for[s]: the fewest tables seating exactly s players, None if no split fits.
    tables_for: list[int | None] = [0] + [None] * count
    for seated in range(1, count + 1):
        options = [
            prior + 1
            for size in range(smallest, largest + 1)
            if size <= seated and (prior := tables_for[seated - size]) is not None
        ]
        tables_for[seated] = min(options) if options else None
    seated = max(s for s in range(count + 1) if tables_for[s] is not None)
    best = tables_for[seated]
    assert best is not None
    return count - seated, best


def assert_everyone_once(plan: RoundPlan, players: Sequence[int]) -> None:
    """Every player in exactly one entry of ``plan``."""
    seated = [p for entry in plan.entries for p in entry]
    assert sorted(seated) == sorted(players)


# --- table_sizes ---------------------------------------------------------------------------


@given(st.integers(0, 60), limits())
def test_table_sizes_are_legal_fewest_and_even(count: int, seats: tuple[int, int]) -> None:
    smallest, largest = seats
    sizes, byes = table_sizes(count, smallest, largest)
    assert all(smallest <= size <= largest for size in sizes)
    assert sum(sizes) + byes == count
    assert list(sizes) == sorted(sizes, reverse=True)
    fewest_byes, fewest_tables = fewest_byes_and_tables(count, smallest, largest)
    assert byes == fewest_byes
    assert len(sizes) == fewest_tables
    if sizes:
        assert max(sizes) - min(sizes) <= 1


@pytest.mark.parametrize(
    ("count", "smallest", "largest", "expected"),
    [
        (10, 3, 4, ((4, 3, 3), 0)),
        (12, 2, 5, ((4, 4, 4), 0)),
        (7, 2, 2, ((2, 2, 2), 1)),
        (5, 3, 4, ((4,), 1)),
        (5, 3, 3, ((3,), 2)),
        (2, 3, 4, ((), 2)),
        (0, 2, 4, ((), 0)),
        (9, 2, 4, ((3, 3, 3), 0)),
    ],
)
def test_table_sizes_examples(
    count: int, smallest: int, largest: int, expected: tuple[tuple[int, ...], int]
) -> None:
    assert table_sizes(count, smallest, largest) == expected


@pytest.mark.parametrize(("count", "smallest", "largest"), [(6, 1, 4), (6, 4, 3), (-1, 2, 2)])
def test_table_sizes_refuses_impossible_limits(count: int, smallest: int, largest: int) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - the message is for people, not tests
        table_sizes(count, smallest, largest)


# --- round robin ---------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(2, 17))
def test_round_robin_meets_every_pair_once(count: int) -> None:
    players = [10 * p + 3 for p in range(count)]
    assert round_robin_rounds(count) == (count - 1 if count % 2 == 0 else count)
    pairs: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    balance: Counter[int] = Counter()
    for index in range(round_robin_rounds(count)):
        plan = round_robin(players, index)
        assert_everyone_once(plan, players)
        assert all(len(t) == 2 for t in plan.tables)
        assert len(plan.byes) == count % 2
        pairs.update(frozenset(t) for t in plan.tables)
        byes.update(plan.byes)
        for first, second in plan.tables:
            balance[first] += 1
            balance[second] -= 1
    assert set(pairs) == {frozenset(p) for p in itertools.combinations(players, 2)}
    assert set(pairs.values()) == {1}
    assert byes == (Counter(players) if count % 2 else Counter())
    # Everyone sits first about as often as second: never two more games one way than the other.
    assert all(abs(balance[p]) <= 1 for p in players)


@pytest.mark.parametrize(("count", "index"), [(4, 3), (5, 5), (4, -1)])
def test_round_robin_refuses_a_round_beyond_the_schedule(count: int, index: int) -> None:
    with pytest.raises(ValueError, match="rounds 0 to"):
        round_robin(list(range(count)), index)


def test_round_robin_needs_two_players() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        round_robin_rounds(1)


# --- knockout ------------------------------------------------------------------------------


def play(plan: RoundPlan, rng: random.Random | None) -> list[list[int]]:
    """Each entry's players best first: at random, or the earlier-listed (better) seed wins
    when ``rng`` is None and seeds are numbered best first."""
    finishes = []
    for entry in plan.entries:
        players = list(entry)
        if rng is None:
            players.sort()
        else:
            rng.shuffle(players)
        finishes.append(players)
    return finishes


def test_two_player_bracket_of_eight_in_standard_order() -> None:
    plan = knockout_first(list(range(1, 9)), 2, 2)
    assert plan.entries == ((1, 8), (4, 5), (2, 7), (3, 6))


@pytest.mark.parametrize("count", range(5, 17))
def test_two_player_bracket(count: int) -> None:
    seeded = list(range(1, count + 1))
    plan = knockout_first(seeded, 2, 2)
    slots = 1 << (count - 1).bit_length()
    assert len(plan.entries) == slots // 2
    assert_everyone_once(plan, seeded)
    assert sorted(plan.byes) == list(range(1, slots - count + 1))
    half = len(plan.entries) // 2
    assert 1 in {p for e in plan.entries[:half] for p in e}
    assert 2 in {p for e in plan.entries[half:] for p in e}

    # With the better seed always winning, seeds 1 and 2 meet in the final.
    result: RoundPlan | int = plan
    while isinstance(result, RoundPlan):
        last = result
        result = knockout_next(play(result, None), 2, 2)
    assert last.entries == ((1, 2),)
    assert result == 1


@settings(max_examples=30)
@given(st.integers(2, 40), st.integers(0, 2**32))
def test_two_player_knockout_ends_with_one_champion(count: int, seed: int) -> None:
    rng = random.Random(seed)
    seeded = list(range(1, count + 1))
    result: RoundPlan | int = knockout_first(seeded, 2, 2)
    rounds = 0
    alive = set(seeded)
    while isinstance(result, RoundPlan):
        assert {p for e in result.entries for p in e} == alive
        assert all(len(e) <= 2 for e in result.entries)
        finishes = play(result, rng)
        alive = {f[0] for f in finishes}
        result = knockout_next(finishes, 2, 2)
        rounds += 1
    assert alive == {result}
    assert rounds == max(1, (count - 1).bit_length())


def test_multi_player_knockout_of_ten_with_three_to_four_seats() -> None:
    plan = knockout_first(list(range(1, 11)), 3, 4)
    assert plan.entries == ((1, 6, 7, 10), (2, 5, 8), (3, 4, 9))
    final = knockout_next([[6, 1, 7, 10], [2, 5, 8], [9, 3, 4]], 3, 4)
    assert final == RoundPlan(((6, 2, 9),))
    assert knockout_next([[2, 9, 6]], 3, 4) == 2


def test_multi_player_knockout_fills_a_short_final_with_runners_up() -> None:
    plan = knockout_first(list(range(1, 9)), 4, 4)
    assert plan.entries == ((1, 4, 5, 8), (2, 3, 6, 7))
    final = knockout_next([[5, 8, 1, 4], [2, 7, 3, 6]], 4, 4)
    assert final == RoundPlan(((5, 2, 8, 7),))


def test_multi_player_knockout_gives_byes_to_top_seeds_after_the_tables() -> None:
    plan = knockout_first([1, 2, 3, 4, 5], 3, 3)
    assert plan.entries == ((3, 4, 5), (1,), (2,))
    assert knockout_next([[4, 3, 5], [1], [2]], 3, 3) == RoundPlan(((4, 1, 2),))


@settings(max_examples=40)
@given(st.integers(3, 60), limits(top=5), st.integers(0, 2**32))
def test_multi_player_knockout_ends_with_one_champion(
    count: int, seats: tuple[int, int], seed: int
) -> None:
    smallest, largest = seats
    assume(largest > 2 and count >= smallest)
    rng = random.Random(seed)
    seeded = list(range(1, count + 1))
    result: RoundPlan | int = knockout_first(seeded, smallest, largest)
    alive = set(seeded)
    while isinstance(result, RoundPlan):
        players = {p for e in result.entries for p in e}
        assert players <= alive
        assert all(smallest <= len(t) <= largest for t in result.tables)
        assert len(players) == sum(len(e) for e in result.entries)
        finishes = play(result, rng)
        alive = players
        result = knockout_next(finishes, smallest, largest)
    assert result in alive


def test_knockout_refuses_too_few_players() -> None:
    with pytest.raises(ValueError, match="at least 3"):
        knockout_first([1, 2], 3, 4)
