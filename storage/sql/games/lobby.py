"""The lobby part of the games store: lobbies opened, seats taken, given up and put on
teams, the game started or called off, and where it lives on Discord."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from storage.contract.games import GameStore
from storage.errors import AlreadySeated, GameNotActive, LobbyFull, NotInLobby, NotSeated
from storage.records import OPEN_STATUSES, Delivery, Game, GameStatus, NewTimer
from storage.sql.dialect import Dialect
from storage.sql.driver import Driver, Session
from storage.sql.games.reading import load_game


class SqlLobby(GameStore):
    """The lobby methods of :class:`~storage.contract.games.GameStore` (``_db``, ``_d``);
    :class:`~storage.sql.games.SqlGames` puts the parts together. Each change locks the
    game's row first: the seat count and the status it checks cannot change under it."""

    _db: Driver
    _d: Dialect

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
        now = self._d.time(self._db.clock())
        async with self._db.session() as db:
            game_id = await db.fetch_value(
                "INSERT INTO games (game_key, guild_id, channel_id, host_id, options, settings,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                game_key,
                guild_id,
                channel_id,
                host_id,
                json.dumps(dict(options)),
                json.dumps(dict(settings or {})),
                now,
                now,
            )
            return await load_game(db, self._d, game_id)

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
        now = self._d.time(self._db.clock())
        async with self._db.session() as db:
            game = await self._lobby(db, game_id)
            if user_id is not None and game.seated(user_id):
                raise AlreadySeated(game_id)
            if len(game.seats) >= max_seats:
                raise LobbyFull(game_id, max_seats)
            position = max((s.position for s in game.seats), default=-1) + 1
            await db.execute(
                "INSERT INTO seats (game_id, position, user_id, team, ai_level, joined_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                game_id,
                position,
                user_id,
                team,
                ai_level,
                now,
            )
            return await self._touched(db, game_id, now)

    async def leave(self, game_id: int, *, user_id: int) -> Game:
        now = self._d.time(self._db.clock())
        async with self._db.session() as db:
            game = await self._lobby(db, game_id)
            if not game.seated(user_id):
                raise NotSeated(game_id)
            await db.execute(
                "DELETE FROM seats WHERE game_id = ? AND user_id = ?", game_id, user_id
            )
            return await self._touched(db, game_id, now)

    async def remove_seat(self, game_id: int, *, position: int) -> Game:
        now = self._d.time(self._db.clock())
        async with self._db.session() as db:
            await self._lobby(db, game_id)
            if not await db.execute(
                "DELETE FROM seats WHERE game_id = ? AND position = ?", game_id, position
            ):
                raise NotSeated(game_id)
            return await self._touched(db, game_id, now)

    async def set_team(self, game_id: int, *, position: int, team: int | None) -> Game:
        now = self._d.time(self._db.clock())
        async with self._db.session() as db:
            await self._lobby(db, game_id)
            if not await db.execute(
                "UPDATE seats SET team = ? WHERE game_id = ? AND position = ?",
                team,
                game_id,
                position,
            ):
                raise NotSeated(game_id)
            return await self._touched(db, game_id, now)

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
        now = self._d.time(self._db.clock())
        async with self._db.session() as db:
            game = await self._lobby(db, game_id)
            positions = sorted(s.position for s in game.seats)
            if sorted(seat_order) != positions:
                raise ValueError(
                    f"seat order {list(seat_order)} does not match the lobby's seats {positions}"
                )
            await db.execute_many(
                "UPDATE seats SET seat = ? WHERE game_id = ? AND position = ?",
                [(seat, game_id, position) for seat, position in enumerate(seat_order)],
            )
            await db.execute(
                "UPDATE games SET status = 'active', seed = ?, state = ?, to_act = ?,"
                " version = 0, started_at = ?, updated_at = ? WHERE id = ?",
                seed,
                state,
                json.dumps(sorted(to_act)),
                now,
                now,
                game_id,
            )
            await db.insert_deliveries(deliveries, game_id)
            await db.insert_timers(timers, game_id)
            return await load_game(db, self._d, game_id)

    async def cancel(self, game_id: int, *, deliveries: Sequence[Delivery] = ()) -> Game:
        now = self._d.time(self._db.clock())
        async with self._db.session() as db:
            game = await load_game(db, self._d, game_id, lock=True)
            if game.status not in OPEN_STATUSES:
                raise GameNotActive(game_id, game.status)
            await db.execute(
                "UPDATE games SET status = 'cancelled', to_act = '[]', finished_at = ?,"
                " updated_at = ? WHERE id = ?",
                now,
                now,
                game_id,
            )
            await db.execute("DELETE FROM timers WHERE game_id = ? AND fired_at IS NULL", game_id)
            await db.insert_deliveries(deliveries, game_id)
            return await load_game(db, self._d, game_id)

    async def set_messages(
        self,
        game_id: int,
        *,
        thread_id: int | None = None,
        lobby_message_id: int | None = None,
        board_message_id: int | None = None,
        board_post: Mapping[str, Any] | None = None,
    ) -> Game:
        changes: dict[str, Any] = {
            column: value
            for column, value in (
                ("thread_id", thread_id),
                ("lobby_message_id", lobby_message_id),
                ("board_message_id", board_message_id),
            )
            if value is not None
        }
        if board_message_id is not None:
            # What the post was made of goes with it: a post made otherwise forgets it.
            changes["board_post"] = None if board_post is None else json.dumps(dict(board_post))
        async with self._db.session() as db:
            await load_game(db, self._d, game_id, lock=True)
            if changes:
                assignments = ", ".join(f"{column} = ?" for column in changes)
                await db.execute(
                    f"UPDATE games SET {assignments} WHERE id = ?", *changes.values(), game_id
                )
            return await load_game(db, self._d, game_id)

    async def _lobby(self, db: Session, game_id: int) -> Game:
        """The game, locked, still a lobby (``NotInLobby``)."""
        game = await load_game(db, self._d, game_id, lock=True)
        if game.status != GameStatus.LOBBY:
            raise NotInLobby(game.id, game.status)
        return game

    async def _touched(self, db: Session, game_id: int, now: Any) -> Game:
        """The game, its lobby just changed: marked updated ``now``, and read again."""
        await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", now, game_id)
        return await load_game(db, self._d, game_id)
