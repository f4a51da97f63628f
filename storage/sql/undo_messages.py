"""The undo requests' messages and how each was settled (the one SQL for both backends)."""

from __future__ import annotations

from storage.contract.undo_messages import UndoMessages
from storage.records import UndoMessage
from storage.sql.driver import Driver, Row

_COLUMNS = "game_id, version, channel_id, message_id, content, settled"


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
            f"SELECT {_COLUMNS} FROM undo_messages"
            " WHERE game_id = ? AND settled IS NULL ORDER BY version, message_id",
            game_id,
        )
        return [_message(row) for row in rows]

    async def settle(self, message: UndoMessage, words: str) -> UndoMessage:
        async with self._db.session() as db:
            # Kept first if it never was (a request posted before they were kept), then
            # settled unless someone settled it already: the first caller's words stay.
            await db.execute(
                f"INSERT INTO undo_messages ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, message_id) DO NOTHING",
                message.game_id,
                message.version,
                message.channel_id,
                message.message_id,
                message.content,
                words,
            )
            await db.execute(
                "UPDATE undo_messages SET settled = ?"
                " WHERE game_id = ? AND message_id = ? AND settled IS NULL",
                words,
                message.game_id,
                message.message_id,
            )
            row = await db.fetch_one(
                f"SELECT {_COLUMNS} FROM undo_messages WHERE game_id = ? AND message_id = ?",
                message.game_id,
                message.message_id,
            )
        assert row is not None  # inserted above if it was not there
        return _message(row)


def _message(row: Row) -> UndoMessage:
    settled = row["settled"]
    return UndoMessage(
        int(row["game_id"]),
        int(row["version"]),
        int(row["channel_id"]),
        int(row["message_id"]),
        str(row["content"]),
        None if settled is None else str(settled),
    )
