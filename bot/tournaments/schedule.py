"""The next round of a tournament, or its end, from what has been played; and at the start,
how many rounds it plays. Pure.

- **Swiss**: round 1 is drawn at random (from the tournament's seed); later rounds group
  players by standing, avoiding repeat opponents where possible (``pairing.swiss``).
- **Round-robin**: when everyone fits one table, everyone plays at it every round, the first
  seat moving round by round; otherwise two-player tables by the circle method, so every pair
  meets once. A dropped player's opponent has a bye.
- **Knockout**: seeded by rating at the start; two-player tables form a bracket, larger
  tables send their winners on until one final table is left.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

import games
from bot.common.refusals import Refusal
from bot.tournaments.formats import TableRange, playable_sizes, swiss_rounds
from bot.tournaments.pairing import (
    RoundPlan,
    knockout_first,
    knockout_next,
    round_robin,
    round_robin_rounds,
)
from bot.tournaments.points import RoundRecord, ranked_users, standings
from bot.tournaments.results import finishing_order
from bot.tournaments.swiss import swiss
from bot.tournaments.tournament_settings import TournamentSettings
from games.core.words import msg
from storage import Game, Tournament, TournamentFormat


@dataclass(frozen=True, slots=True)
class Over:
    """The tournament is over; ``champion`` is its winner (``None`` if nobody is left)."""

    champion: int | None


def next_round(
    tournament: Tournament, records: Sequence[RoundRecord], games: Mapping[int, Game]
) -> RoundPlan | Over:
    """What comes after the current round: the next round's tables, or the end."""
    sizes = TournamentSettings.of(tournament).tables
    active = tournament.active()
    entrants = [e.user_id for e in tournament.entrants]
    table = standings(entrants, records, tournament.dropped())
    leader = Over(next(iter(ranked_users(table)), None))
    if tournament.format is TournamentFormat.KNOCKOUT:
        return _knockout(tournament, games, sizes)
    if len(active) < sizes.smallest or (
        tournament.rounds is not None and tournament.round >= tournament.rounds
    ):
        return leader
    if tournament.format is TournamentFormat.ROUND_ROBIN:
        return _round_robin(tournament, sizes)
    if tournament.round == 0:
        ranked = list(active)
        random.Random(tournament.seed).shuffle(ranked)
    else:
        ranked = [u for u in ranked_users(table) if u in active]
    return swiss(
        ranked,
        met=_met(tournament),
        byes=_byes(tournament),
        smallest=sizes.smallest,
        largest=sizes.largest,
    )


def planned_rounds(
    tournament_format: TournamentFormat, players: int, sizes: TableRange, asked: int | None
) -> int | None:
    """The rounds a tournament of ``players`` plays, fixed at its start (``asked``: as its
    organiser chose); ``None`` for a knockout, which plays until one champion is left. A
    round-robin that cannot have every pair meet is refused."""
    if tournament_format is TournamentFormat.KNOCKOUT:
        return None
    if tournament_format is TournamentFormat.ROUND_ROBIN:
        if not single_table(players, sizes) and sizes.smallest > 2:
            raise Refusal(
                msg(
                    "A round-robin of {count} players needs two-player tables or one table "
                    "for everyone (this one seats {sizes}): use Swiss instead.",
                    count=players,
                    sizes=sizes.label(),
                )
            )
        return round_robin_length(players, sizes, asked)
    return asked or swiss_rounds(players)


def seeding(entrants: Sequence[int], ratings: Mapping[int, float]) -> list[int]:
    """Players best first by rating (the unrated after the rated), then sign-up order."""
    order = {user: i for i, user in enumerate(entrants)}
    return sorted(entrants, key=lambda u: (u not in ratings, -ratings.get(u, 0.0), order[u]))


def single_table(players: int, sizes: TableRange) -> bool:
    """Whether a round-robin seats everyone at one table each round."""
    return sizes.smallest <= players <= sizes.largest


def round_robin_length(players: int, sizes: TableRange, asked: int | None) -> int:
    """The rounds of a round-robin: as asked (or one per player) at one table; enough for
    every pair to meet once at two-player tables."""
    if single_table(players, sizes):
        return asked or players
    return round_robin_rounds(players)


def _round_robin(tournament: Tournament, sizes: TableRange) -> RoundPlan:
    order = TournamentSettings.of(tournament).seed_order(tournament.active())
    dropped = tournament.dropped()
    if single_table(len(order), sizes):
        players = [u for u in order if u not in dropped]
        turn = tournament.round % len(players)
        return RoundPlan(entries=(tuple(players[turn:] + players[:turn]),))
    plan = round_robin(order, tournament.round)
    entries: list[tuple[int, ...]] = []
    for entry in plan.entries:
        left = tuple(u for u in entry if u not in dropped)
        if left:
            entries.append(left)
    return RoundPlan(entries=tuple(entries))


def _knockout(
    tournament: Tournament, games: Mapping[int, Game], sizes: TableRange
) -> RoundPlan | Over:
    dropped = tournament.dropped()
    if tournament.round == 0:
        seeded = TournamentSettings.of(tournament).seed_order(tournament.active())
        players = [u for u in seeded if u not in dropped]
        if len(players) < 2:
            return Over(players[0] if players else None)
        return knockout_first(players, sizes.smallest, sizes.largest)
    finishes = []
    for table in tournament.tables_of(tournament.round):
        order = [u for u in finishing_order(table, games) if u not in dropped]
        if order:
            finishes.append(order)
    if sum(len(f) for f in finishes) <= 1 or (len(finishes) == 1 and len(finishes[0]) == 1):
        return Over(finishes[0][0] if finishes else None)
    try:
        following = knockout_next(finishes, sizes.smallest, sizes.largest)
    except ValueError:
        # Drops left too few for a table of the chosen size: those left play one final
        # at whatever table the game allows, or the best of them is champion.
        return _short_final(tournament, finishes)
    if isinstance(following, int):
        return Over(following)
    return following


def _short_final(tournament: Tournament, finishes: Sequence[Sequence[int]]) -> RoundPlan | Over:
    deepest = max(len(f) for f in finishes)
    left = [f[place] for place in range(deepest) for f in finishes if place < len(f)]
    engine = games.get(tournament.game_key)
    if len(left) in playable_sizes(engine, TournamentSettings.of(tournament).options):
        return RoundPlan(entries=(tuple(left),))
    return Over(left[0])


def _met(tournament: Tournament) -> set[frozenset[int]]:
    """Every pair of players who have sat at a table together."""
    return {
        frozenset(pair)
        for table in tournament.tables
        if not table.bye
        for pair in combinations(table.players, 2)
    }


def _byes(tournament: Tournament) -> dict[int, int]:
    counts: dict[int, int] = {}
    for table in tournament.tables:
        if table.bye:
            counts[table.players[0]] = counts.get(table.players[0], 0) + 1
    return counts
