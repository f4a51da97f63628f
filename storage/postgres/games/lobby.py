"""The lobby part of the games store in PostgreSQL: lobbies opened, seats taken, given up and
put on teams, the game started or called off, and where it lives on Discord."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from storage.contract.games import GameStore
from storage.errors import AlreadySeated, GameNotActive, LobbyFull, NotInLobby, NotSeated
from storage.postgres.database import Connection, Database, affected
from storage.postgres.games.reading import load_game
from storage.postgres.writes import insert_deliveries, insert_timers
from storage.records import OPEN_STATUSES, Delivery, Game, GameStatus, NewTimer


class PostgresLobby(GameStore):
    """The lobby methods of :class:`~storage.contract.games.GameStore` on one PostgreSQL
    database (``_db``); :class:`~storage.postgres.games.PostgresGames` puts the parts
    together. Each change locks the game's row first: the seat count and the status it
    checks cannot change under it."""

    _db: Database

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
            game_id = await db.fetchval(
                "INSERT INTO games (game_key, guild_id, channel_id, host_id, options, settings,"
                " created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id",
                game_key,
                guild_id,
                channel_id,
                host_id,
                json.dumps(dict(options)),
                json.dumps(dict(settings or {})),
                now,
            )
            return await load_game(db, game_id)

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
            game = await load_game(db, game_id, lock=True)
            _require_lobby(game)
            if user_id is not None and game.seated(user_id):
                raise AlreadySeated(game_id)
            if len(game.seats) >= max_seats:
                raise LobbyFull(game_id, max_seats)
            position = max((s.position for s in game.seats), default=-1) + 1
            await db.execute(
                "INSERT INTO seats (game_id, position, user_id, team, ai_level, joined_at)"
                " VALUES ($1, $2, $3, $4, $5, $6)",
                game_id,
                position,
                user_id,
                team,
                ai_level,
                now,
            )
            await _touch(db, game_id, now)
            return await load_game(db, game_id)

    async def leave(self, game_id: int, *, user_id: int) -> Game:
        async with self._db.transaction() as db:
            game = await load_game(db, game_id, lock=True)
            _require_lobby(game)
            if not game.seated(user_id):
                raise NotSeated(game_id)
            await db.execute(
                "DELETE FROM seats WHERE game_id = $1 AND user_id = $2", game_id, user_id
            )
            await _touch(db, game_id, self._db.now())
            return await load_game(db, game_id)

    async def remove_seat(self, game_id: int, *, position: int) -> Game:
        async with self._db.transaction() as db:
            game = await load_game(db, game_id, lock=True)
            _require_lobby(game)
            status = await db.execute(
                "DELETE FROM seats WHERE game_id = $1 AND position = $2", game_id, position
            )
            if affected(status) == 0:
                raise NotSeated(game_id)
            await _touch(db, game_id, self._db.now())
            return await load_game(db, game_id)

    async def set_team(self, game_id: int, *, position: int, team: int | None) -> Game:
        async with self._db.transaction() as db:
            game = await load_game(db, game_id, lock=True)
            _require_lobby(game)
            status = await db.execute(
                "UPDATE seats SET team = $1 WHERE game_id = $2 AND position = $3",
                team,
                game_id,
                position,
            )
            if affected(status) == 0:
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
            game = await load_game(db, game_id, lock=True)
            _require_lobby(game)
            positions = sorted(s.position for s in game.seats)
            if sorted(seat_order) != positions:
                raise ValueError(
                    f"seat order {list(seat_order)} does not match the lobby's seats {positions}"
                )
            for seat, position in enumerate(seat_order):
                await db.execute(
                    "UPDATE seats SET seat = $1 WHERE game_id = $2 AND position = $3",
                    seat,
                    game_id,
                    position,
                )
            await db.execute(
                "UPDATE games SET status = 'active', seed = $1, state = $2, to_act = $3,"
                " version = 0, started_at = $4, updated_at = $4 WHERE id = $5",
                seed,
                state,
                json.dumps(sorted(to_act)),
                now,
                game_id,
            )
            await insert_deliveries(db, deliveries, now, game_id)
            await insert_timers(db, timers, game_id)
            return await load_game(db, game_id)

    async def cancel(self, game_id: int, *, deliveries: Sequence[Delivery] = ()) -> Game:
        now = self._db.now()
        async with self._db.transaction() as db:
            game = await load_game(db, game_id, lock=True)
            if game.status not in OPEN_STATUSES:
                raise GameNotActive(game_id, game.status)
            await db.execute(
                "UPDATE games SET status = 'cancelled', to_act = '[]', finished_at = $1,"
                " updated_at = $1 WHERE id = $2",
                now,
                game_id,
            )
            await db.execute("DELETE FROM timers WHERE game_id = $1 AND fired_at IS NULL", game_id)
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
            await load_game(db, game_id, lock=True)
            if changes:
                assignments = ", ".join(
                    f"{column} = ${number}" for number, column in enumerate(changes, start=1)
                )
                await db.execute(
                    f"UPDATE games SET {assignments} WHERE id = ${len(changes) + 1}",
                    *changes.values(),
                    game_id,
                )
            return await load_game(db, game_id)


async def _touch(db: Connection, game_id: int, now: datetime) -> None:
    await db.execute("UPDATE games SET updated_at = $1 WHERE id = $2", now, game_id)


def _require_lobby(game: Game) -> None:
    if game.status != GameStatus.LOBBY:
        raise NotInLobby(game.id, game.status)
