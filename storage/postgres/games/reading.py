"""The reading part of the games store in PostgreSQL, and :func:`load_game`, which the other
parts use inside their transactions (locking the game's row when they are about to change
it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.contract.games import GameStore
from storage.errors import GameNotFound
from storage.postgres.database import Connection, Database
from storage.records import OPEN_STATUSES, Action, Game, GameStatus
from storage.sql import rows


class PostgresReading(GameStore):
    """The reading methods of :class:`~storage.contract.games.GameStore` on one PostgreSQL
    database (``_db``); :class:`~storage.postgres.games.PostgresGames` puts the parts
    together."""

    _db: Database

    async def get(self, game_id: int) -> Game:
        games = await self._select("g.id = $1", (game_id,))
        if not games:
            raise GameNotFound(game_id)
        return games[0]

    async def by_thread(self, thread_id: int) -> Game | None:
        games = await self._select("g.thread_id = $1", (thread_id,))
        return games[0] if games else None

    async def in_channel(
        self, channel_id: int, statuses: Sequence[GameStatus] = OPEN_STATUSES
    ) -> list[Game]:
        return await self._select(
            "g.channel_id = $1 AND g.status = ANY($2::text[])", (channel_id, _texts(statuses))
        )

    async def in_guild(
        self, guild_id: int, statuses: Sequence[GameStatus] = OPEN_STATUSES
    ) -> list[Game]:
        return await self._select(
            "g.guild_id = $1 AND g.status = ANY($2::text[])", (guild_id, _texts(statuses))
        )

    async def of_user(
        self, user_id: int, statuses: Sequence[GameStatus] = OPEN_STATUSES
    ) -> list[Game]:
        return await self._select(
            "g.status = ANY($1::text[]) AND g.id IN (SELECT game_id FROM seats WHERE user_id = $2)",
            (_texts(statuses), user_id),
        )

    async def awaiting(self, user_id: int) -> list[Game]:
        return await self._select(
            "g.status = 'active' AND EXISTS (SELECT 1 FROM seats s"
            " WHERE s.game_id = g.id AND s.user_id = $1 AND g.to_act @> to_jsonb(s.seat))",
            (user_id,),
        )

    async def ids(self, statuses: Sequence[GameStatus]) -> list[int]:
        found = await self._db.fetch_all(
            "SELECT id FROM games WHERE status = ANY($1::text[]) ORDER BY id", (_texts(statuses),)
        )
        return [row["id"] for row in found]

    async def to_resume(self) -> list[Game]:
        return await self._select("g.status IN ('lobby', 'active')", ())

    async def actions(self, game_id: int) -> list[Action]:
        found = await self._db.fetch_all(
            "SELECT * FROM actions WHERE game_id = $1 ORDER BY seq", (game_id,)
        )
        if not found:
            await self.get(game_id)
        return [rows.action(row) for row in found]

    async def _select(self, where: str, params: Sequence[Any]) -> list[Game]:
        return await select_games(self._db, where, params)


async def select_games(db: Connection | Database, where: str, params: Sequence[Any]) -> list[Game]:
    """The games matching ``where`` (on ``games g``), with their seats, oldest first.

    One statement, so one round trip and one consistent moment even outside a transaction:
    each game's seats come as an array of ``seats`` rows beside it."""
    sql = (
        "SELECT g.*, ARRAY(SELECT s FROM seats s WHERE s.game_id = g.id) AS seat_rows"
        f" FROM games g WHERE {where} ORDER BY g.id"
    )
    if isinstance(db, Database):
        game_rows = await db.fetch_all(sql, params)
    else:
        game_rows = await db.fetch(sql, *params)
    return [rows.game(row, map(rows.seat, row["seat_rows"])) for row in game_rows]


async def load_game(db: Connection, game_id: int, *, lock: bool = False) -> Game:
    """One game with its seats, read inside the caller's transaction (``GameNotFound``).

    ``lock``: the game's row is locked first, until the transaction ends, so that what is
    read stays true while the caller changes it (another process's change waits)."""
    if lock:
        await db.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game_id)
    games = await select_games(db, "g.id = $1", (game_id,))
    if not games:
        raise GameNotFound(game_id)
    return games[0]


def _texts(statuses: Sequence[GameStatus]) -> list[str]:
    return [str(status) for status in statuses]
