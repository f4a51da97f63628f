"""Ratings per game per server, and which finished games were rated, in SQLite."""

from __future__ import annotations

from collections.abc import Sequence

import aiosqlite

from storage.contract.ratings import Ratings
from storage.records import Rating, RatingChange
from storage.sql import rows
from storage.sqlite.database import Database


class SqliteRatings(Ratings):
    """:class:`~storage.contract.ratings.Ratings` on one SQLite database."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def of_players(
        self, guild_id: int, game_key: str, user_ids: Sequence[int]
    ) -> dict[int, Rating]:
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        found = await self._db.fetch_all(
            f"SELECT * FROM ratings WHERE guild_id = ? AND game_key = ? AND user_id IN ({marks})",
            (guild_id, game_key, *user_ids),
        )
        return {row["user_id"]: rows.rating(row) for row in found}

    async def record(
        self, game_id: int, ratings: Sequence[Rating], changes: Sequence[RatingChange] = ()
    ) -> bool:
        now = self._db.now()
        async with self._db.transaction() as db:
            if not await self._mark(db, game_id, rated=True, now=now):
                return False
            await db.executemany(
                "INSERT INTO rating_changes (game_id, user_id, before, after) VALUES (?, ?, ?, ?)",
                [(game_id, c.user_id, c.before, c.after) for c in changes],
            )
            for rating in ratings:
                await db.execute(
                    "INSERT INTO ratings (guild_id, game_key, user_id, mu, sigma, games, wins,"
                    " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (guild_id, game_key, user_id) DO UPDATE SET mu = excluded.mu,"
                    " sigma = excluded.sigma, games = excluded.games, wins = excluded.wins,"
                    " updated_at = excluded.updated_at",
                    (
                        rating.guild_id,
                        rating.game_key,
                        rating.user_id,
                        rating.mu,
                        rating.sigma,
                        rating.games,
                        rating.wins,
                        now,
                    ),
                )
            return True

    async def changes(self, game_id: int) -> list[RatingChange] | None:
        looked = await self._db.fetch_one(
            "SELECT rated FROM rated_games WHERE game_id = ?", (game_id,)
        )
        if looked is None:
            return None
        found = await self._db.fetch_all(
            "SELECT user_id, before, after FROM rating_changes WHERE game_id = ? ORDER BY user_id",
            (game_id,),
        )
        return [RatingChange(row["user_id"], row["before"], row["after"]) for row in found]

    async def skip(self, game_id: int) -> bool:
        async with self._db.transaction() as db:
            return await self._mark(db, game_id, rated=False, now=self._db.now())

    @staticmethod
    async def _mark(db: aiosqlite.Connection, game_id: int, *, rated: bool, now: float) -> bool:
        cursor = await db.execute(
            "INSERT INTO rated_games (game_id, rated, at) VALUES (?, ?, ?)"
            " ON CONFLICT (game_id) DO NOTHING",
            (game_id, int(rated), now),
        )
        return cursor.rowcount == 1

    async def unrated(self, limit: int = 100) -> list[int]:
        found = await self._db.fetch_all(
            "SELECT id FROM games WHERE status = 'finished'"
            " AND id NOT IN (SELECT game_id FROM rated_games)"
            " ORDER BY finished_at, id LIMIT ?",
            (limit,),
        )
        return [row["id"] for row in found]

    async def leaderboard(
        self, guild_id: int, game_key: str, *, limit: int = 10, min_games: int = 1
    ) -> list[Rating]:
        found = await self._db.fetch_all(
            "SELECT * FROM ratings WHERE guild_id = ? AND game_key = ? AND games >= ?"
            " ORDER BY mu - 3 * sigma DESC, games DESC, user_id LIMIT ?",
            (guild_id, game_key, min_games, limit),
        )
        return [rows.rating(row) for row in found]

    async def newcomers(
        self, guild_id: int, game_key: str, *, below_games: int, limit: int = 10
    ) -> list[Rating]:
        found = await self._db.fetch_all(
            "SELECT * FROM ratings WHERE guild_id = ? AND game_key = ? AND games < ?"
            " ORDER BY games DESC, mu - 3 * sigma DESC, user_id LIMIT ?",
            (guild_id, game_key, below_games, limit),
        )
        return [rows.rating(row) for row in found]

    async def of_user(self, guild_id: int, user_id: int) -> list[Rating]:
        found = await self._db.fetch_all(
            "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ?"
            " ORDER BY games DESC, game_key",
            (guild_id, user_id),
        )
        return [rows.rating(row) for row in found]
