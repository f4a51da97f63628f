"""Tournament points by finishing place, and the standings they add up to.

The rule: at a table of ``n`` players, place ``p`` (1 = first) earns ``12 * (n - p) / (n - 1)``
tournament points. First always earns 12 and last always 0, whatever the table size:

=======  =====================
players  points, first to last
=======  =====================
2        12, 0
3        12, 6, 0
4        12, 8, 4, 0
5        12, 9, 6, 3, 0
=======  =====================

so a first place is worth the same at every table size. Players tied for a place share the
points of the places they cover, averaged: two players tied first of four earn
``(12 + 8) / 2 = 10`` each, and the next player is third and earns 4. A table's points always
add up to ``6 * n``, ties or not.

A bye earns ``BYE_POINTS`` (12): a bye counts as a win, the usual Swiss convention. Byes go to
the lowest-ranked players, so it helps the bottom of the table most.

Standings order players by points, then opponents' points (the sum, over every table a player
sat at, of each opponent's current total), then total game score, all higher is better.
Players equal on all three share a place (1, 1, 3); sign-up order only decides who is listed
first among them.

Points are added up as exact fractions and only shown as floats, so players who earned the
same points by different roads (9.6 + 2.4 and 12) are equal, not a rounding error apart.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

BYE_POINTS: float = 12.0
FIRST_PLACE_POINTS: float = 12.0

# The same values as exact fractions, which every sum below is kept in.
_FIRST = Fraction(FIRST_PLACE_POINTS)
_BYE = Fraction(BYE_POINTS)


def place_points(ranks: Sequence[int]) -> tuple[float, ...]:
    """Points of each player at one table from their places (ties shared, as above).

    ``ranks[i]`` is player ``i``'s place, 1 = first, with tied players sharing the best place
    they cover and the next place skipped (1, 1, 3). Raises ``ValueError`` for a table of fewer
    than two players or places that are not in that form.

    >>> place_points([1, 2, 3, 4])
    (12.0, 8.0, 4.0, 0.0)
    >>> place_points([1, 1, 3, 4])
    (10.0, 10.0, 4.0, 0.0)
    """
    return tuple(float(points) for points in _exact_place_points(ranks))


def _exact_place_points(ranks: Sequence[int]) -> tuple[Fraction, ...]:
    _check_places(ranks)
    n = len(ranks)
    tied = {rank: sum(1 for other in ranks if other == rank) for rank in ranks}
    shared = {
        rank: sum((_FIRST * (n - p) / (n - 1) for p in range(rank, rank + count)), Fraction(0))
        / count
        for rank, count in tied.items()
    }
    return tuple(shared[rank] for rank in ranks)


def _check_places(ranks: Sequence[int]) -> None:
    n = len(ranks)
    if n < 2:
        raise ValueError(f"A table needs at least two players to score, not {n}.")
    for rank in ranks:
        if not isinstance(rank, int) or isinstance(rank, bool) or not 1 <= rank <= n:
            raise ValueError(f"Places at a table of {n} run from 1 to {n}, not {rank!r}.")
        better = sum(1 for other in ranks if other < rank)
        if better != rank - 1:
            raise ValueError(
                f"Places {tuple(ranks)} do not add up: place {rank} needs exactly {rank - 1} "
                f"players ahead of it, not {better} (tied players share a place and skip the "
                "next: 1, 1, 3)."
            )


@dataclass(frozen=True, slots=True)
class TableResult:
    """One finished table: who sat there, their places and their game scores, all aligned."""

    players: tuple[int, ...]
    """User ids in seat order."""
    ranks: tuple[int, ...]
    """Each player's place, aligned with ``players`` (1 = first; ties shared: 1, 1, 3)."""
    scores: tuple[int, ...]
    """Each player's final game score, aligned with ``players``."""

    def __post_init__(self) -> None:
        if not len(self.players) == len(self.ranks) == len(self.scores):
            raise ValueError(
                f"A table result needs one place and one score per player: {len(self.players)} "
                f"players, {len(self.ranks)} places, {len(self.scores)} scores."
            )
        if len(set(self.players)) != len(self.players):
            raise ValueError(f"A player sits at table {self.players} more than once.")
        _check_places(self.ranks)


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round of a tournament: its finished tables and who had a bye."""

    results: tuple[TableResult, ...]
    """The round's finished tables (unfinished ones left out)."""
    byes: tuple[int, ...]
    """User ids given a bye this round."""

    def __post_init__(self) -> None:
        seen: set[int] = set()
        for user in _round_users(self):
            if user in seen:
                raise ValueError(f"Player {user} appears twice in one round.")
            seen.add(user)


def _round_users(record: RoundRecord) -> Iterable[int]:
    for result in record.results:
        yield from result.players
    yield from record.byes


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in the standings."""

    user: int
    place: int
    """1 = first; players equal on points, opponents' points and game score share a place."""
    points: float
    opponents_points: float
    """Sum, over every table the player sat at, of each opponent's current points (an
    opponent met twice counts twice; byes add nothing)."""
    game_score: int
    """Total of the player's game scores."""
    played: int
    """Tables finished."""
    wins: int
    """Tables where the player's place was 1 (shared firsts count)."""
    byes: int
    dropped: bool


@dataclass(slots=True)
class _Tally:
    points: Fraction = Fraction(0)
    opponents_points: Fraction = Fraction(0)
    game_score: int = 0
    played: int = 0
    wins: int = 0
    byes: int = 0


def standings(
    entrants: Sequence[int], rounds: Sequence[RoundRecord], dropped: Collection[int] = ()
) -> list[Standing]:
    """Everyone who entered (sign-up order given), best first.

    Ordered by points, then opponents' points, then total game score (all higher is better),
    then sign-up order for display only: players equal on all three share a place (1, 1, 3).
    Dropped players stay in the list, marked, with what they earned. Raises ``ValueError``
    when someone who did not enter is listed, or an entrant is listed twice.
    """
    order = {user: index for index, user in enumerate(entrants)}
    if len(order) != len(entrants):
        twice = next(u for u in entrants if list(entrants).count(u) > 1)
        raise ValueError(f"Player {twice} is entered twice.")
    strangers = [u for u in dropped if u not in order]
    strangers += [u for record in rounds for u in _round_users(record) if u not in order]
    if strangers:
        raise ValueError(f"Player {strangers[0]} is in the results but did not enter.")

    tallies = {user: _Tally() for user in entrants}
    for record in rounds:
        for result in record.results:
            for user, points, rank, score in zip(
                result.players,
                _exact_place_points(result.ranks),
                result.ranks,
                result.scores,
                strict=True,
            ):
                tally = tallies[user]
                tally.points += points
                tally.game_score += score
                tally.played += 1
                if rank == 1:
                    tally.wins += 1
        for user in record.byes:
            tallies[user].points += _BYE
            tallies[user].byes += 1
    # Opponents' points use everyone's final totals, so a second pass after all points are in.
    for record in rounds:
        for result in record.results:
            table_points = sum((tallies[u].points for u in result.players), Fraction(0))
            for user in result.players:
                tallies[user].opponents_points += table_points - tallies[user].points

    def key(user: int) -> tuple[Fraction, Fraction, int]:
        tally = tallies[user]
        return (tally.points, tally.opponents_points, tally.game_score)

    best_first = sorted(entrants, key=lambda u: (_negated(key(u)), order[u]))
    table: list[Standing] = []
    place = 0
    for index, user in enumerate(best_first):
        if index == 0 or key(user) != key(best_first[index - 1]):
            place = index + 1
        tally = tallies[user]
        table.append(
            Standing(
                user=user,
                place=place,
                points=float(tally.points),
                opponents_points=float(tally.opponents_points),
                game_score=tally.game_score,
                played=tally.played,
                wins=tally.wins,
                byes=tally.byes,
                dropped=user in dropped,
            )
        )
    return table


def _negated(key: tuple[Fraction, Fraction, int]) -> tuple[Fraction, Fraction, int]:
    return (-key[0], -key[1], -key[2])


def ranked_users(table: list[Standing]) -> list[int]:
    """User ids of ``table`` (as :func:`standings` returns it) best first, dropped left out."""
    return [standing.user for standing in table if not standing.dropped]
