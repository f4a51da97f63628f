"""Games in PostgreSQL: the shared SQL (:class:`~storage.sql.games.SqlGames`), but a move is
recorded with one call to the database (``grimoire_record_move``, schema 7)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from storage.errors import GameNotActive, VersionConflict
from storage.postgres.database import Database
from storage.postgres.writes import LANE_LOCK, TIMER_KEY_LOCK
from storage.records import Delivery, Game, GameStatus, NewTimer
from storage.sql import rows
from storage.sql.games import SqlGames


class PostgresGames(SqlGames):
    """:class:`~storage.contract.games.GameStore` on one PostgreSQL database."""

    def __init__(self, database: Database) -> None:
        super().__init__(database)
        self._database = database

    async def record_move(
        self,
        game_id: int,
        *,
        expected_version: int,
        seat: int,
        notation: str,
        state: str,
        to_act: frozenset[int],
        outcome: str | None = None,
        deliveries: Sequence[Delivery] = (),
        timers: Sequence[NewTimer] | None = None,
        missed: bool = False,
    ) -> Game:
        now = self._database.now()
        finished = outcome is not None
        timers = None if finished else timers
        new_timers = list(timers or ())
        lanes = sorted({d.lane_key() for d in deliveries})
        keys = sorted({t.key for t in new_timers if t.key is not None})
        # One call, so one round trip: the function (schema 7) writes the move's rows under
        # the game's row lock and the lanes' and keys' locks, as one transaction of its own.
        params = (
            game_id,
            expected_version,
            state,
            json.dumps(sorted(to_act)),
            outcome,
            str(GameStatus.FINISHED if finished else GameStatus.ACTIVE),
            now,
            seat,
            notation,
            missed,
            # Pending timers are replaced when the move brings new ones or ends the game.
            finished or timers is not None,
            [LANE_LOCK] * len(lanes) + [TIMER_KEY_LOCK] * len(keys),
            lanes + keys,
            [d.game_id if d.game_id is not None else game_id for d in deliveries],
            [str(d.kind) for d in deliveries],
            [d.target_id for d in deliveries],
            [d.lane_key() for d in deliveries],
            [json.dumps(dict(d.payload)) for d in deliveries],
            [t.key for t in new_timers],
            [t.game_id if t.game_id is not None else game_id for t in new_timers],
            [str(t.kind) for t in new_timers],
            [t.due_at for t in new_timers],
            [json.dumps(dict(t.payload)) for t in new_timers],
        )
        row = await self._database.fetch_one(
            "SELECT game, seat_rows FROM grimoire_record_move("
            + ", ".join(f"${n}" for n in range(1, len(params) + 1))
            + ")",
            params,
        )
        if row is None:
            # Nothing was written: say why (GameNotFound when there is no such game).
            game = await self.get(game_id)
            if game.status != GameStatus.ACTIVE:
                raise GameNotActive(game_id, game.status)
            raise VersionConflict(game_id, expected_version, game.version)
        return rows.game(row["game"], map(rows.seat, row["seat_rows"]))
