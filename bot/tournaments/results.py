"""A tournament's results as the standings read them: each table's finished game, by player."""

from __future__ import annotations

import logging
from collections.abc import Mapping

from bot.common.announce import seat_users
from bot.tournaments.points import RoundRecord, Standing, TableResult, standings
from games.core import Outcome
from storage import Game, GameStatus, Store, Tournament, TournamentTable

log = logging.getLogger("grimoire.tournaments")


async def table_games(store: Store, tournament: Tournament) -> dict[int, Game]:
    """The game of every table that has one, by game id."""
    return {
        t.game_id: await store.games.get(t.game_id)
        for t in tournament.tables
        if t.game_id is not None
    }


def table_result(game: Game) -> TableResult | None:
    """How a table's game ended, by user; ``None`` while it runs or when it was called off
    (a table called off gives nobody points)."""
    if game.status is not GameStatus.FINISHED or game.outcome is None:
        return None
    outcome = Outcome.model_validate_json(game.outcome)
    users = seat_users(game)
    if any(user is None for user in users):
        return None
    try:
        return TableResult(
            players=tuple(u for u in users if u is not None),
            ranks=tuple(outcome.ranks),
            scores=tuple(outcome.scores),
        )
    except ValueError:  # places points cannot read: the table counts, nobody scores
        log.warning("Game %s ended with places a tournament cannot score.", game.id)
        return None


def round_records(tournament: Tournament, games: Mapping[int, Game]) -> list[RoundRecord]:
    """Every round played so far: its finished tables and its byes."""
    records = []
    for number in range(1, tournament.round + 1):
        results = []
        byes = []
        for table in tournament.tables_of(number):
            if table.bye:
                byes.append(table.players[0])
                continue
            result = _result_of(table, games)
            if result is not None:
                results.append(result)
        records.append(RoundRecord(results=tuple(results), byes=tuple(byes)))
    return records


def standings_of(tournament: Tournament, games: Mapping[int, Game]) -> list[Standing]:
    """The standings of a tournament whose tables' games are ``games``, best first."""
    entrants = [e.user_id for e in tournament.entrants]
    return standings(entrants, round_records(tournament, games), tournament.dropped())


def round_complete(tournament: Tournament, games: Mapping[int, Game]) -> bool:
    """Whether every table of the current round has finished (or was called off)."""
    for table in tournament.tables_of(tournament.round):
        if table.bye:
            continue
        game = games.get(table.game_id) if table.game_id is not None else None
        if game is None or game.status in (GameStatus.LOBBY, GameStatus.ACTIVE):
            return False
    return True


def finishing_order(table: TournamentTable, games: Mapping[int, Game]) -> list[int]:
    """A table's players best first: by place, then game score, then their order at the
    table (the better seed first). A bye's one player; a table called off keeps its order."""
    if table.bye or table.game_id is None:
        return list(table.players)
    result = _result_of(table, games)
    if result is None:
        return list(table.players)
    place = {
        u: (r, -s) for u, r, s in zip(result.players, result.ranks, result.scores, strict=True)
    }
    return sorted(table.players, key=lambda u: (*place.get(u, (99, 0)), table.players.index(u)))


def _result_of(table: TournamentTable, games: Mapping[int, Game]) -> TableResult | None:
    if table.game_id is None or table.game_id not in games:
        return None
    return table_result(games[table.game_id])
