"""Servers' defaults and players' choices in PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from storage.contract.prefs import Preferences
from storage.postgres.database import Database
from storage.postgres.writes import insert_timers
from storage.records import NewTimer, Player, merged
from storage.sql import rows


class PostgresPreferences(Preferences):
    """:class:`~storage.contract.prefs.Preferences` on one PostgreSQL database."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def server(self, guild_id: int) -> Mapping[str, Any]:
        row = await self._db.fetch_one(
            "SELECT settings FROM servers WHERE guild_id = $1", (guild_id,)
        )
        return {} if row is None else dict(json.loads(row["settings"]))

    async def set_server(self, guild_id: int, changes: Mapping[str, Any]) -> Mapping[str, Any]:
        now = self._db.now()
        async with self._db.transaction() as db:
            # The row is made first and locked, so two processes' changes merge, not overwrite.
            await db.execute(
                "INSERT INTO servers (guild_id, updated_at) VALUES ($1, $2)"
                " ON CONFLICT (guild_id) DO NOTHING",
                guild_id,
                now,
            )
            found = await db.fetchval(
                "SELECT settings FROM servers WHERE guild_id = $1 FOR UPDATE", guild_id
            )
            settings = merged(json.loads(found), changes)
            await db.execute(
                "UPDATE servers SET settings = $1, updated_at = $2 WHERE guild_id = $3",
                json.dumps(settings),
                now,
                guild_id,
            )
            return settings

    async def player(self, user_id: int) -> Player:
        row = await self._db.fetch_one("SELECT * FROM players WHERE user_id = $1", (user_id,))
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
        return await self._update(user_id, {"away_until": until}, keep_none=True)

    async def set_choices(
        self, user_id: int, changes: Mapping[str, Any], *, timers: Sequence[NewTimer] = ()
    ) -> Player:
        now = self._db.now()
        async with self._db.transaction() as db:
            # The row is made first and locked, so two processes' changes merge.
            await db.execute(
                "INSERT INTO players (user_id, updated_at) VALUES ($1, $2)"
                " ON CONFLICT (user_id) DO NOTHING",
                user_id,
                now,
            )
            found = await db.fetchval(
                "SELECT choices FROM players WHERE user_id = $1 FOR UPDATE", user_id
            )
            choices = merged(json.loads(found), changes)
            await db.execute(
                "UPDATE players SET choices = $1, updated_at = $2 WHERE user_id = $3",
                json.dumps(choices),
                now,
                user_id,
            )
            await insert_timers(db, timers)
            row = await db.fetchrow("SELECT * FROM players WHERE user_id = $1", user_id)
            assert row is not None  # made above
            return rows.player(row)

    async def _update(
        self, user_id: int, changes: Mapping[str, Any], *, keep_none: bool = False
    ) -> Player:
        chosen = {k: v for k, v in changes.items() if keep_none or v is not None}
        now = self._db.now()
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO players (user_id, updated_at) VALUES ($1, $2)"
                " ON CONFLICT (user_id) DO NOTHING",
                user_id,
                now,
            )
            if chosen:
                assignments = ", ".join(
                    f"{column} = ${number}" for number, column in enumerate(chosen, start=1)
                )
                count = len(chosen)
                await db.execute(
                    f"UPDATE players SET {assignments}, updated_at = ${count + 1}"
                    f" WHERE user_id = ${count + 2}",
                    *chosen.values(),
                    now,
                    user_id,
                )
            row = await db.fetchrow("SELECT * FROM players WHERE user_id = $1", user_id)
            assert row is not None  # made above
            return rows.player(row)
