"""Swiss pairing: the next round's tables from the standings, with as few rematches as can
be. Pure: the same inputs give the same plan.

Byes (when :func:`~bot.tournaments.pairing.table_sizes` leaves some players over) rotate to
the lowest-ranked players who have had the fewest; the rest sit by standing (table 1 takes
the top), except that repeat opponents are avoided. An exact search minimises rematches
within a node budget, preferring, among equally good plans, the one closest to standing
order; past the budget, the better of standing order and a greedy seating, improved by
swaps, is taken.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Mapping, Sequence

from bot.tournaments.pairing import RoundPlan, check_unique, table_sizes

__all__ = ["swiss"]


def _bye_takers(ranked: Sequence[int], count: int, byes: Mapping[int, int]) -> set[int]:
    """The ``count`` players with the fewest byes so far, the lowest-ranked among equals."""
    order = sorted(range(len(ranked)), key=lambda i: (byes.get(ranked[i], 0), -i))
    return {ranked[i] for i in order[:count]}


class _OutOfBudget(Exception):
    """The search visited as many nodes as it was allowed."""


class _Search:
    """Seats players (in standing order) at tables of fixed sizes with few rematches.

    Players and tables are indices; ``met[i]`` is a bitmask of the players ``i`` has met, so
    the rematches a seat adds are one popcount.
    """

    def __init__(self, sizes: tuple[int, ...], met: list[int], budget: int) -> None:
        self.sizes = sizes
        self.met = met
        self.budget = budget
        self.nodes = 0

    def greedy(self) -> tuple[list[int], int]:
        """Each player in turn at the earliest table with room that adds the fewest rematches:
        a complete plan without any search."""
        masks = [0] * len(self.sizes)
        filled = [0] * len(self.sizes)
        assignment: list[int] = []
        cost = 0
        for player, met in enumerate(self.met):
            open_tables = [t for t in range(len(self.sizes)) if filled[t] < self.sizes[t]]
            table = min(open_tables, key=lambda t: ((met & masks[t]).bit_count(), t))
            cost += (met & masks[table]).bit_count()
            masks[table] |= 1 << player
            filled[table] += 1
            assignment.append(table)
        return assignment, cost

    def improve(self, assignment: list[int]) -> tuple[list[int], int]:
        """``assignment`` with players of two tables swapped while that removes rematches."""
        met = self.met
        placed = list(assignment)
        masks = [0] * len(self.sizes)
        for player, table in enumerate(placed):
            masks[table] |= 1 << player
        cost = sum((met[p] & masks[t]).bit_count() for p, t in enumerate(placed)) // 2
        better = True
        while better:
            better = False
            for a, b in itertools.combinations(range(len(placed)), 2):
                home, away = placed[a], placed[b]
                if home == away:
                    continue
                bit_a, bit_b = 1 << a, 1 << b
                change = (
                    (met[a] & masks[away] & ~bit_b).bit_count()
                    + (met[b] & masks[home] & ~bit_a).bit_count()
                    - (met[a] & masks[home]).bit_count()
                    - (met[b] & masks[away]).bit_count()
                )
                if change < 0:
                    masks[home] ^= bit_a | bit_b
                    masks[away] ^= bit_a | bit_b
                    placed[a], placed[b] = away, home
                    cost += change
                    better = True
        return placed, cost

    def first_fit(self) -> tuple[list[int], int]:
        """Plain standing order: tables filled one after another."""
        assignment = [t for t, size in enumerate(self.sizes) for _ in range(size)]
        masks = [0] * len(self.sizes)
        cost = 0
        for player, table in enumerate(assignment):
            cost += (self.met[player] & masks[table]).bit_count()
            masks[table] |= 1 << player
        return assignment, cost

    def within(self, limit: int) -> list[int] | None:
        """The first plan in standing order with at most ``limit`` rematches, or None.

        Raises _OutOfBudget when the node budget runs out first.
        """
        tables = len(self.sizes)
        masks = [0] * tables
        filled = [0] * tables
        assignment: list[int] = []
        players = len(self.met)

        def unavoidable(player: int, slack: int) -> bool:
            """Whether the players from ``player`` on must add more than ``slack`` rematches
            with those already seated, each at the open table where they know fewest: so a
            dead end shows as soon as it is certain."""
            open_tables = [t for t in range(tables) if filled[t] < self.sizes[t]]
            if any(filled[t] == 0 for t in open_tables):
                return False
            at_open = 0
            for t in open_tables:
                at_open |= masks[t]
            bound = 0
            for later in range(player, players):
                known = self.met[later] & at_open
                # Fewer acquaintances than open tables leaves one of them free of all.
                if known.bit_count() >= len(open_tables):
                    bound += min((known & masks[t]).bit_count() for t in open_tables)
                    if bound > slack:
                        return True
            return False

        def place(player: int, cost: int) -> bool:
            if player == players:
                return True
            met = self.met[player]
            empty_sizes: set[int] = set()
            for table in range(tables):
                size = self.sizes[table]
                if filled[table] == size:
                    continue
                if filled[table] == 0:
                    # Empty tables of one size are interchangeable: try only the first.
                    if size in empty_sizes:
                        continue
                    empty_sizes.add(size)
                added = cost + (met & masks[table]).bit_count()
                if added > limit:
                    continue
                self.nodes += 1
                if self.nodes > self.budget:
                    raise _OutOfBudget
                masks[table] |= 1 << player
                filled[table] += 1
                assignment.append(table)
                if not unavoidable(player + 1, limit - added) and place(player + 1, added):
                    return True
                assignment.pop()
                filled[table] -= 1
                masks[table] &= ~(1 << player)
            return False

        return list(assignment) if place(0, 0) else None


def swiss(
    ranked: Sequence[int],
    *,
    met: Collection[frozenset[int]],
    byes: Mapping[int, int],
    smallest: int,
    largest: int,
    budget: int = 20_000,
) -> RoundPlan:
    """A Swiss round for ``ranked``, the active players best first (standings order).

    ``met`` holds each pair of players who have already sat at a table together and ``byes``
    how many byes each player has had. Byes (if :func:`table_sizes` gives any) go to the
    lowest-ranked players with the fewest byes so far, so nobody gets a second bye while an
    active player has none. The others sit by standing: table 1 takes the top of the standings,
    and so on, the largest tables first, except that repeat opponents are avoided: the plan has
    the fewest pairs who already met (exactly the fewest when the search ends within ``budget``
    nodes; otherwise the better of standing order and a greedy seating, then improved by
    swapping players between tables while that removes rematches). Among plans with the fewest
    rematches, the one closest to standing order wins. Pairs in ``met`` with someone not in
    ``ranked`` play no part.

    Entries are the tables (seats in standing order; among tables of one size, the one with
    the best-placed player first), then the byes in standing order.
    """
    check_unique(ranked)
    sizes, bye_count = table_sizes(len(ranked), smallest, largest)
    resting = _bye_takers(ranked, bye_count, byes)
    seated = [p for p in ranked if p not in resting]
    index = {player: i for i, player in enumerate(seated)}
    met_masks = [0] * len(seated)
    for pair in met:
        if len(pair) != 2:
            continue
        first, second = tuple(pair)
        if first in index and second in index:
            met_masks[index[first]] |= 1 << index[second]
            met_masks[index[second]] |= 1 << index[first]

    search = _Search(sizes, met_masks, budget)
    start = min(search.first_fit(), search.greedy(), key=lambda p: p[1])[0]
    fallback, fallback_cost = search.improve(start)
    assignment = fallback
    try:
        # Iterative deepening: the first limit that admits a plan is the fewest rematches, and
        # the search order makes that plan the one closest to standing order.
        for limit in range(fallback_cost + 1):
            found = search.within(limit)
            if found is not None:
                assignment = found
                break
    except _OutOfBudget:
        pass

    tables: list[list[int]] = [[] for _ in sizes]
    for player, table in zip(seated, assignment, strict=True):
        tables[table].append(player)
    # The search already lists tables so; a fallback seating may not.
    tables.sort(key=lambda t: (-len(t), index[t[0]]))
    entries = [tuple(t) for t in tables] + [(p,) for p in ranked if p in resting]
    return RoundPlan(tuple(entries))
