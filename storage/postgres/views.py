"""Each player's private message per game, in PostgreSQL."""

from __future__ import annotations

from storage.contract.views import PrivateViews
from storage.postgres.database import Database
from storage.records import PrivateView


class PostgresPrivateViews(PrivateViews):
    """:class:`~storage.contract.views.PrivateViews` on one PostgreSQL database."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def get(self, game_id: int, user_id: int) -> PrivateView | None:
        row = await self._db.fetch_one(
            "SELECT channel_id, message_id FROM private_views WHERE game_id = $1 AND user_id = $2",
            (game_id, user_id),
        )
        if row is None:
            return None
        return PrivateView(game_id, user_id, int(row["channel_id"]), int(row["message_id"]))

    async def put(self, view: PrivateView) -> None:
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO private_views (game_id, user_id, channel_id, message_id)"
                " VALUES ($1, $2, $3, $4) ON CONFLICT (game_id, user_id) DO UPDATE SET"
                " channel_id = excluded.channel_id, message_id = excluded.message_id",
                view.game_id,
                view.user_id,
                view.channel_id,
                view.message_id,
            )
