"""The reading part of the games store in SQLite: one game, the games of a channel, a
server or a player, and a game's action log; and :func:`load_game`, which the other parts
use inside their transactions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import aiosqlite

from storage.contract.games import GameStore
from storage.errors import GameNotFound
from storage.records import OPEN_STATUSES, Action, Game, GameStatus, Seat
from storage.sql import rows
from storage.sqlite.database import Database, fetch_all


class SqliteReading(GameStore):
    """The reading methods of :class:`~storage.contract.games.GameStore` on one SQLite
    database (``_db``); :class:`~storage.sqlite.games.SqliteGames` puts the parts together."""

    _db: Database

    async def get(self, game_id: int) -> Game:
        games = await self._select("g.id = ?", (game_id,))
        if not games:
            raise GameNotFound(game_id)
        return games[0]

    async def by_thread(self, thread_id: int) -> Game | None:
        games = await self._select("g.thread_id = ?", (thread_id,))
        return games[0] if games else None

    async def in_channel(
        self, channel_id: int, statuses: Sequence[GameStatus] = OPEN_STATUSES
    ) -> list[Game]:
        marks = _marks(statuses)
        return await self._select(
            f"g.channel_id = ? AND g.status IN ({marks})", (channel_id, *statuses)
        )

    async def in_guild(
        self, guild_id: int, statuses: Sequence[GameStatus] = OPEN_STATUSES
    ) -> list[Game]:
        marks = _marks(statuses)
        return await self._select(
            f"g.guild_id = ? AND g.status IN ({marks})", (guild_id, *statuses)
        )

    async def of_user(
        self, user_id: int, statuses: Sequence[GameStatus] = OPEN_STATUSES
    ) -> list[Game]:
        marks = _marks(statuses)
        return await self._select(
            f"g.status IN ({marks}) AND g.id IN (SELECT game_id FROM seats WHERE user_id = ?)",
            (*statuses, user_id),
        )

    async def awaiting(self, user_id: int) -> list[Game]:
        return await self._select(
            "g.status = 'active' AND EXISTS (SELECT 1 FROM seats s, json_each(g.to_act) j"
            " WHERE s.game_id = g.id AND s.user_id = ? AND s.seat = j.value)",
            (user_id,),
        )

    async def ids(self, statuses: Sequence[GameStatus]) -> list[int]:
        found = await self._db.fetch_all(
            f"SELECT id FROM games WHERE status IN ({_marks(statuses)}) ORDER BY id", statuses
        )
        return [row["id"] for row in found]

    async def to_resume(self) -> list[Game]:
        return await self._select("g.status IN ('lobby', 'active')", ())

    async def actions(self, game_id: int) -> list[Action]:
        found = await self._db.fetch_all(
            "SELECT * FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        if not found:
            await self.get(game_id)
        return [rows.action(row) for row in found]

    async def _select(self, where: str, params: Sequence[Any]) -> list[Game]:
        async with self._db.snapshot() as db:
            return await _select(db, where, params)


async def _select(db: aiosqlite.Connection, where: str, params: Sequence[Any]) -> list[Game]:
    game_rows = await fetch_all(db, f"SELECT g.* FROM games g WHERE {where} ORDER BY g.id", params)
    if not game_rows:
        return []
    ids = [row["id"] for row in game_rows]
    seat_rows = await fetch_all(
        db,
        f"SELECT s.* FROM seats s JOIN games g ON g.id = s.game_id WHERE {where}",
        params,
    )
    seats: dict[int, list[Seat]] = {game_id: [] for game_id in ids}
    for row in seat_rows:
        seats[row["game_id"]].append(rows.seat(row))
    return [rows.game(row, seats[row["id"]]) for row in game_rows]


async def load_game(db: aiosqlite.Connection, game_id: int) -> Game:
    """One game with its seats, read inside the caller's transaction (``GameNotFound``)."""
    games = await _select(db, "g.id = ?", (game_id,))
    if not games:
        raise GameNotFound(game_id)
    return games[0]


def _marks(values: Sequence[Any]) -> str:
    return ", ".join("?" for _ in values)
