"""Games, seats and the action log in SQLite, in three parts: :mod:`.lobby` (lobbies and
their seats), :mod:`.moves` (moves, resignations, undo, nudges) and :mod:`.reading` (finding
games and reading their logs)."""

from __future__ import annotations

from storage.sqlite.database import Database
from storage.sqlite.games.lobby import SqliteLobby
from storage.sqlite.games.moves import SqliteMoves
from storage.sqlite.games.reading import SqliteReading
from storage.sqlite.games.seats import SqliteSeats


class SqliteGames(SqliteLobby, SqliteMoves, SqliteSeats, SqliteReading):
    """:class:`~storage.contract.games.GameStore` on one SQLite database."""

    def __init__(self, database: Database) -> None:
        self._db = database


__all__ = ["SqliteGames"]
