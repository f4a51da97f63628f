"""The moves part of the games store in PostgreSQL: moves recorded, resignations, moves taken
back and the undo requests asking for it, and nudges."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, timedelta

from storage.contract.games import GameStore
from storage.errors import (
    AlreadyResigned,
    GameNotActive,
    GameNotFound,
    NotSeated,
    VersionConflict,
)
from storage.postgres.database import Connection, Database, affected
from storage.postgres.games.reading import load_game, select_games
from storage.postgres.writes import (
    LANE_LOCK,
    TIMER_KEY_LOCK,
    insert_deliveries,
    insert_timers,
)
from storage.records import Delivery, Game, GameStatus, NewTimer, UndoRequest
from storage.sql import rows


class PostgresMoves(GameStore):
    """The move methods of :class:`~storage.contract.games.GameStore` on one PostgreSQL
    database (``_db``); :class:`~storage.postgres.games.PostgresGames` puts the parts
    together."""

    _db: Database

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
        now = self._db.now()
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
        row = await self._db.fetch_one(
            "SELECT game, seat_rows FROM grimoire_record_move("
            + ", ".join(f"${n}" for n in range(1, len(params) + 1))
            + ")",
            params,
        )
        if row is None:
            # Nothing was written: say why.
            games = await select_games(self._db, "g.id = $1", (game_id,))
            if not games:
                raise GameNotFound(game_id)
            if games[0].status != GameStatus.ACTIVE:
                raise GameNotActive(game_id, games[0].status)
            raise VersionConflict(game_id, expected_version, games[0].version)
        return rows.game(row["game"], map(rows.seat, row["seat_rows"]))

    async def resign(
        self,
        game_id: int,
        *,
        seat: int,
        expected_version: int,
        to_act: frozenset[int],
        outcome: str | None = None,
        deliveries: Sequence[Delivery] = (),
    ) -> Game:
        now = self._db.now()
        finished = outcome is not None
        async with self._db.transaction() as db:
            game = await load_game(db, game_id, lock=True)
            if game.status != GameStatus.ACTIVE:
                raise GameNotActive(game_id, game.status)
            if game.version != expected_version:
                raise VersionConflict(game_id, expected_version, game.version)
            place = next((s for s in game.seats if s.seat == seat), None)
            if place is None or place.user_id is None:
                raise NotSeated(game_id)
            if place.resigned:
                raise AlreadyResigned(game_id, seat)
            await db.execute(
                "UPDATE seats SET resigned_at = $1 WHERE game_id = $2 AND seat = $3",
                now,
                game_id,
                seat,
            )
            await db.execute(
                "UPDATE games SET to_act = $1, outcome = $2, status = $3, finished_at = $4,"
                " updated_at = $5 WHERE id = $6",
                json.dumps(sorted(to_act)),
                outcome,
                str(GameStatus.FINISHED if finished else GameStatus.ACTIVE),
                now if finished else None,
                now,
                game_id,
            )
            await insert_deliveries(db, deliveries, now, game_id)
            if finished:
                await db.execute(
                    "DELETE FROM timers WHERE game_id = $1 AND fired_at IS NULL", game_id
                )
            return await load_game(db, game_id)

    async def undo(
        self,
        game_id: int,
        *,
        expected_version: int,
        to_version: int,
        state: str,
        to_act: frozenset[int],
        deliveries: Sequence[Delivery] = (),
        timers: Sequence[NewTimer] | None = None,
    ) -> Game:
        if not 0 <= to_version <= expected_version:
            raise ValueError(f"cannot undo from move {expected_version} to {to_version}")
        now = self._db.now()
        async with self._db.transaction() as db:
            game = await load_game(db, game_id, lock=True)
            if game.status != GameStatus.ACTIVE:
                raise GameNotActive(game_id, game.status)
            if game.version != expected_version:
                raise VersionConflict(game_id, expected_version, game.version)
            await db.execute(
                "DELETE FROM actions WHERE game_id = $1 AND seq > $2", game_id, to_version
            )
            await db.execute(
                "UPDATE games SET version = $1, state = $2, to_act = $3, updated_at = $4"
                " WHERE id = $5",
                to_version,
                state,
                json.dumps(sorted(to_act)),
                now,
                game_id,
            )
            await db.execute("DELETE FROM undo_requests WHERE game_id = $1", game_id)
            await insert_deliveries(db, deliveries, now, game_id)
            await _replace_timers(db, game_id, timers, False)
            return await load_game(db, game_id)

    async def request_undo(
        self,
        game_id: int,
        *,
        seat: int,
        version: int,
        to_version: int,
        deliveries: Sequence[Delivery] = (),
    ) -> UndoRequest:
        now = self._db.now()
        async with self._db.transaction() as db:
            await load_game(db, game_id, lock=True)
            await db.execute(
                "INSERT INTO undo_requests"
                " (game_id, seat, version, to_version, approvals, created_at)"
                " VALUES ($1, $2, $3, $4, '[]', $5) ON CONFLICT (game_id) DO UPDATE SET"
                " seat = excluded.seat, version = excluded.version,"
                " to_version = excluded.to_version, approvals = excluded.approvals,"
                " created_at = excluded.created_at",
                game_id,
                seat,
                version,
                to_version,
                now,
            )
            await insert_deliveries(db, deliveries, now, game_id)
            request = await _undo_request(db, game_id)
            assert request is not None
            return request

    async def approve_undo(self, game_id: int, *, version: int, seat: int) -> UndoRequest | None:
        async with self._db.transaction() as db:
            request = await _undo_request(db, game_id, lock=True)
            if request is None or request.version != version:
                return None
            approvals = sorted(request.approvals | {seat})
            await db.execute(
                "UPDATE undo_requests SET approvals = $1 WHERE game_id = $2",
                json.dumps(approvals),
                game_id,
            )
            return await _undo_request(db, game_id)

    async def drop_undo(self, game_id: int, *, deliveries: Sequence[Delivery] = ()) -> bool:
        async with self._db.transaction() as db:
            status = await db.execute("DELETE FROM undo_requests WHERE game_id = $1", game_id)
            if affected(status) != 1:
                return False
            await insert_deliveries(db, deliveries, self._db.now(), game_id)
            return True

    async def undo_request(self, game_id: int) -> UndoRequest | None:
        async with self._db.snapshot() as db:
            return await _undo_request(db, game_id)

    async def nudge(
        self, game_id: int, *, cooldown: timedelta, deliveries: Sequence[Delivery] = ()
    ) -> datetime | None:
        now = self._db.now()
        async with self._db.transaction() as db:
            await load_game(db, game_id, lock=True)
            last: datetime | None = await db.fetchval(
                "SELECT nudged_at FROM games WHERE id = $1", game_id
            )
            if last is not None and last > now - cooldown:
                return last
            await db.execute("UPDATE games SET nudged_at = $1 WHERE id = $2", now, game_id)
            await insert_deliveries(db, deliveries, now, game_id)
            return None


async def _replace_timers(
    db: Connection, game_id: int, timers: Sequence[NewTimer] | None, finished: bool
) -> None:
    """A game's pending timers replaced by ``timers`` (left alone when ``None``); a finished
    game keeps none."""
    if timers is None and not finished:
        return
    await db.execute("DELETE FROM timers WHERE game_id = $1 AND fired_at IS NULL", game_id)
    await insert_timers(db, timers or (), game_id)


async def _undo_request(db: Connection, game_id: int, *, lock: bool = False) -> UndoRequest | None:
    sql = "SELECT * FROM undo_requests WHERE game_id = $1" + (" FOR UPDATE" if lock else "")
    row = await db.fetchrow(sql, game_id)
    return rows.undo_request(row) if row is not None else None
