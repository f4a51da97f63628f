"""The undo requests' messages whose buttons are live (the one SQL for both backends)."""

from __future__ import annotations

from storage.contract.undo_messages import UndoMessages
from storage.records import UndoMessage
from storage.sql.driver import Driver


class SqlUndoMessages(UndoMessages):
    """:class:`~storage.contract.undo_messages.UndoMessages` on either backend."""

    def __init__(self, driver: Driver) -> None:
        self._db = driver

    async def posted(self, message: UndoMessage) -> None:
        async with self._db.session() as db:
            await db.execute(
                "INSERT INTO undo_messages (game_id, version, channel_id, message_id, content)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, message_id) DO NOTHING",
                message.game_id,
                message.version,
                message.channel_id,
                message.message_id,
                message.content,
            )

    async def open(self, game_id: int) -> list[UndoMessage]:
        rows = await self._db.read(
            "SELECT version, channel_id, message_id, content FROM undo_messages"
            " WHERE game_id = ? ORDER BY version, message_id",
            game_id,
        )
        return [
            UndoMessage(
                game_id,
                int(row["version"]),
                int(row["channel_id"]),
                int(row["message_id"]),
                str(row["content"]),
            )
            for row in rows
        ]

    async def close(self, game_id: int, message_id: int) -> bool:
        async with self._db.session() as db:
            removed = await db.execute(
                "DELETE FROM undo_messages WHERE game_id = ? AND message_id = ?",
                game_id,
                message_id,
            )
        return removed == 1
