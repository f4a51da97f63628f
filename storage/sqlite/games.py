"""Games, seats and the action log in SQLite."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

import aiosqlite

from storage.contract.games import GameStore
from storage.errors import (
    AlreadyResigned,
    AlreadySeated,
    GameNotActive,
    GameNotFound,
    LobbyFull,
    NotInLobby,
    NotSeated,
    VersionConflict,
)
from storage.records import (
    OPEN_STATUSES,
    Action,
    Delivery,
    Game,
    GameStatus,
    NewTimer,
    Seat,
    UndoRequest,
)
from storage.sqlite import rows
from storage.sqlite.database import Database, fetch_all, from_epoch
from storage.sqlite.writes import insert_deliveries, insert_timers


class SqliteGames(GameStore):
    """:class:`~storage.contract.games.GameStore` on one SQLite database."""

    def __init__(self, database: Database) -> None:
        self._db = database

    # ------------------------------------------------------------------ lobby
    async def create_lobby(
        self,
        *,
        game_key: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        options: Mapping[str, Any],
        settings: Mapping[str, Any] | None = None,
    ) -> Game:
        now = self._db.now()
        async with self._db.transaction() as db:
            cursor = await db.execute(
                "INSERT INTO games (game_key, guild_id, channel_id, host_id, options, settings,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_key,
                    guild_id,
                    channel_id,
                    host_id,
                    json.dumps(dict(options)),
                    json.dumps(dict(settings or {})),
                    now,
                    now,
                ),
            )
            assert cursor.lastrowid is not None
            return await load_game(db, cursor.lastrowid)

    async def join(
        self,
        game_id: int,
        *,
        user_id: int | None,
        max_seats: int,
        team: int | None = None,
        ai_level: str | None = None,
    ) -> Game:
        if user_id is None and ai_level is None:
            raise ValueError("a seat needs a user or an AI level")
        now = self._db.now()
        async with self._db.transaction() as db:
            game = await load_game(db, game_id)
            _require_lobby(game)
            if user_id is not None and game.seated(user_id):
                raise AlreadySeated(game_id)
            if len(game.seats) >= max_seats:
                raise LobbyFull(game_id, max_seats)
            position = max((s.position for s in game.seats), default=-1) + 1
            await db.execute(
                "INSERT INTO seats (game_id, position, user_id, team, ai_level, joined_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, position, user_id, team, ai_level, now),
            )
            await _touch(db, game_id, now)
            return await load_game(db, game_id)

    async def leave(self, game_id: int, *, user_id: int) -> Game:
        async with self._db.transaction() as db:
            game = await load_game(db, game_id)
            _require_lobby(game)
            if not game.seated(user_id):
                raise NotSeated(game_id)
            await db.execute(
                "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            await _touch(db, game_id, self._db.now())
            return await load_game(db, game_id)

    async def remove_seat(self, game_id: int, *, position: int) -> Game:
        async with self._db.transaction() as db:
            game = await load_game(db, game_id)
            _require_lobby(game)
            cursor = await db.execute(
                "DELETE FROM seats WHERE game_id = ? AND position = ?", (game_id, position)
            )
            if cursor.rowcount == 0:
                raise NotSeated(game_id)
            await _touch(db, game_id, self._db.now())
            return await load_game(db, game_id)

    async def set_team(self, game_id: int, *, position: int, team: int | None) -> Game:
        async with self._db.transaction() as db:
            game = await load_game(db, game_id)
            _require_lobby(game)
            cursor = await db.execute(
                "UPDATE seats SET team = ? WHERE game_id = ? AND position = ?",
                (team, game_id, position),
            )
            if cursor.rowcount == 0:
                raise NotSeated(game_id)
            await _touch(db, game_id, self._db.now())
            return await load_game(db, game_id)

    async def start(
        self,
        game_id: int,
        *,
        seed: int,
        seat_order: Sequence[int],
        state: str,
        to_act: frozenset[int],
        deliveries: Sequence[Delivery] = (),
        timers: Sequence[NewTimer] = (),
    ) -> Game:
        now = self._db.now()
        async with self._db.transaction() as db:
            game = await load_game(db, game_id)
            _require_lobby(game)
            positions = sorted(s.position for s in game.seats)
            if sorted(seat_order) != positions:
                raise ValueError(
                    f"seat order {list(seat_order)} does not match the lobby's seats {positions}"
                )
            for seat, position in enumerate(seat_order):
                await db.execute(
                    "UPDATE seats SET seat = ? WHERE game_id = ? AND position = ?",
                    (seat, game_id, position),
                )
            await db.execute(
                "UPDATE games SET status = 'active', seed = ?, state = ?, to_act = ?,"
                " version = 0, started_at = ?, updated_at = ? WHERE id = ?",
                (seed, state, json.dumps(sorted(to_act)), now, now, game_id),
            )
            await insert_deliveries(db, deliveries, now, game_id)
            await insert_timers(db, timers, game_id)
            return await load_game(db, game_id)

    async def cancel(self, game_id: int, *, deliveries: Sequence[Delivery] = ()) -> Game:
        now = self._db.now()
        async with self._db.transaction() as db:
            game = await load_game(db, game_id)
            if game.status not in OPEN_STATUSES:
                raise GameNotActive(game_id, game.status)
            await db.execute(
                "UPDATE games SET status = 'cancelled', to_act = '[]', finished_at = ?,"
                " updated_at = ? WHERE id = ?",
                (now, now, game_id),
            )
            await db.execute(
                "DELETE FROM timers WHERE game_id = ? AND fired_at IS NULL", (game_id,)
            )
            await insert_deliveries(db, deliveries, now, game_id)
            return await load_game(db, game_id)

    async def set_messages(
        self,
        game_id: int,
        *,
        thread_id: int | None = None,
        lobby_message_id: int | None = None,
        board_message_id: int | None = None,
    ) -> Game:
        changes = {
            column: value
            for column, value in (
                ("thread_id", thread_id),
                ("lobby_message_id", lobby_message_id),
                ("board_message_id", board_message_id),
            )
            if value is not None
        }
        async with self._db.transaction() as db:
            await load_game(db, game_id)
            if changes:
                assignments = ", ".join(f"{column} = ?" for column in changes)
                await db.execute(
                    f"UPDATE games SET {assignments} WHERE id = ?", (*changes.values(), game_id)
                )
            return await load_game(db, game_id)

    # ------------------------------------------------------------------ moves
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
        async with self._db.transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET version = version + 1, state = ?, to_act = ?, outcome = ?,"
                " status = ?, finished_at = ?, updated_at = ?"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (
                    state,
                    json.dumps(sorted(to_act)),
                    outcome,
                    GameStatus.FINISHED if finished else GameStatus.ACTIVE,
                    now if finished else None,
                    now,
                    game_id,
                    expected_version,
                ),
            )
            if cursor.rowcount != 1:
                game = await load_game(db, game_id)
                if game.status != GameStatus.ACTIVE:
                    raise GameNotActive(game_id, game.status)
                raise VersionConflict(game_id, expected_version, game.version)
            await db.execute(
                "INSERT INTO actions (game_id, seq, seat, notation, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, expected_version + 1, seat, notation, now),
            )
            if missed:
                await db.execute(
                    "UPDATE seats SET missed = missed + 1 WHERE game_id = ? AND seat = ?",
                    (game_id, seat),
                )
            # Whatever the table was asked to take back no longer applies to this game.
            await db.execute("DELETE FROM undo_requests WHERE game_id = ?", (game_id,))
            await insert_deliveries(db, deliveries, now, game_id)
            await _replace_timers(db, game_id, None if finished else timers, finished)
            return await load_game(db, game_id)

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
            # Checked on the game as loaded: the write lock is already held, so it cannot
            # change before the updates below.
            game = await load_game(db, game_id)
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
                "UPDATE seats SET resigned_at = ? WHERE game_id = ? AND seat = ?",
                (now, game_id, seat),
            )
            await db.execute(
                "UPDATE games SET to_act = ?, outcome = ?, status = ?, finished_at = ?,"
                " updated_at = ? WHERE id = ?",
                (
                    json.dumps(sorted(to_act)),
                    outcome,
                    GameStatus.FINISHED if finished else GameStatus.ACTIVE,
                    now if finished else None,
                    now,
                    game_id,
                ),
            )
            await insert_deliveries(db, deliveries, now, game_id)
            if finished:
                await db.execute(
                    "DELETE FROM timers WHERE game_id = ? AND fired_at IS NULL", (game_id,)
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
            game = await load_game(db, game_id)
            if game.status != GameStatus.ACTIVE:
                raise GameNotActive(game_id, game.status)
            if game.version != expected_version:
                raise VersionConflict(game_id, expected_version, game.version)
            await db.execute(
                "DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, to_version)
            )
            await db.execute(
                "UPDATE games SET version = ?, state = ?, to_act = ?, updated_at = ? WHERE id = ?",
                (to_version, state, json.dumps(sorted(to_act)), now, game_id),
            )
            await db.execute("DELETE FROM undo_requests WHERE game_id = ?", (game_id,))
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
            await load_game(db, game_id)
            await db.execute(
                "INSERT OR REPLACE INTO undo_requests"
                " (game_id, seat, version, to_version, approvals, created_at)"
                " VALUES (?, ?, ?, ?, '[]', ?)",
                (game_id, seat, version, to_version, now),
            )
            await insert_deliveries(db, deliveries, now, game_id)
            request = await _undo_request(db, game_id)
            assert request is not None
            return request

    async def approve_undo(self, game_id: int, *, version: int, seat: int) -> UndoRequest | None:
        async with self._db.transaction() as db:
            request = await _undo_request(db, game_id)
            if request is None or request.version != version:
                return None
            approvals = sorted(request.approvals | {seat})
            await db.execute(
                "UPDATE undo_requests SET approvals = ? WHERE game_id = ?",
                (json.dumps(approvals), game_id),
            )
            return await _undo_request(db, game_id)

    async def drop_undo(self, game_id: int, *, deliveries: Sequence[Delivery] = ()) -> bool:
        async with self._db.transaction() as db:
            cursor = await db.execute("DELETE FROM undo_requests WHERE game_id = ?", (game_id,))
            if cursor.rowcount != 1:
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
            await load_game(db, game_id)
            found = await fetch_all(db, "SELECT nudged_at FROM games WHERE id = ?", (game_id,))
            last = found[0]["nudged_at"]
            if last is not None and last > now - cooldown.total_seconds():
                return from_epoch(last)
            await db.execute("UPDATE games SET nudged_at = ? WHERE id = ?", (now, game_id))
            await insert_deliveries(db, deliveries, now, game_id)
            return None

    # ------------------------------------------------------------------ reading
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


# ---------------------------------------------------------------------- helpers
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


async def _touch(db: aiosqlite.Connection, game_id: int, now: float) -> None:
    await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))


def _require_lobby(game: Game) -> None:
    if game.status != GameStatus.LOBBY:
        raise NotInLobby(game.id, game.status)


async def _replace_timers(
    db: aiosqlite.Connection, game_id: int, timers: Sequence[NewTimer] | None, finished: bool
) -> None:
    """A game's pending timers replaced by ``timers`` (left alone when ``None``); a finished
    game keeps none."""
    if timers is None and not finished:
        return
    await db.execute("DELETE FROM timers WHERE game_id = ? AND fired_at IS NULL", (game_id,))
    await insert_timers(db, timers or (), game_id)


async def _undo_request(db: aiosqlite.Connection, game_id: int) -> UndoRequest | None:
    found = await fetch_all(db, "SELECT * FROM undo_requests WHERE game_id = ?", (game_id,))
    return rows.undo_request(found[0]) if found else None


def _marks(values: Sequence[Any]) -> str:
    return ", ".join("?" for _ in values)
