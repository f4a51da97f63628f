"""The moves part of the games store: moves recorded, resignations, moves taken back and
the undo requests asking for it, and nudges. (PostgreSQL records a move with one call of
its own: :class:`storage.postgres.games.PostgresGames`.)"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, timedelta

from storage.contract.games import GameStore
from storage.errors import AlreadyResigned, GameNotActive, NotSeated, VersionConflict
from storage.records import Delivery, Game, GameStatus, NewTimer, UndoRequest
from storage.sql import rows
from storage.sql.dialect import Dialect
from storage.sql.driver import Driver, Session
from storage.sql.games.reading import load_game, require_active


class SqlMoves(GameStore):
    """The move methods of :class:`~storage.contract.games.GameStore` (``_db``, ``_d``);
    :class:`~storage.sql.games.SqlGames` puts the parts together."""

    _db: Driver
    _d: Dialect

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
        now = self._d.time(self._db.clock())
        finished = outcome is not None
        async with self._db.session() as db:
            # The version check is the update's own condition, so it needs no lock first.
            changed = await db.execute(
                "UPDATE games SET version = version + 1, state = ?, to_act = ?, outcome = ?,"
                " status = ?, finished_at = ?, updated_at = ?"
                " WHERE id = ? AND version = ? AND status = 'active'",
                state,
                json.dumps(sorted(to_act)),
                outcome,
                str(GameStatus.FINISHED if finished else GameStatus.ACTIVE),
                now if finished else None,
                now,
                game_id,
                expected_version,
            )
            if changed != 1:
                game = await load_game(db, self._d, game_id)
                if game.status != GameStatus.ACTIVE:
                    raise GameNotActive(game_id, game.status)
                raise VersionConflict(game_id, expected_version, game.version)
            await db.execute(
                "INSERT INTO actions (game_id, seq, seat, notation, at) VALUES (?, ?, ?, ?, ?)",
                game_id,
                expected_version + 1,
                seat,
                notation,
                now,
            )
            if missed:
                await db.execute(
                    "UPDATE seats SET missed = missed + 1 WHERE game_id = ? AND seat = ?",
                    game_id,
                    seat,
                )
            # Whatever the table was asked to take back no longer applies to this game.
            await db.execute("DELETE FROM undo_requests WHERE game_id = ?", game_id)
            await db.insert_deliveries(deliveries, game_id)
            await _replace_timers(db, game_id, None if finished else timers, finished)
            return await load_game(db, self._d, game_id)

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
        now = self._d.time(self._db.clock())
        finished = outcome is not None
        async with self._db.session() as db:
            game = await load_game(db, self._d, game_id, lock=True)
            require_active(game, expected_version)
            place = next((s for s in game.seats if s.seat == seat), None)
            if place is None or place.user_id is None:
                raise NotSeated(game_id)
            if place.resigned:
                raise AlreadyResigned(game_id, seat)
            await db.execute(
                "UPDATE seats SET resigned_at = ? WHERE game_id = ? AND seat = ?",
                now,
                game_id,
                seat,
            )
            await db.execute(
                "UPDATE games SET to_act = ?, outcome = ?, status = ?, finished_at = ?,"
                " updated_at = ? WHERE id = ?",
                json.dumps(sorted(to_act)),
                outcome,
                str(GameStatus.FINISHED if finished else GameStatus.ACTIVE),
                now if finished else None,
                now,
                game_id,
            )
            await db.insert_deliveries(deliveries, game_id)
            if finished:
                await db.execute(
                    "DELETE FROM timers WHERE game_id = ? AND fired_at IS NULL", game_id
                )
            return await load_game(db, self._d, game_id)

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
        now = self._d.time(self._db.clock())
        async with self._db.session() as db:
            game = await load_game(db, self._d, game_id, lock=True)
            require_active(game, expected_version)
            await db.execute(
                "DELETE FROM actions WHERE game_id = ? AND seq > ?", game_id, to_version
            )
            await db.execute(  # what stood after the moves taken back stands no more
                "DELETE FROM game_snapshots WHERE game_id = ? AND version > ?", game_id, to_version
            )
            await db.execute(
                "UPDATE games SET version = ?, state = ?, to_act = ?, updated_at = ? WHERE id = ?",
                to_version,
                state,
                json.dumps(sorted(to_act)),
                now,
                game_id,
            )
            await db.execute("DELETE FROM undo_requests WHERE game_id = ?", game_id)
            await db.insert_deliveries(deliveries, game_id)
            await _replace_timers(db, game_id, timers, False)
            return await load_game(db, self._d, game_id)

    async def request_undo(
        self,
        game_id: int,
        *,
        seat: int,
        version: int,
        to_version: int,
        deliveries: Sequence[Delivery] = (),
    ) -> UndoRequest:
        now = self._d.time(self._db.clock())
        async with self._db.session() as db:
            await load_game(db, self._d, game_id, lock=True)
            await db.execute(
                "INSERT INTO undo_requests"
                " (game_id, seat, version, to_version, approvals, created_at)"
                " VALUES (?, ?, ?, ?, '[]', ?) ON CONFLICT (game_id) DO UPDATE SET"
                " seat = excluded.seat, version = excluded.version,"
                " to_version = excluded.to_version, approvals = excluded.approvals,"
                " created_at = excluded.created_at",
                game_id,
                seat,
                version,
                to_version,
                now,
            )
            await db.insert_deliveries(deliveries, game_id)
            request = await self._undo_request(db, game_id)
            assert request is not None
            return request

    async def approve_undo(self, game_id: int, *, version: int, seat: int) -> UndoRequest | None:
        async with self._db.session() as db:
            request = await self._undo_request(db, game_id, lock=True)
            if request is None or request.version != version:
                return None
            approvals = sorted(request.approvals | {seat})
            await db.execute(
                "UPDATE undo_requests SET approvals = ? WHERE game_id = ?",
                json.dumps(approvals),
                game_id,
            )
            return await self._undo_request(db, game_id)

    async def drop_undo(self, game_id: int, *, deliveries: Sequence[Delivery] = ()) -> bool:
        async with self._db.session() as db:
            if await db.execute("DELETE FROM undo_requests WHERE game_id = ?", game_id) != 1:
                return False
            await db.insert_deliveries(deliveries, game_id)
            return True

    async def undo_request(self, game_id: int) -> UndoRequest | None:
        found = await self._db.read("SELECT * FROM undo_requests WHERE game_id = ?", game_id)
        return rows.undo_request(found[0]) if found else None

    async def nudge(
        self, game_id: int, *, cooldown: timedelta, deliveries: Sequence[Delivery] = ()
    ) -> datetime | None:
        now = self._db.clock()
        async with self._db.session() as db:
            await load_game(db, self._d, game_id, lock=True)
            last = rows.from_stored(
                await db.fetch_value("SELECT nudged_at FROM games WHERE id = ?", game_id)
            )
            if last is not None and last > now - cooldown:
                return last
            await db.execute(
                "UPDATE games SET nudged_at = ? WHERE id = ?", self._d.time(now), game_id
            )
            await db.insert_deliveries(deliveries, game_id)
            return None

    async def _undo_request(
        self, db: Session, game_id: int, *, lock: bool = False
    ) -> UndoRequest | None:
        """The game's undo request, read inside the transaction (``lock``: until it ends)."""
        lock_clause = self._d.for_update if lock else ""
        row = await db.fetch_one(
            f"SELECT * FROM undo_requests WHERE game_id = ?{lock_clause}", game_id
        )
        return rows.undo_request(row) if row is not None else None


async def _replace_timers(
    db: Session, game_id: int, timers: Sequence[NewTimer] | None, finished: bool
) -> None:
    """A game's pending timers replaced by ``timers`` (left alone when ``None``); a finished
    game keeps none."""
    if timers is None and not finished:
        return
    await db.execute("DELETE FROM timers WHERE game_id = ? AND fired_at IS NULL", game_id)
    await db.insert_timers(timers or (), game_id)
