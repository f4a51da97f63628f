"""Swiss rounds: everyone seated once at legal tables, byes that rotate, and the fewest
rematches, closest to standing order."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.pairing import RoundPlan, table_sizes
from bot.tournaments.swiss import swiss
from tests.bot.tournaments.test_pairing import assert_everyone_once, limits


def rematches(plan: RoundPlan, met: set[frozenset[int]]) -> int:
    """Pairs seated together in ``plan`` who already met."""
    return sum(
        frozenset(pair) in met for table in plan.tables for pair in itertools.combinations(table, 2)
    )


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
@pytest.mark.slow
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
