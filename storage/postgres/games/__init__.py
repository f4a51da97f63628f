"""Games, seats and the action log in PostgreSQL, in three parts: :mod:`.lobby`, :mod:`.moves`
and :mod:`.reading`, as for SQLite."""

from __future__ import annotations

from storage.postgres.database import Database
from storage.postgres.games.lobby import PostgresLobby
from storage.postgres.games.moves import PostgresMoves
from storage.postgres.games.reading import PostgresReading
from storage.postgres.games.seats import PostgresSeats


class PostgresGames(PostgresLobby, PostgresMoves, PostgresSeats, PostgresReading):
    """:class:`~storage.contract.games.GameStore` on one PostgreSQL database."""

    def __init__(self, database: Database) -> None:
        self._db = database


__all__ = ["PostgresGames"]
