"""A tournament taken away: one zip with its tables, results, points and standings as CSV,
and the export (``games.export``) of every game played at its tables.

A game still running goes in as a spectator would know it (no seed, no hand): an organiser
sees no more of a running table than anyone else. Names are the caller's, looked up by user.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Awaitable, Callable, Mapping, Sequence

from bot.replays.exports import export_files, export_game
from bot.tournaments.boards import name_of
from bot.tournaments.points import place_points
from bot.tournaments.results import standings_of, table_games, table_result
from storage import Game, Store, Tournament

NameLookup = Callable[[Sequence[int | None]], Awaitable[list[str]]]
"""Names for users in order (``None``: an AI player), as the bot shows them."""


async def tournament_archive(store: Store, tournament: Tournament, names: NameLookup) -> bytes:
    """The zip of ``tournament``: ``tables.csv``, ``results.csv``, ``standings.csv`` and
    ``games/<game>-<id>.json`` (with its story beside it as ``.txt``)."""
    by_id = await table_games(store, tournament)
    users = sorted({u for t in tournament.tables for u in t.players} | _entrants(tournament))
    named = dict(zip(users, await names(users), strict=True))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("tables.csv", _tables(tournament, by_id, named))
        archive.writestr("results.csv", _results(tournament, by_id, named))
        archive.writestr("standings.csv", _standings(tournament, by_id, named))
        for game in by_id.values():
            if game.seed is None:
                continue  # a table whose game never started has nothing to export
            seats = [s.user_id for s in game.in_seat_order() if s.seat is not None]
            export = await export_game(store, game, None, await names(seats))
            files = export_files(export)
            archive.writestr(f"games/{files.name}.json", files.document)
            archive.writestr(f"games/{files.name}.txt", files.story)
        archive.writestr("README.txt", _readme(tournament))
    return buffer.getvalue()


def _entrants(tournament: Tournament) -> set[int]:
    return {e.user_id for e in tournament.entrants}


def _csv(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def _tables(tournament: Tournament, games: Mapping[int, Game], names: Mapping[int, str]) -> str:
    rows = []
    for table in tournament.tables:
        game = games.get(table.game_id) if table.game_id is not None else None
        status = "bye" if table.bye else (game.status.value if game else "not dealt")
        rows.append(
            [
                table.round,
                table.number,
                table.game_id if table.game_id is not None else "",
                status,
                " · ".join(names[u] for u in table.players),
                " ".join(str(u) for u in table.players),
            ]
        )
    return _csv(["round", "table", "game", "status", "players", "user_ids"], rows)


def _results(tournament: Tournament, games: Mapping[int, Game], names: Mapping[int, str]) -> str:
    rows: list[list[object]] = []
    for table in tournament.tables:
        game = games.get(table.game_id) if table.game_id is not None else None
        result = table_result(game) if game is not None else None
        if result is None:
            continue
        resigned = game.resigned_seats() if game is not None else frozenset()
        points = place_points(result.ranks)
        for seat, user in enumerate(result.players):
            rows.append(
                [
                    table.round,
                    table.number,
                    table.game_id,
                    seat + 1,
                    names[user],
                    user,
                    result.ranks[seat],
                    result.scores[seat],
                    f"{points[seat]:g}",
                    "yes" if seat in resigned else "no",
                ]
            )
    header = ["round", "table", "game", "seat", "player", "user_id", "place", "score"]
    return _csv([*header, "points", "resigned"], rows)


def _standings(tournament: Tournament, games: Mapping[int, Game], names: Mapping[int, str]) -> str:
    rows = [
        [
            s.place,
            names[s.user],
            s.user,
            f"{s.points:g}",
            f"{s.opponents_points:g}",
            s.game_score,
            s.played,
            s.wins,
            s.byes,
            "yes" if s.dropped else "no",
        ]
        for s in standings_of(tournament, games)
    ]
    header = ["place", "player", "user_id", "points", "opponents_points", "game_score"]
    return _csv([*header, "played", "wins", "byes", "dropped"], rows)


def _readme(tournament: Tournament) -> str:
    return (
        f"{name_of(tournament)} (tournament #{tournament.id}, {tournament.status.value})\n\n"
        "tables.csv     every table of every round, with its game and players\n"
        "results.csv    each finished table's places, game scores and tournament points\n"
        "standings.csv  the standings: points, then opponents' points, then game score\n"
        "games/         every game as JSON (the export format) and as a story (.txt)\n\n"
        "A finished game's JSON holds its seed and every move: check it with\n"
        "    python -m games verify games/<file>.json\n"
        "A game still running holds only what a spectator could know.\n"
    )
