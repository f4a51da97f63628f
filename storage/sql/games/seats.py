"""A running game's seat changing hands: left open by its player, taken by another."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from storage.contract.games import GameStore
from storage.errors import AlreadySeated, NotSeated
from storage.records import OPEN_SEAT, Delivery, Game, NewTimer
from storage.sql.dialect import Dialect
from storage.sql.driver import Driver
from storage.sql.games.reading import load_game, require_active


class SqlSeats(GameStore):
    """The seat-changing method of :class:`~storage.contract.games.GameStore` (``_db``,
    ``_d``)."""

    _db: Driver
    _d: Dialect

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
        now = self._d.time(self._db.clock())
        async with self._db.session() as db:
            game = await load_game(db, self._d, game_id, lock=True)
            require_active(game, expected_version)
            if not any(s.seat == seat for s in game.seats):
                raise NotSeated(game_id)
            if user_id is not None and game.seated(user_id):
                raise AlreadySeated(game_id)
            await db.execute(
                "UPDATE seats SET user_id = ?, ai_level = ?, resigned_at = NULL, missed = 0"
                " WHERE game_id = ? AND seat = ?",
                user_id,
                OPEN_SEAT if user_id is None else None,
                game_id,
                seat,
            )
            await db.execute(
                "UPDATE games SET to_act = ?, settings = ?, updated_at = ? WHERE id = ?",
                json.dumps(sorted(to_act)),
                json.dumps(dict(settings)),
                now,
                game_id,
            )
            await db.insert_deliveries(deliveries, game_id)
            await db.execute("DELETE FROM timers WHERE game_id = ? AND fired_at IS NULL", game_id)
            await db.insert_timers(timers, game_id)
            return await load_game(db, self._d, game_id)
