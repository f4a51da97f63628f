"""Each player's private message per game (the one SQL for both backends)."""

from __future__ import annotations

from storage.contract.views import PrivateViews
from storage.records import PrivateView
from storage.sql.driver import Driver


class SqlPrivateViews(PrivateViews):
    """:class:`~storage.contract.views.PrivateViews` on either backend."""

    def __init__(self, driver: Driver) -> None:
        self._db = driver

    async def get(self, game_id: int, user_id: int) -> PrivateView | None:
        rows = await self._db.read(
            "SELECT channel_id, message_id, shown FROM private_views"
            " WHERE game_id = ? AND user_id = ?",
            game_id,
            user_id,
        )
        if not rows:
            return None
        row = rows[0]
        return PrivateView(
            game_id, user_id, int(row["channel_id"]), int(row["message_id"]), row["shown"]
        )

    async def put(self, view: PrivateView) -> None:
        async with self._db.session() as db:
            await db.execute(
                "INSERT INTO private_views (game_id, user_id, channel_id, message_id, shown)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET"
                " channel_id = excluded.channel_id, message_id = excluded.message_id,"
                " shown = excluded.shown",
                view.game_id,
                view.user_id,
                view.channel_id,
                view.message_id,
                view.shown,
            )
