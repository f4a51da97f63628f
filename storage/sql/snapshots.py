"""Games as they stood at some versions (the one SQL for both backends)."""

from __future__ import annotations

from storage.contract.snapshots import GameSnapshots
from storage.sql.driver import Driver


class SqlGameSnapshots(GameSnapshots):
    """:class:`~storage.contract.snapshots.GameSnapshots` on either backend."""

    def __init__(self, driver: Driver) -> None:
        self._db = driver

    async def keep(self, game_id: int, version: int, data: str) -> None:
        async with self._db.session() as db:
            await db.execute(
                "INSERT INTO game_snapshots (game_id, version, data) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id, version) DO UPDATE SET data = excluded.data",
                game_id,
                version,
                data,
            )

    async def latest(self, game_id: int, *, at_most: int) -> tuple[int, str] | None:
        rows = await self._db.read(
            "SELECT version, data FROM game_snapshots WHERE game_id = ? AND version <= ?"
            " ORDER BY version DESC LIMIT 1",
            game_id,
            at_most,
        )
        if not rows:
            return None
        return int(rows[0]["version"]), str(rows[0]["data"])

    async def forget_after(self, game_id: int, version: int) -> None:
        async with self._db.session() as db:
            await db.execute(
                "DELETE FROM game_snapshots WHERE game_id = ? AND version > ?", game_id, version
            )
