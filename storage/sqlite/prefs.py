"""Servers' defaults and players' choices in SQLite."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from storage.contract.prefs import Preferences
from storage.records import NewTimer, Player, merged
from storage.sql import rows
from storage.sqlite.database import Database, fetch_all, to_epoch
from storage.sqlite.writes import insert_timers


class SqlitePreferences(Preferences):
    """:class:`~storage.contract.prefs.Preferences` on one SQLite database."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def server(self, guild_id: int) -> Mapping[str, Any]:
        row = await self._db.fetch_one(
            "SELECT settings FROM servers WHERE guild_id = ?", (guild_id,)
        )
        return {} if row is None else dict(json.loads(row["settings"]))

    async def set_server(self, guild_id: int, changes: Mapping[str, Any]) -> Mapping[str, Any]:
        async with self._db.transaction() as db:
            found = await fetch_all(
                db, "SELECT settings FROM servers WHERE guild_id = ?", (guild_id,)
            )
            settings = merged(json.loads(found[0]["settings"]) if found else {}, changes)
            await db.execute(
                "INSERT INTO servers (guild_id, settings, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings,"
                " updated_at = excluded.updated_at",
                (guild_id, json.dumps(settings), self._db.now()),
            )
            return settings

    async def player(self, user_id: int) -> Player:
        row = await self._db.fetch_one("SELECT * FROM players WHERE user_id = ?", (user_id,))
        return Player(user_id) if row is None else rows.player(row)

    async def set_notifications(
        self,
        user_id: int,
        *,
        reminders: bool | None = None,
        digest: bool | None = None,
        turns: bool | None = None,
    ) -> Player:
        return await self._update(
            user_id, {"reminders": reminders, "digest": digest, "turns": turns}
        )

    async def set_away(self, user_id: int, until: datetime | None) -> Player:
        return await self._update(
            user_id, {"away_until": None if until is None else to_epoch(until)}, keep_none=True
        )

    async def set_choices(
        self, user_id: int, changes: Mapping[str, Any], *, timers: Sequence[NewTimer] = ()
    ) -> Player:
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO players (user_id, updated_at) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO NOTHING",
                (user_id, self._db.now()),
            )
            (found,) = await fetch_all(
                db, "SELECT choices FROM players WHERE user_id = ?", (user_id,)
            )
            choices = merged(json.loads(found["choices"]), changes)
            await db.execute(
                "UPDATE players SET choices = ?, updated_at = ? WHERE user_id = ?",
                (json.dumps(choices), self._db.now(), user_id),
            )
            await insert_timers(db, timers)
            (row,) = await fetch_all(db, "SELECT * FROM players WHERE user_id = ?", (user_id,))
            return rows.player(row)

    async def _update(
        self, user_id: int, changes: Mapping[str, Any], *, keep_none: bool = False
    ) -> Player:
        chosen = {k: v for k, v in changes.items() if keep_none or v is not None}
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO players (user_id, updated_at) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO NOTHING",
                (user_id, self._db.now()),
            )
            if chosen:
                assignments = ", ".join(f"{column} = ?" for column in chosen)
                await db.execute(
                    f"UPDATE players SET {assignments}, updated_at = ? WHERE user_id = ?",
                    (*chosen.values(), self._db.now(), user_id),
                )
            (row,) = await fetch_all(db, "SELECT * FROM players WHERE user_id = ?", (user_id,))
            return rows.player(row)
