"""Who sits with whom in a tournament round: pure functions over plain user ids.

A round is a :class:`RoundPlan`: an ordered tuple of entries, each either a table (two or more
players in seat order) or a bye (a single player; no game has one-player tables, so a 1-tuple
is never ambiguous).

Formats:

* **Table sizes** (:func:`table_sizes`): the fewest tables that hold everyone, as even as
  possible within the organiser's ``[smallest, largest]`` seats; byes only when no split fits,
  and then as few as possible.
* **Swiss**: tables by standing with as few rematches as can be, in
  :mod:`~bot.tournaments.swiss`.
* **Round robin** (:func:`round_robin`): two-player circle method; every pair meets once.
* **Knockout** (:func:`knockout_first`, :func:`knockout_next`): a seeded bracket for
  two-player games, snake-seeded tables for more; winners advance until one table is left.

Nothing here reads a clock, a database or a random source: the same inputs give the same plan.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "RoundPlan",
    "check_unique",
    "knockout_first",
    "knockout_next",
    "round_robin",
    "round_robin_rounds",
    "table_sizes",
]


@dataclass(frozen=True, slots=True)
class RoundPlan:
    """One round of a tournament."""

    entries: tuple[tuple[int, ...], ...]
    """The round in order: each entry a table (2+ players, in seat order) or a bye (1 player).
    Order matters for knockouts (bracket order)."""

    @property
    def tables(self) -> tuple[tuple[int, ...], ...]:
        """The entries that are tables, in round order."""
        return tuple(entry for entry in self.entries if len(entry) > 1)

    @property
    def byes(self) -> tuple[int, ...]:
        """The players who sit this round out, in round order."""
        return tuple(entry[0] for entry in self.entries if len(entry) == 1)


def _check_limits(smallest: int, largest: int) -> None:
    if smallest < 2:
        raise ValueError(f"A table needs at least 2 seats, not {smallest}.")
    if smallest > largest:
        raise ValueError(f"The smallest table ({smallest}) is larger than the largest ({largest}).")


def check_unique(players: Sequence[int]) -> None:
    """Refuse a list of players that names someone twice."""
    if len(set(players)) != len(players):
        raise ValueError("A player is listed more than once.")


def _even_split(count: int, tables: int) -> tuple[int, ...]:
    base, extra = divmod(count, tables)
    return (base + 1,) * extra + (base,) * (tables - extra)


def table_sizes(count: int, smallest: int, largest: int) -> tuple[tuple[int, ...], int]:
    """Sizes of the tables for ``count`` players (largest first) and how many byes.

    Fewest tables such that all fit: ``ceil(count / largest)`` tables, sizes as even as
    possible (10 players with 3–4 seats give ``(4, 3, 3)``, no byes; 12 with 2–5 give
    ``(4, 4, 4)``). When the even split would make a table smaller than ``smallest``, as many
    players as possible are seated and the rest get byes (2–2 with 7 gives ``(2, 2, 2)`` and
    1 bye; 3–4 with 5 gives ``(4,)`` and 1 bye; 3–3 with 5 gives ``(3,)`` and 2 byes).
    Fewer players than ``smallest`` give ``((), count)``.

    Raises ValueError when ``smallest < 2``, ``smallest > largest`` or ``count < 0``.
    """
    _check_limits(smallest, largest)
    if count < 0:
        raise ValueError(f"A round cannot have {count} players.")
    # k tables seat anything from k*smallest to k*largest players, and the fewest tables that
    # hold ``seated`` players is the only candidate: more tables only raise the minimum.
    for seated in range(count, smallest - 1, -1):
        tables = -(-seated // largest)
        if tables * smallest <= seated:
            return _even_split(seated, tables), count - seated
    return (), count


def round_robin_rounds(count: int) -> int:
    """How many rounds a two-player round robin of ``count`` players takes."""
    if count < 2:
        raise ValueError(f"A round robin needs at least 2 players, not {count}.")
    return count - 1 if count % 2 == 0 else count


def round_robin(players: Sequence[int], round_index: int) -> RoundPlan:
    """Round ``round_index`` (from 0) of a two-player round robin, by the circle method.

    Over ``round_robin_rounds(len(players))`` rounds every pair meets exactly once; with an odd
    count one player has a bye each round, each player exactly one bye overall. Who sits first
    alternates from round to round, so nobody always sits first. The bye (if any) comes last.
    """
    check_unique(players)
    rounds = round_robin_rounds(len(players))
    if not 0 <= round_index < rounds:
        raise ValueError(f"A round robin of {len(players)} has rounds 0 to {rounds - 1}.")
    circle: list[int | None] = list(players)
    if len(circle) % 2:
        circle.append(None)
    size = len(circle)
    # The first position stays put and the others turn one step each round.
    rest = circle[1:]
    shift = round_index % len(rest)
    order = [circle[0], *rest[len(rest) - shift :], *rest[: len(rest) - shift]]
    tables: list[tuple[int, ...]] = []
    resting: list[tuple[int, ...]] = []
    for i in range(size // 2):
        first, second = order[i], order[size - 1 - i]
        if first is None or second is None:
            resting.extend((p,) for p in (first, second) if p is not None)
            continue
        # A rotating player sits first while on the first half of the circle and second on
        # the other, which evens out over the rounds; the fixed player alternates instead.
        if i == 0 and round_index % 2:
            first, second = second, first
        tables.append((first, second))
    return RoundPlan(tuple(tables + resting))


def _bracket_order(size: int) -> list[int]:
    """Seeds (from 1) in bracket order for a bracket of ``size``, a power of two: 1 v size,
    then the halves so that seeds 1 and 2 can only meet in the final."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def _snake(players: Sequence[int], sizes: tuple[int, ...]) -> list[list[int]]:
    """``players`` dealt to tables of ``sizes`` (which hold them all exactly) one each, to the
    last table and back again, skipping full tables."""
    tables: list[list[int]] = [[] for _ in sizes]
    sweep = list(range(len(sizes)))
    pending = list(players)
    while pending:
        for table in sweep:
            if pending and len(tables[table]) < sizes[table]:
                tables[table].append(pending.pop(0))
        sweep.reverse()
    return tables


def knockout_first(seeded: Sequence[int], smallest: int, largest: int) -> RoundPlan:
    """The first knockout round; ``seeded`` is the players best first.

    Two-player tables (``largest == 2``): a standard bracket of P slots, P the next power of
    two, seeds placed so 1 and 2 can only meet in the final; a slot whose opponent's seed is
    beyond the field is a bye for the top seed, kept at its bracket position.

    More players a table: the tables of :func:`table_sizes` filled snake-wise by seed (seed 1
    to table 1, seed 2 to table 2, ..., and back again) for balance; byes (if any) go to the
    top seeds and are listed after the tables.
    """
    check_unique(seeded)
    _check_limits(smallest, largest)
    count = len(seeded)
    if count < max(2, smallest):
        raise ValueError(f"A knockout needs at least {max(2, smallest)} players, not {count}.")
    if largest == 2:
        slots = 1 << (count - 1).bit_length()
        order = _bracket_order(slots)
        entries: list[tuple[int, ...]] = []
        for top, bottom in zip(order[::2], order[1::2], strict=True):
            if bottom > count:
                entries.append((seeded[top - 1],))
            else:
                entries.append((seeded[top - 1], seeded[bottom - 1]))
        return RoundPlan(tuple(entries))
    sizes, bye_count = table_sizes(count, smallest, largest)
    tables = _snake(seeded[bye_count:], sizes)
    entries = [tuple(t) for t in tables] + [(p,) for p in seeded[:bye_count]]
    return RoundPlan(tuple(entries))


def knockout_next(
    finishes: Sequence[Sequence[int]], smallest: int, largest: int
) -> RoundPlan | int:
    """The next knockout round, or the champion once the final is played.

    ``finishes`` is the previous round's entries in their order, each as its players best
    first (a bye as its one player). After a single table (the final) its winner is returned.
    Otherwise winners (the first of each entry) advance in entry order. Two-player: consecutive
    advancers meet, keeping the bracket order (an odd one out has a bye). More players a table:
    when the advancers are fewer than ``smallest``, the best runners-up join (second places in
    entry order, then third places, ...); advancers who fit one table sit at the final table;
    otherwise consecutive advancers fill the tables of :func:`table_sizes`, and those left over
    have byes, listed after the tables.
    """
    _check_limits(smallest, largest)
    if not finishes or any(not entry for entry in finishes):
        raise ValueError("The previous round has an empty entry or no entries at all.")
    check_unique([p for entry in finishes for p in entry])
    if len(finishes) == 1:
        return finishes[0][0]
    advancers = [entry[0] for entry in finishes]
    if largest == 2:
        pairs = [tuple(advancers[i : i + 2]) for i in range(0, len(advancers), 2)]
        return RoundPlan(tuple(pairs))
    place = 1
    deepest = max(len(entry) for entry in finishes)
    while len(advancers) < smallest and place < deepest:
        for entry in finishes:
            if place < len(entry) and len(advancers) < smallest:
                advancers.append(entry[place])
        place += 1
    if len(advancers) < smallest:
        raise ValueError(f"Only {len(advancers)} players are left for tables of {smallest}+.")
    if len(advancers) <= largest:
        return RoundPlan((tuple(advancers),))
    sizes, _ = table_sizes(len(advancers), smallest, largest)
    entries: list[tuple[int, ...]] = []
    start = 0
    for size in sizes:
        entries.append(tuple(advancers[start : start + size]))
        start += size
    entries.extend((p,) for p in advancers[start:])
    return RoundPlan(tuple(entries))
