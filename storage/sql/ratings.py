"""Ratings per game per server, and which finished games were rated (the one SQL for both
backends)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.contract.ratings import Ratings
from storage.records import Rating, RatingChange
from storage.sql import rows
from storage.sql.driver import Driver, Session


class SqlRatings(Ratings):
    """:class:`~storage.contract.ratings.Ratings` on either backend."""

    def __init__(self, driver: Driver) -> None:
        self._db = driver
        self._d = driver.dialect

    async def of_players(
        self, guild_id: int, game_key: str, user_ids: Sequence[int]
    ) -> dict[int, Rating]:
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        found = await self._db.read(
            f"SELECT * FROM ratings WHERE guild_id = ? AND game_key = ? AND user_id IN ({marks})",
            guild_id,
            game_key,
            *user_ids,
        )
        return {row["user_id"]: rows.rating(row) for row in found}

    async def record(
        self, game_id: int, ratings: Sequence[Rating], changes: Sequence[RatingChange] = ()
    ) -> bool:
        now = self._d.time(self._db.clock())
        async with self._db.session() as db:
            # Marking the game first decides between two processes rating it at once: the
            # second waits on the first's row, then finds it there and writes nothing.
            if not await _mark(db, game_id, rated=True, now=now):
                return False
            await db.execute_many(
                "INSERT INTO rating_changes (game_id, user_id, before, after) VALUES (?, ?, ?, ?)",
                [(game_id, c.user_id, c.before, c.after) for c in changes],
            )
            await db.execute_many(
                "INSERT INTO ratings (guild_id, game_key, user_id, mu, sigma, games, wins,"
                " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id, game_key, user_id) DO UPDATE SET mu = excluded.mu,"
                " sigma = excluded.sigma, games = excluded.games, wins = excluded.wins,"
                " updated_at = excluded.updated_at",
                [
                    (r.guild_id, r.game_key, r.user_id, r.mu, r.sigma, r.games, r.wins, now)
                    for r in ratings
                ],
            )
            return True

    async def changes(self, game_id: int) -> list[RatingChange] | None:
        async with self._db.session(write=False) as db:
            looked = await db.fetch_one("SELECT rated FROM rated_games WHERE game_id = ?", game_id)
            if looked is None:
                return None
            found = await db.fetch_all(
                "SELECT user_id, before, after FROM rating_changes WHERE game_id = ?"
                " ORDER BY user_id",
                game_id,
            )
        return [RatingChange(row["user_id"], row["before"], row["after"]) for row in found]

    async def skip(self, game_id: int) -> bool:
        async with self._db.session() as db:
            return await _mark(db, game_id, rated=False, now=self._d.time(self._db.clock()))

    async def unrated(self, limit: int = 100) -> list[int]:
        found = await self._db.read(
            "SELECT id FROM games WHERE status = 'finished'"
            " AND NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_id = games.id)"
            " ORDER BY finished_at, id LIMIT ?",
            limit,
        )
        return [row["id"] for row in found]

    async def leaderboard(
        self, guild_id: int, game_key: str, *, limit: int = 10, min_games: int = 1
    ) -> list[Rating]:
        found = await self._db.read(
            "SELECT * FROM ratings WHERE guild_id = ? AND game_key = ? AND games >= ?"
            " ORDER BY mu - 3 * sigma DESC, games DESC, user_id LIMIT ?",
            guild_id,
            game_key,
            min_games,
            limit,
        )
        return [rows.rating(row) for row in found]

    async def newcomers(
        self, guild_id: int, game_key: str, *, below_games: int, limit: int = 10
    ) -> list[Rating]:
        found = await self._db.read(
            "SELECT * FROM ratings WHERE guild_id = ? AND game_key = ? AND games < ?"
            " ORDER BY games DESC, mu - 3 * sigma DESC, user_id LIMIT ?",
            guild_id,
            game_key,
            below_games,
            limit,
        )
        return [rows.rating(row) for row in found]

    async def of_user(self, guild_id: int, user_id: int) -> list[Rating]:
        found = await self._db.read(
            "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ?"
            " ORDER BY games DESC, game_key",
            guild_id,
            user_id,
        )
        return [rows.rating(row) for row in found]


async def _mark(db: Session, game_id: int, *, rated: bool, now: Any) -> bool:
    """Note that ``game_id`` was rated (or skipped); whether this call was the first to."""
    changed = await db.execute(
        "INSERT INTO rated_games (game_id, rated, at) VALUES (?, ?, ?)"
        " ON CONFLICT (game_id) DO NOTHING",
        game_id,
        rated,
        now,
    )
    return changed == 1
