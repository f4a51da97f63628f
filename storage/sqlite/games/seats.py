"""A running game's seat changing hands in SQLite: left open by its player, taken by another."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from storage.contract.games import GameStore
from storage.errors import AlreadySeated, GameNotActive, NotSeated, VersionConflict
from storage.records import OPEN_SEAT, Delivery, Game, GameStatus, NewTimer
from storage.sqlite.database import Database
from storage.sqlite.games.reading import load_game
from storage.sqlite.writes import insert_deliveries, insert_timers


class SqliteSeats(GameStore):
    """The seat-changing method of :class:`~storage.contract.games.GameStore` on one SQLite
    database (``_db``)."""

    _db: Database

    async def hand_over(
        self,
        game_id: int,
        *,
        seat: int,
        user_id: int | None,
        expected_version: int,
        to_act: frozenset[int],
        settings: Mapping[str, Any],
        deliveries: Sequence[Delivery] = (),
        timers: Sequence[NewTimer] = (),
    ) -> Game:
        now = self._db.now()
        async with self._db.transaction() as db:
            # Checked on the game as loaded: the write lock is already held.
            game = await load_game(db, game_id)
            if game.status != GameStatus.ACTIVE:
                raise GameNotActive(game_id, game.status)
            if game.version != expected_version:
                raise VersionConflict(game_id, expected_version, game.version)
            if not any(s.seat == seat for s in game.seats):
                raise NotSeated(game_id)
            if user_id is not None and game.seated(user_id):
                raise AlreadySeated(game_id)
            await db.execute(
                "UPDATE seats SET user_id = ?, ai_level = ?, resigned_at = NULL, missed = 0"
                " WHERE game_id = ? AND seat = ?",
                (user_id, OPEN_SEAT if user_id is None else None, game_id, seat),
            )
            await db.execute(
                "UPDATE games SET to_act = ?, settings = ?, updated_at = ? WHERE id = ?",
                (json.dumps(sorted(to_act)), json.dumps(dict(settings)), now, game_id),
            )
            await insert_deliveries(db, deliveries, now, game_id)
            await db.execute(
                "DELETE FROM timers WHERE game_id = ? AND fired_at IS NULL", (game_id,)
            )
            await insert_timers(db, timers, game_id)
            return await load_game(db, game_id)
