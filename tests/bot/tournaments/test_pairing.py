"""Tournament rounds: legal tables, fair byes, fewest rematches and brackets that end."""

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
    swiss,
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


def rematches(plan: RoundPlan, met: set[frozenset[int]]) -> int:
    """Pairs seated together in ``plan`` who already met."""
    return sum(
        frozenset(pair) in met for table in plan.tables for pair in itertools.combinations(table, 2)
    )


def assert_everyone_once(plan: RoundPlan, players: Sequence[int]) -> None:
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


# --- swiss ---------------------------------------------------------------------------------


@st.composite
def swiss_rounds(
    draw: st.DrawFn, most: int = 14
) -> tuple[list[int], set[frozenset[int]], dict[int, int], int, int]:
    """Active players in standing order, pairs who met, byes so far, and the seat range."""
    players = draw(st.lists(st.integers(1, 10_000), min_size=0, max_size=most, unique=True))
    pairs = [frozenset(pair) for pair in itertools.combinations(players, 2)]
    met = set(draw(st.lists(st.sampled_from(pairs), max_size=len(pairs)))) if pairs else set()
    byes = {p: draw(st.integers(0, 2)) for p in players}
    smallest, largest = draw(limits(top=5))
    return players, met, byes, smallest, largest


@settings(max_examples=150)
@given(swiss_rounds())
def test_swiss_seats_everyone_once_at_legal_tables(
    case: tuple[list[int], set[frozenset[int]], dict[int, int], int, int],
) -> None:
    ranked, met, byes, smallest, largest = case
    plan = swiss(ranked, met=met, byes=byes, smallest=smallest, largest=largest)
    assert_everyone_once(plan, ranked)
    sizes, bye_count = table_sizes(len(ranked), smallest, largest)
    assert tuple(len(t) for t in plan.tables) == sizes
    assert len(plan.byes) == bye_count
    # Byes go to the fewest byes so far, then the lowest-ranked.
    rank = {p: i for i, p in enumerate(ranked)}
    seated = [p for t in plan.tables for p in t]
    for resting in plan.byes:
        for player in seated:
            assert (byes[resting], -rank[resting]) < (byes[player], -rank[player])


def best_by_brute_force(
    seated: list[int], sizes: tuple[int, ...], met: set[frozenset[int]]
) -> tuple[tuple[int, ...], ...]:
    """The tables with the fewest rematches, the first in standing order among equals, by
    trying every way to seat ``seated`` (in standing order) at tables of ``sizes``."""
    best: tuple[int, tuple[int, ...]] | None = None

    def walk(index: int, tables: list[list[int]], cost: int, choice: list[int]) -> None:
        nonlocal best
        if index == len(seated):
            if best is None or (cost, tuple(choice)) < best:
                best = (cost, tuple(choice))
            return
        player = seated[index]
        for t, table in enumerate(tables):
            if len(table) < sizes[t]:
                added = sum(frozenset((player, other)) in met for other in table)
                table.append(player)
                choice.append(t)
                walk(index + 1, tables, cost + added, choice)
                choice.pop()
                table.pop()

    walk(0, [[] for _ in sizes], 0, [])
    assert best is not None
    tables: list[list[int]] = [[] for _ in sizes]
    for player, t in zip(seated, best[1], strict=True):
        tables[t].append(player)
    return tuple(tuple(t) for t in tables)


@settings(max_examples=120)
@given(swiss_rounds(most=9))
def test_swiss_has_no_avoidable_rematch(
    case: tuple[list[int], set[frozenset[int]], dict[int, int], int, int],
) -> None:
    ranked, met, byes, smallest, largest = case
    plan = swiss(ranked, met=met, byes=byes, smallest=smallest, largest=largest, budget=10**7)
    seated = [p for p in ranked if p not in plan.byes]
    sizes = tuple(len(t) for t in plan.tables)
    expected = best_by_brute_force(seated, sizes, met)
    assert rematches(plan, met) == rematches(RoundPlan(expected), met)
    assert plan.tables == expected


@settings(max_examples=60)
@given(swiss_rounds(), st.sampled_from([0, 0, 1, 5, 50]))
def test_swiss_out_of_budget_is_still_legal_and_no_worse_than_standings(
    case: tuple[list[int], set[frozenset[int]], dict[int, int], int, int], budget: int
) -> None:
    ranked, met, byes, smallest, largest = case
    plan = swiss(ranked, met=met, byes=byes, smallest=smallest, largest=largest, budget=budget)
    assert_everyone_once(plan, ranked)
    rank = {p: i for i, p in enumerate(ranked)}
    assert [(-len(t), rank[t[0]]) for t in plan.tables] == sorted(
        (-len(t), rank[t[0]]) for t in plan.tables
    )
    assert all([rank[p] for p in t] == sorted(rank[p] for p in t) for t in plan.tables)
    sizes, _ = table_sizes(len(ranked), smallest, largest)
    seated = [p for p in ranked if p not in plan.byes]
    in_order: list[tuple[int, ...]] = []
    for size in sizes:
        in_order.append(tuple(seated[:size]))
        seated = seated[size:]
    assert rematches(plan, met) <= rematches(RoundPlan(tuple(in_order)), met)
    if budget == 0:
        # Without any search the plan is still one no swap between two tables improves.
        tables = plan.tables
        for (i, first), (j, second) in itertools.combinations(enumerate(tables), 2):
            for a, b in itertools.product(first, second):
                swapped = list(tables)
                swapped[i] = tuple(b if p == a else p for p in first)
                swapped[j] = tuple(a if p == b else p for p in second)
                assert rematches(RoundPlan(tuple(swapped)), met) >= rematches(plan, met)


@settings(max_examples=25)
@given(st.integers(3, 13), limits(top=5), st.integers(0, 2**32))
def test_swiss_byes_rotate_over_many_rounds(count: int, seats: tuple[int, int], seed: int) -> None:
    smallest, largest = seats
    rng = random.Random(seed)
    players = list(range(100, 100 + count))
    met: set[frozenset[int]] = set()
    byes: Counter[int] = Counter()
    for _ in range(count + 2):
        standings = players[:]
        rng.shuffle(standings)
        plan = swiss(standings, met=met, byes=byes, smallest=smallest, largest=largest)
        assert_everyone_once(plan, players)
        byes.update(plan.byes)
        # Nobody has a second bye while someone has none, nor a third while one has one, ...
        assert max(byes[p] for p in players) - min(byes[p] for p in players) <= 1
        met.update(frozenset(pair) for t in plan.tables for pair in itertools.combinations(t, 2))


def test_swiss_seats_by_standing_when_nobody_has_met() -> None:
    plan = swiss(list(range(1, 11)), met=(), byes={}, smallest=3, largest=4)
    assert plan.entries == ((1, 2, 3, 4), (5, 6, 7), (8, 9, 10))


def test_swiss_moves_down_the_standings_to_avoid_a_rematch() -> None:
    met = {frozenset((1, 2)), frozenset((3, 4))}
    plan = swiss([1, 2, 3, 4, 5, 6], met=met, byes={}, smallest=2, largest=2)
    assert plan.entries == ((1, 3), (2, 4), (5, 6))


def test_swiss_gives_the_bye_to_the_lowest_without_one() -> None:
    plan = swiss([1, 2, 3, 4, 5], met=(), byes={5: 1, 4: 1}, smallest=2, largest=2)
    assert plan.byes == (3,)
    assert plan.tables == ((1, 2), (4, 5))


def test_swiss_seats_everyone_when_every_pair_has_met() -> None:
    players = list(range(8))
    met = {frozenset(pair) for pair in itertools.combinations(players, 2)}
    plan = swiss(players, met=met, byes={}, smallest=4, largest=4)
    assert plan.entries == ((0, 1, 2, 3), (4, 5, 6, 7))
    assert rematches(plan, met) == 12


def test_swiss_with_one_player_short_of_a_table_gives_everyone_a_bye() -> None:
    plan = swiss([7, 8], met=(), byes={}, smallest=3, largest=4)
    assert plan.tables == ()
    assert plan.byes == (7, 8)


def test_swiss_refuses_a_player_listed_twice() -> None:
    with pytest.raises(ValueError, match="more than once"):
        swiss([1, 2, 1], met=(), byes={}, smallest=2, largest=2)


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
