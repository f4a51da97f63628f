"""Games, seats and the action log (the one SQL for both backends), in parts: :mod:`.lobby`
(lobbies and their seats), :mod:`.seats` (a running game's seat changing hands),
:mod:`.moves` (moves, resignations, undo, nudges) and :mod:`.reading` (finding games and
reading their logs)."""

from __future__ import annotations

from storage.sql.driver import Driver
from storage.sql.games.lobby import SqlLobby
from storage.sql.games.moves import SqlMoves
from storage.sql.games.reading import SqlReading, load_game, select_games
from storage.sql.games.seats import SqlSeats


class SqlGames(SqlLobby, SqlMoves, SqlSeats, SqlReading):
    """:class:`~storage.contract.games.GameStore` on either backend."""

    def __init__(self, driver: Driver) -> None:
        self._db = driver
        self._d = driver.dialect


__all__ = ["SqlGames", "load_game", "select_games"]
